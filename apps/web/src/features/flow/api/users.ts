import { useQuery } from '@tanstack/react-query';
import type { FlowUserRealtimeQuery, FlowUserRealtimeReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { useLiveInvalidate, useLiveStatus } from '#shared/live/use-live.ts';
import { FLOW_KEY } from './keys.ts';

const USERS_KEY = [...FLOW_KEY, 'userrealtime'] as const;
/** spec §9's slower refresh: the counts are read again this often while the live socket is away. */
const POLL_MS = 30_000;

/**
 * GET /v1/flow/userrealtime: users online now per network, AP, band and SSID, and today's users per
 * hour. Live: a client joining or leaving (the `client` topic) reads the counts again, at most every
 * 2 s; without the socket, every 30 s.
 */
export function useUsersNow(params: Partial<FlowUserRealtimeQuery>) {
  const live = useLiveStatus() === 'open';
  useLiveInvalidate('client', [USERS_KEY], { delayMs: 2000 });
  return useQuery({
    queryKey: [...USERS_KEY, params],
    queryFn: ({ signal }) =>
      api.get<FlowUserRealtimeReply>('/v1/flow/userrealtime', { query: { ...params }, signal }),
    refetchInterval: live ? false : POLL_MS,
  });
}
