import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceItem, UpdateDeviceBody } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DEVICE_LIST_KEY } from './get-devices.ts';

/** PUT /v1/device/update: the alias (unique within the tenant, spec §8 12007, 12120-12122). */
export function updateDevice(body: UpdateDeviceBody): Promise<DeviceItem> {
  return api.put<DeviceItem>('/v1/device/update', body);
}

export function useUpdateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY }),
  });
}
