import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ON_TIME_PATHS,
  type AddTimerBody,
  type OnTimeTaskItem,
  type OnTimeTaskList,
  type TimerList,
  type UpdateOnTimeTaskBody,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { DIAG_KEY } from './runs.ts';

export const TIMERS_KEY = [...DIAG_KEY, 'timers'] as const;
export const ON_TIME_KEY = [...DIAG_KEY, 'on-time'] as const;

export interface TimersParams {
  page: number;
  limit: number;
}

/** GET /v1/diagnose/getTimerIssued: the tenant's timers, paged. */
export function useTimers(params: TimersParams) {
  return useQuery({
    queryKey: [...TIMERS_KEY, params],
    queryFn: ({ signal }) =>
      api.get<TimerList>('/v1/diagnose/getTimerIssued', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/diagnose/addTimer: creates, or updates with `_id`; the form shows refusals on its fields. */
export function useSaveTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddTimerBody) => api.post<unknown>('/v1/diagnose/addTimer', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TIMERS_KEY }),
  });
}

/** POST /v1/diagnose/delTimer (docs/api-extensions.tsv). */
export function useDeleteTimer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ _id: string }>('/v1/diagnose/delTimer', { _id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TIMERS_KEY }),
  });
}

/** The two built-in timed tasks of spec §4 (ON_TIME_PATHS.all). */
export function useOnTimeTasks() {
  return useQuery({
    queryKey: ON_TIME_KEY,
    queryFn: ({ signal }) => api.get<OnTimeTaskList>(ON_TIME_PATHS.all, { signal }),
  });
}

/** Changes one built-in task (ON_TIME_PATHS.update); the reply is the task as it now is. */
export function useUpdateOnTimeTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOnTimeTaskBody) => api.post<OnTimeTaskItem>(ON_TIME_PATHS.update, body),
    onSuccess: (task) =>
      queryClient.setQueryData<OnTimeTaskList>(ON_TIME_KEY, (list) =>
        list?.map((t) => (t.Name === task.Name ? task : t)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ON_TIME_KEY }),
  });
}
