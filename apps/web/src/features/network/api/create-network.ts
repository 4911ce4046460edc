import { useMutation } from '@tanstack/react-query';
import type { CreateNetworkBody, NetworkReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** POST /v1/network/createNet {Name, Location}: the wizard's first step (reads list._id, list.Name). */
export function createNetwork(body: CreateNetworkBody): Promise<NetworkReply> {
  return api.post<NetworkReply>('/v1/network/createNet', body);
}

export function useCreateNetwork() {
  // The wizard says 'network add or delete failed' with the server's reason itself.
  return useMutation({ mutationFn: createNetwork, meta: { silent: true } });
}
