import { useQuery } from '@tanstack/react-query';
import { MAX_LIMIT, type AlarmItem, type AlarmList } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** The device list's open alarms: a key of their own, refetched by the live `alarm` topic. */
export const DEVICE_ALARMS_KEY = ['device', 'open-alarms'] as const;

/**
 * GET /v1/alarm/list?Status=open (docs/api-extensions.tsv): the tenant's open alarms (the newest
 * MAX_LIMIT; a tenant with more has bigger worries than a mark), grouped by device SN.
 */
export function useOpenAlarmsBySn(enabled: boolean) {
  return useQuery({
    queryKey: DEVICE_ALARMS_KEY,
    queryFn: ({ signal }) =>
      api.get<AlarmList>('/v1/alarm/list', { query: { Status: 'open', page: 1, limit: MAX_LIMIT }, signal }),
    select: (reply) => {
      const bySn = new Map<string, AlarmItem[]>();
      for (const a of reply.list) if (a.SN) bySn.set(a.SN, [...(bySn.get(a.SN) ?? []), a]);
      return bySn;
    },
    enabled,
    // A mark beside the list: without it the list still stands, so no toast.
    meta: { silent: true },
  });
}
