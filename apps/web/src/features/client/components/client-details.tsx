import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Space, Table, Tag, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_ALIAS_MAX,
  DEFAULT_LIMIT,
  commandStatusLabels,
  displayMac,
  type ClientCommand,
  type ClientItem,
  type ConnectLogItem,
  type Lang,
} from '@netconsole/contract';
import { errorMessage } from '#shared/api-client.ts';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { notify } from '#shared/notify.ts';
import { useClientInfo } from '../api/get-client-info.ts';
import { useUpdateClientAlias } from '../api/update-client-alias.ts';
import { ClientCommandAction, clientLabel } from './client-actions.tsx';
import { bytesText, durationText, rateText } from '#shared/units.ts';
import { ClientLink, ClientStatusTag } from './client-table.tsx';

const TERMINAL_OK = 'succeeded';
const PENDING = ['held', 'sent', 'accepted', 'progress'];

/** The last kick or release and what the device reported of it. */
export function CommandOutcome({ client }: { client: ClientItem }) {
  const { t, i18n } = useTranslation('client-info');
  const c = client.LastCommand;
  if (!c) return <span>{t('details.none')}</span>;
  const color = c.Status === TERMINAL_OK ? 'green' : PENDING.includes(c.Status) ? 'processing' : 'red';
  return (
    <Space size={4} wrap data-testid="client-command-status" data-status={c.Status}>
      <span>{t(`command.${c.Command}`)}</span>
      <Tag color={color}>{commandStatusLabels[c.Status][i18n.language as Lang] ?? c.Status}</Tag>
      {c.Code && <span className="client-muted">{c.Code}</span>}
      <span className="client-muted">{formatDateTime(c.Time)}</span>
    </Space>
  );
}

function AliasEditor({ client }: { client: ClientItem }) {
  const { t } = useTranslation('client-info');
  const [alias, setAlias] = useState(client.Alias);
  const update = useUpdateClientAlias();
  const save = () =>
    update.mutate(
      { MAC: client.MAC, Alias: alias },
      { onSuccess: () => notify.success(t('details.aliasSaved')) },
    );
  return (
    <Space.Compact className="client-alias">
      <Input
        value={alias}
        maxLength={CLIENT_ALIAS_MAX}
        placeholder={t('details.aliasPlaceholder')}
        aria-label={t('details.alias')}
        onChange={(e) => setAlias(e.target.value)}
        onPressEnter={save}
        data-testid="client-alias-input"
      />
      <Button
        type="primary"
        onClick={save}
        loading={update.isPending}
        disabled={alias.trim() === client.Alias}
        data-testid="client-alias-save"
      >
        {t('details.aliasSave')}
      </Button>
    </Space.Compact>
  );
}

interface Props {
  mac: string;
  refetchInterval: number | false;
  busy: boolean;
  onCommand: (client: ClientItem, command: ClientCommand) => unknown;
  onClose: () => void;
}

/** One client: its fields, alias, kick or release, and its connect log (newest first, paged). */
export function ClientDetails({ mac, refetchInterval, busy, onCommand, onClose }: Props) {
  const { t } = useTranslation('client-info');
  const [page, setPage] = useState({ page: 1, limit: DEFAULT_LIMIT });
  const info = useClientInfo({ mac, ...page }, refetchInterval);
  const client = info.data?.Client;
  const units = { d: t('unit.d'), h: t('unit.h'), m: t('unit.m'), s: t('unit.s') };
  const none = t('details.none');

  const columns: TableProps<ConnectLogItem>['columns'] = [
    { key: 'device', title: t('log.device'), render: (_, l) => l.DeviceAlias || l.SN || none },
    {
      key: 'ssid',
      title: t('log.ssid'),
      render: (_, l) =>
        l.Link === 0 ? t('link.wired') : `${l.SSID || t('link.wireless')}${l.Band ? ` · ${l.Band} GHz` : ''}`,
    },
    {
      key: 'start',
      title: t('log.start'),
      render: (_, l) => <span className="client-nowrap">{formatDateTime(l.StartTime)}</span>,
    },
    {
      key: 'end',
      title: t('log.end'),
      render: (_, l) =>
        l.EndTime === null ? (
          <Tag color="green">{t('log.ongoing')}</Tag>
        ) : (
          <span className="client-nowrap">{formatDateTime(l.EndTime)}</span>
        ),
    },
    { key: 'online', title: t('log.onlineTime'), render: (_, l) => durationText(l.OnlineTime, units) },
    { key: 'reason', title: t('log.reason'), render: (_, l) => (l.Reason ? t(`reason.${l.Reason}`) : none) },
    {
      key: 'traffic',
      title: t('log.traffic'),
      render: (_, l) => (
        <span className="client-nowrap">{`${bytesText(l.TxBytes)} / ${bytesText(l.RxBytes)}`}</span>
      ),
    },
  ];

  return (
    <Drawer
      open
      width={820}
      title={client ? t('details.title', { name: clientLabel(client) }) : displayMac(mac)}
      onClose={onClose}
      destroyOnHidden
      extra={
        client && (
          <Space>
            {client.Status === 'online' && (
              <ClientCommandAction client={client} command="kick" busy={busy} onConfirm={onCommand} full />
            )}
            {client.Status === 'kicked' && (
              <ClientCommandAction client={client} command="release" busy={busy} onConfirm={onCommand} full />
            )}
          </Space>
        )
      }
      data-testid="client-details"
    >
      {info.isError && <Alert type="error" showIcon title={errorMessage(info.error)} />}
      {client && (
        <>
          <Descriptions size="small" column={2} bordered className="client-descriptions">
            <Descriptions.Item label={t('details.alias')} span={2}>
              <AliasEditor key={client.Alias} client={client} />
            </Descriptions.Item>
            <Descriptions.Item label={t('details.name')}>{client.Name || none}</Descriptions.Item>
            <Descriptions.Item label={t('details.status')}>
              <span data-testid="client-details-status">
                <ClientStatusTag status={client.Status} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('details.mac')}>
              <span className="client-mono">{displayMac(client.MAC)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('details.ip')}>{client.IP ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('details.device')}>
              {client.DeviceAlias || client.SN}
              {client.DeviceAlias && <span className="client-muted"> · {client.SN}</span>}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.ac')}>{client.AC ?? none}</Descriptions.Item>
            <Descriptions.Item label={t('details.link')}>
              <ClientLink client={client} />
            </Descriptions.Item>
            <Descriptions.Item label={t('details.band')}>
              {client.Band ? `${client.Band} GHz${client.Channel ? ` · ${client.Channel}` : ''}` : none}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.rssi')}>
              {client.RSSI === null
                ? none
                : `${client.RSSI} dBm${client.SNR === null ? '' : ` / ${client.SNR} dB`}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.linkRate')}>
              {client.TxLinkRate === null
                ? none
                : `${client.TxLinkRate} / ${client.RxLinkRate ?? '—'} Mbit/s`}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.rate')}>
              {rateText(client.TxRate)} / {rateText(client.RxRate)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.traffic')}>
              {bytesText(client.TxBytes)} / {bytesText(client.RxBytes)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.connectCount')}>{client.ConnectCount}</Descriptions.Item>
            <Descriptions.Item label={t('details.onlineTime')}>
              {durationText(client.OnlineTime, units)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.connectTime')}>
              {client.ConnectTime === null ? none : formatDateTime(client.ConnectTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.lastSeen')}>
              {formatDateTime(client.LastSeen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.firstSeen')}>
              {formatDateTime(client.FirstSeen)}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.lastCommand')}>
              <CommandOutcome client={client} />
            </Descriptions.Item>
          </Descriptions>
          <h4 className="client-log-title">{t('details.log')}</h4>
          <Table<ConnectLogItem>
            rowKey="_id"
            size="small"
            columns={columns}
            dataSource={info.data?.list ?? []}
            pagination={false}
            scroll={{ x: 760 }}
            locale={{ emptyText: t('log.empty') }}
            className="client-table"
            data-testid="client-log-table"
          />
          <div className="client-pagination">
            <Pagination
              total={info.data?.count ?? 0}
              page={page.page}
              limit={page.limit}
              onChange={(p, limit) => setPage({ page: p, limit })}
            />
          </div>
        </>
      )}
    </Drawer>
  );
}
