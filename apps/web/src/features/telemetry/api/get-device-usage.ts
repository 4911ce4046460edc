import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TELEMETRY_KEY, TELEMETRY_REFRESH_MS } from './keys.ts';

/** GET /v1/device/getDeviceUsage: the last gauges (CPU, memory, temperature, clients, PoE). */
export function getDeviceUsage(id: string, signal?: AbortSignal): Promise<UsageReply> {
  return api.get<UsageReply>('/v1/device/getDeviceUsage', { query: { _id: id }, signal });
}

export function useDeviceUsage(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...TELEMETRY_KEY, 'usage', id],
      queryFn: ({ signal }) => getDeviceUsage(id, signal),
      refetchInterval: TELEMETRY_REFRESH_MS,
    }),
  );
}
