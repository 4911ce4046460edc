import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlarmList, AlarmListQuery, HandleAlarmReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything alarm-shaped on this screen: what a live message, a treat or a reconnection refetches. */
export const ALARM_KEY = ['alarm'] as const;
export const ALARM_LIST_KEY = [...ALARM_KEY, 'list'] as const;

/** The list's filters as the screen keeps them (absent: all). */
export type AlarmListParams = Omit<AlarmListQuery, 'page' | 'limit'> & { page: number; limit: number };

/** GET /v1/alarm/list (docs/api-extensions.tsv): the tenant's alarms, newest first. */
export function useAlarms(params: AlarmListParams) {
  return useQuery({
    queryKey: [...ALARM_LIST_KEY, params],
    queryFn: ({ signal }) => api.get<AlarmList>('/v1/alarm/list', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/alarm/handle (docs/api-extensions.tsv): marks alarms treated; the list refetches. */
export function useHandleAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post<HandleAlarmReply>('/v1/alarm/handle', { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ALARM_KEY }),
  });
}
