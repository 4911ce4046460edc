import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NetworkReply, UpdateNetworkBody } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** PUT /v1/network/updateNetInfo {_id, Name?, Location?}: rename or move a network. */
export function updateNetwork(body: UpdateNetworkBody): Promise<NetworkReply> {
  return api.put<NetworkReply>('/v1/network/updateNetInfo', body);
}

export function useUpdateNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateNetwork,
    meta: { silent: true },
    // Every screen that shows networks (dashboard, pickers, topology) reads them again.
    onSuccess: () => client.invalidateQueries(),
  });
}
