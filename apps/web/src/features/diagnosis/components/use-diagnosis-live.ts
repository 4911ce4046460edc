import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  DIAG_LIVE_TOPIC,
  type DiagnosisDeviceItem,
  type DiagnosisDeviceList,
  type DiagnosisLiveData,
  type DiagnosisRunItem,
  type DiagnosisRunList,
} from '@netconsole/contract';
import { subscribeLive } from '#shared/live/live-client.ts';
import { useLive } from '#shared/live/use-live.ts';
import { DEVICES_KEY, DIAG_KEY, RUNS_KEY, type DeviceSet } from '../api/runs.ts';

/** A burst of news this screen's pages do not hold makes one refetch. */
const REFETCH_DELAY_MS = 400;

/** A run's new state over a cached page of runs (the same page when the run is not on it). */
export function patchRuns(reply: DiagnosisRunList | undefined, run: DiagnosisRunItem) {
  if (!reply?.list.some((r) => r._id === run._id)) return reply;
  return { ...reply, list: reply.list.map((r) => (r._id === run._id ? run : r)) };
}

/** A device result's new state over a cached page of a run's devices. */
export function patchDevices(reply: DiagnosisDeviceList | undefined, device: DiagnosisDeviceItem) {
  if (!reply?.list.some((d) => d._id === device._id)) return reply;
  return { ...reply, list: reply.list.map((d) => (d._id === device._id ? device : d)) };
}

/**
 * Lays the live `diagnosis` messages (a run's state, a device's result) over the cached lists
 * while a diagnosis screen is open: rows change in place as devices report. A device or run that
 * no cached page holds yet refetches once; every (re)connection of the socket refetches all,
 * since what happened while it was away is only in the REST lists.
 */
export function useDiagnosisLive(): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stale = useRef(new Set<string>());

  useEffect(() => {
    const refetchSoon = (key: readonly unknown[]) => {
      stale.current.add(JSON.stringify(key));
      if (timer.current !== undefined) return;
      timer.current = setTimeout(() => {
        timer.current = undefined;
        for (const k of stale.current) void queryClient.invalidateQueries({ queryKey: JSON.parse(k) });
        stale.current.clear();
      }, REFETCH_DELAY_MS);
    };
    const stop = subscribeLive(DIAG_LIVE_TOPIC, (raw) => {
      const data = raw as DiagnosisLiveData;
      if (data.Event === 'run') {
        let held = false;
        for (const [key, reply] of queryClient.getQueriesData<DiagnosisRunList>({ queryKey: RUNS_KEY })) {
          const next = patchRuns(reply, data.Run);
          if (next !== reply) {
            held = true;
            queryClient.setQueryData(key, next);
          }
        }
        // A new run belongs on a first page; one that ended may move between filters.
        if (!held || data.Run.Status === 'ended') refetchSoon(RUNS_KEY);
        return;
      }
      const device = data.Device;
      const runKey = [...DEVICES_KEY, device.RunId];
      let held = false;
      for (const [key, reply] of queryClient.getQueriesData<DiagnosisDeviceList>({ queryKey: runKey })) {
        const next = patchDevices(reply, device);
        if (next !== reply) {
          held = true;
          queryClient.setQueryData(key, next);
        }
      }
      const cached = queryClient.getQueriesData({ queryKey: runKey }).length > 0;
      // An ended device may join the passed or failed tab; an unseen one belongs on some page.
      if (cached && (!held || device.Status === 'ended')) {
        for (const which of ['succ', 'fail'] satisfies DeviceSet[]) refetchSoon([...runKey, which]);
        if (!held) refetchSoon([...runKey, 'all']);
      }
    });
    return () => {
      stop();
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, [queryClient]);

  useLive('ready', () => void queryClient.invalidateQueries({ queryKey: DIAG_KEY }));
}
