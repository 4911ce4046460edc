import { useMutation } from '@tanstack/react-query';
import type { AddDevToNetBody, AddDevToNetReply, DeviceControlReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** POST /v1/dashboard/addDevToNet {_id, gateWayList, mainList, switchList, apList} (reads list.ok). */
export function addDevicesToNetwork(body: AddDevToNetBody): Promise<AddDevToNetReply> {
  return api.post<AddDevToNetReply>('/v1/dashboard/addDevToNet', body);
}

/** POST /v1/controller/deviceContrl {SN, devices: [SN…], command: 'reset'}: spec §4, after adding. */
export function resetDevices(body: { SN: string; devices: string[] }): Promise<DeviceControlReply> {
  return api.post<DeviceControlReply>('/v1/controller/deviceContrl', { ...body, command: 'reset' });
}

export function useAddDevicesToNetwork() {
  return useMutation({ mutationFn: addDevicesToNetwork, meta: { silent: true } });
}

export function useResetDevices() {
  return useMutation({ mutationFn: resetDevices, meta: { silent: true } });
}
