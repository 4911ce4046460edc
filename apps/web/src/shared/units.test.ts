import { describe, expect, it } from 'vitest';
import { bytesText, durationText, rateText } from './units.ts';

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
