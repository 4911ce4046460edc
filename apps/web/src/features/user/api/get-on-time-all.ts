import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';

/** GET /v1/user/getOnTimeAll: the session timeouts to choose from, in minutes. */
export function getOnTimeAll(signal?: AbortSignal): Promise<{ list: number[] }> {
  return api.get<{ list: number[] }>('/v1/user/getOnTimeAll', { signal });
}

export function onTimeAllQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'onTimeAll'],
    queryFn: ({ signal }) => getOnTimeAll(signal),
    staleTime: Infinity,
  });
}

export function useOnTimeAll() {
  return useQuery(onTimeAllQueryOptions());
}
