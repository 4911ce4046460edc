import type { HTMLAttributes } from 'react';
import { Space, Table, Tag, type TableProps } from 'antd';
import { ProfileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { displayMac, type ClientCommand, type ClientItem, type ClientStatus } from '@netconsole/contract';
import { RowAction } from '#shared/components/row-actions.tsx';
import { ClientCommandAction } from './client-actions.tsx';
import { bytesText, durationText, rateText } from '#shared/units.ts';

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
      {client.SSID ?? t('link.wireless')}
      <span className="client-muted">
        {client.Band && ` · ${client.Band} GHz`}
        {client.Mode && ` · ${client.Mode}`}
      </span>
    </span>
  );
}

interface ClientTableProps {
  clients: ClientItem[];
  loading: boolean;
  /** The client a kick or release is on its way for. */
  busyMac: string | undefined;
  onOpen: (client: ClientItem) => void;
  onCommand: (client: ClientItem, command: ClientCommand) => unknown;
}

export function ClientTable({ clients, loading, busyMac, onOpen, onCommand }: ClientTableProps) {
  const { t } = useTranslation('client-info');
  const units = { d: t('unit.d'), h: t('unit.h'), m: t('unit.m'), s: t('unit.s') };
  const columns: TableProps<ClientItem>['columns'] = [
    {
      key: 'client',
      width: 160,
      title: t('column.client'),
      // A client that announced no name is its MAC, shown in the next column.
      render: (_, c) =>
        c.Alias || c.Name ? (
          <div>
            <div className="client-name">{c.Alias || c.Name}</div>
            {c.Alias && c.Name && <div className="client-muted">{c.Name}</div>}
          </div>
        ) : (
          <span className="client-muted">—</span>
        ),
    },
    {
      key: 'mac',
      width: 160,
      title: t('column.mac'),
      render: (_, c) => <span className="client-nowrap client-mono">{displayMac(c.MAC)}</span>,
    },
    {
      key: 'ip',
      width: 120,
      title: t('column.ip'),
      render: (_, c) => <span className="client-nowrap">{c.IP ?? ''}</span>,
    },
    {
      key: 'status',
      width: 100,
      title: t('column.status'),
      render: (_, c) => <ClientStatusTag status={c.Status} />,
    },
    {
      key: 'device',
      width: 120,
      title: t('column.device'),
      render: (_, c) => <span className="client-nowrap">{c.DeviceAlias || c.SN}</span>,
    },
    { key: 'link', width: 210, title: t('column.link'), render: (_, c) => <ClientLink client={c} /> },
    {
      key: 'rssi',
      width: 90,
      title: t('column.rssi'),
      render: (_, c) => (c.RSSI === null ? '' : <span className="client-nowrap">{c.RSSI} dBm</span>),
    },
    {
      key: 'rate',
      width: 180,
      title: t('column.rate'),
      render: (_, c) => (
        <span className="client-nowrap">
          {rateText(c.TxRate)} / {rateText(c.RxRate)}
        </span>
      ),
    },
    {
      key: 'traffic',
      width: 190,
      title: t('column.traffic'),
      render: (_, c) => (
        <span className="client-nowrap">
          {bytesText(c.TxBytes)} / {bytesText(c.RxBytes)}
        </span>
      ),
    },
    {
      key: 'onlineTime',
      width: 110,
      title: t('column.onlineTime'),
      render: (_, c) => <span className="client-nowrap">{durationText(c.OnlineTime, units)}</span>,
    },
    {
      key: 'actions',
      width: 96,
      fixed: 'right',
      title: t('column.actions'),
      render: (_, c) => (
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
  ];
  return (
    <Table<ClientItem>
      rowKey="_id"
      size="small"
      className="client-table"
      columns={columns}
      dataSource={clients}
      loading={loading}
      pagination={false}
      scroll={{ x: 'max-content' }}
      onRow={(c) => ({ 'data-testid': `client-row-${c.MAC}` }) as HTMLAttributes<HTMLElement>}
      locale={{ emptyText: t('empty') }}
      data-testid="client-table"
    />
  );
}
