import { describe, expect, it } from 'vitest';
import {
  addDays,
  bucketIndex,
  changePct,
  dateNumber,
  datesIn,
  offsetAt,
  periodBounds,
  startOfDay,
} from './zone.ts';

const H = 3_600_000;

describe('days in a zone', () => {
  it('midnights of Shanghai, UTC and across a DST change (Europe/Berlin, 2026-10-25 has 25 hours)', () => {
    const t = Date.UTC(2026, 10, 21, 19, 0); // 03:00 on the 22nd in Shanghai
    expect(startOfDay('Asia/Shanghai', t)).toBe(Date.UTC(2026, 10, 21, 16, 0));
    expect(startOfDay('UTC', t)).toBe(Date.UTC(2026, 10, 21));
    expect(offsetAt('Asia/Shanghai', t)).toBe(8 * H);
    const berlin = startOfDay('Europe/Berlin', Date.UTC(2026, 9, 25, 12));
    expect(berlin).toBe(Date.UTC(2026, 9, 24, 22)); // 00:00 CEST
    expect(addDays('Europe/Berlin', berlin, 1) - berlin).toBe(25 * H);
    expect(addDays('Europe/Berlin', berlin, -1)).toBe(Date.UTC(2026, 9, 23, 22));
  });

  it('date numbers of local days, and the days whose midnight falls in a span', () => {
    const d = Date.UTC(2026, 10, 21) / (24 * H); // 2026-11-21 as days since 1970-01-01
    expect(dateNumber('UTC', Date.UTC(2026, 10, 21))).toBe(d);
    expect(dateNumber('Asia/Shanghai', Date.UTC(2026, 10, 20, 16))).toBe(d); // 00:00 +08 on the 21st
    expect(dateNumber('Europe/Berlin', Date.UTC(2026, 9, 24, 22))).toBe(d - 27); // the 25-hour 25 Oct
    // Shanghai's midnights in [20 Nov 16:00 UTC, 22 Nov 00:00 UTC): the 21st and the 22nd.
    expect(datesIn('Asia/Shanghai', Date.UTC(2026, 10, 20, 16), Date.UTC(2026, 10, 22))).toEqual({
      first: d,
      last: d + 1,
    });
    // UTC's midnights in [20 Nov 16:00, 20 Nov 19:00): none.
    const none = datesIn('UTC', Date.UTC(2026, 10, 20, 16), Date.UTC(2026, 10, 20, 19));
    expect(none.first > none.last).toBe(true);
  });

  it('periods: today from midnight, 7 and 30 calendar days, the previous one moved back a period', () => {
    const now = Date.UTC(2026, 10, 21, 19, 0);
    const today = periodBounds({ Period: 'today' }, now, 'Asia/Shanghai');
    expect(today).toMatchObject({ Start: Date.UTC(2026, 10, 21, 16), End: now, Bucket: 'hour' });
    expect(today.PrevStart).toBe(today.Start - 24 * H);
    expect(today.PrevEnd).toBe(now - 24 * H);
    expect(today.Time).toHaveLength(24);
    const week = periodBounds({ Period: '7d' }, now, 'UTC');
    expect(week).toMatchObject({
      Start: Date.UTC(2026, 10, 15),
      PrevStart: Date.UTC(2026, 10, 8),
      Bucket: 'day',
    });
    expect(week.Time).toHaveLength(7);
    const month = periodBounds({ Period: '30d' }, now, 'UTC');
    expect(month.Time).toHaveLength(30);
    const custom = periodBounds({ Period: 'custom', Start: 1000 * H, End: 1003 * H }, now, 'UTC');
    expect(custom).toMatchObject({ PrevStart: 997 * H, PrevEnd: 1000 * H, Bucket: 'hour' });
    expect(custom.Time).toEqual([1000 * H, 1001 * H, 1002 * H]);
  });

  it('buckets and changes', () => {
    expect(bucketIndex([10, 20, 30], 25)).toBe(1);
    expect(bucketIndex([10, 20, 30], 5)).toBe(-1);
    expect(bucketIndex([10, 20, 30], 30)).toBe(2);
    expect(changePct(150, 100)).toBe(50);
    expect(changePct(1, 3)).toBe(-66.7);
    expect(changePct(5, 0)).toBeNull();
  });
});
