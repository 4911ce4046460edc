import { useState, type HTMLAttributes } from 'react';
import { Button, Grid, Popconfirm, Table, Tag, type ButtonProps, type TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  deliveryStatusLabels,
  type DeliveryStatus,
  type Lang,
  type DeliveryItem,
} from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { UpgradeDevices } from './upgrade-devices.tsx';
import { isCancellable, share } from './upgrade-status.ts';

const STATUS_TONE: Record<DeliveryStatus, string> = {
  scheduled: 'default',
  running: 'processing',
  finished: 'success',
  stopped: 'warning',
  cancelled: 'default',
  expired: 'warning',
};

const nameOf = (d: DeliveryItem) => d.Firmware?.FWVersion ?? d._id;

function StatusTag({ item, lang }: { item: DeliveryItem; lang: Lang }) {
  return (
    <Tag
      color={STATUS_TONE[item.Status]}
      data-testid={`upgrade-status-${item._id}`}
      data-status={item.Status}
    >
      {deliveryStatusLabels[item.Status][lang]}
    </Tag>
  );
}

/** "n of N applied", drawn as applied (green) and failed (red) shares of one bar. */
export function UpgradeProgress({ item }: { item: DeliveryItem }) {
  const { t } = useTranslation('firmware-deliveries');
  const label = t('list.applied', { applied: item.Succeeded, total: item.Total });
  return (
    <div className="firmware-progress" data-testid={`upgrade-progress-${item._id}`}>
      <div
        className="firmware-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={item.Total}
        aria-valuenow={item.Succeeded}
      >
        <span className="firmware-bar-ok" style={{ width: `${share(item.Succeeded, item.Total)}%` }} />
        <span className="firmware-bar-failed" style={{ width: `${share(item.Failed, item.Total)}%` }} />
      </div>
      <div className="firmware-progress-text">
        <span data-testid={`upgrade-applied-${item._id}`}>{label}</span>
        {item.Failed > 0 && (
          <span className="firmware-failed-text">{t('list.failed', { count: item.Failed })}</span>
        )}
        {item.Pending > 0 && (
          <span className="firmware-muted">{t('list.waiting', { count: item.Pending })}</span>
        )}
      </div>
    </div>
  );
}

/** Validity (spec §3: 0 permanent, 1 from a time, 2 a period), window, concurrency and stages. */
function Terms({ item }: { item: DeliveryItem }) {
  const { t } = useTranslation('firmware-deliveries');
  const start = item.EffectiveTime === null ? t('list.now') : formatDateTime(item.EffectiveTime);
  const validity = item.Validity ?? (item.EffectiveTime === null ? 0 : 1);
  return (
    <div className="firmware-stack firmware-terms">
      <span>{t(`list.validity.${validity}`, { start, end: formatDateTime(item.ExpireTime) })}</span>
      <span className="firmware-muted">
        {item.Window
          ? t('list.window', { start: item.Window.Start, end: item.Window.End, zone: item.Window.TimeZone })
          : t('list.noWindow')}
      </span>
      {item.Concurrency !== null && (
        <span className="firmware-muted">{t('list.concurrency', { count: item.Concurrency })}</span>
      )}
      {item.Staged && (
        <span className="firmware-muted">
          {t('list.staged', { first: item.Staged.firstPercent, fail: item.Staged.maxFailPercent })}
        </span>
      )}
    </div>
  );
}

function CancelAction({ item, onCancel }: { item: DeliveryItem; onCancel: (d: DeliveryItem) => unknown }) {
  const { t } = useTranslation('firmware-deliveries');
  const name = nameOf(item);
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
        data-testid={`upgrade-cancel-${item._id}`}
      >
        {t('list.cancel.action')}
      </Button>
    </Popconfirm>
  );
}

export interface UpgradeListProps {
  upgrades: DeliveryItem[];
  loading: boolean;
  myId: string | undefined;
  /** Absent: no cancel column (the history). */
  onCancel?: (item: DeliveryItem) => unknown;
  empty: string;
}

/**
 * Firmware upgrades: the image, when and by whom, validity and window, status and "n of N applied";
 * a row opens to its devices (stage, download bar, outcome, from → to version, duration); one not
 * ended can be cancelled after a confirmation.
 */
export function UpgradeList({ upgrades, loading, myId, onCancel, empty }: UpgradeListProps) {
  const { t, i18n } = useTranslation('firmware-deliveries');
  const lang = i18n.language as Lang;
  const [open, setOpen] = useState<readonly string[]>([]);
  // A phone keeps image, status and actions: the progress goes under the image.
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;
  // Below a wide screen the validity column gives way: it shows above the devices instead.
  const large = screens.lg !== false;
  const phone = screens.sm === false;

  const columns: TableColumnsType<DeliveryItem> = [
    {
      key: 'image',
      title: t('list.column.image'),
      render: (_, d) => (
        <div className="firmware-stack firmware-image-cell">
          <span className="firmware-strong">{d.Firmware?.FWVersion ?? t('list.imageGone')}</span>
          {d.Firmware && (
            <span className="firmware-muted">
              {t('list.image', { model: d.Firmware.Model, hw: d.Firmware.HWVersion })}
            </span>
          )}
          {phone && <StatusTag item={d} lang={lang} />}
          {!wide && <UpgradeProgress item={d} />}
        </div>
      ),
    },
    {
      key: 'created',
      title: t('list.column.created'),
      responsive: ['md'],
      render: (_, d) => (
        <div className="firmware-stack">
          <span className="firmware-nowrap">{formatDateTime(d.CreateTime)}</span>
          <span className="firmware-muted">
            {d.Creator !== null && d.Creator === myId ? t('list.byMe') : t('list.byOther')}
          </span>
        </div>
      ),
    },
    {
      key: 'validity',
      title: t('list.column.validity'),
      responsive: ['lg'],
      render: (_, d) => <Terms item={d} />,
    },
    {
      key: 'status',
      title: t('list.column.status'),
      // A phone shows it under the image.
      responsive: ['sm'],
      render: (_, d) => <StatusTag item={d} lang={lang} />,
    },
    {
      key: 'progress',
      title: t('list.column.progress'),
      responsive: ['md'],
      render: (_, d) => <UpgradeProgress item={d} />,
    },
    ...(onCancel
      ? [
          {
            key: 'actions',
            title: t('list.column.actions'),
            render: (_: unknown, d: DeliveryItem) =>
              isCancellable(d.Status) ? <CancelAction item={d} onCancel={onCancel} /> : null,
          },
        ]
      : []),
  ];

  return (
    <div className="firmware-table">
      <Table<DeliveryItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={upgrades}
        loading={loading}
        pagination={false}
        expandable={{
          expandedRowKeys: open,
          onExpandedRowsChange: (keys) => setOpen(keys as string[]),
          expandedRowRender: (d) => (
            <>
              {!large && <Terms item={d} />}
              <UpgradeDevices id={d._id} />
            </>
          ),
          expandIcon: ({ expanded, onExpand, record }) => (
            <Button
              type="text"
              size="small"
              className="firmware-expand"
              aria-expanded={expanded}
              aria-label={t(expanded ? 'list.hideDevices' : 'list.showDevices', { name: nameOf(record) })}
              data-testid={`upgrade-expand-${record._id}`}
              onClick={(e) => onExpand(record, e)}
            >
              {expanded ? '−' : '+'}
            </Button>
          ),
        }}
        onRow={(d) => ({ 'data-testid': `upgrade-row-${d._id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: empty }}
        data-testid="upgrade-table"
      />
    </div>
  );
}
