import { describe, expect, it } from 'vitest';
import { backoffMs } from './live-client.ts';

describe('backoffMs', () => {
  it('doubles from 1 s up to 30 s, the upper half of each step random', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffMs(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(500);
    expect(backoffMs(10, () => 0)).toBe(15000);
  });
});
