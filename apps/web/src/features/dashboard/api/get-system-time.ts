import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';

export interface SystemTime {
  /** Seconds (10 digits, spec §9). */
  time: number;
  iso: string;
  timezone: string;
}

export function getSystemTime(signal?: AbortSignal): Promise<SystemTime> {
  return api.get<SystemTime>('/system/time', { signal });
}

export function systemTimeQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'time'],
    queryFn: ({ signal }) => getSystemTime(signal),
    // The page ticks locally from the offset; re-reading now and then corrects drift.
    refetchInterval: 5 * 60_000,
  });
}

export function useSystemTime() {
  return useQuery(systemTimeQueryOptions());
}
