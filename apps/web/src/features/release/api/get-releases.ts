import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppReleaseItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/**
 * Everything about app releases, the sign-in page's download codes (['app', 'listone']) included:
 * what a change invalidates.
 */
export const RELEASES_KEY = ['app'] as const;

/** GET /v1/app/list: every published release, active or not (administrator). */
export function getReleases(signal?: AbortSignal): Promise<{ list: AppReleaseItem[] }> {
  return api.get<{ list: AppReleaseItem[] }>('/v1/app/list', { signal });
}

export function releasesQueryOptions() {
  return queryOptions({
    queryKey: [...RELEASES_KEY, 'list'],
    queryFn: ({ signal }) => getReleases(signal),
    staleTime: 0,
  });
}

export function useReleases() {
  return useQuery(releasesQueryOptions());
}
