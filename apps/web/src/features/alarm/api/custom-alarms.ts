import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeCustomAlarmBody, CustomAlarmBody, CustomAlarmReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { SETTINGS_KEY } from './settings.ts';

/**
 * POST /v1/alarm/customAlarm (new) or changeCustomAlarm (with `_id`): the custom alarm as saved.
 * The dialog shows a refusal on its field, so the toast stays quiet.
 */
export function useSaveCustomAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomAlarmBody | ChangeCustomAlarmBody) =>
      '_id' in body
        ? api.post<CustomAlarmReply>('/v1/alarm/changeCustomAlarm', body)
        : api.post<CustomAlarmReply>('/v1/alarm/customAlarm', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}

/** POST /v1/alarm/delCustomAlarm. */
export function useRemoveCustomAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>('/v1/alarm/delCustomAlarm', { _id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
