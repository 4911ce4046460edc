import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DeviceAllReply,
  DeviceLogFilters,
  DeviceLogList,
  SwitchLogList,
  UpdateLogListBody,
  UpdateLogListReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { LOGS_KEY } from './audit-log.ts';

export interface DeviceLogParams extends DeviceLogFilters {
  page: number;
  limit: number;
}

/** GET /v1/log/getdevicelog: device log lines and events, newest first, paged. */
export function useDeviceLog(params: DeviceLogParams, enabled: boolean) {
  return useQuery({
    queryKey: [...LOGS_KEY, 'device', params],
    queryFn: ({ signal }) => api.get<DeviceLogList>('/v1/log/getdevicelog', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
  });
}

export interface SwitchLogParams {
  page: number;
  limit: number;
  SN: string;
  Type?: number;
  From?: number;
  To?: number;
}

/** GET /v1/switch/getLog: one switch's events (types 1-7), newest first, paged. */
export function useSwitchLog(params: SwitchLogParams | null) {
  return useQuery({
    queryKey: [...LOGS_KEY, 'switch', params],
    queryFn: ({ signal }) => api.get<SwitchLogList>('/v1/switch/getLog', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled: params !== null,
  });
}

/** PUT /v1/log/updateLogList: device entries marked handled (1) or new again (0). */
export function useUpdateLogList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLogListBody) => api.put<UpdateLogListReply>('/v1/log/updateLogList', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: LOGS_KEY }),
  });
}

/** GET /v1/device/getAll: the caller's devices (of one network, of one type), for the device filter. */
export function useDevices(network: string | undefined, type?: number) {
  return useQuery({
    queryKey: ['device', 'all', { network, type }],
    queryFn: ({ signal }) =>
      api.get<DeviceAllReply>('/v1/device/getAll', { query: { Parent: network, Type: type }, signal }),
    select: (reply) => reply.list,
  });
}
