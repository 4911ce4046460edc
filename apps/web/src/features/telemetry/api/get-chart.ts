import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CpuChartReply,
  FlowChartReply,
  HourCountReply,
  PowerChartReply,
  RateChartReply,
  TemperatureChartReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TELEMETRY_KEY, TELEMETRY_REFRESH_MS, browserTz, type ChartParams } from './keys.ts';

/** The chart calls of one device (spec §7 DEVICE), all taking `_id`, `range` and `tz`. */
export interface ChartReplies {
  '/v1/device/getcpu': CpuChartReply;
  '/v1/device/getDeviceRate': RateChartReply;
  '/v1/device/getDeviceTotalFlow': FlowChartReply;
  '/v1/device/getDeviceThermometer': TemperatureChartReply;
  '/v1/device/getDevicePower': PowerChartReply;
  '/v1/device/reclcount': HourCountReply;
}
export type ChartPath = keyof ChartReplies;

export function getChart<P extends ChartPath>(
  path: P,
  { id, range }: ChartParams,
  signal?: AbortSignal,
): Promise<ChartReplies[P]> {
  return api.get<ChartReplies[P]>(path, { query: { _id: id, range, tz: browserTz() }, signal });
}

export function useChart<P extends ChartPath>(path: P, params: ChartParams) {
  return useQuery(
    queryOptions({
      queryKey: [...TELEMETRY_KEY, 'chart', path, params],
      queryFn: ({ signal }) => getChart(path, params, signal),
      // The previous range stays on screen while the next one loads.
      placeholderData: keepPreviousData,
      refetchInterval: TELEMETRY_REFRESH_MS,
    }),
  );
}
