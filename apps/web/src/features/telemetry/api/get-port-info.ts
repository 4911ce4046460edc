import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortInfoReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TELEMETRY_KEY, TELEMETRY_REFRESH_MS } from './keys.ts';

/** GET /v1/device/getPortInfo: the port table as the device last reported it. */
export function getPortInfo(id: string, signal?: AbortSignal): Promise<PortInfoReply> {
  return api.get<PortInfoReply>('/v1/device/getPortInfo', { query: { _id: id }, signal });
}

export function usePortInfo(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...TELEMETRY_KEY, 'ports', id],
      queryFn: ({ signal }) => getPortInfo(id, signal),
      refetchInterval: TELEMETRY_REFRESH_MS,
    }),
  );
}
