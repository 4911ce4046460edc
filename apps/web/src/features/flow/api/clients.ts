import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  MAX_LIMIT,
  type FlowClientQuery,
  type FlowClientReply,
  type FlowTopQuery,
  type FlowTopReply,
  type FlowTotalQuery,
  type FlowTotalReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { FLOW_KEY } from './keys.ts';

export type ClientTrafficParams = Partial<FlowClientQuery> & Pick<FlowClientQuery, 'page' | 'limit'>;

/** GET /v1/flow/clientlist: clients ranked by traffic, online time or connections, paged. */
export function useClientTraffic(params: ClientTrafficParams) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'clientlist', params],
    queryFn: ({ signal }) =>
      api.get<FlowClientReply>('/v1/flow/clientlist', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV's rows: the list's first MAX_LIMIT rows in the list's order. */
export function fetchClientTrafficRows(
  queryClient: QueryClient,
  params: Omit<ClientTrafficParams, 'page' | 'limit'>,
) {
  const query = { ...params, page: 1, limit: MAX_LIMIT };
  return queryClient.fetchQuery({
    queryKey: [...FLOW_KEY, 'clientlist', query],
    queryFn: ({ signal }) => api.get<FlowClientReply>('/v1/flow/clientlist', { query, signal }),
  });
}

/** GET /v1/flow/getTerminalTrafficRank: the top N clients by traffic, for the chart. */
export function useTopClients(params: Partial<FlowTopQuery>) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'top', params],
    queryFn: ({ signal }) =>
      api.get<FlowTopReply>('/v1/flow/getTerminalTrafficRank', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/client/getTotalFlow: one client's (or all clients') traffic in the period, per bucket. */
export function useTotalFlow(params: Partial<FlowTotalQuery>, enabled = true) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'totalFlow', params],
    queryFn: ({ signal }) =>
      api.get<FlowTotalReply>('/v1/client/getTotalFlow', { query: { ...params }, signal }),
    enabled,
  });
}
