import { useState, type HTMLAttributes } from 'react';
import { Grid, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  configIssueStatusLabels,
  type ConfigIssueStatus,
  type DeliveryDeviceItem,
  type Lang,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useDeliveryDevices } from '../api/deliveries.ts';
import { outcomeKey, toneOf } from './delivery-status.ts';

const PAGE = 10;

/**
 * What a device made of a delivery in the user's language: the reason code's text (e.g. "rolled back:
 * connectivity lost"), the stage while it works, and the device's own detail beside it.
 */
export function DeviceOutcome({ row }: { row: DeliveryDeviceItem }) {
  const { t } = useTranslation('config-delivery');
  const key = outcomeKey(row);
  const text = key
    ? t(`devices.${key}`, { defaultValue: row.Code ? t('devices.code.other', { code: row.Code }) : '' })
    : '';
  if (!text && !row.Detail) return <span className="delivery-muted">—</span>;
  return (
    <div className="delivery-outcome" data-testid={`delivery-outcome-${row.SN}`}>
      {text && <span className="delivery-outcome-text">{text}</span>}
      {row.Code && (
        <span className="delivery-outcome-code">{t('devices.codeLabel', { code: row.Code })}</span>
      )}
      {row.Detail && <span className="delivery-outcome-detail">{row.Detail}</span>}
    </div>
  );
}

/** The devices of one delivery (GET /v1/issued/device), kept current by the live messages. */
export function DeliveryDevices({ id }: { id: string }) {
  const { t, i18n } = useTranslation('config-delivery');
  const lang = i18n.language as Lang;
  const [page, setPage] = useState({ page: 1, limit: PAGE });
  const devices = useDeliveryDevices(id, page);
  // A phone keeps two columns: what the device reported goes under its status.
  const wide = Grid.useBreakpoint().md !== false;

  const columns: TableColumnsType<DeliveryDeviceItem> = [
    {
      key: 'device',
      title: t('devices.column.device'),
      render: (_, d) => (
        <div className="delivery-device-name">
          <span className="delivery-strong">{d.Alias}</span>
          {d.Alias !== d.SN && <span className="delivery-muted">{d.SN}</span>}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('devices.column.status'),
      render: (_, d) => (
        <div className="delivery-stack">
          <Tag color={toneOf(d.Status)} data-testid={`delivery-device-status-${d.SN}`} data-status={d.Status}>
            {configIssueStatusLabels[d.Status as ConfigIssueStatus]?.[lang] ?? d.Status}
          </Tag>
          {!wide && <DeviceOutcome row={d} />}
        </div>
      ),
    },
    {
      key: 'outcome',
      title: t('devices.column.outcome'),
      responsive: ['md'],
      render: (_, d) => <DeviceOutcome row={d} />,
    },
    {
      key: 'updated',
      title: t('devices.column.updated'),
      responsive: ['md'],
      render: (_, d) => <span className="delivery-nowrap">{formatDateTime(d.UpdateTime)}</span>,
    },
  ];

  const count = devices.data?.count ?? 0;
  return (
    <div className="delivery-devices" data-testid={`delivery-devices-${id}`}>
      <div className="delivery-table">
        <Table<DeliveryDeviceItem>
          rowKey="Device"
          size="small"
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={devices.isFetching && !devices.data}
          pagination={false}
          onRow={(d) => ({ 'data-testid': `delivery-device-${d.SN}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: t('devices.empty') }}
        />
      </div>
      {count > PAGE && (
        <div className="delivery-pagination">
          <Pagination
            total={count}
            page={page.page}
            limit={page.limit}
            onChange={(p, limit) => setPage({ page: p, limit })}
          />
        </div>
      )}
    </div>
  );
}
