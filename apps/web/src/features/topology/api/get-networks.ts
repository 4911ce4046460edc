import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkAllReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/network/getAllNetworks: every network of the caller, for the picker. */
export function getNetworks(signal?: AbortSignal): Promise<NetworkAllReply> {
  return api.get<NetworkAllReply>('/v1/network/getAllNetworks', { signal });
}

export function networksQueryOptions() {
  return queryOptions({
    queryKey: ['topology', 'networks'],
    queryFn: ({ signal }) => getNetworks(signal),
    staleTime: 60_000,
  });
}

export function useNetworks() {
  return useQuery(networksQueryOptions());
}
