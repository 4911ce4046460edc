import type { EChartsCoreOption } from 'echarts/core';
import type { TelemetryRange } from '@netconsole/contract';
import { byteAxis, byteTickText } from '#shared/units.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Bucket starts as axis labels: hours for a day, month-day for a week or month (browser time). */
export function timeLabels(times: readonly number[], range: TelemetryRange): string[] {
  return times.map((t) => {
    const d = new Date(t);
    return range === 'day' ? `${pad(d.getHours())}:00` : `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  });
}

/**
 * Which buckets get their time written under the axis: the same on every chart of the page
 * (ECharts would choose per chart from its label widths, so one chart said 14:00, 16:00 and the
 * next 14:00, 17:00). A day: the hours divisible by 3 (00:00, 03:00, …); a week: every day; a
 * month: every 5th day counted back from today, so today is always written.
 */
export function labelPicker(times: readonly number[], range: TelemetryRange): (index: number) => boolean {
  if (range === 'day') return (i) => times[i] !== undefined && new Date(times[i]!).getHours() % 3 === 0;
  if (range === 'week') return () => true;
  return (i) => (times.length - 1 - i) % 5 === 0;
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
  /** Tooltip text of a value (and axis text unless `axis` says otherwise). */
  format: (value: number) => string;
  /** Fixed top of the value axis (100 for percentages). */
  max?: number;
  /**
   * `bytes`: ticks on round values of base-1024 units (spec §9), written with `unitSuffix` ('/s'
   * for rates); `count`: whole-number steps.
   */
  axis?: 'bytes' | 'count';
  unitSuffix?: string;
  /** Which buckets' times are written (labelPicker); default: ECharts chooses. */
  labelShown?: (index: number) => boolean;
}

/**
 * What a chart can show: `draw` when there is something to see — a line needs two neighbouring
 * buckets with a value (one alone is a lone dot at the edge), a bar one; `collecting` when values
 * have begun but a line has no segment yet (a new device); `empty` without any value.
 */
export type ChartState = 'draw' | 'collecting' | 'empty';

export function chartState(spec: Pick<ChartSpec, 'kind' | 'series'>): ChartState {
  const any = spec.series.some((s) => s.data.some((v) => v !== null));
  if (!any) return 'empty';
  if (spec.kind === 'bar') return 'draw';
  const segment = spec.series.some((s) =>
    s.data.some((v, i) => v !== null && i > 0 && s.data[i - 1] !== null),
  );
  return segment ? 'draw' : 'collecting';
}

function valueAxis(spec: ChartSpec): Record<string, unknown> {
  const base = { type: 'value', min: 0, ...(spec.max !== undefined ? { max: spec.max } : {}) };
  if (spec.axis === 'bytes') {
    const top = Math.max(0, ...spec.series.flatMap((s) => s.data.filter((v): v is number => v !== null)));
    const axis = byteAxis(top);
    return {
      ...base,
      max: axis.max,
      interval: axis.interval,
      axisLabel: { formatter: (v: number) => `${byteTickText(v, axis.power)}${spec.unitSuffix ?? ''}` },
    };
  }
  return {
    ...base,
    ...(spec.axis === 'count' ? { minInterval: 1 } : {}),
    axisLabel: { formatter: (v: number) => spec.format(v) },
  };
}

/**
 * An ECharts option for one of the device charts. Null values stay null: lines break and bars are
 * missing there, so a device that was away shows a gap, not a zero.
 */
export function chartOption(spec: ChartSpec): EChartsCoreOption {
  const shown = spec.labelShown;
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 8 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v: unknown) => (typeof v === 'number' ? spec.format(v) : '—'),
    },
    xAxis: {
      type: 'category',
      data: spec.labels,
      boundaryGap: spec.kind === 'bar',
      ...(shown
        ? { axisLabel: { interval: shown }, axisTick: { alignWithLabel: true, interval: shown } }
        : {}),
    },
    yAxis: valueAxis(spec),
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
