import { useMutation } from '@tanstack/react-query';
import type { DeviceCommand, DeviceControlReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/**
 * POST /v1/controller/deviceContrl: reboot or reset a device. The reply says how it left (sent,
 * held until the device reconnects, failed); the outcome comes later from the device.
 */
export function controlDevice(body: { _id: string; command: DeviceCommand }): Promise<DeviceControlReply> {
  return api.post<DeviceControlReply>('/v1/controller/deviceContrl', body);
}

export function useControlDevice() {
  return useMutation({ mutationFn: controlDevice });
}
