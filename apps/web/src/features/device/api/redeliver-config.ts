import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliveryReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DEVICE_LIST_KEY } from './get-devices.ts';

/**
 * POST /v1/config/newdispatch: the devices' assigned profile again, at its current revision (a
 * re-delivery after drift or for an update). What the devices make of it comes live, as their
 * rows' configuration.
 */
export function redeliverConfig(body: { profile: string; devices: string[] }): Promise<DeliveryReply> {
  return api.post<DeliveryReply>('/v1/config/newdispatch', { _id: body.profile, devices: body.devices });
}

export function useRedeliverConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeliverConfig,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY }),
  });
}
