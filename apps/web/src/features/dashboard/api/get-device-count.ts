import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceCountReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DASHBOARD_LIVE_KEY } from './get-networks.ts';

/** GET /v1/device/getAllCount: totals for the health ratios (online, registered, trusted). */
export function getDeviceCount(signal?: AbortSignal): Promise<DeviceCountReply> {
  return api.get<DeviceCountReply>('/v1/device/getAllCount', { signal });
}

export function deviceCountQueryOptions() {
  return queryOptions({
    queryKey: [...DASHBOARD_LIVE_KEY, 'device-count'],
    queryFn: ({ signal }) => getDeviceCount(signal),
  });
}

export function useDeviceCount() {
  return useQuery(deviceCountQueryOptions());
}
