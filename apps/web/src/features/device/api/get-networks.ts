import { useQuery } from '@tanstack/react-query';
import type { NetworkAllReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/network/getAllNetworks: the caller's networks, for the filter and the Network column. */
export function getNetworks(signal?: AbortSignal): Promise<NetworkAllReply> {
  return api.get<NetworkAllReply>('/v1/network/getAllNetworks', { signal });
}

/** Id → name of every network of the caller. */
export function useNetworkNames() {
  return useQuery({
    queryKey: ['network', 'all'],
    queryFn: ({ signal }) => getNetworks(signal),
    select: (reply) => new Map(reply.list.map((n) => [n._id, n.Name])),
  });
}
