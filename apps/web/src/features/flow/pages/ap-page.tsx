import { useMemo, useRef, useState } from 'react';
import { Card, Select, Tag, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  DeviceType,
  FLOW_DEVICE_SORTS,
  deviceTypeLabels,
  type FlowApItem,
  type FlowDeviceSort,
  type Lang,
} from '@netconsole/contract';
import { bytesText } from '#shared/units.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { fetchDeviceTrafficRows, useDeviceSeries, useDeviceTraffic } from '../api/devices.ts';
import {
  bucketLabels,
  FLOW_COLORS,
  hasValues,
  timeOption,
  trafficRankOption,
} from '../components/chart-options.ts';
import { FlowSearch } from '../components/flow-search.tsx';
import type { CsvColumn } from '../components/csv.ts';
import { ExportPdfButton } from '#shared/pdf/export-pdf-button.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { FlowChart } from '../components/flow-chart.tsx';
import { FlowTable, type RankOrder } from '../components/flow-table.tsx';
import { NetworkSelect } from '../components/network-select.tsx';
import { PeriodPicker, TODAY, type PeriodValue } from '../components/period-picker.tsx';
import { TopSelect } from '../components/top-select.tsx';
import '../components/flow.css';

const TYPES = [DeviceType.AP, DeviceType.Switch, DeviceType.Router, DeviceType.AC] as const;
const nameOf = (d: Pick<FlowApItem, 'Alias' | 'SN'>) => d.Alias || d.SN;

/**
 * spec §2 /flow/listAP, "traffic statistics": the AP traffic list of spec §3 (Alias, TxBT, MAC; with
 * download, network and model) for a period, ranked and paged, for one network or all, and for the
 * other device types too; the top N as a chart; a chosen device's upload and download per bucket
 * (24 hours, the week's or the month's days).
 */
export default function ApPage() {
  const { t, i18n } = useTranslation(['flow-ap', 'flow-common']);
  // The page to PDF (spec §2's export), beside each table's CSV and each chart's PNG.
  const pageRef = useRef<HTMLDivElement>(null);
  const lang = i18n.language as Lang;
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<PeriodValue>(TODAY);
  const [network, setNetwork] = useState<string | undefined>();
  const [type, setType] = useState<DeviceType>(DeviceType.AP);
  const [order, setOrder] = useState<RankOrder<FlowDeviceSort>>({ Sort: 'traffic', Order: 'desc' });
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const [topN, setTopN] = useState(10);
  const [chosen, setChosen] = useState<FlowApItem | null>(null);
  const search = useTypedSearch(setPaging);
  const filters = { ...period, Network: network, Type: type, search: paging.search || undefined };
  const list = useDeviceTraffic({ ...filters, ...order, page: paging.page, limit: paging.limit });
  const top = useDeviceTraffic({ ...filters, Sort: 'traffic', Order: 'desc', page: 1, limit: topN });
  // The device whose history is drawn: the one clicked, else the list's first.
  const device = chosen ?? list.data?.list[0] ?? null;
  const history = useDeviceSeries({ ...period, Devices: device?._id });

  const firstPage = () => setPaging((p) => ({ ...p, page: 1 }));
  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setChosen(null);
      firstPage();
    };

  const topOption = useMemo(() => {
    const rows = top.data?.list ?? [];
    if (!rows.some((r) => r.Total > 0)) return null;
    return trafficRankOption({
      names: rows.map(nameOf),
      rx: rows.map((r) => r.RxBT),
      tx: rows.map((r) => r.TxBT),
      rxName: t('flow-common:series.rx'),
      txName: t('flow-common:series.tx'),
    });
  }, [top.data, t]);

  const historyOption = useMemo(() => {
    const reply = history.data;
    const one = reply?.list[0];
    if (!reply || !one) return null;
    const series = [
      { name: t('flow-common:series.rx'), data: one.RxBytes, color: FLOW_COLORS.rx, stack: 'now' },
      { name: t('flow-common:series.tx'), data: one.TxBytes, color: FLOW_COLORS.tx, stack: 'now' },
    ];
    if (!hasValues(series)) return null;
    return timeOption({ kind: 'bar', labels: bucketLabels(reply.Time), value: 'bytes', series });
  }, [history.data, t]);

  const columns: TableColumnsType<FlowApItem> = [
    { key: 'rank', title: t('column.rank'), width: 64, responsive: ['sm'], render: (_, d) => d.Rank },
    {
      key: 'alias',
      title: t('column.alias'),
      render: (_, d) => (
        <div className="flow-stack">
          <span className="flow-name">
            <span className="flow-rank-inline">{d.Rank}. </span>
            {nameOf(d)}{' '}
            {!d.Online && (
              <Tag className="flow-small" bordered={false}>
                {t('offline')}
              </Tag>
            )}
          </span>
          <span className="flow-small flow-muted flow-mono">{d.SN}</span>
        </div>
      ),
    },
    {
      key: 'mac',
      title: t('column.mac'),
      responsive: ['lg'],
      render: (_, d) => <span className="flow-mono flow-nowrap">{d.MAC}</span>,
    },
    {
      key: 'network',
      title: t('column.network'),
      responsive: ['md'],
      render: (_, d) => <span className="flow-wrap">{d.NetworkName ?? '—'}</span>,
    },
    {
      key: 'tx',
      title: t('column.tx'),
      render: (_, d) => <span className="flow-nowrap">{bytesText(d.TxBT)}</span>,
    },
    {
      key: 'rx',
      title: t('column.rx'),
      responsive: ['sm'],
      render: (_, d) => <span className="flow-nowrap">{bytesText(d.RxBT)}</span>,
    },
    {
      key: 'traffic',
      title: t('column.total'),
      render: (_, d) => <span className="flow-nowrap">{bytesText(d.Total)}</span>,
    },
  ];

  const csvColumns: CsvColumn<FlowApItem>[] = [
    { title: t('column.rank'), value: (d) => d.Rank },
    { title: t('column.alias'), value: (d) => d.Alias },
    { title: 'SN', value: (d) => d.SN },
    { title: t('column.mac'), value: (d) => d.MAC },
    { title: t('column.model'), value: (d) => d.Model },
    { title: t('column.network'), value: (d) => d.NetworkName },
    { title: t('csv.tx'), value: (d) => d.TxBT },
    { title: t('csv.rx'), value: (d) => d.RxBT },
    { title: t('csv.total'), value: (d) => d.Total },
  ];

  return (
    <div ref={pageRef} className="flow-page" data-testid="flow-ap-page">
      <Card size="small">
        <div className="flow-toolbar">
          <div className="flow-filters">
            <PeriodPicker value={period} onChange={refilter(setPeriod)} testId="flow-ap-period" />
            <NetworkSelect value={network} onChange={refilter(setNetwork)} testId="flow-ap-network" />
            <Select<DeviceType>
              value={type}
              onChange={refilter(setType)}
              options={TYPES.map((v) => ({ value: v, label: deviceTypeLabels[v][lang] }))}
              aria-label={t('type')}
              style={{ minWidth: 110 }}
              data-testid="flow-ap-type"
            />
          </div>
          <span className="flow-exports">
            <ExportCsvButton
              fileName="device-traffic"
              columns={csvColumns}
              rows={async () => (await fetchDeviceTrafficRows(queryClient, { ...filters, ...order })).list}
              disabled={!list.data?.count}
              testId="flow-ap-csv"
            />
            <ExportPdfButton target={pageRef} fileName="device-traffic" data-testid="flow-ap-pdf" />
          </span>
        </div>
      </Card>
      <div className="flow-charts">
        <FlowChart
          title={t('chart.top', { n: topN })}
          option={topOption}
          loading={top.isPending}
          fileName="top-devices"
          extra={<TopSelect value={topN} onChange={setTopN} testId="flow-ap-topn" />}
          testId="flow-ap-top"
        />
        <FlowChart
          title={device ? t('chart.device', { name: nameOf(device) }) : t('chart.deviceNone')}
          option={historyOption}
          loading={Boolean(device) && history.isPending}
          fileName={`traffic-${device?.SN ?? 'device'}`}
          testId="flow-ap-history"
        />
      </div>
      <Card size="small" title={t('table.title')}>
        <div className="flow-toolbar" style={{ marginBottom: 12 }}>
          <FlowSearch search={search} label={t('table.search')} testId="flow-ap-search" />
          <span className="flow-small flow-muted">{t('table.hint')}</span>
        </div>
        <FlowTable<FlowApItem, FlowDeviceSort>
          columns={columns}
          sorts={FLOW_DEVICE_SORTS}
          order={order}
          onOrder={(o) => {
            setOrder(o);
            firstPage();
          }}
          rows={list.data?.list}
          count={list.data?.count ?? 0}
          loading={list.isFetching && !list.data}
          page={paging.page}
          limit={paging.limit}
          onPage={(page, limit) => setPaging((p) => ({ ...p, page, limit }))}
          empty={<span data-testid="flow-ap-empty">{t('table.empty')}</span>}
          rowTestId={(d) => `flow-ap-row-${d.SN}`}
          onRowClick={setChosen}
          selectedId={device?._id}
          testId="flow-ap-table"
        />
      </Card>
    </div>
  );
}
