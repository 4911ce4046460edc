import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';

export interface AppRelease {
  Platform: 'android' | 'ios';
  Version: string;
  Url: string;
  Notes: string;
}

export function getAppList(signal?: AbortSignal): Promise<{ list: AppRelease[] }> {
  return api.get<{ list: AppRelease[] }>('/v1/app/listone', { signal });
}

/** Silent: the download codes are an extra on the login page, not worth an error toast. */
export function appListQueryOptions() {
  return queryOptions({
    queryKey: ['app', 'listone'],
    queryFn: ({ signal }) => getAppList(signal),
    staleTime: 10 * 60_000,
    meta: { silent: true },
  });
}

export function useAppList() {
  return useQuery(appListQueryOptions());
}
