import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DiagnoseDispatchInput,
  DiagnoseDispatchReply,
  DiagnosisDeviceList,
  DiagnosisHistoryReply,
  DiagnosisRunList,
  DiagnosisKind,
  DiagnosisStatus,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything of the area: what a reconnection of the live socket refetches. */
export const DIAG_KEY = ['diagnosis'] as const;
export const RUNS_KEY = [...DIAG_KEY, 'runs'] as const;
/** `[...DEVICES_KEY, runId, which, params]`: a run's device results. */
export const DEVICES_KEY = [...DIAG_KEY, 'devices'] as const;
export const HISTORY_KEY = [...DIAG_KEY, 'history'] as const;

/** Which of a run's devices: all (getDevData), passed (getSuccDevIssued), failed (getFailDevIssued). */
export type DeviceSet = 'all' | 'succ' | 'fail';
const PATHS: Record<DeviceSet, string> = {
  all: '/v1/diagnose/getDevData',
  succ: '/v1/diagnose/getSuccDevIssued',
  fail: '/v1/diagnose/getFailDevIssued',
};

export interface PageParams {
  page: number;
  limit: number;
}

/** POST /v1/diagnose/dispatchCommand; the form shows a refusal on its field, so the toast stays quiet. */
export function useDispatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiagnoseDispatchInput) =>
      api.post<DiagnoseDispatchReply>('/v1/diagnose/dispatchCommand', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RUNS_KEY }),
  });
}

/** getAllIssued's filters (the contract's diagnosisRunsQuery, as the screens set them) and page. */
export interface RunsParams extends PageParams {
  Kind?: DiagnosisKind;
  Type?: 1 | 2;
  TimerId?: string;
  Network?: string;
  Device?: string;
  Target?: string;
  Start?: number;
  End?: number;
  Status?: DiagnosisStatus;
}

/** GET /v1/diagnose/getAllIssued: the runs, newest first, with their filters. */
export function useRuns(params: RunsParams, enabled = true) {
  return useQuery({
    queryKey: [...RUNS_KEY, params],
    queryFn: ({ signal }) =>
      api.get<DiagnosisRunList>('/v1/diagnose/getAllIssued', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The device results of one run: every device, those that passed, or those that failed. */
export function useRunDevices(runId: string | null, which: DeviceSet, params: PageParams) {
  return useQuery({
    queryKey: [...DEVICES_KEY, runId, which, params],
    queryFn: ({ signal }) =>
      api.get<DiagnosisDeviceList>(PATHS[which], {
        query: { [which === 'all' ? 'RunId' : '_id']: runId, page: params.page, limit: params.limit },
        signal,
      }),
    enabled: runId !== null,
    placeholderData: keepPreviousData,
  });
}

export interface HistoryParams {
  /** Device _ids, 1-6. */
  devices: readonly string[];
  target: string;
  start: number;
  end: number;
}

/** GET /v1/diagnose/getHistoryIssued: a target's latency and loss over time, per device. */
export function useHistory(params: HistoryParams | null) {
  return useQuery({
    queryKey: [...HISTORY_KEY, params],
    queryFn: ({ signal }) =>
      api.get<DiagnosisHistoryReply>('/v1/diagnose/getHistoryIssued', {
        query: {
          Device: params!.devices.join(','),
          Target: params!.target,
          Start: params!.start,
          End: params!.end,
        },
        signal,
      }),
    enabled: params !== null && params.devices.length > 0 && params.target !== '',
    placeholderData: keepPreviousData,
  });
}
