import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceItem, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export interface UnassignedQuery {
  type: number;
  /** Part of the alias, SN or MAC. */
  search: string;
  page: number;
  limit: number;
}

/** GET /v1/device/searchDevices with Parent=null: the caller's devices of one type in no network. */
export function searchUnassigned(q: UnassignedQuery, signal?: AbortSignal): Promise<ListReply<DeviceItem>> {
  return api.get<ListReply<DeviceItem>>('/v1/device/searchDevices', {
    query: {
      Parent: 'null',
      Type: q.type,
      search: q.search || undefined,
      page: q.page,
      limit: q.limit,
      sort: 'Alias',
    },
    signal,
  });
}

export function useUnassignedDevices(q: UnassignedQuery) {
  return useQuery({
    queryKey: ['network', 'unassigned', q],
    queryFn: ({ signal }) => searchUnassigned(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
