import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LldpInfoReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export const TOPOLOGY_KEY = ['topology'] as const;
/** LLDP changes reach the server without a live message: the drawing is read again this often. */
export const TOPOLOGY_REFRESH_MS = 30_000;

/** GET /v1/switch/getLldpInfo: the network's tree now (statuses live); `list` null without a main device. */
export function getLldpInfo(networkId: string, signal?: AbortSignal): Promise<LldpInfoReply> {
  return api.get<LldpInfoReply>('/v1/switch/getLldpInfo', { query: { _id: networkId }, signal });
}

export function lldpInfoQueryOptions(networkId: string) {
  return queryOptions({
    queryKey: [...TOPOLOGY_KEY, 'info', networkId],
    queryFn: ({ signal }) => getLldpInfo(networkId, signal),
    refetchInterval: TOPOLOGY_REFRESH_MS,
  });
}

export function useLldpInfo(networkId: string | null) {
  return useQuery({ ...lldpInfoQueryOptions(networkId ?? ''), enabled: Boolean(networkId) });
}
