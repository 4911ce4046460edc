import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CLIENTS_KEY } from './get-clients.ts';

/** POST /v1/client/updateAlias: '' removes the alias. */
export function updateClientAlias(body: { MAC: string; Alias: string }): Promise<ClientItem> {
  return api.post<ClientItem>('/v1/client/updateAlias', body);
}

export function useUpdateClientAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClientAlias,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}
