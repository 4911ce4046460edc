import { useMemo, useRef, useState } from 'react';
import { Card, Statistic, type TableColumnsType } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  FLOW_LIST_SORTS,
  type FlowListAllReply,
  type FlowListSort,
  type FlowNetworkItem,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { bytesText } from '#shared/units.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { FLOW_KEY } from '../api/keys.ts';
import { fetchAllRankings, useAggregate, useRankings } from '../api/rankings.ts';
import { Change } from '../components/change.tsx';
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
import { PeriodPicker, TODAY, type PeriodValue } from '../components/period-picker.tsx';
import '../components/flow.css';

const TOP = 10;

/**
 * spec §2 /flow/list, "site rankings": the networks ranked by traffic, users or devices online over
 * today, 7 days, 30 days or days of one's choice, with the tenant's totals against the previous
 * period, the traffic per bucket (24 hours, or days) beside the previous period's, the top networks,
 * and the ranking as CSV.
 */
export default function ListPage() {
  const { t } = useTranslation(['flow-list', 'flow-common']);
  // The page to PDF (spec §2's export), beside each table's CSV and each chart's PNG.
  const pageRef = useRef<HTMLDivElement>(null);
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<PeriodValue>(TODAY);
  const [order, setOrder] = useState<RankOrder<FlowListSort>>({ Sort: 'traffic', Order: 'desc' });
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_LIMIT, search: '' });
  const search = useTypedSearch(setPaging);
  const filters = { ...period, ...order, search: paging.search || undefined };
  const rankings = useRankings({ ...filters, page: paging.page, limit: paging.limit });
  const totals = useAggregate(period);
  // The top networks by traffic whatever the table's order: the chart says who carries the most.
  const top = useQuery({
    queryKey: [...FLOW_KEY, 'listAll', 'top', period],
    queryFn: ({ signal }) =>
      api.get<FlowListAllReply>('/v1/flow/listAll', { query: { ...period, Sort: 'traffic' }, signal }),
    select: (reply) => reply.list.slice(0, TOP),
  });

  const changePeriod = (value: PeriodValue) => {
    setPeriod(value);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const changeOrder = (value: RankOrder<FlowListSort>) => {
    setOrder(value);
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const agg = totals.data;
  const seriesOption = useMemo(() => {
    if (!agg) return null;
    // The previous period's total per bucket, as a bar beside this period's stack of download and upload.
    const previous = agg.PrevTxSeries.map((tx, i) =>
      tx === null && agg.PrevRxSeries[i] === null ? null : (tx ?? 0) + (agg.PrevRxSeries[i] ?? 0),
    );
    const series = [
      { name: t('flow-common:series.rx'), data: agg.RxSeries, color: FLOW_COLORS.rx, stack: 'now' },
      { name: t('flow-common:series.tx'), data: agg.TxSeries, color: FLOW_COLORS.tx, stack: 'now' },
    ];
    if (!hasValues(series)) return null;
    return timeOption({
      kind: 'bar',
      labels: bucketLabels(agg.Time),
      value: 'bytes',
      series: [
        ...series,
        { name: t('flow-common:series.previous'), data: previous, color: FLOW_COLORS.previous },
      ],
    });
  }, [agg, t]);

  const topOption = useMemo(() => {
    const rows = top.data ?? [];
    if (!rows.some((r) => r.Total > 0)) return null;
    return trafficRankOption({
      names: rows.map((r) => r.Name),
      rx: rows.map((r) => r.RxBytes),
      tx: rows.map((r) => r.TxBytes),
      rxName: t('flow-common:series.rx'),
      txName: t('flow-common:series.tx'),
    });
  }, [top.data, t]);

  const columns: TableColumnsType<FlowNetworkItem> = [
    { key: 'rank', title: t('column.rank'), width: 64, responsive: ['sm'], render: (_, r) => r.Rank },
    {
      key: 'name',
      title: t('column.network'),
      render: (_, r) => (
        <span className="flow-name">
          <span className="flow-rank-inline">{r.Rank}. </span>
          {r.Name}
        </span>
      ),
    },
    {
      key: 'traffic',
      title: t('column.total'),
      render: (_, r) => (
        <div className="flow-stack">
          <span className="flow-nowrap">{bytesText(r.Total)}</span>
          <Change value={r.TotalChange} current={r.Total} />
        </div>
      ),
    },
    {
      key: 'rx',
      title: t('column.rx'),
      responsive: ['md'],
      render: (_, r) => <span className="flow-nowrap">{bytesText(r.RxBytes)}</span>,
    },
    {
      key: 'tx',
      title: t('column.tx'),
      responsive: ['md'],
      render: (_, r) => <span className="flow-nowrap">{bytesText(r.TxBytes)}</span>,
    },
    {
      key: 'users',
      title: t('column.users'),
      render: (_, r) => (
        <div className="flow-stack">
          <span>{r.Users}</span>
          <Change value={r.UsersChange} current={r.Users} />
        </div>
      ),
    },
    {
      key: 'online',
      title: t('column.online'),
      responsive: ['sm'],
      render: (_, r) => `${r.Online} / ${r.Devices}`,
    },
  ];

  const csvColumns: CsvColumn<FlowNetworkItem>[] = [
    { title: t('column.rank'), value: (r) => r.Rank },
    { title: t('column.network'), value: (r) => r.Name },
    { title: t('csv.total'), value: (r) => r.Total },
    { title: t('csv.rx'), value: (r) => r.RxBytes },
    { title: t('csv.tx'), value: (r) => r.TxBytes },
    { title: t('column.users'), value: (r) => r.Users },
    { title: t('csv.online'), value: (r) => r.Online },
    { title: t('csv.devices'), value: (r) => r.Devices },
    { title: t('csv.prevTotal'), value: (r) => r.PrevTotal },
    { title: t('csv.prevUsers'), value: (r) => r.PrevUsers },
    { title: t('csv.totalChange'), value: (r) => r.TotalChange },
    { title: t('csv.usersChange'), value: (r) => r.UsersChange },
  ];

  return (
    <div ref={pageRef} className="flow-page" data-testid="flow-list-page">
      <Card size="small">
        <div className="flow-toolbar">
          <PeriodPicker value={period} onChange={changePeriod} testId="flow-list-period" />
          <span className="flow-exports">
            <ExportCsvButton
              fileName="network-ranking"
              columns={csvColumns}
              rows={async () => (await fetchAllRankings(queryClient, filters)).list}
              disabled={!rankings.data?.count}
              testId="flow-list-csv"
            />
            <ExportPdfButton target={pageRef} fileName="network-ranking" data-testid="flow-list-pdf" />
          </span>
        </div>
      </Card>
      <div className="flow-totals" data-testid="flow-list-totals">
        <Card size="small" className="flow-total">
          <Statistic title={t('total.traffic')} value={agg ? bytesText(agg.Total) : '—'} />
          {agg && <Change value={agg.TotalChange} current={agg.Total} testId="flow-list-total-change" />}
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('total.rx')} value={agg ? bytesText(agg.RxBytes) : '—'} />
          {agg && (
            <span className="flow-small flow-muted">
              {t('total.before', { value: bytesText(agg.PrevRxBytes) })}
            </span>
          )}
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('total.tx')} value={agg ? bytesText(agg.TxBytes) : '—'} />
          {agg && (
            <span className="flow-small flow-muted">
              {t('total.before', { value: bytesText(agg.PrevTxBytes) })}
            </span>
          )}
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('total.users')} value={agg?.Users ?? '—'} />
          {agg && <Change value={agg.UsersChange} current={agg.Users} />}
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('total.online')} value={agg ? `${agg.Online} / ${agg.Devices}` : '—'} />
          {agg && (
            <span className="flow-small flow-muted">{t('total.networks', { count: agg.Networks })}</span>
          )}
        </Card>
      </div>
      <div className="flow-charts">
        <FlowChart
          title={t('chart.traffic')}
          option={seriesOption}
          loading={totals.isPending}
          fileName="traffic"
          testId="flow-list-chart"
        />
        <FlowChart
          title={t('chart.top', { n: TOP })}
          option={topOption}
          loading={top.isPending}
          fileName="top-networks"
          testId="flow-list-top"
        />
      </div>
      <Card size="small" title={t('table.title')}>
        <div className="flow-toolbar" style={{ marginBottom: 12 }}>
          <FlowSearch search={search} label={t('table.search')} testId="flow-list-search" />
        </div>
        <FlowTable<FlowNetworkItem, FlowListSort>
          columns={columns}
          sorts={FLOW_LIST_SORTS}
          order={order}
          onOrder={changeOrder}
          rows={rankings.data?.list}
          count={rankings.data?.count ?? 0}
          loading={rankings.isFetching && !rankings.data}
          page={paging.page}
          limit={paging.limit}
          onPage={(page, limit) => setPaging((p) => ({ ...p, page, limit }))}
          empty={<span data-testid="flow-list-empty">{t('table.empty')}</span>}
          rowTestId={(r) => `flow-list-row-${r._id}`}
          testId="flow-list-table"
        />
      </Card>
    </div>
  );
}
