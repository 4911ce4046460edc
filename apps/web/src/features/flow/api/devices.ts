import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  MAX_LIMIT,
  type FlowApQuery,
  type FlowApReply,
  type FlowDevQuery,
  type FlowDevReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { FLOW_KEY } from './keys.ts';

export type DeviceTrafficParams = Partial<FlowApQuery> & Pick<FlowApQuery, 'page' | 'limit'>;

/** GET /v1/flow/listAP: the AP (or other device type) traffic list of spec §3, ranked, paged. */
export function useDeviceTraffic(params: DeviceTrafficParams) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'listAP', params],
    queryFn: ({ signal }) => api.get<FlowApReply>('/v1/flow/listAP', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV's rows: the list's first MAX_LIMIT rows in the list's order. */
export function fetchDeviceTrafficRows(
  queryClient: QueryClient,
  params: Omit<DeviceTrafficParams, 'page' | 'limit'>,
) {
  const query = { ...params, page: 1, limit: MAX_LIMIT };
  return queryClient.fetchQuery({
    queryKey: [...FLOW_KEY, 'listAP', query],
    queryFn: ({ signal }) => api.get<FlowApReply>('/v1/flow/listAP', { query, signal }),
  });
}

/** GET /v1/flow/listDev: one or several devices' upload and download per bucket. */
export function useDeviceSeries(params: Partial<FlowDevQuery>) {
  return useQuery({
    queryKey: [...FLOW_KEY, 'listDev', params],
    queryFn: ({ signal }) => api.get<FlowDevReply>('/v1/flow/listDev', { query: { ...params }, signal }),
    enabled: Boolean(params.Devices),
    placeholderData: keepPreviousData,
  });
}
