import { useState, type HTMLAttributes } from 'react';
import { Button, Grid, Popconfirm, Table, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  deliveryStatusLabels,
  type DeliveryItem,
  type DeliveryStatus,
  type Lang,
} from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { DeliveryDevices } from './delivery-devices.tsx';
import { isCancellable, progressOf } from './delivery-status.ts';

const STATUS_TONE: Record<DeliveryStatus, string> = {
  scheduled: 'default',
  running: 'processing',
  finished: 'success',
  stopped: 'warning',
  cancelled: 'default',
  expired: 'warning',
};

/** "n of N confirmed", drawn as confirmed (green) and failed (red) shares of one bar. */
export function DeliveryProgress({ item }: { item: DeliveryItem }) {
  const { t } = useTranslation('config-delivery');
  const p = progressOf(item);
  const label = t('list.confirmed', { confirmed: p.confirmed, total: p.total });
  return (
    <div className="delivery-progress" data-testid={`delivery-progress-${item._id}`}>
      <div
        className="delivery-progress-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={p.total}
        aria-valuenow={p.confirmed}
      >
        <span className="delivery-progress-ok" style={{ width: `${p.confirmedPercent}%` }} />
        <span className="delivery-progress-failed" style={{ width: `${p.failedPercent}%` }} />
      </div>
      <div className="delivery-progress-text">
        <span data-testid={`delivery-confirmed-${item._id}`}>{label}</span>
        {p.failed > 0 && (
          <span className="delivery-failed-text">
            {t('list.failed', { count: p.failed, percent: p.failedPercent })}
          </span>
        )}
        {item.Pending > 0 && (
          <span className="delivery-muted">{t('list.waiting', { count: item.Pending })}</span>
        )}
      </div>
    </div>
  );
}

export interface DeliveryListProps {
  deliveries: DeliveryItem[];
  loading: boolean;
  myId: string | undefined;
  onCancel: (item: DeliveryItem) => Promise<unknown>;
  empty: string;
}

function CancelAction({ item, onCancel }: { item: DeliveryItem; onCancel: DeliveryListProps['onCancel'] }) {
  const { t } = useTranslation('config-delivery');
  const name = item.ProfileName ?? item._id;
  return (
    <Popconfirm
      title={t('list.cancel.title')}
      description={t('list.cancel.description')}
      okText={t('list.cancel.ok')}
      cancelText={t('list.cancel.keep')}
      okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
      onConfirm={() => onCancel(item)}
    >
      <Button
        size="small"
        danger
        icon={<StopOutlined />}
        aria-label={t('list.cancel.label', { name })}
        data-testid={`delivery-cancel-${item._id}`}
      >
        {t('list.cancel.action')}
      </Button>
    </Popconfirm>
  );
}

/**
 * The deliveries (spec §2 /deviceconf/conf): what, when, by whom, its status and progress; a row
 * opens to its devices; one not ended can be cancelled after a confirmation.
 */
export function DeliveryList({ deliveries, loading, myId, onCancel, empty }: DeliveryListProps) {
  const { t, i18n } = useTranslation('config-delivery');
  const lang = i18n.language as Lang;
  const [open, setOpen] = useState<readonly string[]>([]);
  // A phone keeps two columns: the progress goes under the profile rather than off to the side.
  const wide = Grid.useBreakpoint().md !== false;

  const columns: TableColumnsType<DeliveryItem> = [
    {
      key: 'profile',
      title: t('list.column.profile'),
      render: (_, d) => (
        <div className="delivery-profile">
          <span className="delivery-strong">{d.ProfileName ?? '—'}</span>
          {d.Revision !== null && (
            <span className="delivery-muted">{t('list.revision', { revision: d.Revision })}</span>
          )}
          {!wide && <DeliveryProgress item={d} />}
        </div>
      ),
    },
    {
      key: 'created',
      title: t('list.column.created'),
      // A phone keeps what, status, progress and cancel; the times are in the devices' rows too.
      responsive: ['md'],
      render: (_, d) => (
        <div className="delivery-stack">
          <span className="delivery-nowrap">{formatDateTime(d.CreateTime)}</span>
          <span className="delivery-muted">
            {d.Creator !== null && d.Creator === myId ? t('list.byMe') : t('list.byOther')}
          </span>
        </div>
      ),
    },
    {
      key: 'effective',
      title: t('list.column.effective'),
      responsive: ['md'],
      render: (_, d) => (
        <div className="delivery-stack">
          <span className="delivery-nowrap">
            {d.EffectiveTime === null ? t('list.now') : formatDateTime(d.EffectiveTime)}
          </span>
          <span className="delivery-muted delivery-nowrap">
            {t('list.expires', { time: formatDateTime(d.ExpireTime) })}
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      title: t('list.column.status'),
      render: (_, d) => (
        <div className="delivery-stack">
          <Tag color={STATUS_TONE[d.Status]} data-testid={`delivery-status-${d._id}`} data-status={d.Status}>
            {deliveryStatusLabels[d.Status][lang]}
          </Tag>
          {d.Staged && (
            <span className="delivery-muted">
              {t('list.staged', { first: d.Staged.firstPercent, fail: d.Staged.maxFailPercent })}
            </span>
          )}
        </div>
      ),
    },
    {
      key: 'progress',
      title: t('list.column.progress'),
      responsive: ['md'],
      render: (_, d) => <DeliveryProgress item={d} />,
    },
    {
      key: 'actions',
      title: t('list.column.actions'),
      render: (_, d) => (isCancellable(d.Status) ? <CancelAction item={d} onCancel={onCancel} /> : null),
    },
  ];

  return (
    <div className="delivery-table">
      <Table<DeliveryItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={deliveries}
        loading={loading}
        pagination={false}
        expandable={{
          expandedRowKeys: open,
          onExpandedRowsChange: (keys) => setOpen(keys as string[]),
          expandedRowRender: (d) => <DeliveryDevices id={d._id} />,
          expandIcon: ({ expanded, onExpand, record }) => {
            const name = record.ProfileName ?? record._id;
            return (
              <Button
                type="text"
                size="small"
                className="delivery-expand"
                aria-expanded={expanded}
                aria-label={t(expanded ? 'list.hideDevices' : 'list.showDevices', { name })}
                data-testid={`delivery-expand-${record._id}`}
                onClick={(e) => onExpand(record, e)}
              >
                {expanded ? '−' : '+'}
              </Button>
            );
          },
        }}
        onRow={(d) => ({ 'data-testid': `delivery-row-${d._id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: empty }}
        data-testid="delivery-table"
      />
    </div>
  );
}
