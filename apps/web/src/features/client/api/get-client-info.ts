import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientInfoReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CLIENTS_KEY } from './get-clients.ts';

export interface ClientInfoParams {
  mac: string;
  page: number;
  limit: number;
}

/** GET /v1/client/searchInfo: one client with its connect log, newest first. */
export function getClientInfo(
  { mac, page, limit }: ClientInfoParams,
  signal?: AbortSignal,
): Promise<ClientInfoReply> {
  return api.get<ClientInfoReply>('/v1/client/searchInfo', { query: { MAC: mac, page, limit }, signal });
}

export function useClientInfo(params: ClientInfoParams | null, refetchInterval: number | false) {
  return useQuery(
    queryOptions({
      queryKey: [...CLIENTS_KEY, 'info', params],
      queryFn: ({ signal }) => getClientInfo(params!, signal),
      enabled: params !== null,
      placeholderData: keepPreviousData,
      staleTime: 0,
      refetchInterval,
    }),
  );
}
