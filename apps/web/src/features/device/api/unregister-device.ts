import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DEVICE_LIST_KEY } from './get-devices.ts';

/** PUT /v1/device/unregister: the registration is removed; open commands are cancelled. */
export function unregisterDevice(id: string): Promise<DeviceItem> {
  return api.put<DeviceItem>('/v1/device/unregister', { _id: id });
}

export function useUnregisterDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unregisterDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY }),
  });
}
