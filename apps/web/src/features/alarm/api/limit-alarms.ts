import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AddLimitAlarmBody,
  LimitAlarm,
  LimitAlarmReply,
  ListReply,
  UpdateLimitAlarmBody,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { SETTINGS_KEY } from './settings.ts';

const LIMIT_KEY = [...SETTINGS_KEY, 'limit'] as const;

/** GET /v1/limitalarm/getall: one network's limit alarms (at most LIMIT_ALARMS_MAX, one page). */
export function useLimitAlarms(networkId: string | null) {
  return useQuery({
    queryKey: [...LIMIT_KEY, networkId],
    queryFn: ({ signal }) =>
      api.get<ListReply<LimitAlarm>>('/v1/limitalarm/getall', {
        query: { Network: networkId, page: 1, limit: 100 },
        signal,
      }),
    enabled: networkId !== null,
  });
}

/**
 * POST /v1/limitalarm/add (new) or update (with `_id`; `Remove: true` deletes). The dialog shows
 * a refusal on its field, so the toast stays quiet.
 */
export function useSaveLimitAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddLimitAlarmBody | UpdateLimitAlarmBody) =>
      '_id' in body
        ? api.post<LimitAlarmReply>('/v1/limitalarm/update', body)
        : api.post<LimitAlarmReply>('/v1/limitalarm/add', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
}
