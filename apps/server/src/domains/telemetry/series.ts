/**
 * The arithmetic of telemetry (docs/telemetry.md): span sums that merge by addition, counter
 * intervals that survive reboots, and the chart buckets of a range. Pure: no store, no clock.
 */
import type { TelemetryRange } from '@netconsole/contract';
import type { NetSpanRow } from './tables.ts';

export const MINUTE_MS = 60_000;
export const FINE_MS = 5 * MINUTE_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** How long each resolution is kept. */
export const RETENTION_MS = { fine: 2 * DAY_MS, hour: 40 * DAY_MS, day: 400 * DAY_MS } as const;

/** Two stats further apart than this (device away, or a lost message run) measure no traffic: a gap. */
export const MAX_INTERVAL_S = 600;
/** Above 400 Gbit/s a counter is broken, not busy. */
export const MAX_RATE_BPS = 50_000_000_000;

/** What one span of samples adds up to; the columns of the series tables. */
export interface SpanSums {
  n: number;
  cpu_sum: number;
  cpu_n: number;
  cpu_max: number | null;
  mem_sum: number;
  mem_n: number;
  mem_max: number | null;
  temp_sum: number;
  temp_n: number;
  temp_max: number | null;
  rx_bytes: number;
  tx_bytes: number;
  span_s: number;
  rx_rate_max: number | null;
  tx_rate_max: number | null;
  clients_sum: number;
  clients_max: number | null;
  poe_used_sum: number;
  poe_n: number;
  poe_used_max: number | null;
  poe_budget: number | null;
}

export const SUM_COLUMNS = [
  'n',
  'cpu_sum',
  'cpu_n',
  'mem_sum',
  'mem_n',
  'temp_sum',
  'temp_n',
  'rx_bytes',
  'tx_bytes',
  'span_s',
  'clients_sum',
  'poe_used_sum',
  'poe_n',
] as const satisfies readonly (keyof SpanSums)[];
export const MAX_COLUMNS = [
  'cpu_max',
  'mem_max',
  'temp_max',
  'rx_rate_max',
  'tx_rate_max',
  'clients_max',
  'poe_used_max',
  'poe_budget',
] as const satisfies readonly (keyof SpanSums)[];

export function emptySums(): SpanSums {
  return {
    n: 0,
    cpu_sum: 0,
    cpu_n: 0,
    cpu_max: null,
    mem_sum: 0,
    mem_n: 0,
    mem_max: null,
    temp_sum: 0,
    temp_n: 0,
    temp_max: null,
    rx_bytes: 0,
    tx_bytes: 0,
    span_s: 0,
    rx_rate_max: null,
    tx_rate_max: null,
    clients_sum: 0,
    clients_max: null,
    poe_used_sum: 0,
    poe_n: 0,
    poe_used_max: null,
    poe_budget: null,
  };
}

function higher(a: number | null, b: number | null | undefined): number | null {
  if (b === null || b === undefined) return a;
  return a === null || b > a ? b : a;
}

/** Adds a span (a row of the store, whose numbers may arrive as strings from PostgreSQL) into `into`. */
export function addSums(into: SpanSums, row: object): void {
  const r = row as Record<string, unknown>;
  for (const c of SUM_COLUMNS) into[c] += Number(r[c] ?? 0);
  for (const c of MAX_COLUMNS) into[c] = higher(into[c], r[c] == null ? null : Number(r[c]));
}

/** A stats message as the series count it. */
export interface Sample {
  cpuPct?: number | undefined;
  memPct?: number | undefined;
  tempC?: number | undefined;
  clients: number;
  poe?: { budgetW: number; usedW: number } | undefined;
  interval: Interval | null;
}

export function addSample(s: SpanSums, m: Sample): void {
  s.n += 1;
  if (m.cpuPct !== undefined) {
    s.cpu_sum += m.cpuPct;
    s.cpu_n += 1;
    s.cpu_max = higher(s.cpu_max, m.cpuPct);
  }
  if (m.memPct !== undefined) {
    s.mem_sum += m.memPct;
    s.mem_n += 1;
    s.mem_max = higher(s.mem_max, m.memPct);
  }
  if (m.tempC !== undefined) {
    s.temp_sum += m.tempC;
    s.temp_n += 1;
    s.temp_max = higher(s.temp_max, m.tempC);
  }
  s.clients_sum += m.clients;
  s.clients_max = higher(s.clients_max, m.clients);
  if (m.poe) {
    s.poe_used_sum += m.poe.usedW;
    s.poe_n += 1;
    s.poe_used_max = higher(s.poe_used_max, m.poe.usedW);
    s.poe_budget = higher(s.poe_budget, m.poe.budgetW);
  }
  const i = m.interval;
  if (i) {
    s.rx_bytes += i.rx;
    s.tx_bytes += i.tx;
    s.span_s += i.dt;
    s.rx_rate_max = higher(s.rx_rate_max, Math.round(i.rx / i.dt));
    s.tx_rate_max = higher(s.tx_rate_max, Math.round(i.tx / i.dt));
  }
}

/** Where a device's counters stood at a stats message. */
export interface CounterMark {
  bootId: string | null;
  uptimeS: number;
  rx: number;
  tx: number;
}
export interface Interval {
  rx: number;
  tx: number;
  dt: number;
}

/**
 * The traffic between two stats of one boot. None across a reboot (boot id changed, uptime went
 * back), when a counter went back (wrapped or reset) or implies an impossible rate, or over a gap
 * longer than `maxGapS` (MAX_INTERVAL_S: the device was away): charts show a gap there, never a
 * negative or huge spike.
 */
export function intervalOf(
  prev: CounterMark | null,
  next: CounterMark,
  maxGapS: number = MAX_INTERVAL_S,
): Interval | null {
  if (!prev || prev.bootId !== next.bootId) return null;
  const dt = next.uptimeS - prev.uptimeS;
  if (dt <= 0 || dt > maxGapS) return null;
  const rx = next.rx - prev.rx;
  const tx = next.tx - prev.tx;
  if (rx < 0 || tx < 0 || rx / dt > MAX_RATE_BPS || tx / dt > MAX_RATE_BPS) return null;
  return { rx, tx, dt };
}

export interface Bucket {
  start: number;
  end: number;
}

/**
 * spec §9: day = 24 hourly buckets ending with the current hour; week = 7 days ending today;
 * month = the days of the current calendar month (28-31, the days to come empty). Days are those
 * of the caller's calendar, `tzMinutes` east of UTC.
 */
export function rangeBuckets(range: TelemetryRange, now: number, tzMinutes: number): Bucket[] {
  const tz = tzMinutes * MINUTE_MS;
  const make = (first: number, count: number, size: number) =>
    Array.from({ length: count }, (_, i) => ({ start: first + i * size, end: first + (i + 1) * size }));
  if (range === 'day') {
    const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
    return make(hour - 23 * HOUR_MS, 24, HOUR_MS);
  }
  if (range === 'week') {
    const today = Math.floor((now + tz) / DAY_MS) * DAY_MS - tz;
    return make(today - 6 * DAY_MS, 7, DAY_MS);
  }
  const local = new Date(now + tz);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const days = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return make(Date.UTC(y, m, 1) - tz, days, DAY_MS);
}

/** The bucket holding `t`, or -1 (buckets are sorted and adjacent). */
export function bucketOf(buckets: readonly Bucket[], t: number): number {
  if (buckets.length === 0 || t < buckets[0]!.start || t >= buckets.at(-1)!.end) return -1;
  let lo = 0;
  let hi = buckets.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (buckets[mid]!.start <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Rows (each a span starting at `bucket`) summed into the chart's buckets. */
export function foldRows(
  buckets: readonly Bucket[],
  rows: readonly (object & { bucket: unknown })[],
): SpanSums[] {
  const out = buckets.map(() => emptySums());
  for (const row of rows) {
    const i = bucketOf(buckets, Number(row.bucket));
    if (i >= 0) addSums(out[i]!, row);
  }
  return out;
}

/**
 * Per-hour figures of the whole fleet into the chart's buckets: an hourly bucket takes its hour's
 * figure; a day takes the highest (`max`) or the average (`avg`) of its hours that have one.
 */
export function foldHours(
  buckets: readonly Bucket[],
  hours: readonly { hour: number; value: number }[],
  how: 'max' | 'avg',
): (number | null)[] {
  const acc = buckets.map(() => ({ sum: 0, max: -Infinity, n: 0 }));
  for (const h of hours) {
    const i = bucketOf(buckets, h.hour);
    if (i < 0) continue;
    const a = acc[i]!;
    a.sum += h.value;
    a.max = Math.max(a.max, h.value);
    a.n += 1;
  }
  return acc.map((a) => (a.n === 0 ? null : how === 'max' ? a.max : round(a.sum / a.n, 1)));
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Averages and highs of a span; null where nothing was measured (a gap in the chart). */
export function metricsOf(s: SpanSums) {
  const avg = (sum: number, n: number, digits: number) => (n > 0 ? round(sum / n, digits) : null);
  const measured = s.span_s > 0;
  return {
    cpuAvg: avg(s.cpu_sum, s.cpu_n, 1),
    cpuMax: s.cpu_max,
    memAvg: avg(s.mem_sum, s.mem_n, 1),
    memMax: s.mem_max,
    tempAvg: avg(s.temp_sum, s.temp_n, 1),
    tempMax: s.temp_max,
    rxBytes: measured ? s.rx_bytes : null,
    txBytes: measured ? s.tx_bytes : null,
    rxRate: measured ? Math.round(s.rx_bytes / s.span_s) : null,
    txRate: measured ? Math.round(s.tx_bytes / s.span_s) : null,
    rxRateMax: s.rx_rate_max,
    txRateMax: s.tx_rate_max,
    clientsAvg: avg(s.clients_sum, s.n, 1),
    clientsMax: s.clients_max,
    poeUsedAvg: avg(s.poe_used_sum, s.poe_n, 1),
    poeUsedMax: s.poe_used_max,
    poeBudget: s.poe_budget,
  };
}
export type SpanMetrics = ReturnType<typeof metricsOf>;

/** Where a device's uplink bytes count: its network, type (gateway or AP) and tenant. */
export interface NetPlace {
  parent: string;
  type: number;
  tenant: string;
}

/**
 * Devices' 5-minute rows summed into their networks' spans (telemetry_net_5m): one row per network,
 * type and span, in key order (two nodes' flushes lock the rows they share alike); a row counts
 * where `placeOf` places its device and the row's tenant is the device's.
 */
export function netSpans(
  rows: readonly {
    device_id: string;
    tenant_id?: string | null;
    bucket: number;
    tx_bytes?: number;
    rx_bytes?: number;
  }[],
  placeOf: (deviceId: string) => NetPlace | undefined,
): NetSpanRow[] {
  const spans = new Map<string, NetSpanRow>();
  for (const r of rows) {
    const d = placeOf(r.device_id);
    if (!d || d.tenant !== r.tenant_id) continue;
    const key = `${r.bucket}|${d.parent}|${d.type}`;
    let s = spans.get(key);
    if (!s) {
      s = {
        bucket: r.bucket,
        network_id: d.parent,
        type: d.type,
        tenant_id: d.tenant,
        tx_bytes: 0,
        rx_bytes: 0,
      };
      spans.set(key, s);
    }
    s.tx_bytes += Number(r.tx_bytes ?? 0);
    s.rx_bytes += Number(r.rx_bytes ?? 0);
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...spans.values()].sort(
    (a, b) => a.bucket - b.bucket || cmp(a.network_id, b.network_id) || a.type - b.type,
  );
}
