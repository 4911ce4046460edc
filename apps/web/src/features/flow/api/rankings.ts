import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  FlowAggQuery,
  FlowAggReply,
  FlowListAllReply,
  FlowListQuery,
  FlowListReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { FLOW_KEY } from './keys.ts';

export type RankingParams = Partial<FlowListQuery> & Pick<FlowListQuery, 'page' | 'limit'>;

/** GET /v1/flow/list: networks ranked by traffic, users or devices online, one page. */
export function useRankings(params: RankingParams) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'list', params],
    queryFn: ({ signal }) => api.get<FlowListReply>('/v1/flow/list', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/flow/listAll: every network of the ranking (capped), for the CSV file. */
export function fetchAllRankings(queryClient: QueryClient, params: Omit<RankingParams, 'page' | 'limit'>) {
  return queryClient.fetchQuery({
    queryKey: [...FLOW_KEY, 'listAll', params],
    queryFn: ({ signal }) => api.get<FlowListAllReply>('/v1/flow/listAll', { query: { ...params }, signal }),
  });
}

/** GET /v1/flow/agg: the tenant's (or a network's) totals, the previous period's and the buckets. */
export function useAggregate(params: Partial<FlowAggQuery>) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'agg', params],
    queryFn: ({ signal }) => api.get<FlowAggReply>('/v1/flow/agg', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
