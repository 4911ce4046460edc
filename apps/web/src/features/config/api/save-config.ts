import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigProfileInput, ConfigReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CONFIG_KEY } from './get-configs.ts';

/** What the form sends: the whole profile, with `_id` when it updates one. */
export type ConfigSaveBody = ConfigProfileInput & { _id?: string };

/** POST /v1/config/add (revision 1), or PUT /v1/config/update (the whole profile again) with `_id`. */
export function saveConfig(body: ConfigSaveBody): Promise<ConfigReply> {
  return body._id
    ? api.put<ConfigReply>('/v1/config/update', body)
    : api.post<ConfigReply>('/v1/config/add', body);
}

/**
 * The form shows a refusal itself (on its field, or above the buttons), so the global toast stays
 * quiet.
 */
export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConfig,
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
  });
}
