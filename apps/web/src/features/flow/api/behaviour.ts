import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  MAX_LIMIT,
  type DeviceBehaviourList,
  type DeviceBehaviourQuery,
  type DnsAddBody,
  type DnsCountReply,
  type DnsDelBody,
  type DnsGetAllQuery,
  type DnsPrivacyReply,
  type DnsWatchItem,
  type DnsWatchList,
  type ListPartUrlQuery,
  type PartUrlList,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { FLOW_KEY } from './keys.ts';

const DNS_KEY = [...FLOW_KEY, 'dns'] as const;

/** GET /v1/flow/listPartURL: the top domains or categories of the tenant, a network or a client. */
export function useTopDomains(params: Partial<ListPartUrlQuery>) {
  return useQuery({
    queryKey: [...DNS_KEY, 'part', params],
    queryFn: ({ signal }) => api.get<PartUrlList>('/v1/flow/listPartURL', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/devicebehavior/getAll: domains visited by a client or in a network, paged. */
export function useBehaviour(params: Partial<DeviceBehaviourQuery>) {
  return useQuery({
    queryKey: [...DNS_KEY, 'behaviour', params],
    queryFn: ({ signal }) =>
      api.get<DeviceBehaviourList>('/v1/devicebehavior/getAll', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/dns/getAll: the watch list with who visited each domain in the period. */
export function useWatchList(params: Partial<DnsGetAllQuery>) {
  return useQuery({
    queryKey: [...DNS_KEY, 'watch', params],
    queryFn: ({ signal }) => api.get<DnsWatchList>('/v1/dns/getAll', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/dns/privacy (docs/api-extensions.tsv): what the tenant's DNS reports keep. */
export function usePrivacy() {
  return useQuery({
    queryKey: [...DNS_KEY, 'privacy'],
    queryFn: ({ signal }) => api.get<DnsPrivacyReply>('/v1/dns/privacy', { signal }),
  });
}

/** POST /v1/dns/add and /v1/dns/del: the watch list's changes; the lists are read again after. */
export function useWatchChange() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: DNS_KEY });
  return {
    add: useMutation({
      mutationFn: (body: DnsAddBody) => api.post<DnsWatchItem>('/v1/dns/add', body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (body: DnsDelBody) => api.post<DnsCountReply>('/v1/dns/del', body),
      onSuccess: refresh,
    }),
  };
}

/** The CSV's rows of a paged DNS list: its first MAX_LIMIT rows, whatever page is shown. */
export function fetchDnsRows<R>(
  queryClient: QueryClient,
  path: '/v1/devicebehavior/getAll' | '/v1/dns/getAll',
  params: Record<string, string | number | undefined>,
): Promise<{ list: R[] }> {
  const query = { ...params, page: 1, limit: MAX_LIMIT };
  return queryClient.fetchQuery({
    queryKey: [...DNS_KEY, 'rows', path, query],
    queryFn: ({ signal }) => api.get<{ list: R[] }>(path, { query, signal }),
  });
}
