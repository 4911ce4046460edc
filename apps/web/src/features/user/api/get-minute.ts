import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';

/** GET /v1/user/getMinute: your session timeout in minutes. */
export function getMinute(signal?: AbortSignal): Promise<{ Minute: number }> {
  return api.get<{ Minute: number }>('/v1/user/getMinute', { signal });
}

export const MINUTE_KEY = ['user', 'minute'] as const;

export function minuteQueryOptions() {
  return queryOptions({ queryKey: MINUTE_KEY, queryFn: ({ signal }) => getMinute(signal) });
}

export function useMinute() {
  return useQuery(minuteQueryOptions());
}
