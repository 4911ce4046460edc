import { describe, expect, it } from 'vitest';
import { byteAxis, byteTickText, bytesText, durationText, rateText } from './units.ts';

describe('chart units', () => {
  it('bytes step by 1024 (spec §9)', () => {
    expect(bytesText(0)).toBe('0 B');
    expect(bytesText(512)).toBe('512 B');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(1_048_576)).toBe('1.0 MB');
    expect(bytesText(1_099_511_627_776)).toBe('1.0 TB');
    expect(bytesText(150 * 1_073_741_824)).toBe('150 GB');
    expect(rateText(2048)).toBe('2.0 KB/s');
  });

  it('durations keep their two largest units', () => {
    const u = { d: 'd', h: 'h', m: 'm', s: 's' };
    expect(durationText(0, u)).toBe('0s');
    expect(durationText(42, u)).toBe('42s');
    expect(durationText(3 * 86_400 + 4 * 3600 + 59, u)).toBe('3d 4h');
    expect(durationText(86_400 + 30, u)).toBe('1d');
  });
});

const EN = { d: 'd', h: 'h', m: 'm', s: 's' };

describe('figures as the client screens show them', () => {
  it('shows bytes in units of 1024', () => {
    expect(bytesText(0)).toBe('0 B');
    expect(bytesText(1023)).toBe('1023 B');
    expect(bytesText(1536)).toBe('1.5 KB');
    expect(bytesText(1_048_576)).toBe('1.0 MB');
    expect(bytesText(500 * 1_073_741_824)).toBe('500 GB');
    expect(bytesText(3 * 1_099_511_627_776)).toBe('3.0 TB');
    expect(rateText(2048)).toBe('2.0 KB/s');
  });

  it('shows durations by their two largest units', () => {
    expect(durationText(0, EN)).toBe('0s');
    expect(durationText(42, EN)).toBe('42s');
    expect(durationText(302, EN)).toBe('5m 2s');
    expect(durationText(3 * 3600 + 5 * 60 + 9, EN)).toBe('3h 5m');
    expect(durationText(2 * 86_400 + 3 * 3600, EN)).toBe('2d 3h');
    expect(durationText(86_400 + 59, EN)).toBe('1d');
    expect(durationText(90, { d: '天', h: '小时', m: '分', s: '秒' })).toBe('1分 30秒');
  });
});

describe('byte axes (issue 13: ticks on round base-1024 values)', () => {
  it('puts 6.3 MB/s of peaks on 0, 2, 4, 6, 8 MB rather than 2.9 / 5.7 / 8.6 MB', () => {
    const axis = byteAxis(6_569_545);
    expect(axis).toEqual({ max: 8 * 1_048_576, interval: 2 * 1_048_576, power: 2 });
    const ticks = Array.from({ length: axis.max / axis.interval + 1 }, (_, i) => i * axis.interval);
    expect(ticks.map((v) => byteTickText(v, axis.power))).toEqual(['0 B', '2 MB', '4 MB', '6 MB', '8 MB']);
  });

  it('moves to the next unit past 500 of one (1 GB, not 1000 MB)', () => {
    const axis = byteAxis(3.5 * 1_073_741_824);
    expect(axis.power).toBe(3);
    expect(axis.interval).toBe(1_073_741_824);
    expect(axis.max).toBe(4 * 1_073_741_824);
    expect(byteAxis(700 * 1024 * 4)).toEqual({ max: 3 * 1_048_576, interval: 1_048_576, power: 2 });
  });

  it('keeps small and empty axes whole', () => {
    expect(byteAxis(0)).toEqual({ max: 1, interval: 1, power: 0 });
    expect(byteAxis(3)).toEqual({ max: 3, interval: 1, power: 0 });
    expect(byteTickText(512 * 1024, 1)).toBe('512 KB');
    expect(byteTickText(1.5 * 1_048_576, 2)).toBe('1.5 MB');
  });

  it('every tick is a whole number of steps of one unit', () => {
    for (const max of [1, 999, 123_456, 9_876_543, 5e9, 7e12]) {
      const axis = byteAxis(max);
      expect(axis.max).toBeGreaterThanOrEqual(max);
      expect(axis.max % axis.interval).toBe(0);
      const step = axis.interval / 1024 ** axis.power;
      expect([1, 2, 5, 10, 20, 50, 100, 200, 500]).toContain(step);
    }
  });
});
