/**
 * Periods of the DNS behaviour calls: `today`, `7d`, `30d` from the local midnight of a time zone,
 * or `custom`; and the split of a period into UTC day buckets (whole days inside it) and UTC hour
 * buckets (its edges), so long periods read day rows and the answer still starts at local midnight.
 */
import { DNS_PERIOD_MAX_DAYS, ErrorCode, type DnsPeriod } from '@netconsole/contract';
import { AppError } from '../../platform/http/app-error.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the zone is ahead of UTC at `t` (UTC when the zone is unknown). */
export function zoneOffsetMs(zone: string, t: number): number {
  let f = formats.get(zone);
  if (!f) {
    try {
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
    } catch {
      return 0;
    }
    formats.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return local - Math.floor(t / 1000) * 1000;
}

/** The instant of the local midnight that starts the day holding `t` in `zone`. */
export function localMidnight(zone: string, t: number): number {
  const offset = zoneOffsetMs(zone, t);
  const day = Math.floor((t + offset) / DAY_MS) * DAY_MS;
  // The offset at midnight itself (a DST change during the day moves it).
  return day - zoneOffsetMs(zone, day - offset);
}

export interface Period {
  start: number;
  end: number;
}

export interface PeriodInput {
  Period: DnsPeriod;
  Start?: number | undefined;
  End?: number | undefined;
}

/** The period asked for, in `zone`; 29046 for a custom one whose start is not before its end or that is too long. */
export function resolvePeriod(q: PeriodInput, now: number, zone: string): Period {
  const days = { today: 1, '7d': 7, '30d': 30 } as const;
  if (q.Period !== 'custom') {
    return { start: localMidnight(zone, now - (days[q.Period] - 1) * DAY_MS), end: now };
  }
  const { Start, End } = q;
  if (
    Start === undefined ||
    End === undefined ||
    Start >= End ||
    End - Start > DNS_PERIOD_MAX_DAYS * DAY_MS
  ) {
    throw new AppError(ErrorCode.DnsPeriodInvalid, { max: DNS_PERIOD_MAX_DAYS });
  }
  return { start: Start, end: End };
}

export interface BucketRanges {
  /** [from, to) ranges of hour buckets. */
  hours: [number, number][];
  /** [from, to) of day buckets, or null. */
  days: [number, number] | null;
}

/**
 * The buckets covering [start, end): hours from the hour holding `start`, whole UTC days in between.
 * Periods start on the hour in every zone with a whole-hour offset; elsewhere the first hour counts whole.
 */
export function bucketsOf({ start, end }: Period): BucketRanges {
  const from = Math.floor(start / HOUR_MS) * HOUR_MS;
  const dayFrom = Math.ceil(from / DAY_MS) * DAY_MS;
  const dayTo = Math.floor(end / DAY_MS) * DAY_MS;
  if (dayFrom >= dayTo) return { hours: [[from, end]], days: null };
  const hours: [number, number][] = [];
  if (from < dayFrom) hours.push([from, dayFrom]);
  if (dayTo < end) hours.push([dayTo, end]);
  return { hours, days: [dayFrom, dayTo] };
}
