import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDeviceBody, DeviceItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DEVICE_LIST_KEY } from './get-devices.ts';

/** POST /v1/device/add: registers a device to the caller's tenant by SN and MAC (spec §4). */
export function addDevice(body: AddDeviceBody): Promise<DeviceItem> {
  return api.post<DeviceItem>('/v1/device/add', body);
}

export function useAddDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEVICE_LIST_KEY }),
  });
}
