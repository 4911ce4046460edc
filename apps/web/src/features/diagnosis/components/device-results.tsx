import type { HTMLAttributes, ReactNode } from 'react';
import { Grid, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  DiagnosisDeviceItem,
  MtrHopItem,
  ServiceCheckResultItem,
  TargetResultItem,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { CodeTag, DeviceState, ms, QualityTag, useReasonText } from './result-tags.tsx';

/** The hops of one MTR target, as mtr prints them. */
function HopTable({ hops }: { hops: MtrHopItem[] }) {
  const { t } = useTranslation('diagnosis-common');
  const columns: TableColumnsType<MtrHopItem> = [
    { key: 'hop', dataIndex: 'Hop', title: t('hop.hop'), width: 56 },
    { key: 'ip', title: t('hop.ip'), render: (_, h) => <span className="diag-mono">{h.IP ?? '???'}</span> },
    { key: 'loss', title: t('result.loss'), render: (_, h) => `${h.Loss}%` },
    { key: 'sent', title: t('result.sent'), render: (_, h) => `${h.Received}/${h.Sent}` },
    { key: 'avg', title: t('result.avg'), render: (_, h) => ms(h.Avg) },
    { key: 'best', title: t('hop.best'), render: (_, h) => ms(h.Best) },
    { key: 'worst', title: t('hop.worst'), render: (_, h) => ms(h.Worst) },
  ];
  return (
    <div className="diag-table">
      <Table<MtrHopItem>
        rowKey="Hop"
        size="small"
        columns={columns}
        dataSource={hops}
        pagination={false}
        data-testid="diag-hops"
      />
    </div>
  );
}

/** Every target of one device: code, quality, loss, round trips and jitter; MTR hops unfold. */
export function TargetTable({ results, sn }: { results: TargetResultItem[]; sn: string }) {
  const { t } = useTranslation('diagnosis-common');
  const reason = useReasonText();
  const columns: TableColumnsType<TargetResultItem> = [
    {
      key: 'target',
      title: t('result.target'),
      render: (_, r) => (
        <div className="diag-stack">
          <span className="diag-strong diag-wrap">{r.Target}</span>
          {r.IP && r.IP !== r.Target && <span className="diag-muted diag-small diag-mono">{r.IP}</span>}
        </div>
      ),
    },
    {
      key: 'code',
      title: t('result.code'),
      render: (_, r) => (
        <div className="diag-stack">
          <span className="diag-tags">
            <CodeTag code={r.Code} />
            {r.Code !== 2 && <QualityTag quality={r.Quality} />}
          </span>
          {r.Error && <span className="diag-small diag-error-text">{reason(r.Error)}</span>}
        </div>
      ),
    },
    {
      key: 'loss',
      title: t('result.loss'),
      render: (_, r) => (
        <span className="diag-nowrap">
          {r.Loss}%{' '}
          <span className="diag-muted diag-small">
            ({r.Received}/{r.Sent})
          </span>
        </span>
      ),
    },
    {
      key: 'rtt',
      title: t('result.rtt'),
      render: (_, r) => (
        <span className="diag-nowrap">{r.Avg === null ? '—' : `${r.Min} / ${r.Avg} / ${r.Max} ms`}</span>
      ),
    },
    {
      key: 'jitter',
      title: t('result.jitter'),
      render: (_, r) => <span className="diag-nowrap">{ms(r.Jitter)}</span>,
    },
  ];
  return (
    <div className="diag-table">
      <Table<TargetResultItem>
        rowKey="Target"
        size="small"
        columns={columns}
        dataSource={results}
        pagination={false}
        expandable={{
          rowExpandable: (r) => (r.Hops?.length ?? 0) > 0,
          expandedRowRender: (r) => <HopTable hops={r.Hops ?? []} />,
        }}
        onRow={(r) =>
          ({
            'data-testid': `diag-target-${sn}-${r.Target}`,
            'data-code': r.Code,
            'data-quality': r.Quality,
          }) as HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: t('result.noTargets') }}
      />
    </div>
  );
}

/** A phone's targets: one block each, the numbers under the name, MTR hops as lines. */
export function TargetBlocks({ results, sn }: { results: TargetResultItem[]; sn: string }) {
  const { t } = useTranslation('diagnosis-common');
  const reason = useReasonText();
  return (
    <ul className="diag-blocks">
      {results.map((r) => (
        <li
          key={r.Target}
          className="diag-stack"
          data-testid={`diag-target-${sn}-${r.Target}`}
          data-code={r.Code}
          data-quality={r.Quality}
        >
          <span className="diag-strong diag-wrap">
            {r.Target}
            {r.IP && r.IP !== r.Target && <span className="diag-muted diag-small diag-mono"> {r.IP}</span>}
          </span>
          <span className="diag-tags">
            <CodeTag code={r.Code} />
            {r.Code !== 2 && <QualityTag quality={r.Quality} />}
          </span>
          {r.Error && <span className="diag-small diag-error-text">{reason(r.Error)}</span>}
          <span className="diag-small">
            {t('result.loss')} {r.Loss}% ({r.Received}/{r.Sent})
            {r.Avg !== null && ` · ${r.Min} / ${r.Avg} / ${r.Max} ms · ${t('result.jitter')} ${ms(r.Jitter)}`}
          </span>
          {(r.Hops ?? []).map((h) => (
            <span key={h.Hop} className="diag-small diag-mono diag-muted">
              {h.Hop}. {h.IP ?? '???'} {h.Loss}% {ms(h.Avg)}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The service checks of a portal diagnosis: the portal page and each RADIUS port. */
export function CheckTable({ checks, sn }: { checks: ServiceCheckResultItem[]; sn: string }) {
  const { t } = useTranslation('diagnosis-common');
  const reason = useReasonText();
  const columns: TableColumnsType<ServiceCheckResultItem> = [
    {
      key: 'kind',
      title: t('check.kind'),
      render: (_, c) => <span className="diag-nowrap">{t(`check.kinds.${c.Kind}`)}</span>,
    },
    {
      key: 'target',
      title: t('check.target'),
      render: (_, c) => (
        <span className="diag-wrap diag-mono">
          {c.Target}
          {c.Kind === 'radius' && c.Port !== null ? `:${c.Port}` : ''}
        </span>
      ),
    },
    {
      key: 'code',
      title: t('result.code'),
      render: (_, c) => (
        <div className="diag-stack">
          <span>
            <CodeTag code={c.Code} />
          </span>
          {c.Error && <span className="diag-small diag-error-text">{reason(c.Error)}</span>}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('check.status'),
      render: (_, c) =>
        c.Status === null
          ? '—'
          : c.Kind === 'http'
            ? `HTTP ${c.Status}`
            : t('check.radiusReply', { code: c.Status }),
    },
    { key: 'ms', title: t('check.time'), render: (_, c) => <span className="diag-nowrap">{ms(c.Ms)}</span> },
  ];
  return (
    <div className="diag-table">
      <Table<ServiceCheckResultItem>
        rowKey={(c) => `${c.Kind}:${c.Target}:${c.Port ?? ''}`}
        size="small"
        columns={columns}
        dataSource={checks}
        pagination={false}
        onRow={(c) =>
          ({
            'data-testid': `diag-check-${sn}-${c.Kind}-${c.Port ?? 0}`,
            'data-code': c.Code,
          }) as HTMLAttributes<HTMLElement>
        }
      />
    </div>
  );
}

/** A check as a line names it: "Portal page", "RADIUS 10.0.0.5:1812". */
function checkName(c: ServiceCheckResultItem, kind: string): string {
  return c.Kind === 'radius' ? `${kind} ${c.Target}${c.Port !== null ? `:${c.Port}` : ''}` : kind;
}

/** A phone's checks: one block each. */
function CheckBlocks({ checks, sn }: { checks: ServiceCheckResultItem[]; sn: string }) {
  const { t } = useTranslation('diagnosis-common');
  const reason = useReasonText();
  return (
    <ul className="diag-blocks">
      {checks.map((c) => (
        <li
          key={`${c.Kind}:${c.Target}:${c.Port ?? ''}`}
          className="diag-stack"
          data-testid={`diag-check-${sn}-${c.Kind}-${c.Port ?? 0}`}
          data-code={c.Code}
        >
          <span className="diag-strong diag-wrap">{checkName(c, t(`check.kinds.${c.Kind}`))}</span>
          {c.Kind === 'http' && <span className="diag-small diag-mono diag-wrap">{c.Target}</span>}
          <span className="diag-tags">
            <CodeTag code={c.Code} />
            <span className="diag-small">
              {c.Status === null
                ? ''
                : c.Kind === 'http'
                  ? `HTTP ${c.Status}`
                  : t('check.radiusReply', { code: c.Status })}
              {c.Ms !== null ? ` · ${ms(c.Ms)}` : ''}
            </span>
          </span>
          {c.Error && <span className="diag-small diag-error-text">{reason(c.Error)}</span>}
        </li>
      ))}
    </ul>
  );
}

/** One line per target under a device: its quality and average at a glance. */
function TargetSummary({ row }: { row: DiagnosisDeviceItem }) {
  const { t } = useTranslation('diagnosis-common');
  if (row.Results.length === 0 && row.Checks.length === 0) {
    return <span className="diag-muted">{row.Status === 'running' ? t('result.waiting') : '—'}</span>;
  }
  return (
    <ul className="diag-summary">
      {row.Results.map((r) => (
        <li key={r.Target}>
          <span className="diag-wrap">{r.Target}</span>
          {r.Code === 2 ? <CodeTag code={2} /> : <QualityTag quality={r.Quality} />}
          <span className="diag-muted diag-small">
            {r.Avg === null ? '' : `${r.Avg} ms · `}
            {t('result.lossShort', { loss: r.Loss })}
          </span>
        </li>
      ))}
      {row.Checks.map((c) => (
        <li key={`${c.Kind}:${c.Target}:${c.Port ?? ''}`}>
          <span className="diag-wrap">{checkName(c, t(`check.kinds.${c.Kind}`))}</span>
          <CodeTag code={c.Code} />
          {c.Ms !== null && <span className="diag-muted diag-small">{ms(c.Ms)}</span>}
        </li>
      ))}
    </ul>
  );
}

export interface DeviceResultsProps {
  list: { data?: { list: DiagnosisDeviceItem[]; count: number }; isFetching: boolean };
  page: number;
  limit: number;
  onPage: (page: number, limit: number) => void;
  empty: ReactNode;
  /** A row's own action (the records' chart), beside its state. */
  action?: (row: DiagnosisDeviceItem) => ReactNode;
  testId: string;
}

/**
 * The devices of a run, one row each — running with its percent, then ended with its result —
 * and under a row the full results: every target (MTR hops unfold) and every service check.
 * A phone reads the device, its state and the targets as one block.
 */
export function DeviceResults({ list, page, limit, onPage, empty, action, testId }: DeviceResultsProps) {
  const { t } = useTranslation('diagnosis-common');
  const phone = Grid.useBreakpoint().md === false;
  const reason = useReasonText();
  const device = (r: DiagnosisDeviceItem) => (
    <div className="diag-stack">
      <span className="diag-strong diag-wrap">{r.DeviceName}</span>
      {r.DeviceName !== r.SN && <span className="diag-muted diag-small">{r.SN}</span>}
    </div>
  );
  const columns: TableColumnsType<DiagnosisDeviceItem> = phone
    ? [
        {
          key: 'device',
          title: t('result.device'),
          render: (_, r) => (
            <div className="diag-stack">
              {device(r)}
              <DeviceState row={r} testId={`${testId}-state-${r.SN}`} />
              <TargetSummary row={r} />
            </div>
          ),
        },
        ...(action
          ? [{ key: 'action', width: 48, render: (_: unknown, r: DiagnosisDeviceItem) => action(r) }]
          : []),
      ]
    : [
        { key: 'device', title: t('result.device'), render: (_, r) => device(r) },
        {
          key: 'network',
          title: t('result.network'),
          responsive: ['lg'],
          render: (_, r) => <span className="diag-wrap">{r.NetworkName ?? '—'}</span>,
        },
        {
          key: 'state',
          title: t('result.state'),
          width: 190,
          render: (_, r) => <DeviceState row={r} testId={`${testId}-state-${r.SN}`} />,
        },
        { key: 'targets', title: t('result.targets'), render: (_, r) => <TargetSummary row={r} /> },
        {
          key: 'time',
          title: t('result.updated'),
          responsive: ['xl'],
          render: (_, r) => <span className="diag-nowrap">{formatDateTime(r.UpdateTime)}</span>,
        },
        ...(action
          ? [{ key: 'action', width: 56, render: (_: unknown, r: DiagnosisDeviceItem) => action(r) }]
          : []),
      ];
  return (
    <>
      <div className="diag-table">
        <Table<DiagnosisDeviceItem>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching && !list.data}
          pagination={false}
          expandable={{
            rowExpandable: (r) => r.Results.length > 0 || r.Checks.length > 0 || r.Error !== null,
            expandedRowRender: (r) => (
              <div className="diag-detail" data-testid={`${testId}-detail-${r.SN}`}>
                {r.Error && <p className="diag-error-text">{reason(r.Error)}</p>}
                {r.Results.length > 0 &&
                  (phone ? (
                    <TargetBlocks results={r.Results} sn={r.SN} />
                  ) : (
                    <TargetTable results={r.Results} sn={r.SN} />
                  ))}
                {r.Checks.length > 0 &&
                  (phone ? (
                    <CheckBlocks checks={r.Checks} sn={r.SN} />
                  ) : (
                    <CheckTable checks={r.Checks} sn={r.SN} />
                  ))}
              </div>
            ),
          }}
          locale={{ emptyText: empty }}
          onRow={(r) =>
            ({
              'data-testid': `${testId}-row-${r.SN}`,
              'data-status': r.Status,
              'data-result': r.Result ?? '',
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
      {(list.data?.count ?? 0) > limit && (
        <div className="diag-pagination">
          <Pagination total={list.data?.count ?? 0} page={page} limit={limit} onChange={onPage} />
        </div>
      )}
    </>
  );
}
