import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkAllReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/network/getAllNetworks: every network with its location, for the map. */
export function getAllNetworks(signal?: AbortSignal): Promise<NetworkAllReply> {
  return api.get<NetworkAllReply>('/v1/network/getAllNetworks', { signal });
}

export function allNetworksQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'all-networks'],
    queryFn: ({ signal }) => getAllNetworks(signal),
    staleTime: 60_000,
  });
}

export function useAllNetworks() {
  return useQuery(allNetworksQueryOptions());
}
