import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceItem, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TELEMETRY_KEY } from './keys.ts';

/** How many matches the picker offers. */
export const PICKER_LIMIT = 20;

/** GET /v1/device/searchDevices: devices whose alias, SN or MAC contain `search`. */
export function searchDevices(search: string, signal?: AbortSignal): Promise<ListReply<DeviceItem>> {
  return api.get<ListReply<DeviceItem>>('/v1/device/searchDevices', {
    query: { search: search || undefined, limit: PICKER_LIMIT, sort: 'Alias' },
    signal,
  });
}

export function useSearchDevices(search: string) {
  return useQuery(
    queryOptions({
      queryKey: [...TELEMETRY_KEY, 'search', search],
      queryFn: ({ signal }) => searchDevices(search, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
