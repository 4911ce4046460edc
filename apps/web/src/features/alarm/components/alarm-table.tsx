import type { HTMLAttributes, ReactNode } from 'react';
import { Grid, Table, Tag, Tooltip, type TableProps } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlarmItem, Lang, Severity } from '@netconsole/contract';
import { RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import { LevelTag } from './alarm-level.tsx';

export interface AlarmTableProps {
  alarms: readonly AlarmItem[];
  loading: boolean;
  /** The untreated rows ticked for marking several at once. */
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
  onTreat: (alarms: AlarmItem[]) => void;
}

const deviceOf = (a: AlarmItem) => a.DeviceName || a.SN || '';

/**
 * The alarms of spec §4: level, type, where, what happened, when raised and cleared, and the
 * handling (untreated → treated, with who and when). A root cause counts the devices behind it.
 */
export function AlarmTable({ alarms, loading, selected, onSelect, onTreat }: AlarmTableProps) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const phone = Grid.useBreakpoint().md === false;
  const columns: NonNullable<TableProps<AlarmItem>['columns']> = [
    {
      key: 'level',
      title: t('list.column.level'),
      render: (_, a) => <LevelTag level={a.Level as Severity} lang={lang} testId={`alarm-level-${a._id}`} />,
    },
    {
      key: 'type',
      title: t('list.column.type'),
      render: (_, a) => <span className="alarm-nowrap">{a.Name[lang]}</span>,
    },
    { key: 'network', title: t('list.column.network'), render: (_, a) => a.NetworkName || '—' },
    {
      key: 'device',
      title: t('list.column.device'),
      render: (_, a) =>
        deviceOf(a) ? (
          <div className="alarm-device">
            {a.DeviceName && <div>{a.DeviceName}</div>}
            {a.SN && <div className="alarm-mono alarm-muted">{a.SN}</div>}
          </div>
        ) : (
          '—'
        ),
    },
    {
      key: 'text',
      title: t('list.column.text'),
      // The one column that wraps: the others keep to one line.
      width: 280,
      render: (_, a) => (
        <span>
          {a.Subject && <span className="alarm-mono">{a.Subject} </span>}
          {a.Text[lang]}
          {a.Behind > 0 && (
            <Tooltip title={t('list.behindHint')}>
              {/* Focusable, so the hint reaches keyboard users too. */}
              <Tag className="alarm-behind" tabIndex={0} data-testid={`alarm-behind-${a._id}`}>
                {t('list.behind', { count: a.Behind })}
              </Tag>
            </Tooltip>
          )}
        </span>
      ),
    },
    {
      key: 'raisedAt',
      title: t('list.column.raisedAt'),
      render: (_, a) => <span className="alarm-time">{formatDateTime(a.RaisedAt)}</span>,
    },
    {
      key: 'status',
      title: t('list.column.status'),
      render: (_, a) =>
        a.Status === 'open' ? (
          <Tag color="red" data-testid={`alarm-status-${a._id}`} data-status="open">
            {t('status.open')}
          </Tag>
        ) : (
          <span className="alarm-muted" data-testid={`alarm-status-${a._id}`} data-status="cleared">
            {a.ClearedAt
              ? t('status.cleared', { time: formatDateTime(a.ClearedAt) })
              : t('status.clearedShort')}
          </span>
        ),
    },
    {
      key: 'handled',
      title: t('list.column.handled'),
      render: (_, a) =>
        a.Handle === 1 ? (
          <span data-testid={`alarm-handled-${a._id}`} data-handled="1">
            <Tag color="green">{t('handle.1')}</Tag>
            <span className="alarm-muted alarm-handled-by">
              {t('list.handledBy', {
                name: a.HandledByName ?? '—',
                time: a.HandleTime ? formatDateTime(a.HandleTime) : '—',
              })}
            </span>
          </span>
        ) : (
          <span className="alarm-nowrap" data-testid={`alarm-handled-${a._id}`} data-handled="0">
            <Tag>{t('handle.0')}</Tag>
            <RowAction
              label={t('list.markOne')}
              icon={<CheckOutlined />}
              onClick={() => onTreat([a])}
              testId={`alarm-treat-${a._id}`}
            />
          </span>
        ),
    },
  ];

  // A phone's width: one column tells the alarm (level, type, where, what, when, cleared) and its
  // handling — no sideways scrolling.
  const cell = (key: string, a: AlarmItem, i: number) => {
    const render = columns.find((c) => c.key === key)?.render;
    return render ? (render(undefined, a, i) as ReactNode) : null;
  };
  const phoneColumns: NonNullable<TableProps<AlarmItem>['columns']> = [
    {
      key: 'alarm',
      title: t('list.column.type'),
      render: (_, a, i) => (
        <div className="alarm-phone-cell">
          <div>
            {cell('level', a, i)} <strong>{a.Name[lang]}</strong>
          </div>
          <div className="alarm-muted">
            {[a.NetworkName, a.DeviceName || a.SN].filter(Boolean).join(' · ') || '—'}
          </div>
          <div>{cell('text', a, i)}</div>
          <div className="alarm-muted">
            {cell('raisedAt', a, i)} {cell('status', a, i)}
          </div>
          <div>{cell('handled', a, i)}</div>
        </div>
      ),
    },
  ];

  return (
    <Table<AlarmItem>
      rowKey="_id"
      size="middle"
      columns={phone ? phoneColumns : columns}
      dataSource={alarms as AlarmItem[]}
      loading={loading}
      pagination={false}
      // Wide enough for every column at 1366×800 beside the menu; narrower panes scroll sideways.
      scroll={phone ? undefined : { x: 1000 }}
      locale={{ emptyText: t('list.empty') }}
      rowSelection={{
        selectedRowKeys: selected as string[],
        onChange: (keys) => onSelect(keys as string[]),
        getCheckboxProps: (a) =>
          ({
            disabled: a.Handle === 1,
            'aria-label': t('list.select', { name: `${a.Name[lang]} ${deviceOf(a)}`.trim() }),
            'data-testid': `alarm-select-${a._id}`,
          }) as never,
        columnWidth: 36,
        // As on the device list: antd copies a select-all box into its aria-hidden measure row.
        hideSelectAll: true,
      }}
      data-testid="alarm-table"
      onRow={(a) =>
        ({
          'data-testid': `alarm-row-${a._id}`,
          'data-type': a.Type,
          'data-sn': a.SN ?? '',
          'data-status': a.Status,
          'data-handled': a.Handle,
        }) as HTMLAttributes<HTMLElement>
      }
    />
  );
}
