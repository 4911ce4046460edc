import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LldpHistoryReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TOPOLOGY_KEY, TOPOLOGY_REFRESH_MS } from './get-lldp-info.ts';

/** GET /v1/lldp/getAll: the last ten topologies, newest first, nodes marked against the one before. */
export function getLldpHistory(networkId: string, signal?: AbortSignal): Promise<LldpHistoryReply> {
  return api.get<LldpHistoryReply>('/v1/lldp/getAll', { query: { _id: networkId }, signal });
}

export function lldpHistoryQueryOptions(networkId: string) {
  return queryOptions({
    queryKey: [...TOPOLOGY_KEY, 'history', networkId],
    queryFn: ({ signal }) => getLldpHistory(networkId, signal),
    refetchInterval: TOPOLOGY_REFRESH_MS,
  });
}

export function useLldpHistory(networkId: string | null) {
  return useQuery({ ...lldpHistoryQueryOptions(networkId ?? ''), enabled: Boolean(networkId) });
}
