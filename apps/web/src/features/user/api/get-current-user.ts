import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return api.get<CurrentUser>('/v1/user/getCurrentUser', { signal });
}

/** Always fresh: the guard uses it to verify the stored token after a reload. */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: ['user', 'current'],
    queryFn: ({ signal }) => getCurrentUser(signal),
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}
