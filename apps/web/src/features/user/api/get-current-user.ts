import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { setSessionUser } from '#shared/session.ts';

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

/**
 * The personal centre's changes answer with the account itself: it replaces the cached account
 * and the session's (the top bar's name follows at once).
 */
export function useApplyCurrentUser() {
  const queryClient = useQueryClient();
  return (user: CurrentUser) => {
    queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
    setSessionUser(user);
  };
}
