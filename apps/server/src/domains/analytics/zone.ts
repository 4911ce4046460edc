/**
 * Calendar days in an IANA time zone, and the periods of the flow calls (docs/analytics.md,
 * "Periods"): today, the last 7 or 30 days up to now, or a custom span, with the previous period
 * the same span moved back by one period. Days start at the zone's midnight (DST days are 23 or 25
 * hours); the data under them is hourly, so whole-hour zones are exact.
 */
import { ErrorCode, FLOW_CUSTOM_MAX_DAYS, type FlowBucket, type FlowPeriod } from '@netconsole/contract';
import { AppError } from '../../platform/http/app-error.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The server's own zone: what a network without one uses (networks.time_zone null, migration 0020). */
export const SERVER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  return f;
}

/** The zone's wall clock at `t` as if it were UTC (ms). */
function wallClock(zone: string, t: number): number {
  const p: Record<string, number> = {};
  for (const part of format(zone).formatToParts(new Date(t))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** Offset of the zone from UTC at `t`, ms (east positive). */
export function offsetAt(zone: string, t: number): number {
  return wallClock(zone, t) - (t - (((t % 1000) + 1000) % 1000));
}

/** The zone's midnight starting the day that holds `t`. */
export function startOfDay(zone: string, t: number): number {
  const wall = wallClock(zone, t);
  const midnight = wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  // The offset at midnight may differ from the offset at t (a DST change in between): settle it.
  let guess = midnight - offsetAt(zone, t);
  guess = midnight - offsetAt(zone, guess);
  return guess;
}

/** The midnight `n` days after (before, for negative n) the day starting at `dayStart`. */
export function addDays(zone: string, dayStart: number, n: number): number {
  return startOfDay(zone, dayStart + n * DAY_MS + 12 * HOUR_MS);
}

/** The day starting at the zone's midnight `dayStart` as days since 1970-01-01 of that calendar. */
export function dateNumber(zone: string, dayStart: number): number {
  return Math.round((dayStart + offsetAt(zone, dayStart)) / DAY_MS);
}

/**
 * The zone's days whose midnight falls in [from, to), as date numbers `first`..`last` (first >
 * last: none).
 */
export function datesIn(zone: string, from: number, to: number): { first: number; last: number } {
  let first = startOfDay(zone, from);
  if (first < from) first = addDays(zone, first, 1);
  const last = startOfDay(zone, to - 1);
  if (last < first) return { first: 1, last: 0 };
  return { first: dateNumber(zone, first), last: dateNumber(zone, last) };
}

/** The zone a network's days use: its own, else the server's. An unknown name falls back to UTC. */
export function zoneOf(zone: string | null | undefined): string {
  const z = zone || SERVER_ZONE;
  try {
    format(z);
    return z;
  } catch {
    return 'UTC';
  }
}

export interface PeriodInput {
  Period: FlowPeriod;
  Start?: number | undefined;
  End?: number | undefined;
}

export interface Bounds {
  Period: FlowPeriod;
  Start: number;
  End: number;
  PrevStart: number;
  PrevEnd: number;
  TimeZone: string;
  Bucket: FlowBucket;
  /** Bucket starts covering [Start, the end of End's day or hour); the last ends at `until`. */
  Time: number[];
  until: number;
}

/** A custom period checked: both ends, in order, at most FLOW_CUSTOM_MAX_DAYS long (29001, 29002). */
export function checkPeriod(q: PeriodInput): void {
  if (q.Period !== 'custom') return;
  if (q.Start === undefined || q.End === undefined) throw new AppError(ErrorCode.FlowPeriodRequired);
  if (q.End <= q.Start || q.End - q.Start > FLOW_CUSTOM_MAX_DAYS * DAY_MS) {
    throw new AppError(ErrorCode.FlowPeriodInvalid);
  }
}

/** The bounds of a period at `now` in `zone` (checkPeriod first). */
export function periodBounds(q: PeriodInput, now: number, zoneName: string): Bounds {
  checkPeriod(q);
  const zone = zoneOf(zoneName);
  const today = startOfDay(zone, now);
  let start: number;
  let end: number;
  let prevStart: number;
  if (q.Period === 'custom') {
    start = q.Start!;
    end = q.End!;
    prevStart = start - (end - start);
  } else {
    const days = q.Period === 'today' ? 1 : q.Period === '7d' ? 7 : 30;
    start = addDays(zone, today, 1 - days);
    end = now;
    prevStart = addDays(zone, start, -days);
  }
  const prevEnd = prevStart + (end - start);
  const hourly = q.Period === 'today' || (q.Period === 'custom' && end - start <= 2 * DAY_MS);
  const Time: number[] = [];
  let until: number;
  if (hourly) {
    // Today: the whole day's 24 hours (23 or 25 on a DST day), those to come answered null.
    const first = q.Period === 'today' ? start : start - (start % HOUR_MS);
    until = q.Period === 'today' ? addDays(zone, start, 1) : end;
    for (let t = first; t < until; t += HOUR_MS) Time.push(t);
  } else {
    let day = startOfDay(zone, start);
    for (; day < end; day = addDays(zone, day, 1)) Time.push(day);
    until = day;
  }
  return {
    Period: q.Period,
    Start: start,
    End: end,
    PrevStart: prevStart,
    PrevEnd: prevEnd,
    TimeZone: zone,
    Bucket: hourly ? 'hour' : 'day',
    Time,
    until,
  };
}

/** Index of the bucket holding `t` (Time sorted ascending), or -1 before the first. */
export function bucketIndex(time: readonly number[], t: number): number {
  let lo = 0;
  let hi = time.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (time[mid]! <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Change from `prev` to `cur` in %, one decimal; null when there was nothing before. */
export function changePct(cur: number, prev: number): number | null {
  if (prev === 0) return null;
  return Math.round(((cur - prev) / prev) * 1000) / 10;
}
