import { describe, expect, it } from 'vitest';
import { chartOption, timeLabels } from './chart-options.ts';

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
});
