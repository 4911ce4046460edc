import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AlarmByNetworkReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** The dashboard's open alarms: a key of their own, refetched by the live `alarm` topic. */
export const DASHBOARD_ALARMS_KEY = ['dashboard', 'alarms'] as const;
/** The newest open alarms the card lists. */
export const NEWEST_ALARMS = 5;

/**
 * GET /v1/alarm/getAlarmByNetwork: open alarms counted by level for each network (the list's
 * alarm column) and for the tenant (the card), with the tenant's newest few.
 */
export function alarmsByNetworkQueryOptions() {
  return queryOptions({
    queryKey: DASHBOARD_ALARMS_KEY,
    queryFn: ({ signal }) =>
      api.get<AlarmByNetworkReply>('/v1/alarm/getAlarmByNetwork', {
        query: { limit: NEWEST_ALARMS },
        signal,
      }),
  });
}

export function useAlarmsByNetwork(enabled: boolean) {
  // The card says "unavailable" itself when this fails: no toast on the home screen.
  return useQuery({ ...alarmsByNetworkQueryOptions(), enabled, meta: { silent: true } });
}
