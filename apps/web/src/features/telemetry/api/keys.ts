import type { TelemetryRange } from '@netconsole/contract';

/** Everything the device info screen reads: what a live device message invalidates. */
export const TELEMETRY_KEY = ['telemetry'] as const;

/** spec §4 "device realtime updates": the screen reads again this often (no reload needed). */
export const TELEMETRY_REFRESH_MS = 10_000;

/** A chart's device and range; days are the browser's calendar days. */
export interface ChartParams {
  id: string;
  range: TelemetryRange;
}

/** Minutes east of UTC, as the server's `tz` expects. */
export function browserTz(): number {
  return -new Date().getTimezoneOffset();
}
