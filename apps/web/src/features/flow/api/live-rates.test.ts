import { describe, expect, it } from 'vitest';
import { keptPoints, mergePoints } from './live-rates.ts';

const point = (Time: number) => ({ Time, RxRate: Time, TxRate: 0, Online: 1 });

describe('live rates', () => {
  it('keeps the last 10 minutes of points at either beat', () => {
    expect(keptPoints(1000)).toBe(600);
    expect(keptPoints(30_000)).toBe(20);
  });

  it('appends newer points only and keeps the newest', () => {
    const held = [point(1), point(2), point(3)];
    // A reconnection's history repeats what is held: only what is newer is added.
    expect(mergePoints(held, [point(2), point(3), point(4)], 10).map((p) => p.Time)).toEqual([1, 2, 3, 4]);
    expect(mergePoints(held, [point(4), point(5)], 3).map((p) => p.Time)).toEqual([3, 4, 5]);
    expect(mergePoints([], [point(7)], 3).map((p) => p.Time)).toEqual([7]);
  });
});
