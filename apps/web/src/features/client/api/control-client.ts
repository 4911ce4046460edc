import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientCommand, ClientControlReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CLIENTS_KEY } from './get-clients.ts';

/**
 * POST /v1/controller/clientCtrl: kick (disconnect and block) or release a client. The reply says
 * how the command left (sent, held while the device is offline); the outcome comes later, from the
 * device, in the client's LastCommand.
 */
export function controlClient(body: { MAC: string; command: ClientCommand }): Promise<ClientControlReply> {
  return api.post<ClientControlReply>('/v1/controller/clientCtrl', body);
}

export function useControlClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: controlClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}
