import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListReply, NetworkSummary } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything the dashboard reads; the live socket refetches under this prefix. */
export const DASHBOARD_LIVE_KEY = ['dashboard', 'live'] as const;

export interface NetworkPage {
  page: number;
  /** Absent: the server's default. */
  limit?: number;
}

/** GET /v1/network/getAll: the network list entries of spec §3, paged. */
export function getNetworkSummaries(
  p: NetworkPage,
  signal?: AbortSignal,
): Promise<ListReply<NetworkSummary>> {
  return api.get<ListReply<NetworkSummary>>('/v1/network/getAll', {
    query: { page: p.page, limit: p.limit, sort: 'CreateTime' },
    signal,
  });
}

export function networkSummariesQueryOptions(p: NetworkPage) {
  return queryOptions({
    queryKey: [...DASHBOARD_LIVE_KEY, 'networks', p.page, p.limit ?? null],
    queryFn: ({ signal }) => getNetworkSummaries(p, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNetworkSummaries(p: NetworkPage) {
  return useQuery(networkSummariesQueryOptions(p));
}
