import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceItem, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { FLOW_KEY } from './keys.ts';

const PICKER_LIMIT = 20;

/** GET /v1/device/searchDevices: the caller's devices whose alias, SN or MAC contain `search`. */
export function useSearchDevices(search: string) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'devices', search],
    queryFn: ({ signal }) =>
      api.get<ListReply<DeviceItem>>('/v1/device/searchDevices', {
        query: { search: search || undefined, limit: PICKER_LIMIT, sort: 'Alias' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
