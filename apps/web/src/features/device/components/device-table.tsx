import { useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Descriptions, Divider, Space, Table, Tag, Tooltip, type TableProps } from 'antd';
import { ClearOutlined, EditOutlined, LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  commandStatusLabels,
  deviceStatusLabels,
  deviceTypeLabels,
  type AlarmItem,
  type DeviceCommand,
  type DeviceItem,
  type DeviceSort,
  type DeviceStatus,
  type DeviceType,
  type Lang,
} from '@netconsole/contract';
import { ConfirmRowAction, RowAction } from '#shared/components/row-actions.tsx';
import { formatDateTime } from '#shared/format.ts';
import { serverSorts, type SortOrder } from '#shared/table-sort.ts';
import { AlarmMark } from './alarm-mark.tsx';
import { ConfigCell } from './config-cell.tsx';
import { isOpen, type TrackedCommand } from './live-rows.ts';

export const DEVICE_SORTS = serverSorts(['SN', 'Alias', 'Type', 'Status', 'CreateTime'], '-CreateTime');

const STATUS_COLOR: Record<DeviceStatus, string> = { Online: 'green', Offline: 'default', Useless: 'red' };

export interface DeviceTableProps {
  devices: readonly DeviceItem[];
  loading: boolean;
  sort: DeviceSort;
  onSort: (sort: DeviceSort) => void;
  /** The administrator sees every tenant's devices and registers none; a tenant manages its own. */
  manage: boolean;
  /** A network's name by its id (the id while names are loading). */
  networkName: (id: string) => string;
  commands: Readonly<Record<string, TrackedCommand>>;
  onEditAlias: (device: DeviceItem) => void;
  onCommand: (device: DeviceItem, command: DeviceCommand) => void;
  onRemove: (device: DeviceItem) => Promise<unknown>;
  /** Sends a drifted or outdated device its assigned profile again (after a confirmation). */
  onRedeliver: (device: DeviceItem) => void;
  /** The rows ticked for a re-delivery of several. */
  selected: readonly string[];
  onSelect: (ids: string[]) => void;
  /** Open alarms by device SN (cloud mode): the rows they concern carry a mark. */
  alarms?: ReadonlyMap<string, readonly AlarmItem[]>;
}

function StatusTag({ device }: { device: DeviceItem }) {
  const { i18n } = useTranslation();
  return (
    <Tag
      color={STATUS_COLOR[device.Status]}
      data-testid={`device-status-${device.SN}`}
      data-status={device.Status}
    >
      {deviceStatusLabels[device.Status][i18n.language as Lang]}
    </Tag>
  );
}

/** What became of the last reboot or reset sent from this page (the device's own report). */
function CommandOutcome({ sn, tracked }: { sn: string; tracked: TrackedCommand }) {
  const { t, i18n } = useTranslation('device-list');
  const open = isOpen(tracked);
  const label =
    tracked.status === 'failed_to_send'
      ? t('command.failed_to_send')
      : commandStatusLabels[tracked.status][i18n.language as Lang];
  const color = open ? 'processing' : tracked.status === 'succeeded' ? 'success' : 'error';
  return (
    <Tooltip title={tracked.code ? t('command.code', { code: tracked.code }) : undefined}>
      <Tag
        color={color}
        icon={open ? <LoadingOutlined /> : undefined}
        data-testid={`device-command-${sn}`}
        data-status={tracked.status}
      >
        {t(`command.${tracked.command}.name`)}: {label}
      </Tag>
    </Tooltip>
  );
}

/**
 * The columns that give way, in this order, when the table is wider than its pane (1366×800 with
 * the configuration column): they move into the row's expandable part, so nothing scrolls sideways.
 */
export const YIELDING_COLUMNS = ['CreateTime', 'FWVersion', 'MAC', 'Model', 'Parent'] as const;

/**
 * How many of YIELDING_COLUMNS to hide: measured after each layout, one more while the table
 * overflows; measured again from none when the pane widens or the page holds other rows.
 */
function useYielding(rowsKey: string) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [state, setState] = useState({ hidden: 0, for: '' });
  const key = `${width}|${rowsKey}`;
  const hidden = state.for === key ? state.hidden : 0;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.round(el.clientWidth)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const scroller = box.current?.querySelector('.ant-table-content');
    if (!scroller || hidden >= YIELDING_COLUMNS.length) return;
    if (scroller.scrollWidth > scroller.clientWidth + 1) setState({ hidden: hidden + 1, for: key });
  }, [hidden, key]);
  return { box, hidden: YIELDING_COLUMNS.slice(0, hidden) as readonly string[] };
}

const time = (value: number | null) => (value ? formatDateTime(value) : '—');
const dash = (value: string | null | undefined) => value || '—';

/** The devices of spec §2 /device/list; sorting is the server's, paging sits below the table. */
export function DeviceTable(props: DeviceTableProps) {
  const { devices, loading, sort, onSort, manage, commands } = props;
  const { t, i18n } = useTranslation('device-list');
  const lang = i18n.language as Lang;
  const sortable = (field: 'SN' | 'Alias' | 'Type' | 'Status' | 'CreateTime') => ({
    key: field,
    sorter: true,
    sortOrder: DEVICE_SORTS.orderOf(sort, field),
  });

  const { box, hidden } = useYielding(devices.map((d) => d._id).join());
  const all: NonNullable<TableProps<DeviceItem>['columns']> = [
    {
      ...sortable('SN'),
      title: t('column.sn'),
      render: (_, d) => (
        <Link
          to={`/device/info?SN=${encodeURIComponent(d.SN)}`}
          className="device-list-mono"
          data-testid={`device-link-${d.SN}`}
        >
          {d.SN}
        </Link>
      ),
    },
    {
      key: 'MAC',
      title: t('column.mac'),
      render: (_, d) => <span className="device-list-mono">{dash(d.MAC)}</span>,
    },
    { ...sortable('Alias'), title: t('column.alias'), render: (_, d) => dash(d.Alias) },
    {
      ...sortable('Type'),
      title: t('column.type'),
      render: (_, d) => (d.Type ? (deviceTypeLabels[d.Type as DeviceType]?.[lang] ?? d.Type) : '—'),
    },
    { key: 'Model', title: t('column.model'), render: (_, d) => dash(d.Model) },
    {
      ...sortable('Status'),
      title: t('column.status'),
      render: (_, d) => (
        <Space size={4} wrap>
          <StatusTag device={d} />
          {props.alarms?.get(d.SN) && <AlarmMark sn={d.SN} alarms={props.alarms.get(d.SN)!} />}
          {commands[d._id] && <CommandOutcome sn={d.SN} tracked={commands[d._id]!} />}
        </Space>
      ),
    },
    {
      key: 'Config',
      title: t('column.config'),
      render: (_, d) => <ConfigCell device={d} onRedeliver={props.onRedeliver} />,
    },
    {
      key: 'IP',
      title: t('column.ip'),
      render: (_, d) => <span data-testid={`device-ip-${d.SN}`}>{dash(d.IP)}</span>,
    },
    {
      key: 'Parent',
      title: t('column.network'),
      render: (_, d) =>
        d.Parent ? (
          props.networkName(d.Parent)
        ) : (
          <span className="device-list-muted">{t('filter.noNetwork')}</span>
        ),
    },
    { key: 'FWVersion', title: t('column.fwVersion'), render: (_, d) => dash(d.FWVersion) },
    {
      ...sortable('CreateTime'),
      // The default order is this column's: toggle between the two ways rather than clear it.
      sortDirections: ['ascend', 'descend', 'ascend'],
      title: t('column.createTime'),
      render: (_, d) => <span className="device-list-nowrap">{time(d.CreateTime)}</span>,
    },
  ];
  const columns = all.filter((c) => !hidden.includes(c.key as string));
  if (manage) {
    columns.push({
      key: 'actions',
      title: t('column.actions'),
      fixed: 'right',
      render: (_, d) => {
        const busy = commands[d._id] !== undefined && isOpen(commands[d._id]!);
        return (
          <Space size={0}>
            <RowAction
              label={t('action.editAlias')}
              icon={<EditOutlined />}
              onClick={() => props.onEditAlias(d)}
              testId={`device-alias-${d.SN}`}
            />
            <RowAction
              label={t('action.reboot')}
              icon={<ReloadOutlined />}
              disabled={busy}
              onClick={() => props.onCommand(d, 'reboot')}
              testId={`device-reboot-${d.SN}`}
            />
            <Divider type="vertical" className="device-list-action-gap" />
            {/* Erases the device: danger colours and an icon unlike reboot's, apart from it. */}
            <RowAction
              label={t('action.reset')}
              icon={<ClearOutlined />}
              danger
              disabled={busy}
              onClick={() => props.onCommand(d, 'reset')}
              testId={`device-reset-${d.SN}`}
            />
            <ConfirmRowAction
              label={t('action.remove')}
              testId={`device-remove-${d.SN}`}
              title={t('remove.title', { name: d.Alias || d.SN })}
              description={t('remove.description')}
              okText={t('remove.ok')}
              cancelText={t('remove.cancel')}
              onConfirm={() => props.onRemove(d)}
            />
          </Space>
        );
      },
    });
  }

  return (
    <div ref={box} data-testid="device-table-box" data-hidden={hidden.join(' ')}>
      <Table<DeviceItem>
        rowKey="_id"
        size="middle"
        columns={columns}
        dataSource={devices as DeviceItem[]}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('empty') }}
        expandable={
          hidden.length > 0
            ? {
                columnWidth: 40,
                expandedRowRender: (d) => (
                  <Descriptions
                    size="small"
                    column={{ xs: 1, sm: 2, md: 3, lg: 4, xl: 5, xxl: 5 }}
                    items={all
                      .filter((c) => hidden.includes(c.key as string))
                      .map((c) => ({
                        key: c.key as string,
                        label: c.title as string,
                        children: c.render!(undefined, d, 0) as ReactNode,
                      }))}
                  />
                ),
              }
            : undefined
        }
        rowSelection={{
          selectedRowKeys: props.selected as string[],
          onChange: (keys) => props.onSelect(keys as string[]),
          getCheckboxProps: (d) =>
            ({
              'aria-label': t('select', { name: d.Alias || d.SN }),
              'data-testid': `device-select-${d.SN}`,
            }) as never,
          columnWidth: 36,
          // The header's select-all box would be copied into antd's aria-hidden measure row (scroll.x),
          // a focusable element hidden from assistive technology; rows are ticked one by one.
          hideSelectAll: true,
        }}
        data-testid="device-table"
        onRow={(d) =>
          ({
            'data-testid': `device-row-${d.SN}`,
            'data-status': d.Status,
          }) as HTMLAttributes<HTMLElement>
        }
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          onSort(
            DEVICE_SORTS.toServer(one?.columnKey, one?.order as SortOrder | null | undefined) as DeviceSort,
          );
        }}
      />
    </div>
  );
}
