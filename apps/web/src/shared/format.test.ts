import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format.ts';

describe('formatDateTime', () => {
  it('writes yyyy-mm-dd hh:mm:ss in local time', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 8, 9))).toBe('2026-01-05 07:08:09');
  });

  it('reads 10-digit timestamps as seconds and longer ones as milliseconds', () => {
    const date = new Date(2026, 10, 21, 23, 59, 1);
    expect(formatDateTime(Math.floor(date.getTime() / 1000))).toBe('2026-11-21 23:59:01');
    expect(formatDateTime(date.getTime())).toBe('2026-11-21 23:59:01');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatDateTime(Number.NaN)).toBe('');
  });
});
