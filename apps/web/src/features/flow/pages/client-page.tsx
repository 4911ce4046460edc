import { useMemo, useRef, useState } from 'react';
import { Button, Card, Tabs, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  FLOW_CLIENT_SORTS,
  type FlowClientItem,
  type FlowClientSort,
} from '@netconsole/contract';
import { bytesText, durationText } from '#shared/units.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { fetchClientTrafficRows, useClientTraffic, useTopClients, useTotalFlow } from '../api/clients.ts';
import {
  bucketLabels,
  FLOW_COLORS,
  hasValues,
  timeOption,
  trafficRankOption,
} from '../components/chart-options.ts';
import { FlowSearch } from '../components/flow-search.tsx';
import type { CsvColumn } from '../components/csv.ts';
import { DnsBehaviour } from '../components/dns-behaviour.tsx';
import { ExportPdfButton } from '#shared/pdf/export-pdf-button.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { FlowChart } from '../components/flow-chart.tsx';
import { FlowTable, type RankOrder } from '../components/flow-table.tsx';
import { NetworkSelect } from '../components/network-select.tsx';
import { PeriodPicker, TODAY, type PeriodValue } from '../components/period-picker.tsx';
import { TopSelect } from '../components/top-select.tsx';
import '../components/flow.css';

type View = 'traffic' | 'dns';
const nameOf = (c: Pick<FlowClientItem, 'Alias' | 'Name' | 'MAC'>) => c.Alias || c.Name || c.MAC;

/**
 * spec §2 /flow/listClient, "device analysis": clients ranked by traffic, online time or
 * connections over a period, with their maker (from the MAC's OUI) and random MACs marked; the top
 * N as a chart; a client's traffic per bucket (all clients' until one is clicked); and the DNS
 * behaviour of the same period and network.
 */
export default function ClientPage() {
  const { t } = useTranslation(['flow-client', 'flow-common']);
  // The page to PDF (spec §2's export), beside each table's CSV and each chart's PNG.
  const pageRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('traffic');
  const [period, setPeriod] = useState<PeriodValue>(TODAY);
  const [network, setNetwork] = useState<string | undefined>();
  const [order, setOrder] = useState<RankOrder<FlowClientSort>>({ Sort: 'traffic', Order: 'desc' });
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const [topN, setTopN] = useState(10);
  const [chosen, setChosen] = useState<FlowClientItem | null>(null);
  const search = useTypedSearch(setPaging);
  const filters = { ...period, Network: network, search: paging.search || undefined };
  const list = useClientTraffic({ ...filters, ...order, page: paging.page, limit: paging.limit });
  const top = useTopClients({ ...period, Network: network, Top: topN });
  const history = useTotalFlow({ ...period, ...(chosen ? { _id: chosen._id } : { Network: network }) });
  const units = {
    d: t('flow-common:unit.d'),
    h: t('flow-common:unit.h'),
    m: t('flow-common:unit.m'),
    s: t('flow-common:unit.s'),
  };

  const refilter =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setChosen(null);
      setPaging((p) => ({ ...p, page: 1 }));
    };

  const topOption = useMemo(() => {
    const rows = top.data?.list ?? [];
    if (!rows.some((r) => r.Total > 0)) return null;
    // A client's download is what was sent to it (Tx), its upload what it sent (Rx).
    return trafficRankOption({
      names: rows.map(nameOf),
      rx: rows.map((r) => r.TxBytes),
      tx: rows.map((r) => r.RxBytes),
      rxName: t('flow-common:series.rx'),
      txName: t('flow-common:series.tx'),
    });
  }, [top.data, t]);

  const historyOption = useMemo(() => {
    const reply = history.data;
    if (!reply) return null;
    // The client's download is what was sent to it (TxSeries), its upload what it sent (RxSeries).
    const series = [
      { name: t('flow-common:series.rx'), data: reply.TxSeries, color: FLOW_COLORS.rx, stack: 'now' },
      { name: t('flow-common:series.tx'), data: reply.RxSeries, color: FLOW_COLORS.tx, stack: 'now' },
    ];
    if (!hasValues(series)) return null;
    return timeOption({ kind: 'bar', labels: bucketLabels(reply.Time), value: 'bytes', series });
  }, [history.data, t]);

  const randomTag = (
    <Tooltip title={t('randomHint')}>
      <Tag color="gold" bordered={false} className="flow-small" tabIndex={0}>
        {t('random')}
      </Tag>
    </Tooltip>
  );
  const columns: TableColumnsType<FlowClientItem> = [
    { key: 'rank', title: t('column.rank'), width: 64, responsive: ['sm'], render: (_, c) => c.Rank },
    {
      key: 'client',
      title: t('column.client'),
      render: (_, c) => (
        <div className="flow-stack">
          <span className="flow-name">
            <span className="flow-rank-inline">{c.Rank}. </span>
            {nameOf(c)}
          </span>
          <span className="flow-small flow-muted flow-mono">
            {c.MAC} {c.RandomMAC && randomTag}
          </span>
        </div>
      ),
    },
    {
      key: 'vendor',
      title: t('column.vendor'),
      responsive: ['lg'],
      render: (_, c) => (
        <span className="flow-wrap">
          {c.Vendor ?? (c.RandomMAC ? t('vendorRandom') : t('vendorUnknown'))}
        </span>
      ),
    },
    {
      key: 'where',
      title: t('column.where'),
      responsive: ['xl'],
      render: (_, c) => (
        <div className="flow-stack">
          <span className="flow-wrap">{c.NetworkName ?? '—'}</span>
          <span className="flow-small flow-muted flow-wrap">{c.DeviceAlias || c.DeviceSN || ''}</span>
        </div>
      ),
    },
    {
      key: 'traffic',
      title: t('column.traffic'),
      render: (_, c) => (
        <div className="flow-stack">
          <span className="flow-nowrap">{bytesText(c.Total)}</span>
          <span className="flow-small flow-muted flow-nowrap">
            ↓ {bytesText(c.TxBytes)} · ↑ {bytesText(c.RxBytes)}
          </span>
        </div>
      ),
    },
    {
      key: 'online',
      title: t('column.online'),
      responsive: ['md'],
      render: (_, c) => <span className="flow-nowrap">{durationText(c.OnlineTime, units)}</span>,
    },
    {
      key: 'connections',
      title: t('column.connections'),
      responsive: ['sm'],
      render: (_, c) => c.Connections,
    },
  ];

  const csvColumns: CsvColumn<FlowClientItem>[] = [
    { title: t('column.rank'), value: (c) => c.Rank },
    { title: 'MAC', value: (c) => c.MAC },
    { title: t('csv.name'), value: (c) => c.Name },
    { title: t('csv.alias'), value: (c) => c.Alias },
    { title: t('column.vendor'), value: (c) => c.Vendor },
    { title: t('random'), value: (c) => (c.RandomMAC ? 1 : 0) },
    { title: t('csv.network'), value: (c) => c.NetworkName },
    { title: t('csv.device'), value: (c) => c.DeviceAlias || c.DeviceSN },
    { title: t('csv.down'), value: (c) => c.TxBytes },
    { title: t('csv.up'), value: (c) => c.RxBytes },
    { title: t('csv.total'), value: (c) => c.Total },
    { title: t('csv.online'), value: (c) => c.OnlineTime },
    { title: t('column.connections'), value: (c) => c.Connections },
  ];

  const traffic = (
    <div className="flow-page">
      <div className="flow-charts">
        <FlowChart
          title={t('chart.top', { n: topN })}
          option={topOption}
          loading={top.isPending}
          fileName="top-clients"
          extra={<TopSelect value={topN} onChange={setTopN} testId="flow-client-topn" />}
          testId="flow-client-top"
        />
        <FlowChart
          title={chosen ? t('chart.client', { name: nameOf(chosen) }) : t('chart.all')}
          option={historyOption}
          loading={history.isPending}
          fileName={`traffic-${chosen?.MAC.replace(/:/g, '') ?? 'clients'}`}
          extra={
            chosen && (
              <Button size="small" type="link" onClick={() => setChosen(null)} data-testid="flow-client-all">
                {t('chart.showAll')}
              </Button>
            )
          }
          testId="flow-client-history"
        />
      </div>
      <Card size="small" title={t('table.title')}>
        <div className="flow-toolbar" style={{ marginBottom: 12 }}>
          <FlowSearch search={search} label={t('table.search')} testId="flow-client-search" />
          <ExportCsvButton
            fileName="client-traffic"
            columns={csvColumns}
            rows={async () => (await fetchClientTrafficRows(queryClient, { ...filters, ...order })).list}
            disabled={!list.data?.count}
            testId="flow-client-csv"
          />
        </div>
        <FlowTable<FlowClientItem, FlowClientSort>
          columns={columns}
          sorts={FLOW_CLIENT_SORTS}
          order={order}
          onOrder={(o) => {
            setOrder(o);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          rows={list.data?.list}
          count={list.data?.count ?? 0}
          loading={list.isFetching && !list.data}
          page={paging.page}
          limit={paging.limit}
          onPage={(page, limit) => setPaging((p) => ({ ...p, page, limit }))}
          empty={<span data-testid="flow-client-empty">{t('table.empty')}</span>}
          rowTestId={(c) => `flow-client-row-${c.MAC}`}
          onRowClick={setChosen}
          selectedId={chosen?._id}
          testId="flow-client-table"
        />
      </Card>
    </div>
  );

  return (
    <div ref={pageRef} className="flow-page" data-testid="flow-client-page">
      <Card size="small">
        <div className="flow-filters">
          <PeriodPicker value={period} onChange={refilter(setPeriod)} testId="flow-client-period" />
          <NetworkSelect value={network} onChange={refilter(setNetwork)} testId="flow-client-network" />
          <ExportPdfButton target={pageRef} fileName="client-analysis" data-testid="flow-client-pdf" />
        </div>
      </Card>
      <Tabs
        activeKey={view}
        onChange={(key) => setView(key as View)}
        destroyOnHidden
        items={[
          { key: 'traffic', label: t('tab.traffic'), children: traffic },
          {
            key: 'dns',
            label: <span data-testid="flow-client-tab-dns">{t('tab.dns')}</span>,
            children: <DnsBehaviour period={period} network={network} />,
          },
        ]}
      />
    </div>
  );
}
