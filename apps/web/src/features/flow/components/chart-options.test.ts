import { describe, expect, it } from 'vitest';
import { bucketLabels, hasValues, rankOption, timeOption } from './chart-options.ts';

const at = (y: number, mo: number, d: number, h = 0) => new Date(y, mo - 1, d, h).getTime();

describe('flow chart options', () => {
  it('labels a day of hourly buckets by hour, days by month-day, hours over days with both', () => {
    const hours = Array.from({ length: 24 }, (_, h) => at(2026, 11, 27, h));
    expect(bucketLabels(hours).slice(0, 3)).toEqual(['00:00', '01:00', '02:00']);
    expect(bucketLabels([at(2026, 11, 25), at(2026, 11, 26)])).toEqual(['11-25', '11-26']);
    expect(bucketLabels([at(2026, 11, 26, 23), at(2026, 11, 27, 0)])).toEqual(['11-26 23:00', '11-27 00:00']);
  });

  it('puts byte ticks on round base-1024 values over the stacked top', () => {
    const MB = 1024 ** 2;
    const option = timeOption({
      kind: 'bar',
      labels: ['a', 'b'],
      value: 'bytes',
      series: [
        { name: 'down', data: [3 * MB, null], color: '#000', stack: 'now' },
        { name: 'up', data: [2 * MB, MB], color: '#111', stack: 'now' },
      ],
    }) as { yAxis: { max: number; interval: number; axisLabel: { formatter: (v: number) => string } } };
    // 5 MB stacked: ticks of 2 MB up to 6 MB, written in MB.
    expect(option.yAxis.interval).toBe(2 * MB);
    expect(option.yAxis.max).toBe(6 * MB);
    expect(option.yAxis.axisLabel.formatter(4 * MB)).toBe('4 MB');
  });

  it('draws a ranking with its first entry on top', () => {
    const option = rankOption({
      names: ['first', 'second'],
      value: 'count',
      series: [{ name: 'users', data: [9, 4], color: '#000' }],
    }) as { yAxis: { data: string[] }; series: { data: number[] }[] };
    expect(option.yAxis.data).toEqual(['second', 'first']);
    expect(option.series[0]!.data).toEqual([4, 9]);
  });

  it('has values only when some bucket is above zero', () => {
    expect(hasValues([{ name: 'a', data: [null, 0], color: '#000' }])).toBe(false);
    expect(hasValues([{ name: 'a', data: [null, 1], color: '#000' }])).toBe(true);
  });
});
