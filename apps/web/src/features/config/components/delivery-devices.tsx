import { useState } from 'react';
import { Grid, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  configIssueStatusLabels,
  type ConfigIssueStatus,
  type DeliveryDeviceItem,
  type Lang,
} from '@netconsole/contract';
import {
  CampaignDevices,
  DEVICES_PAGE,
  TargetOutcome,
  type DevicesPage,
} from '#shared/delivery/campaign-devices.tsx';
import type { CampaignLook } from '#shared/delivery/campaign-table.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useDeliveryDevices } from '../api/deliveries.ts';
import { outcomeKey, toneOf } from './delivery-status.ts';

const LOOK: CampaignLook = { testId: 'delivery', cls: 'delivery' };

/**
 * What a device made of a delivery in the user's language: the reason code's text (e.g. "rolled back:
 * connectivity lost"), the stage while it works, and the device's own detail beside it.
 */
export function DeviceOutcome({ row }: { row: DeliveryDeviceItem }) {
  const { t } = useTranslation('config-delivery');
  return <TargetOutcome {...LOOK} row={row} outcome={outcomeKey(row)} t={t} keyPrefix="devices." />;
}

/** The devices of one delivery (GET /v1/issued/device), kept current by the live messages. */
export function DeliveryDevices({ id }: { id: string }) {
  const { t, i18n } = useTranslation('config-delivery');
  const lang = i18n.language as Lang;
  const [page, setPage] = useState<DevicesPage>({ page: 1, limit: DEVICES_PAGE });
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

  return (
    <CampaignDevices
      {...LOOK}
      id={id}
      columns={columns}
      devices={devices}
      page={page}
      onPage={setPage}
      empty={t('devices.empty')}
    />
  );
}
