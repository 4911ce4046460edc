import { useQuery } from '@tanstack/react-query';
import type { NetworkAllReply } from '@netconsole/contract';
import { api } from './api-client.ts';

/** The one query of the caller's networks that every screen's network filter and chooser shares. */
const NETWORKS_KEY = ['network', 'all'] as const;
const getAllNetworks = ({ signal }: { signal: AbortSignal }) =>
  api.get<NetworkAllReply>('/v1/network/getAllNetworks', { signal });

/** GET /v1/network/getAllNetworks: the caller's networks, as the server sends them. */
export function useAllNetworks() {
  return useQuery({ queryKey: NETWORKS_KEY, queryFn: getAllNetworks });
}

/** The caller's networks as id and name, for a select's options. */
export function useNetworkChoices() {
  return useQuery({
    queryKey: NETWORKS_KEY,
    queryFn: getAllNetworks,
    select: (reply) => reply.list.map((n) => ({ id: n._id, name: n.Name })),
  });
}
