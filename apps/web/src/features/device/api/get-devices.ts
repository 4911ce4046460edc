import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceItem, DeviceSort, DeviceStatus, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** The network filter: a network id, or NO_NETWORK for the devices in none (spec §7 "Parent in [network, null]"). */
export const NO_NETWORK = 'null';

export interface DeviceListParams {
  page: number;
  limit: number;
  sort: DeviceSort;
  /** Part of the alias, SN or MAC; empty means all. */
  search: string;
  parent?: string;
  status?: DeviceStatus;
  type?: number;
  /** Only the devices whose running configuration differs from the one they were given. */
  drift?: boolean;
}

/** GET /v1/device/list: the caller's devices (the administrator's: every device), paged and filtered. */
export function getDevices(
  { page, limit, sort, search, parent, status, type, drift }: DeviceListParams,
  signal?: AbortSignal,
): Promise<ListReply<DeviceItem>> {
  return api.get<ListReply<DeviceItem>>('/v1/device/list', {
    query: {
      page,
      limit,
      sort,
      search: search || undefined,
      Parent: parent,
      Status: status,
      Type: type,
      Drift: drift ? 1 : undefined,
    },
    signal,
  });
}

/** Every device list: what a change invalidates and what live messages patch. */
export const DEVICE_LIST_KEY = ['device', 'list'] as const;

export function devicesQueryOptions(params: DeviceListParams) {
  return queryOptions({
    queryKey: [...DEVICE_LIST_KEY, params],
    queryFn: ({ signal }) => getDevices(params, signal),
    placeholderData: keepPreviousData,
    // Live messages keep it current; a revisit asks again anyway.
    staleTime: 0,
  });
}

export function useDevices(params: DeviceListParams) {
  return useQuery(devicesQueryOptions(params));
}
