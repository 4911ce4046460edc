import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientStatisReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CLIENTS_KEY } from './get-clients.ts';

/** GET /v1/client/getAllStatis: counts by status, link and band. */
export function getClientStatis(signal?: AbortSignal): Promise<ClientStatisReply> {
  return api.get<ClientStatisReply>('/v1/client/getAllStatis', { signal });
}

export function useClientStatis(refetchInterval: number | false) {
  return useQuery(
    queryOptions({
      queryKey: [...CLIENTS_KEY, 'statis'],
      queryFn: ({ signal }) => getClientStatis(signal),
      staleTime: 0,
      refetchInterval,
    }),
  );
}
