import { useLayoutEffect, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { Descriptions, Space, Table, Tag, type TableProps } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  displayMac,
  type ClientCommand,
  type ClientItem,
  type ClientSort,
  type ClientStatus,
} from '@netconsole/contract';
import { RowAction } from '#shared/components/row-actions.tsx';
import { ClientCommandAction } from './client-actions.tsx';
import { bytesText, durationText, rateText } from '#shared/units.ts';
import {
  EMPTY,
  clientColumnSets,
  clientName,
  orEmpty,
  widthOf,
  type ClientColumnKey,
} from './client-columns.ts';

const STATUS_COLOR: Record<ClientStatus, string> = { online: 'green', offline: 'default', kicked: 'red' };

export function ClientStatusTag({ status }: { status: ClientStatus }) {
  const { t } = useTranslation('client-info');
  return <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>;
}

/** Wireless: SSID, band and mode; wired: the port. */
export function ClientLink({ client }: { client: ClientItem }) {
  const { t } = useTranslation('client-info');
  if (client.Link === 0) {
    return (
      <span>
        {t('link.wired')}
        {client.Port !== null && (
          <span className="client-muted"> · {t('link.port', { port: client.Port })}</span>
        )}
      </span>
    );
  }
  return (
    <span>
      {client.SSID || t('link.wireless')}
      <span className="client-muted">
        {client.Band && ` · ${client.Band} GHz`}
        {client.Mode && ` · ${client.Mode}`}
      </span>
    </span>
  );
}

/** The client column: alias (host name under it), host name, the adapter's maker, 'private MAC', or '—'. */
export function ClientName({ client }: { client: ClientItem }) {
  const { t } = useTranslation('client-info');
  const name = clientName(client);
  if (name.kind === 'private') {
    return (
      <span className="client-muted" title={t('name.privateHint')}>
        {t('name.private')}
      </span>
    );
  }
  if (name.kind === 'none') return <span className="client-muted">{EMPTY}</span>;
  if (name.kind === 'vendor') {
    return (
      <span className="client-ellipsis client-muted" title={t('name.vendorHint')}>
        {name.text}
      </span>
    );
  }
  return (
    <div className="client-ellipsis">
      <div className="client-name">{name.text}</div>
      {name.kind === 'alias' && client.Name && <div className="client-muted">{client.Name}</div>}
    </div>
  );
}

/** Sorts the table's headers offer, and the server's sort of each way. */
const SORTS: Partial<Record<ClientColumnKey, { ascend: ClientSort; descend: ClientSort }>> = {
  mac: { ascend: 'MAC', descend: '-MAC' },
  rssi: { ascend: 'RSSI', descend: '-RSSI' },
};

interface ClientTableProps {
  clients: ClientItem[];
  loading: boolean;
  /** The client a kick or release is on its way for. */
  busyMac: string | undefined;
  sort: ClientSort;
  onSort: (sort: ClientSort | null) => void;
  onOpen: (client: ClientItem) => void;
  onCommand: (client: ClientItem, command: ClientCommand) => unknown;
}

/** The width the table has, followed as the window or the help panel changes it. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * The clients, in the columns the width allows (client-columns.ts): the rest of a row shows when
 * it is expanded, so nothing hides behind a sideways scroll. Empty cells read "—".
 */
export function ClientTable({
  clients,
  loading,
  busyMac,
  sort,
  onSort,
  onOpen,
  onCommand,
}: ClientTableProps) {
  const { t } = useTranslation('client-info');
  const [box, width] = useWidth();
  const units = { d: t('unit.d'), h: t('unit.h'), m: t('unit.m'), s: t('unit.s') };
  const cells: Record<ClientColumnKey, { title: string; render: (c: ClientItem) => ReactNode }> = {
    client: { title: t('column.client'), render: (c) => <ClientName client={c} /> },
    mac: {
      title: t('column.mac'),
      render: (c) => <span className="client-nowrap client-mono">{displayMac(c.MAC) ?? c.MAC}</span>,
    },
    ip: { title: t('column.ip'), render: (c) => <span className="client-nowrap">{orEmpty(c.IP)}</span> },
    status: { title: t('column.status'), render: (c) => <ClientStatusTag status={c.Status} /> },
    device: {
      title: t('column.device'),
      render: (c) => <span className="client-ellipsis">{orEmpty(c.DeviceAlias || c.SN)}</span>,
    },
    link: { title: t('column.link'), render: (c) => <ClientLink client={c} /> },
    rssi: {
      title: t('column.rssi'),
      render: (c) => <span className="client-nowrap">{c.RSSI === null ? EMPTY : `${c.RSSI} dBm`}</span>,
    },
    rate: {
      title: t('column.rate'),
      render: (c) => (
        <div className="client-nowrap">
          <div>↓ {rateText(c.TxRate)}</div>
          <div>↑ {rateText(c.RxRate)}</div>
        </div>
      ),
    },
    traffic: {
      title: t('column.traffic'),
      render: (c) => (
        <div className="client-nowrap">
          <div>↓ {bytesText(c.TxBytes)}</div>
          <div>↑ {bytesText(c.RxBytes)}</div>
        </div>
      ),
    },
    onlineTime: {
      title: t('column.onlineTime'),
      render: (c) => <span className="client-nowrap">{durationText(c.OnlineTime, units)}</span>,
    },
    actions: {
      title: t('column.actions'),
      render: (c) => (
        <Space size={0}>
          <RowAction
            label={t('action.details')}
            icon={<ProfileOutlined />}
            onClick={() => onOpen(c)}
            testId={`client-details-${c.MAC}`}
          />
          {c.Status === 'online' && (
            <ClientCommandAction client={c} command="kick" busy={busyMac === c.MAC} onConfirm={onCommand} />
          )}
          {c.Status === 'kicked' && (
            <ClientCommandAction
              client={c}
              command="release"
              busy={busyMac === c.MAC}
              onConfirm={onCommand}
            />
          )}
        </Space>
      ),
    },
  };
  // Until measured, the key columns only (the first layout must not overflow either).
  const { shown, hidden } = clientColumnSets(width);
  const columns: TableProps<ClientItem>['columns'] = shown.map((key) => {
    const sorts = SORTS[key];
    return {
      key,
      // The client column takes the rest of the room.
      ...(key === 'client' ? {} : { width: widthOf(key) }),
      title: cells[key].title,
      render: (_: unknown, c: ClientItem) => cells[key].render(c),
      ...(sorts && {
        sorter: true,
        sortOrder: sort === sorts.ascend ? 'ascend' : sort === sorts.descend ? 'descend' : null,
      }),
    };
  });

  return (
    <div ref={box} className="client-table-box" data-testid="client-table-box" data-hidden={hidden.join(' ')}>
      <Table<ClientItem>
        rowKey="_id"
        size="small"
        className="client-table"
        tableLayout="fixed"
        columns={columns}
        dataSource={clients}
        loading={loading}
        pagination={false}
        onChange={(_p, _f, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const sorts = one?.columnKey ? SORTS[one.columnKey as ClientColumnKey] : undefined;
          onSort(sorts && one?.order ? sorts[one.order] : null);
        }}
        expandable={
          hidden.length > 0
            ? {
                columnWidth: 48,
                expandedRowRender: (c) => (
                  <Descriptions
                    size="small"
                    column={{ xs: 1, sm: 2, md: 3, lg: 4, xl: 4, xxl: 4 }}
                    items={hidden.map((key) => ({
                      key,
                      label: cells[key].title,
                      children: cells[key].render(c),
                    }))}
                    data-testid={`client-more-${c.MAC}`}
                  />
                ),
              }
            : undefined
        }
        onRow={(c) => ({ 'data-testid': `client-row-${c.MAC}` }) as HTMLAttributes<HTMLElement>}
        locale={{ emptyText: t('empty') }}
        data-testid="client-table"
      />
    </div>
  );
}
