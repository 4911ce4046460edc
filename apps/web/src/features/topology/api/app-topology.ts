import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ErrorCode,
  SESSION_ENDING_CODES,
  type AlarmList,
  type ErrorReply,
  type LldpInfoReply,
  type NetworkAllReply,
} from '@netconsole/contract';
import { ApiError, REQUEST_TIMEOUT_MS } from '#shared/api-client.ts';
import { openAlarmsQuery, selectBySn } from './get-open-alarms.ts';

/**
 * The mobile topology page's calls, made with the token the app put in the page's address rather
 * than the browser's session. They do not go through the shared client: its policy would take a
 * refused token (4011, 4012) for the end of this browser's session and reload the page, while here
 * it only means the app's link is stale.
 */
export class TokenRejected extends Error {
  constructor(readonly code: number) {
    super(`token rejected (${code})`);
    this.name = 'TokenRejected';
  }
}

const REJECTING: readonly number[] = [ErrorCode.NotSignedIn, ...SESSION_ENDING_CODES];

async function withToken<T>(
  token: string,
  path: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<T> {
  const search = new URLSearchParams(query).toString();
  const response = await fetch(search ? `${path}?${search}` : path, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    credentials: 'same-origin',
    signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]) : undefined,
  });
  const payload = (await response.json().catch(() => null)) as (T & Partial<ErrorReply>) | null;
  if (response.ok && payload) return payload;
  const code = typeof payload?.code === 'number' ? payload.code : response.status * 10;
  if (REJECTING.includes(code)) throw new TokenRejected(code);
  throw new ApiError(payload?.message ?? `${response.status} ${response.statusText}`, code, response.status);
}

export function appNetworksQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['app-topology', token, 'networks'],
    queryFn: ({ signal }) => withToken<NetworkAllReply>(token, '/v1/network/getAllNetworks', {}, signal),
    retry: (count, error) => !(error instanceof TokenRejected || error instanceof ApiError) && count < 2,
    meta: { silent: true },
  });
}

export function appLldpInfoQueryOptions(token: string, networkId: string) {
  return queryOptions({
    queryKey: ['app-topology', token, 'info', networkId],
    queryFn: ({ signal }) =>
      withToken<LldpInfoReply>(token, '/v1/switch/getLldpInfo', { _id: networkId }, signal),
    refetchInterval: 30_000,
    retry: (count, error) => !(error instanceof TokenRejected || error instanceof ApiError) && count < 2,
    meta: { silent: true },
  });
}

export function useAppNetworks(token: string | null) {
  return useQuery({ ...appNetworksQueryOptions(token ?? ''), enabled: Boolean(token) });
}

export function useAppLldpInfo(token: string | null, networkId: string | null) {
  return useQuery({
    ...appLldpInfoQueryOptions(token ?? '', networkId ?? ''),
    enabled: Boolean(token && networkId),
  });
}

/**
 * The network's open alarms with the app's token, for the nodes' marks: read as often as the tree
 * (the page has no live socket, which needs the browser's own session). Refused or failing, the
 * drawing simply shows no marks.
 */
export function useAppOpenAlarms(token: string | null, networkId: string | null) {
  return useQuery({
    queryKey: ['app-topology', token ?? '', 'alarms', networkId ?? ''],
    queryFn: ({ signal }) => {
      const query = Object.fromEntries(
        Object.entries(openAlarmsQuery(networkId ?? '')).map(([k, v]) => [k, String(v)]),
      );
      return withToken<AlarmList>(token ?? '', '/v1/alarm/list', query, signal);
    },
    select: selectBySn,
    enabled: Boolean(token && networkId),
    refetchInterval: 30_000,
    retry: false,
    meta: { silent: true },
  });
}
