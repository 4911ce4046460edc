import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteNetworkReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** DELETE /v1/network/delNet {_id}: the network goes, its devices return to no network. */
export function deleteNetwork(id: string): Promise<DeleteNetworkReply> {
  return api.delete<DeleteNetworkReply>('/v1/network/delNet', { body: { _id: id } });
}

export function useDeleteNetwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteNetwork,
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries(),
  });
}
