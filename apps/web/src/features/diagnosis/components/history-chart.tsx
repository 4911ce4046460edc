import { useMemo, useState } from 'react';
import { DatePicker, Empty, Select } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import {
  DIAG_HISTORY_DEFAULT_MS,
  DIAG_HISTORY_DEVICES_MAX,
  type DiagnosisHistoryReply,
  type HistorySeries,
} from '@netconsole/contract';
import { LazyChart } from '#shared/chart/lazy-chart.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useHistory } from '../api/runs.ts';

/** One colour per device, in the order chosen (at most DIAG_HISTORY_DEVICES_MAX). */
const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2'];

export interface ChartDevice {
  id: string;
  name: string;
}

interface Labels {
  avg: string;
  band: string;
  loss: string;
}

/** Point pairs [time, value] for a time axis; a missing value breaks the line. */
const pairs = (s: HistorySeries, pick: (p: HistorySeries['Points'][number]) => number | null) =>
  s.Points.map((p) => [p.Time, pick(p)]);

/**
 * Latency over time: each device's average as a line; with one device, its min-max spread as a
 * band under it (two stacked series: min invisible, max − min filled). Side by side, the bands
 * would hide each other, so only the lines show.
 */
export function latencyOption(reply: DiagnosisHistoryReply, labels: Labels): EChartsCoreOption {
  const band = reply.list.length === 1;
  const series = reply.list.flatMap((s, i) => {
    const color = COLORS[i % COLORS.length]!;
    const avg = {
      name: s.Name,
      type: 'line',
      showSymbol: s.Points.length < 60,
      connectNulls: false,
      data: pairs(s, (p) => p.Avg),
      itemStyle: { color },
      lineStyle: { width: 2 },
    };
    if (!band) return [avg];
    return [
      {
        name: `${s.Name} min`,
        type: 'line',
        stack: `band-${i}`,
        data: pairs(s, (p) => p.Min),
        lineStyle: { opacity: 0 },
        showSymbol: false,
        tooltip: { show: false },
        silent: true,
      },
      {
        name: labels.band,
        type: 'line',
        stack: `band-${i}`,
        data: pairs(s, (p) => (p.Max === null || p.Min === null ? null : +(p.Max - p.Min).toFixed(1))),
        lineStyle: { opacity: 0 },
        areaStyle: { color, opacity: 0.18 },
        showSymbol: false,
        silent: true,
      },
      avg,
    ];
  });
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, data: reply.list.map((s) => s.Name), type: 'scroll' },
    tooltip: {
      trigger: 'axis',
      formatter: (items: { axisValue: number; seriesName: string; data: [number, number | null] }[]) =>
        tooltipText(reply, items[0]?.axisValue ?? 0, labels),
    },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: 'ms', min: 0 },
    series,
  };
}

/** The tooltip of a moment: each device's avg, min-max and loss at it. */
function tooltipText(reply: DiagnosisHistoryReply, time: number, labels: Labels): string {
  const lines = reply.list.flatMap((s) => {
    const p = s.Points.find((x) => x.Time === time);
    if (!p) return [];
    const rtt = p.Avg === null ? '—' : `${p.Avg} ms (${p.Min}–${p.Max})`;
    return [`${escapeHtml(s.Name)}: ${labels.avg} ${rtt}, ${labels.loss} ${p.Loss}%`];
  });
  return [formatDateTime(time), ...lines].join('<br/>');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Loss over time, one line per device, 0-100 %. */
export function lossOption(reply: DiagnosisHistoryReply): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 36, bottom: 28 },
    legend: { top: 0, type: 'scroll' },
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `${v}%` },
    xAxis: { type: 'time' },
    yAxis: { type: 'value', name: '%', min: 0, max: 100 },
    series: reply.list.map((s, i) => ({
      name: s.Name,
      type: 'line',
      step: 'middle',
      showSymbol: false,
      data: pairs(s, (p) => p.Loss),
      itemStyle: { color: COLORS[i % COLORS.length] },
    })),
  };
}

export interface HistoryChartProps {
  /** The devices to choose from (a run's), the first chosen to start with. */
  devices: ChartDevice[];
  initialDevice: string;
  targets: string[];
  initialTarget: string;
}

/**
 * A target's latency (average with its min-max band) and loss over time, from the recurring runs,
 * for one device or up to six side by side (GET /v1/diagnose/getHistoryIssued). The last seven
 * days to start with.
 */
export function HistoryChart({ devices, initialDevice, targets, initialTarget }: HistoryChartProps) {
  const { t } = useTranslation('diagnosis-record');
  const [chosen, setChosen] = useState<string[]>([initialDevice]);
  const [target, setTarget] = useState(initialTarget);
  const [range, setRange] = useState(() => {
    const end = Date.now();
    return { start: end - DIAG_HISTORY_DEFAULT_MS, end };
  });
  const history = useHistory({ devices: chosen, target, start: range.start, end: range.end });
  const labels = useMemo(() => ({ avg: t('chart.avg'), band: t('chart.band'), loss: t('chart.loss') }), [t]);
  const latency = useMemo(
    () => (history.data ? latencyOption(history.data, labels) : null),
    [history.data, labels],
  );
  const loss = useMemo(() => (history.data ? lossOption(history.data) : null), [history.data]);
  const points = history.data?.list.reduce((n, s) => n + s.Points.length, 0) ?? 0;

  return (
    <div className="diag-chart" data-testid="diag-chart" data-points={history.isFetching ? '' : points}>
      <div className="diag-chart-controls">
        <Select
          mode="multiple"
          className="diag-chart-devices"
          value={chosen}
          maxCount={DIAG_HISTORY_DEVICES_MAX}
          options={devices.map((d) => ({ value: d.id, label: d.name }))}
          onChange={(ids: string[]) => ids.length > 0 && setChosen(ids)}
          aria-label={t('chart.devices', { max: DIAG_HISTORY_DEVICES_MAX })}
          placeholder={t('chart.devices', { max: DIAG_HISTORY_DEVICES_MAX })}
          optionFilterProp="label"
          data-testid="diag-chart-devices"
        />
        <Select
          className="diag-filter"
          value={target}
          options={targets.map((v) => ({ value: v, label: v }))}
          onChange={setTarget}
          aria-label={t('chart.target')}
          data-testid="diag-chart-target"
        />
        <DatePicker.RangePicker
          className="diag-range"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          value={[dayjs(range.start), dayjs(range.end)]}
          onChange={(dates) => {
            if (dates?.[0] && dates[1]) setRange({ start: dates[0].valueOf(), end: dates[1].valueOf() });
          }}
          aria-label={t('chart.range')}
        />
      </div>
      <p className="diag-muted diag-small">{t('chart.hint', { max: DIAG_HISTORY_DEVICES_MAX })}</p>
      {latency && loss && points > 0 ? (
        <>
          <h3 className="diag-chart-title">{t('chart.latency')}</h3>
          <LazyChart option={latency} height={260} data-testid="diag-chart-latency" />
          <h3 className="diag-chart-title">{t('chart.lossTitle')}</h3>
          <LazyChart option={loss} height={180} data-testid="diag-chart-loss" />
        </>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={history.isPending ? t('chart.loading') : t('chart.empty')}
          data-testid="diag-chart-empty"
        />
      )}
    </div>
  );
}
