import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceItem, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TELEMETRY_KEY, TELEMETRY_REFRESH_MS } from './keys.ts';

/** GET /v1/device/list searched by SN: the device of that SN, or null if the caller has none. */
export async function getDeviceBySn(sn: string, signal?: AbortSignal): Promise<DeviceItem | null> {
  const reply = await api.get<ListReply<DeviceItem>>('/v1/device/list', {
    query: { search: sn, limit: 50 },
    signal,
  });
  return reply.list.find((d) => d.SN === sn.toUpperCase()) ?? null;
}

export function useDeviceBySn(sn: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...TELEMETRY_KEY, 'device', sn],
      queryFn: ({ signal }) => getDeviceBySn(sn!, signal),
      enabled: sn !== null,
      refetchInterval: TELEMETRY_REFRESH_MS,
    }),
  );
}
