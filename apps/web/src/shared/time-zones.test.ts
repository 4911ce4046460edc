import { describe, expect, it } from 'vitest';
import { offsetText, timeZoneOption, timeZoneOptions, utcOffsetMinutes } from './time-zones.ts';

const JAN = Date.UTC(2026, 0, 15);
const JUL = Date.UTC(2026, 6, 15);

describe('time zones of a network', () => {
  it('reads a zone’s offset from Intl, daylight saving included', () => {
    expect(utcOffsetMinutes('Asia/Shanghai', JAN)).toBe(480);
    expect(utcOffsetMinutes('Asia/Kathmandu', JAN)).toBe(345);
    expect(utcOffsetMinutes('Europe/Berlin', JAN)).toBe(60);
    expect(utcOffsetMinutes('Europe/Berlin', JUL)).toBe(120);
    expect(utcOffsetMinutes('America/St_Johns', JAN)).toBe(-210);
    expect(utcOffsetMinutes('UTC', JAN)).toBe(0);
  });

  it('writes offsets as UTC±hh:mm', () => {
    expect([offsetText(480), offsetText(-210), offsetText(0), offsetText(345)]).toEqual([
      'UTC+08:00',
      'UTC-03:30',
      'UTC+00:00',
      'UTC+05:45',
    ]);
    expect(timeZoneOption('Asia/Shanghai', JAN).label).toBe('(UTC+08:00) Asia/Shanghai');
  });

  it('lists every zone the runtime knows once, west to east, with the extra ones', () => {
    const list = timeZoneOptions(JAN, ['UTC', 'Asia/Shanghai']);
    const values = list.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
    expect(values).toEqual(expect.arrayContaining(['UTC', 'Asia/Shanghai', 'Europe/Berlin']));
    expect(values.length).toBeGreaterThan(300);
    const offsets = list.map((o) => o.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(values.indexOf('Europe/Berlin')).toBeLessThan(values.indexOf('Asia/Shanghai'));
  });
});
