import type { EChartsCoreOption } from 'echarts/core';
import { byteAxis, byteTickText, bytesText } from '#shared/units.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Bucket starts as axis labels (browser time): hours when the buckets are hours of one day
 * (spec §9's 24 hourly buckets), day and hour when hours span days, month-day for daily buckets
 * (a week, a month).
 */
export function bucketLabels(times: readonly number[]): string[] {
  const step = times.length > 1 ? times[1]! - times[0]! : DAY;
  const first = times[0] ?? 0;
  const last = times[times.length - 1] ?? 0;
  const oneDay = new Date(first).toDateString() === new Date(last).toDateString();
  return times.map((t) => {
    const d = new Date(t);
    const day = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    const hour = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
    if (step >= DAY) return day;
    return oneDay ? hour : `${day} ${hour}`;
  });
}

/** Clock times for a live chart's points: hh:mm:ss. */
export function clockLabel(t: number): string {
  const d = new Date(t);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export interface FlowSeries {
  name: string;
  data: readonly (number | null)[];
  color: string;
  /** Stacked with the other series of the same stack name (upload over download). */
  stack?: string;
}

export type ValueKind = 'bytes' | 'rate' | 'count';

const formatOf = (kind: ValueKind) => (v: number) =>
  kind === 'count' ? String(v) : kind === 'rate' ? `${bytesText(v)}/s` : bytesText(v);

function valueAxis(kind: ValueKind, top: number): Record<string, unknown> {
  // Narrow charts (a phone) drop the ticks' labels that would overlap rather than print them on top.
  if (kind === 'count') return { type: 'value', min: 0, minInterval: 1, axisLabel: { hideOverlap: true } };
  // spec §9: ticks on round values of base-1024 units (0, 2, 4 MB), not ECharts' decimal steps.
  const axis = byteAxis(top);
  const suffix = kind === 'rate' ? '/s' : '';
  return {
    type: 'value',
    min: 0,
    max: axis.max,
    interval: axis.interval,
    axisLabel: { hideOverlap: true, formatter: (v: number) => `${byteTickText(v, axis.power)}${suffix}` },
  };
}

function topOf(series: readonly FlowSeries[]): number {
  const stacks = new Map<string, number[]>();
  let top = 0;
  for (const s of series) {
    if (!s.stack) {
      for (const v of s.data) top = Math.max(top, v ?? 0);
      continue;
    }
    const sums = stacks.get(s.stack) ?? [];
    s.data.forEach((v, i) => (sums[i] = (sums[i] ?? 0) + (v ?? 0)));
    stacks.set(s.stack, sums);
  }
  for (const sums of stacks.values()) for (const v of sums) top = Math.max(top, v ?? 0);
  return top;
}

/** Whether a chart of these series shows anything: some bucket with a value. */
export function hasValues(series: readonly FlowSeries[]): boolean {
  return series.some((s) => s.data.some((v) => v !== null && v !== 0));
}

/**
 * A time chart over buckets: bars or lines. Null values stay null (a gap, not a zero). No
 * animation: a live chart redrawn every second would never be still.
 */
export function timeOption(spec: {
  kind: 'line' | 'bar';
  labels: readonly string[];
  series: readonly FlowSeries[];
  value: ValueKind;
}): EChartsCoreOption {
  const format = formatOf(spec.value);
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 8 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '—') },
    xAxis: { type: 'category', data: [...spec.labels], boundaryGap: spec.kind === 'bar' },
    yAxis: valueAxis(spec.value, topOf(spec.series)),
    series: spec.series.map((s) => ({
      type: spec.kind,
      name: s.name,
      data: [...s.data],
      itemStyle: { color: s.color },
      ...(s.stack ? { stack: s.stack } : {}),
      ...(spec.kind === 'line'
        ? {
            showSymbol: spec.labels.length <= 48,
            symbolSize: 4,
            connectNulls: false,
            lineStyle: { width: 2 },
          }
        : { barMaxWidth: 18 }),
    })),
  };
}

/** A top-N chart: one horizontal bar per name (largest on top), stacked download and upload. */
export function rankOption(spec: {
  names: readonly string[];
  series: readonly FlowSeries[];
  value: ValueKind;
}): EChartsCoreOption {
  const format = formatOf(spec.value);
  // ECharts draws the first category at the bottom: reversed, the top of the ranking is on top.
  const reversed = [...spec.names].reverse();
  return {
    animation: false,
    grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
    legend: { top: 0, itemWidth: 14, itemHeight: 8 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      valueFormatter: (v: unknown) => (typeof v === 'number' ? format(v) : '—'),
    },
    xAxis: valueAxis(spec.value, topOf(spec.series)),
    yAxis: {
      type: 'category',
      data: reversed,
      axisLabel: { width: 120, overflow: 'truncate' },
    },
    series: spec.series.map((s) => ({
      type: 'bar',
      name: s.name,
      data: [...s.data].reverse(),
      itemStyle: { color: s.color },
      stack: s.stack ?? 'total',
      barMaxWidth: 16,
    })),
  };
}

/** The console's chart colours: download blue, upload green (as the device charts). */
export const FLOW_COLORS = {
  rx: '#1677ff',
  tx: '#52c41a',
  users: '#fa8c16',
  previous: '#8c8c8c',
  online: '#722ed1',
} as const;

/** A top-N chart of download and upload bytes, download first (the flow screens' rankings). */
export function trafficRankOption(spec: {
  names: readonly string[];
  rx: readonly number[];
  tx: readonly number[];
  rxName: string;
  txName: string;
}): EChartsCoreOption {
  return rankOption({
    names: spec.names,
    value: 'bytes',
    series: [
      { name: spec.rxName, data: spec.rx, color: FLOW_COLORS.rx },
      { name: spec.txName, data: spec.tx, color: FLOW_COLORS.tx },
    ],
  });
}
