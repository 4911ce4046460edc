import { useMemo } from 'react';
import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceType, type TelemetryRange } from '@netconsole/contract';
import { LazyChart } from '#shared/chart/lazy-chart.tsx';
import { bytesText, rateText } from '#shared/units.ts';
import { useChart, type ChartPath, type ChartReplies } from '../api/get-chart.ts';
import type { ChartParams } from '../api/keys.ts';
import { chartOption, chartState, labelPicker, timeLabels, type ChartSpec } from './chart-options.ts';

const COLORS = {
  rx: '#1677ff',
  tx: '#52c41a',
  cpu: '#fa8c16',
  mem: '#722ed1',
  temp: '#f5222d',
  poe: '#13c2c2',
};

const percent = (v: number) => `${v}%`;
const celsius = (v: number) => `${v} °C`;
const watts = (v: number) => `${v} W`;
const count = (v: number) => String(v);

interface ChartCardProps<P extends ChartPath> {
  path: P;
  params: ChartParams;
  name: string;
  title: string;
  /** The chart of a reply; `extra` is shown in the card's header. */
  spec: (reply: ChartReplies[P], labels: string[]) => ChartSpec & { extra?: string };
}

/** A card with one chart of the device: its call, refreshed on the screen's beat. */
function ChartCard<P extends ChartPath>({ path, params, name, title, spec }: ChartCardProps<P>) {
  const { t } = useTranslation('telemetry-info');
  const reply = useChart(path, params);
  const built = useMemo(() => {
    if (!reply.data) return null;
    const times = reply.data.Time;
    return {
      ...spec(reply.data, timeLabels(times, params.range)),
      labelShown: labelPicker(times, params.range),
    };
  }, [reply.data, params.range, spec]);
  const state = built ? chartState(built) : null;
  const option = useMemo(() => (built ? chartOption(built) : null), [built]);
  return (
    <Card
      size="small"
      title={title}
      extra={built?.extra}
      data-testid={`device-info-chart-${name}`}
      data-state={reply.isPending ? 'loading' : (state ?? 'empty')}
    >
      {option && state === 'draw' ? (
        <LazyChart option={option} height={220} data-testid={`device-info-chart-${name}-canvas`} />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            reply.isPending
              ? t('charts.loading')
              : state === 'collecting'
                ? t('charts.collecting')
                : t('charts.noData')
          }
          style={{ height: 188 }}
        />
      )}
    </Card>
  );
}

/** spec §3 chart fields over spec §9's buckets: CPU/memory, rates, traffic, temperature, PoE, clients. */
export function DeviceCharts({
  id,
  type,
  range,
}: {
  id: string;
  type: number | null;
  range: TelemetryRange;
}) {
  const { t } = useTranslation('telemetry-info');
  const params = useMemo(() => ({ id, range }), [id, range]);
  const s = (key: string) => t(`series.${key}`);
  return (
    <div className="device-info-charts">
      <ChartCard
        path="/v1/device/getcpu"
        params={params}
        name="cpu"
        title={t('charts.cpu')}
        spec={(r, labels) => ({
          kind: 'line',
          labels,
          max: 100,
          format: percent,
          series: [
            { name: s('cpu'), data: r.CPUUsed, color: COLORS.cpu },
            { name: s('memory'), data: r.MemoryUsed, color: COLORS.mem },
          ],
        })}
      />
      <ChartCard
        path="/v1/device/getDeviceRate"
        params={params}
        name="rate"
        title={t('charts.rate')}
        spec={(r, labels) => ({
          kind: 'line',
          labels,
          format: rateText,
          axis: 'bytes',
          unitSuffix: '/s',
          series: [
            { name: s('rx'), data: r.RxRate, color: COLORS.rx },
            { name: s('tx'), data: r.TxRate, color: COLORS.tx },
            { name: s('rxPeak'), data: r.RxRateMax, color: COLORS.rx, dashed: true },
            { name: s('txPeak'), data: r.TxRateMax, color: COLORS.tx, dashed: true },
          ],
        })}
      />
      <ChartCard
        path="/v1/device/getDeviceTotalFlow"
        params={params}
        name="flow"
        title={t('charts.flow')}
        spec={(r, labels) => ({
          kind: 'bar',
          labels,
          format: bytesText,
          axis: 'bytes',
          extra:
            r.TotalRxBytes === null
              ? undefined
              : t('charts.flowTotal', { rx: bytesText(r.TotalRxBytes), tx: bytesText(r.TotalTxBytes ?? 0) }),
          series: [
            { name: s('rx'), data: r.RxBytes, color: COLORS.rx },
            { name: s('tx'), data: r.TxBytes, color: COLORS.tx },
          ],
        })}
      />
      <ChartCard
        path="/v1/device/getDeviceThermometer"
        params={params}
        name="temperature"
        title={t('charts.temperature')}
        spec={(r, labels) => ({
          kind: 'line',
          labels,
          format: celsius,
          series: [
            { name: s('temperature'), data: r.Temperature, color: COLORS.temp },
            { name: s('temperatureMax'), data: r.TemperatureMax, color: COLORS.temp, dashed: true },
          ],
        })}
      />
      {type === DeviceType.Switch && (
        <ChartCard
          path="/v1/device/getDevicePower"
          params={params}
          name="power"
          title={t('charts.power')}
          spec={(r, labels) => ({
            kind: 'line',
            labels,
            format: watts,
            series: [
              { name: s('delivered'), data: r.PowerDelivered, color: COLORS.poe },
              { name: s('budget'), data: r.PowerBudget, color: '#8c8c8c', dashed: true },
            ],
          })}
        />
      )}
      <ChartCard
        path="/v1/device/reclcount"
        params={params}
        name="clients"
        title={t('charts.clients')}
        spec={(r, labels) => ({
          kind: 'bar',
          labels,
          format: count,
          axis: 'count',
          series: [{ name: s('clients'), data: r.HourNumber, color: COLORS.rx }],
        })}
      />
    </div>
  );
}
