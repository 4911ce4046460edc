import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  HOUR_MS,
  addSample,
  bucketOf,
  emptySums,
  foldHours,
  foldRows,
  intervalOf,
  metricsOf,
  rangeBuckets,
} from './series.ts';

const T = Date.UTC(2026, 10, 21, 8, 20, 0); // Saturday 21 November 2026, 08:20 UTC

describe('rangeBuckets', () => {
  it('day: 24 hourly buckets ending with the current hour', () => {
    const b = rangeBuckets('day', T, 0);
    expect(b).toHaveLength(24);
    expect(b.at(-1)).toEqual({ start: Date.UTC(2026, 10, 21, 8), end: Date.UTC(2026, 10, 21, 9) });
    expect(b[0]!.start).toBe(Date.UTC(2026, 10, 20, 9));
    // At the very start of an hour, that hour is the last bucket.
    expect(rangeBuckets('day', Date.UTC(2026, 10, 21, 9), 0).at(-1)!.start).toBe(Date.UTC(2026, 10, 21, 9));
  });

  it('week: 7 days of the caller’s calendar ending today', () => {
    const utc = rangeBuckets('week', T, 0);
    expect(utc).toHaveLength(7);
    expect(utc.at(-1)!.start).toBe(Date.UTC(2026, 10, 21));
    expect(utc[0]!.start).toBe(Date.UTC(2026, 10, 15));
    // UTC+8: 08:20 UTC is 16:20 in Beijing; its day began at 16:00 UTC the day before.
    const cn = rangeBuckets('week', T, 480);
    expect(cn.at(-1)!.start).toBe(Date.UTC(2026, 10, 20, 16));
    expect(cn.every((b) => b.end - b.start === DAY_MS)).toBe(true);
    // UTC-5 at 02:00 UTC is still the day before there.
    expect(rangeBuckets('week', Date.UTC(2026, 10, 21, 2), -300).at(-1)!.start).toBe(
      Date.UTC(2026, 10, 20, 5),
    );
  });

  it('month: every day of the current calendar month (28-31)', () => {
    expect(rangeBuckets('month', T, 0)).toHaveLength(30);
    expect(rangeBuckets('month', T, 0)[0]!.start).toBe(Date.UTC(2026, 10, 1));
    expect(rangeBuckets('month', Date.UTC(2026, 1, 10), 0)).toHaveLength(28);
    expect(rangeBuckets('month', Date.UTC(2028, 1, 10), 0)).toHaveLength(29);
    expect(rangeBuckets('month', Date.UTC(2026, 0, 31, 12), 0)).toHaveLength(31);
    // 31 January 20:00 UTC is already 1 February in Beijing.
    const feb = rangeBuckets('month', Date.UTC(2026, 0, 31, 20), 480);
    expect(feb).toHaveLength(28);
    expect(feb[0]!.start).toBe(Date.UTC(2026, 0, 31, 16));
  });
});

describe('bucketOf', () => {
  it('finds the bucket holding a time, or -1 outside', () => {
    const b = rangeBuckets('day', T, 0);
    expect(bucketOf(b, b[0]!.start)).toBe(0);
    expect(bucketOf(b, b[5]!.start + 1)).toBe(5);
    expect(bucketOf(b, b[5]!.end - 1)).toBe(5);
    expect(bucketOf(b, b[0]!.start - 1)).toBe(-1);
    expect(bucketOf(b, b.at(-1)!.end)).toBe(-1);
  });
});

describe('intervalOf (counters since boot)', () => {
  const at = (uptimeS: number, rx: number, tx: number, bootId = 'B1') => ({ bootId, uptimeS, rx, tx });

  it('measures the bytes between two stats of one boot', () => {
    expect(intervalOf(at(100, 1000, 500), at(110, 11_000, 2500))).toEqual({ rx: 10_000, tx: 2000, dt: 10 });
  });

  it('measures nothing across a reboot, a counter going back, a long gap or an impossible rate', () => {
    expect(intervalOf(null, at(10, 0, 0))).toBeNull();
    expect(intervalOf(at(100, 5000, 5000, 'B1'), at(110, 9000, 9000, 'B2'))).toBeNull();
    expect(intervalOf(at(100, 5000, 5000), at(20, 9000, 9000))).toBeNull();
    expect(intervalOf(at(100, 5000, 5000), at(110, 4000, 9000))).toBeNull();
    expect(intervalOf(at(100, 5000, 5000), at(100 + 3600, 9000, 9000))).toBeNull();
    expect(intervalOf(at(100, 0, 0), at(101, 2 ** 52, 0))).toBeNull();
  });
});

describe('span sums', () => {
  it('averages what was measured and leaves out what was not', () => {
    const s = emptySums();
    addSample(s, { cpuPct: 10, memPct: 40, clients: 3, interval: null });
    addSample(s, {
      cpuPct: 30,
      clients: 5,
      poe: { budgetW: 120, usedW: 20 },
      interval: { rx: 1000, tx: 100, dt: 10 },
    });
    const m = metricsOf(s);
    expect(m).toMatchObject({
      cpuAvg: 20,
      cpuMax: 30,
      memAvg: 40,
      memMax: 40,
      tempAvg: null,
      rxBytes: 1000,
      txBytes: 100,
      rxRate: 100,
      txRate: 10,
      rxRateMax: 100,
      clientsAvg: 4,
      clientsMax: 5,
      poeUsedAvg: 20,
      poeBudget: 120,
    });
  });

  it('an empty bucket is all nulls (a gap, not zeros)', () => {
    const m = metricsOf(emptySums());
    expect(Object.values(m).every((v) => v === null)).toBe(true);
  });

  it('several rows of one span add up, numbers given as strings too (PostgreSQL sums)', () => {
    const b = rangeBuckets('day', T, 0);
    const row = (bucket: number, cpu: number) => ({
      ...emptySums(),
      bucket,
      n: 1,
      cpu_sum: cpu,
      cpu_n: 1,
      cpu_max: cpu,
    });
    const rows = [
      row(b[3]!.start, 10),
      { ...row(b[3]!.start + 5 * 60_000, 30), cpu_sum: '30', n: '1' },
      row(b[0]!.start - HOUR_MS, 99),
    ];
    const folded = foldRows(b, rows).map(metricsOf);
    expect(folded[3]!.cpuAvg).toBe(20);
    expect(folded[3]!.cpuMax).toBe(30);
    expect(folded.filter((m) => m.cpuAvg !== null)).toHaveLength(1);
  });

  it('hourly fleet figures fold into days as their highest or their average', () => {
    const week = rangeBuckets('week', T, 0);
    const day = week.at(-1)!.start;
    const hours = [
      { hour: day, value: 2 },
      { hour: day + HOUR_MS, value: 6 },
    ];
    expect(foldHours(week, hours, 'max').at(-1)).toBe(6);
    expect(foldHours(week, hours, 'avg').at(-1)).toBe(4);
    expect(foldHours(week, hours, 'avg')[0]).toBeNull();
  });
});
