import { type HTMLAttributes, useMemo, useRef, useState } from 'react';
import { Badge, Card, Statistic, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowUserRealtimeReply } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { useLiveStatus } from '#shared/live/use-live.ts';
import { useUsersNow } from '../api/users.ts';
import { bucketLabels, FLOW_COLORS, rankOption, timeOption } from '../components/chart-options.ts';
import type { CsvColumn } from '../components/csv.ts';
import { ExportPdfButton } from '#shared/pdf/export-pdf-button.tsx';
import { ExportCsvButton } from '../components/export-csv-button.tsx';
import { FlowChart } from '../components/flow-chart.tsx';
import { NetworkSelect } from '../components/network-select.tsx';
import '../components/flow.css';

type ApRow = FlowUserRealtimeReply['ByAP'][number];
const TOP = 10;

/** Users online per band, SSID or network: the largest TOP as bars. */
function countsOption(rows: { name: string; Online: number }[] | undefined, seriesName: string) {
  const shown = [...(rows ?? [])].sort((a, b) => b.Online - a.Online).slice(0, TOP);
  if (!shown.some((r) => r.Online > 0)) return null;
  return rankOption({
    names: shown.map((r) => r.name),
    value: 'count',
    series: [{ name: seriesName, data: shown.map((r) => r.Online), color: FLOW_COLORS.online }],
  });
}

/**
 * spec §2 /flow/user, "real-time user statistics": the clients online now, per network, AP, band
 * and SSID, read again as clients come and go (the live socket's `client` topic); and today's users
 * per hour (spec §3 "Hourly user count: Time, HourNumber").
 */
export default function UserPage() {
  const { t } = useTranslation(['flow-user', 'flow-common']);
  // The page to PDF (spec §2's export), beside each table's CSV and each chart's PNG.
  const pageRef = useRef<HTMLDivElement>(null);
  const [network, setNetwork] = useState<string | undefined>();
  const users = useUsersNow({ Network: network });
  const live = useLiveStatus() === 'open';
  const data = users.data;

  const hoursOption = useMemo(() => {
    if (!data || !data.Hours.HourNumber.some((v) => v !== null)) return null;
    return timeOption({
      kind: 'bar',
      labels: bucketLabels(data.Hours.Time),
      value: 'count',
      series: [
        { name: t('flow-common:series.users'), data: data.Hours.HourNumber, color: FLOW_COLORS.users },
      ],
    });
  }, [data, t]);

  const byBand = useMemo(() => {
    const name = (band: string) =>
      band === 'wired' ? t('band.wired') : band === 'unknown' ? t('band.unknown') : `${band} GHz`;
    return countsOption(
      data?.ByBand.map((b) => ({ name: name(b.Band), Online: b.Online })),
      t('online'),
    );
  }, [data, t]);
  const bySsid = useMemo(
    () =>
      countsOption(
        data?.BySSID.map((s) => ({ name: s.SSID || t('band.wired'), Online: s.Online })),
        t('online'),
      ),
    [data, t],
  );
  const byNetwork = useMemo(
    () =>
      countsOption(
        data?.ByNetwork.map((n) => ({ name: n.Name, Online: n.Online })),
        t('online'),
      ),
    [data, t],
  );

  const networkName = (id: string | null) => data?.ByNetwork.find((n) => n._id === id)?.Name ?? '—';
  const columns: TableColumnsType<ApRow> = [
    {
      key: 'ap',
      title: t('column.ap'),
      render: (_, a) => (
        <div className="flow-stack">
          <span className="flow-wrap">{a.Alias || a.SN}</span>
          <span className="flow-small flow-muted flow-mono">{a.SN}</span>
        </div>
      ),
    },
    {
      key: 'network',
      title: t('column.network'),
      responsive: ['sm'],
      render: (_, a) => <span className="flow-wrap">{networkName(a.Network)}</span>,
    },
    {
      key: 'online',
      title: t('column.online'),
      width: 120,
      sorter: (a, b) => a.Online - b.Online,
      defaultSortOrder: 'descend',
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, a) => a.Online,
    },
  ];
  const csvColumns: CsvColumn<ApRow>[] = [
    { title: t('column.ap'), value: (a) => a.Alias },
    { title: 'SN', value: (a) => a.SN },
    { title: t('column.network'), value: (a) => networkName(a.Network) },
    { title: t('column.online'), value: (a) => a.Online },
  ];

  return (
    <div ref={pageRef} className="flow-page" data-testid="flow-user-page">
      <Card size="small">
        <div className="flow-toolbar">
          <div className="flow-filters">
            <NetworkSelect value={network} onChange={setNetwork} testId="flow-user-network" />
            <Badge
              status={live ? 'processing' : 'default'}
              text={<span className="flow-small flow-muted">{live ? t('live') : t('polling')}</span>}
            />
          </div>
          <span className="flow-exports">
            <ExportCsvButton
              fileName="users-per-ap"
              columns={csvColumns}
              rows={() => data?.ByAP ?? []}
              disabled={!data?.ByAP.length}
              testId="flow-user-csv"
            />
            <ExportPdfButton target={pageRef} fileName="user-statistics" data-testid="flow-user-pdf" />
          </span>
        </div>
      </Card>
      <div className="flow-totals">
        <Card size="small" className="flow-total">
          <Statistic title={t('total')} value={data?.Total ?? '—'} />
          {data && (
            <span className="flow-small flow-muted" data-testid="flow-user-time">
              {t('at', { time: formatDateTime(data.Time) })}
            </span>
          )}
        </Card>
        <Card size="small" className="flow-total">
          <Statistic
            title={t('networks')}
            value={data ? data.ByNetwork.filter((n) => n.Online > 0).length : '—'}
          />
        </Card>
        <Card size="small" className="flow-total">
          <Statistic title={t('aps')} value={data ? data.ByAP.filter((a) => a.Online > 0).length : '—'} />
        </Card>
      </div>
      <div className="flow-charts">
        <FlowChart
          title={t('chart.hours')}
          option={hoursOption}
          loading={users.isPending}
          emptyText={t('table.empty')}
          fileName="users-per-hour"
          testId="flow-user-hours"
        />
        <FlowChart
          title={t('chart.band')}
          option={byBand}
          loading={users.isPending}
          emptyText={t('table.empty')}
          fileName="users-per-band"
          testId="flow-user-band"
        />
        <FlowChart
          title={t('chart.ssid')}
          option={bySsid}
          loading={users.isPending}
          emptyText={t('table.empty')}
          fileName="users-per-ssid"
          testId="flow-user-ssid"
        />
        {!network && (
          <FlowChart
            title={t('chart.network', { n: TOP })}
            option={byNetwork}
            loading={users.isPending}
            emptyText={t('table.empty')}
            fileName="users-per-network"
            testId="flow-user-by-network"
          />
        )}
      </div>
      <Card size="small" title={t('table.title')}>
        <div className="flow-table">
          <Table<ApRow>
            rowKey="_id"
            size="middle"
            columns={columns}
            dataSource={data?.ByAP ?? []}
            loading={users.isPending}
            showSorterTooltip={false}
            pagination={{ defaultPageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: <span data-testid="flow-user-empty">{t('table.empty')}</span> }}
            onRow={(a) => ({ 'data-testid': `flow-user-ap-${a.SN}` }) as HTMLAttributes<HTMLElement>}
            data-testid="flow-user-table"
          />
        </div>
      </Card>
    </div>
  );
}
