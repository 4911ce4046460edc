import { describe, expect, it } from 'vitest';
import { chartOption, chartState, labelPicker, timeLabels } from './chart-options.ts';

describe('device chart options', () => {
  it('labels hours for a day and dates for a week or month, in browser time', () => {
    const t = new Date(2026, 10, 21, 8, 0, 0).getTime();
    expect(timeLabels([t], 'day')).toEqual(['08:00']);
    expect(timeLabels([t], 'week')).toEqual(['11-21']);
  });

  it('keeps gaps as nulls and dashes the secondary lines', () => {
    const option = chartOption({
      kind: 'line',
      labels: ['a', 'b', 'c'],
      series: [
        { name: 'avg', data: [1, null, 3], color: '#000' },
        { name: 'peak', data: [2, null, 4], color: '#111', dashed: true },
      ],
      format: (v) => `${v}%`,
      max: 100,
    }) as {
      series: { data: unknown[]; connectNulls: boolean; lineStyle: { type: string } }[];
      yAxis: { max: number };
    };
    expect(option.series[0]!.data).toEqual([1, null, 3]);
    expect(option.series[0]!.connectNulls).toBe(false);
    expect(option.series[1]!.lineStyle.type).toBe('dashed');
    expect(option.yAxis.max).toBe(100);
  });
  it('says "collecting" while a line has no two neighbouring values (a new device: one dot at the edge)', () => {
    const line = (...data: (number | null)[]) => ({
      kind: 'line' as const,
      series: [{ name: 'a', data, color: '#000' }],
    });
    expect(chartState(line(null, null, null))).toBe('empty');
    expect(chartState(line(null, null, 5))).toBe('collecting');
    expect(chartState(line(1, null, 5))).toBe('collecting');
    expect(chartState(line(null, 4, 5))).toBe('draw');
    // A bar is seen on its own.
    expect(chartState({ ...line(null, null, 5), kind: 'bar' })).toBe('draw');
  });

  it('puts byte axes on round base-1024 values and counts on whole steps', () => {
    const rate = chartOption({
      kind: 'line',
      labels: ['a', 'b'],
      series: [{ name: 'rx', data: [4_129_956, 6_569_545], color: '#000' }],
      format: String,
      axis: 'bytes',
      unitSuffix: '/s',
    }) as { yAxis: { max: number; interval: number; axisLabel: { formatter: (v: number) => string } } };
    expect(rate.yAxis.interval).toBe(2 * 1_048_576);
    expect(rate.yAxis.max).toBe(8 * 1_048_576);
    expect([0, 1, 2, 3, 4].map((i) => rate.yAxis.axisLabel.formatter(i * rate.yAxis.interval))).toEqual([
      '0 B/s',
      '2 MB/s',
      '4 MB/s',
      '6 MB/s',
      '8 MB/s',
    ]);
    const clients = chartOption({
      kind: 'bar',
      labels: ['a'],
      series: [{ name: 'n', data: [3], color: '#000' }],
      format: String,
      axis: 'count',
    }) as { yAxis: { minInterval: number } };
    expect(clients.yAxis.minInterval).toBe(1);
  });

  it('writes the same times under every chart of the page', () => {
    const start = new Date(2026, 10, 21, 14, 0, 0).getTime();
    const day = Array.from({ length: 24 }, (_, i) => start + i * 3_600_000);
    const shown = labelPicker(day, 'day');
    const hours = day.filter((_, i) => shown(i)).map((t) => new Date(t).getHours());
    expect(hours).toEqual([15, 18, 21, 0, 3, 6, 9, 12]);
    const option = chartOption({
      kind: 'line',
      labels: timeLabels(day, 'day'),
      series: [],
      format: String,
      labelShown: shown,
    }) as {
      xAxis: { axisLabel: { interval: unknown } };
    };
    expect(option.xAxis.axisLabel.interval).toBe(shown);
    const month = Array.from({ length: 30 }, (_, i) => start + i * 86_400_000);
    expect(labelPicker(month, 'month')(29)).toBe(true);
    expect(labelPicker(month, 'month')(28)).toBe(false);
  });
});
