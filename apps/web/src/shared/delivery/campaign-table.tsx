import { useState, type HTMLAttributes, type ReactNode } from 'react';
import { Button, Popconfirm, Table, type ButtonProps, type TableColumnsType } from 'antd';
import { StopOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import type { DeliveryItem } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { isCancellable, share } from './delivery-status.ts';

/*
 * The campaign lists of the configuration delivery and firmware upgrade screens: the same table,
 * progress bar and cancel, told apart by a test id prefix (`delivery`, `upgrade`), the class prefix
 * of the feature's style sheet, and the texts of the feature's own namespace (its `t`, whose
 * `list.cancel.*`, `list.showDevices` and `list.hideDevices` keys both namespaces hold).
 */

export interface CampaignLook {
  /** Prefix of the test ids: `<testId>-row-<id>`, `<testId>-cancel-<id>` … */
  testId: string;
  /** Prefix of the feature's class names (`<cls>-table`, `<cls>-bar` …). */
  cls: string;
}

export interface CampaignProgressProps extends CampaignLook {
  item: DeliveryItem;
  /** "n of N confirmed" (or applied): the bar's name and the first line. */
  label: string;
  /** Test id of that line's element (`<doneTestId>-<id>`). */
  doneTestId: string;
  failedText: string;
  waitingText: string;
}

/** "n of N done", drawn as succeeded (green) and failed (red) shares of one bar. */
export function CampaignProgress({
  item,
  label,
  doneTestId,
  failedText,
  waitingText,
  testId,
  cls,
}: CampaignProgressProps) {
  return (
    <div className={`${cls}-progress`} data-testid={`${testId}-progress-${item._id}`}>
      <div
        className={`${cls}-bar`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={item.Total}
        aria-valuenow={item.Succeeded}
      >
        <span className={`${cls}-bar-ok`} style={{ width: `${share(item.Succeeded, item.Total)}%` }} />
        <span className={`${cls}-bar-failed`} style={{ width: `${share(item.Failed, item.Total)}%` }} />
      </div>
      <div className={`${cls}-progress-text`}>
        <span data-testid={`${doneTestId}-${item._id}`}>{label}</span>
        {item.Failed > 0 && <span className={`${cls}-failed-text`}>{failedText}</span>}
        {item.Pending > 0 && <span className={`${cls}-muted`}>{waitingText}</span>}
      </div>
    </div>
  );
}

/**
 * The "created" column: when, and by which account (its name; "you" beside it for the signed-in
 * user, `myId`). A phone hides it; the times are in the devices' rows too.
 */
export function createdColumn({
  t,
  myId,
  cls,
}: Pick<CampaignLook, 'cls'> & {
  t: TFunction;
  myId: string | undefined;
}): TableColumnsType<DeliveryItem>[number] {
  return {
    key: 'created',
    title: t('list.column.created'),
    responsive: ['md'],
    render: (_, d) => (
      <div className={`${cls}-stack`}>
        <span className={`${cls}-nowrap`}>{formatDateTime(d.CreateTime)}</span>
        <span className={`${cls}-muted`} data-testid={`${cls}-creator-${d._id}`}>
          {creatorText(t, d, myId)}
        </span>
      </div>
    ),
  };
}

/** Who created a campaign: its account's name (and "you"), or "another account" once that account is gone. */
export function creatorText(t: TFunction, d: Pick<DeliveryItem, 'Creator' | 'CreatorName'>, myId?: string) {
  const mine = d.Creator !== null && d.Creator === myId;
  if (d.CreatorName === null) return mine ? t('list.byMe') : t('list.byOther');
  return mine ? t('list.byMeNamed', { name: d.CreatorName }) : t('list.byName', { name: d.CreatorName });
}

export interface CancelCampaignProps {
  item: DeliveryItem;
  /** What the campaign is called in its cancel button's name. */
  name: string;
  testId: string;
  t: TFunction;
  onCancel: (item: DeliveryItem) => unknown;
}

/** Cancel for a campaign not ended, after a confirmation whose OK button tests find as `confirm-ok`. */
export function CancelCampaign({ item, name, testId, t, onCancel }: CancelCampaignProps) {
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
        data-testid={`${testId}-cancel-${item._id}`}
      >
        {t('list.cancel.action')}
      </Button>
    </Popconfirm>
  );
}

/** The "actions" column: cancel for a campaign not ended. */
export function cancelColumn({
  t,
  nameOf,
  onCancel,
  testId,
}: Pick<CancelCampaignProps, 't' | 'onCancel' | 'testId'> & {
  nameOf: (item: DeliveryItem) => string;
}): TableColumnsType<DeliveryItem>[number] {
  return {
    key: 'actions',
    title: t('list.column.actions'),
    render: (_, d) =>
      isCancellable(d.Status) ? (
        <CancelCampaign item={d} name={nameOf(d)} testId={testId} t={t} onCancel={onCancel} />
      ) : null,
  };
}

export interface CampaignTableProps extends CampaignLook {
  campaigns: DeliveryItem[];
  columns: TableColumnsType<DeliveryItem>;
  loading: boolean;
  empty: string;
  t: TFunction;
  /** A campaign's name in its expand button's label. */
  nameOf: (item: DeliveryItem) => string;
  /** What an opened row shows: its devices. */
  expanded: (item: DeliveryItem) => ReactNode;
}

/** The campaigns, newest first; a row opens (a named +/− button) to what `expanded` shows. */
export function CampaignTable({
  campaigns,
  columns,
  loading,
  empty,
  t,
  nameOf,
  expanded: render,
  testId,
  cls,
}: CampaignTableProps) {
  const [open, setOpen] = useState<readonly string[]>([]);
  return (
    <div className={`${cls}-table`}>
      <Table<DeliveryItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={campaigns}
        loading={loading}
        pagination={false}
        expandable={{
          expandedRowKeys: open,
          onExpandedRowsChange: (keys) => setOpen(keys as string[]),
          expandedRowRender: render,
          expandIcon: ({ expanded, onExpand, record }) => (
            <Button
              type="text"
              size="small"
              className={`${cls}-expand`}
              aria-expanded={expanded}
              aria-label={t(expanded ? 'list.hideDevices' : 'list.showDevices', { name: nameOf(record) })}
              data-testid={`${testId}-expand-${record._id}`}
              onClick={(e) => onExpand(record, e)}
            >
              {expanded ? '−' : '+'}
            </Button>
          ),
        }}
        onRow={(d) => ({ 'data-testid': `${testId}-row-${d._id}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: empty }}
        data-testid={`${testId}-table`}
      />
    </div>
  );
}
