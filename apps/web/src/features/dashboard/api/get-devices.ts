import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceAllReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DASHBOARD_LIVE_KEY } from './get-networks.ts';

/** GET /v1/device/getAll: every device with its model and firmware, for the firmware ratio. */
export function getAllDevices(signal?: AbortSignal): Promise<DeviceAllReply> {
  return api.get<DeviceAllReply>('/v1/device/getAll', { signal });
}

export function allDevicesQueryOptions() {
  return queryOptions({
    queryKey: [...DASHBOARD_LIVE_KEY, 'devices'],
    queryFn: ({ signal }) => getAllDevices(signal),
  });
}

export function useAllDevices() {
  return useQuery(allDevicesQueryOptions());
}
