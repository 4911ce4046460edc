import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigDeleteReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CONFIG_KEY } from './get-configs.ts';

/** DELETE /v1/config/deleteConfig: removes the profile; its versions stay (docs/configuration.md). */
export function deleteConfig(id: string): Promise<ConfigDeleteReply> {
  return api.delete<ConfigDeleteReply>('/v1/config/deleteConfig', { body: { _id: id } });
}

export function useDeleteConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
  });
}
