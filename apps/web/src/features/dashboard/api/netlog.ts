import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DelNetlogBody, DelNetlogReply, ListReply, NetlogItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DASHBOARD_LIVE_KEY } from './get-networks.ts';

const NETLOG_KEY = [...DASHBOARD_LIVE_KEY, 'netlog'] as const;
/** Entries the dashboard shows of a network's log. */
export const NETLOG_LIMIT = 8;

/** GET /v1/dashboard/getNetlog (docs/api-extensions.tsv): a network's log, newest first. */
export function getNetlog(network: string, signal?: AbortSignal): Promise<ListReply<NetlogItem>> {
  return api.get<ListReply<NetlogItem>>('/v1/dashboard/getNetlog', {
    query: { _id: network, page: 1, limit: NETLOG_LIMIT },
    signal,
  });
}

export function useNetlog(network: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...NETLOG_KEY, network],
      queryFn: ({ signal }) => getNetlog(network!, signal),
      enabled: network !== null,
      refetchInterval: 30_000,
    }),
  );
}

/** DELETE /v1/dashboard/delNetlog: one entry, or a network's whole log. */
export function useDeleteNetlog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DelNetlogBody) => api.delete<DelNetlogReply>('/v1/dashboard/delNetlog', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: NETLOG_KEY }),
  });
}
