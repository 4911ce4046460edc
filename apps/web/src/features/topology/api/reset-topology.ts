import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetTopologyReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TOPOLOGY_KEY } from './get-lldp-info.ts';

/**
 * POST /v1/controller/resetTopology: the server forgets the network's neighbours and asks its
 * connected devices to report them now; the tree is drawn again from their answers.
 */
export function resetTopology(networkId: string): Promise<ResetTopologyReply> {
  return api.post<ResetTopologyReply>('/v1/controller/resetTopology', { _id: networkId });
}

export function useResetTopology() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTopology,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOPOLOGY_KEY }),
  });
}
