import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientItem, ClientSort, ClientStatus, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export interface ClientParams {
  page: number;
  limit: number;
  sort: ClientSort;
  /** MAC (any notation), IP, host name or alias; empty means all. */
  search: string;
  /** One status only; none: every client. */
  status?: ClientStatus;
  /** 0 wired, 1 wireless; none: both. */
  link?: 0 | 1;
}

/** Everything client-shaped: what a change or a live message invalidates. */
export const CLIENTS_KEY = ['client'] as const;

/** How often the screen reads again while no live channel says what changed. */
export const CLIENT_REFRESH_MS = 5000;

/** GET /v1/client/getAll: the clients, paged and filtered. */
export function getClients(
  { page, limit, sort, search, status, link }: ClientParams,
  signal?: AbortSignal,
): Promise<ListReply<ClientItem>> {
  return api.get<ListReply<ClientItem>>('/v1/client/getAll', {
    query: { page, limit, sort, search: search || undefined, Status: status, Link: link },
    signal,
  });
}

export function clientsQueryOptions(params: ClientParams, refetchInterval: number | false) {
  return queryOptions({
    queryKey: [...CLIENTS_KEY, 'list', params],
    queryFn: ({ signal }) => getClients(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval,
  });
}

export function useClients(params: ClientParams, refetchInterval: number | false) {
  return useQuery(clientsQueryOptions(params, refetchInterval));
}
