import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_LIMIT,
  type AlarmSettingsReply,
  type CheckMailReply,
  type CopyAlarmSettingsBody,
  type CopyAlarmSettingsReply,
  type NetworkDataReply,
  type UpdateNetworkAlarmBody,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { ALARM_KEY } from './alarms.ts';

export const SETTINGS_KEY = [...ALARM_KEY, 'settings'] as const;

/** GET /v1/alarm/networkdata: the networks with their alarm summary, for the settings' chooser. */
export function useAlarmNetworks() {
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'networks'],
    // The chooser lists every network: one page of the most a page holds.
    queryFn: ({ signal }) =>
      api.get<NetworkDataReply>('/v1/alarm/networkdata', { query: { page: 1, limit: MAX_LIMIT }, signal }),
  });
}

/** GET /v1/alarm/get: one network's settings (the defaults while it has none of its own). */
export function useAlarmSettings(networkId: string | null) {
  return useQuery({
    queryKey: [...SETTINGS_KEY, 'network', networkId],
    queryFn: ({ signal }) =>
      api.get<AlarmSettingsReply>('/v1/alarm/get', { query: { _id: networkId }, signal }),
    select: (reply) => reply.list[0] ?? null,
    enabled: networkId !== null,
  });
}

/** POST /v1/alarm/updateNetworkAlarm; the form shows a refusal on its field, so the toast stays quiet. */
export function useSaveAlarmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNetworkAlarmBody) =>
      api.post<AlarmSettingsReply>('/v1/alarm/updateNetworkAlarm', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

/** POST /v1/alarm/copyAlarmSettings: this network's settings to others, all or nothing. */
export function useCopyAlarmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CopyAlarmSettingsBody) =>
      api.post<CopyAlarmSettingsReply>('/v1/alarm/copyAlarmSettings', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

/** GET /v1/user/checkMail: whether the account has an e-mail bound (alarms by mail need one, spec §6). */
export function useMailBound() {
  return useQuery({
    queryKey: ['user', 'mail'],
    queryFn: ({ signal }) => api.get<CheckMailReply>('/v1/user/checkMail', { signal }),
    select: (reply) => reply.Bound,
  });
}
