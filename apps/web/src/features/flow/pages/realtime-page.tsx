import { useMemo, useRef, useState } from 'react';
import { Alert, Badge, Card, Segmented, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { FLOW_REALTIME_INTERVALS, type FlowRatePoint, type FlowRealtimeInterval } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { rateText } from '#shared/units.ts';
import { useNetworkChoices } from '#shared/networks.ts';
import { useLiveRates } from '../api/live-rates.ts';
import { clockLabel, FLOW_COLORS, timeOption } from '../components/chart-options.ts';
import type { CsvColumn } from '../components/csv.ts';
import { DeviceSelect } from '../components/device-select.tsx';
import { ExportPdfButton } from '#shared/pdf/export-pdf-button.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { FlowChart } from '../components/flow-chart.tsx';
import { NetworkSelect } from '../components/network-select.tsx';
import '../components/flow.css';

type Kind = 'network' | 'device';

/**
 * spec §2 /flow/realtimedata: the live upload and download rates of a network (its uplink) or of a
 * device, over the last minutes, pushed over a live socket every second or every 30 s (spec §9's
 * refresh options). Opens on the first network.
 */
export default function RealtimePage() {
  const { t } = useTranslation(['flow-realtime', 'flow-common']);
  // The page to PDF (spec §2's export), beside each table's CSV and each chart's PNG.
  const pageRef = useRef<HTMLDivElement>(null);
  const [kind, setKind] = useState<Kind>('network');
  const [network, setNetwork] = useState<string | undefined>();
  const [device, setDevice] = useState<{ id: string; label: string } | null>(null);
  const [interval, setIntervalMs] = useState<FlowRealtimeInterval>(1000);
  const networks = useNetworkChoices();
  // Until one is chosen, the first network.
  const shownNetwork = network ?? networks.data?.[0]?.id;

  const target =
    kind === 'network'
      ? shownNetwork
        ? { Network: shownNetwork }
        : null
      : device
        ? { Device: device.id }
        : null;
  const rates = useLiveRates(target, interval);
  const last = rates.points[rates.points.length - 1];

  const option = useMemo(() => {
    if (rates.points.length < 2) return null;
    return timeOption({
      kind: 'line',
      labels: rates.points.map((p) => clockLabel(p.Time)),
      value: 'rate',
      series: [
        { name: t('flow-common:series.rx'), data: rates.points.map((p) => p.RxRate), color: FLOW_COLORS.rx },
        { name: t('flow-common:series.tx'), data: rates.points.map((p) => p.TxRate), color: FLOW_COLORS.tx },
      ],
    });
  }, [rates.points, t]);

  const csvColumns: CsvColumn<FlowRatePoint>[] = [
    { title: t('csv.time'), value: (p) => formatDateTime(p.Time) },
    { title: t('csv.rx'), value: (p) => p.RxRate },
    { title: t('csv.tx'), value: (p) => p.TxRate },
    { title: t('csv.online'), value: (p) => p.Online },
  ];

  const badge =
    rates.state === 'live' ? (
      <Badge status="processing" text={t('state.live')} />
    ) : rates.state === 'idle' ? (
      <Badge status="default" text={t('state.idle')} />
    ) : rates.state === 'error' ? (
      <Badge status="error" text={t('state.error')} />
    ) : (
      <Badge status="warning" text={t(`state.${rates.state}`)} />
    );

  return (
    <div
      ref={pageRef}
      className="flow-page"
      data-testid="flow-realtime-page"
      data-state={rates.state}
      data-points={rates.points.length}
      data-last={last?.Time ?? ''}
    >
      <Card size="small">
        <div className="flow-toolbar">
          <div className="flow-filters">
            <Segmented<Kind>
              value={kind}
              onChange={setKind}
              options={[
                { value: 'network', label: t('kind.network') },
                { value: 'device', label: t('kind.device') },
              ]}
              aria-label={t('kind.label')}
              data-testid="flow-realtime-kind"
            />
            {kind === 'network' ? (
              <NetworkSelect
                value={shownNetwork}
                onChange={setNetwork}
                required
                testId="flow-realtime-network"
              />
            ) : (
              <DeviceSelect value={device} onChange={setDevice} testId="flow-realtime-device" />
            )}
            <Segmented<FlowRealtimeInterval>
              value={interval}
              onChange={setIntervalMs}
              options={FLOW_REALTIME_INTERVALS.map((ms) => ({ value: ms, label: t(`interval.${ms}`) }))}
              aria-label={t('interval.label')}
              data-testid="flow-realtime-interval"
            />
          </div>
          <span className="flow-exports">
            <ExportCsvButton
              fileName="live-rates"
              columns={csvColumns}
              rows={() => rates.points}
              disabled={rates.points.length === 0}
              testId="flow-realtime-csv"
            />
            <ExportPdfButton target={pageRef} fileName="real-time-data" data-testid="flow-realtime-pdf" />
          </span>
        </div>
      </Card>
      {rates.error && (
        <Alert type="error" showIcon message={rates.error.message} data-testid="flow-realtime-error" />
      )}
      <div className="flow-totals">
        <Card size="small" className="flow-total">
          <Statistic title={t('now.rx')} value={last ? rateText(last.RxRate) : '—'} />
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('now.tx')} value={last ? rateText(last.TxRate) : '—'} />
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('now.online')} value={last?.Online ?? '—'} />
        </Card>
        <Card size="small" className="flow-total">
          <div className="flow-stack">
            <span className="flow-small flow-muted">{t('now.state')}</span>
            <span data-testid="flow-realtime-state">{badge}</span>
            {last && <span className="flow-small flow-muted">{formatDateTime(last.Time)}</span>}
          </div>
        </Card>
      </div>
      <FlowChart
        title={t('chart.title')}
        option={option}
        loading={rates.state === 'connecting' || rates.state === 'waiting'}
        fileName="live-rates"
        height={320}
        testId="flow-realtime-chart"
      />
    </div>
  );
}
