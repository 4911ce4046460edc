import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';

/** spec §7: GET /v1/dashboard/getUreadMessage (page, limit) — only the count is read. */
export function getUnreadMessageCount(signal?: AbortSignal): Promise<{ count: number }> {
  return api.get<{ count: number }>('/v1/dashboard/getUreadMessage', {
    query: { page: 1, limit: 1 },
    signal,
  });
}

export function unreadMessageCountQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'unread-messages'],
    queryFn: ({ signal }) => getUnreadMessageCount(signal),
    refetchInterval: 60_000,
    meta: { silent: true },
  });
}

/** Only asked for where the message list exists (cloud mode, spec §2). */
export function useUnreadMessageCount(enabled: boolean) {
  return useQuery({ ...unreadMessageCountQueryOptions(), enabled });
}
