import type { EChartsCoreOption } from 'echarts/core';
import type { TelemetryRange } from '@netconsole/contract';

const pad = (n: number) => String(n).padStart(2, '0');

/** Bucket starts as axis labels: hours for a day, month-day for a week or month (browser time). */
export function timeLabels(times: readonly number[], range: TelemetryRange): string[] {
  return times.map((t) => {
    const d = new Date(t);
    return range === 'day' ? `${pad(d.getHours())}:00` : `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
}

export interface SeriesSpec {
  name: string;
  data: readonly (number | null)[];
  color: string;
  /** A secondary line (peaks, budget): dashed, thinner. */
  dashed?: boolean;
}

export interface ChartSpec {
  kind: 'line' | 'bar';
  labels: string[];
  series: SeriesSpec[];
  /** Axis and tooltip text of a value. */
  format: (value: number) => string;
  /** Fixed top of the value axis (100 for percentages). */
  max?: number;
}

/**
 * An ECharts option for one of the device charts. Null values stay null: lines break and bars are
 * missing there, so a device that was away shows a gap, not a zero.
 */
export function chartOption(spec: ChartSpec): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 8 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? spec.format(v) : '—'),
    },
    xAxis: { type: 'category', data: spec.labels, boundaryGap: spec.kind === 'bar' },
    yAxis: {
      type: 'value',
      min: 0,
      ...(spec.max !== undefined ? { max: spec.max } : {}),
      axisLabel: { formatter: (v: number) => spec.format(v) },
    },
    series: spec.series.map((s) => ({
      type: spec.kind,
      name: s.name,
      data: [...s.data],
      itemStyle: { color: s.color },
      ...(spec.kind === 'line'
        ? {
            showSymbol: true,
            symbolSize: 4,
            connectNulls: false,
            lineStyle: { width: s.dashed ? 1 : 2, type: s.dashed ? 'dashed' : 'solid' },
          }
        : { barMaxWidth: 14 }),
    })),
  };
}
