import { useQuery } from '@tanstack/react-query';
import { MAX_LIMIT, type AlarmList } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { useLiveInvalidate } from '#shared/live/use-live.ts';
import { alarmsBySn } from '../components/topology-alarms.ts';
import { TOPOLOGY_KEY } from './get-lldp-info.ts';

/** Under the topology's key: its refresh button and the device statuses that refetch it refetch these too. */
export const TOPOLOGY_ALARMS_KEY = [...TOPOLOGY_KEY, 'alarms'] as const;

/** The query string of a network's open alarms (the API's largest page: a network has fewer). */
export function openAlarmsQuery(networkId: string) {
  return { Network: networkId, Status: 'open', page: 1, limit: MAX_LIMIT } as const;
}

/** Module-level, so TanStack keeps the grouped map (and the drawing) while the reply is the same. */
export const selectBySn = (reply: AlarmList) => alarmsBySn(reply.list);

/**
 * GET /v1/alarm/list?Network=…&Status=open (docs/api-extensions.tsv): a network's open alarms by
 * device SN, refetched when the live `alarm` topic says one of this network changed (raised,
 * cleared, treated) and on every reconnection. Alarms are a cloud-mode area (spec §2): `enabled`
 * false asks nothing.
 */
export function useNetworkOpenAlarms(networkId: string | null, enabled: boolean) {
  const on = enabled && Boolean(networkId);
  useLiveInvalidate('alarm', [TOPOLOGY_ALARMS_KEY], {
    enabled: on,
    when: (alarm) => alarm.Network === networkId,
    delayMs: 500,
  });
  return useQuery({
    queryKey: [...TOPOLOGY_ALARMS_KEY, networkId],
    queryFn: ({ signal }) =>
      api.get<AlarmList>('/v1/alarm/list', { query: openAlarmsQuery(networkId ?? ''), signal }),
    select: selectBySn,
    enabled: on,
    // A mark on the drawing: without it the drawing still stands, so no toast.
    meta: { silent: true },
  });
}
