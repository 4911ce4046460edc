import { useState } from 'react';
import { Grid, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  firmwareIssueStatusLabels,
  type FirmwareIssueStatus,
  type Lang,
  type DeliveryDeviceItem,
} from '@netconsole/contract';
import {
  CampaignDevices,
  DEVICES_PAGE,
  TargetOutcome,
  type DevicesPage,
} from '#shared/delivery/campaign-devices.tsx';
import type { CampaignLook } from '#shared/delivery/campaign-table.tsx';
import { formatDateTime } from '#shared/format.ts';
import { durationText } from '#shared/units.ts';
import { useUpgradeDevices } from '../api/upgrades.ts';
import { durationMs, outcomeKey, toneOf } from './upgrade-status.ts';

const LOOK: CampaignLook = { testId: 'upgrade', cls: 'firmware' };

/** A device's stage or outcome in words (reason codes to readable text), with the device's own detail. */
export function DeviceOutcome({ row }: { row: DeliveryDeviceItem }) {
  const { t } = useTranslation('firmware-deliveries');
  return <TargetOutcome {...LOOK} row={row} outcome={outcomeKey(row)} t={t} keyPrefix="outcome." />;
}

/** The download bar while a device downloads (its last reported percent). */
export function DownloadBar({ row }: { row: DeliveryDeviceItem }) {
  const { t } = useTranslation('firmware-deliveries');
  if (row.Percent === null || row.Percent === undefined) return null;
  const label = t('devices.download', { percent: row.Percent });
  return (
    <div className="firmware-download" data-testid={`upgrade-percent-${row.SN}`} data-percent={row.Percent}>
      <div
        className="firmware-bar"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={row.Percent}
      >
        <span className="firmware-bar-fill" style={{ width: `${row.Percent}%` }} />
      </div>
      <span className="firmware-small">{label}</span>
    </div>
  );
}

/** From → to version: what the device ran before and what it reported after (or the target). */
function Versions({ row }: { row: DeliveryDeviceItem }) {
  const { t } = useTranslation('firmware-deliveries');
  const unknown = t('devices.unknownVersion');
  return (
    <span className="firmware-nowrap" data-testid={`upgrade-versions-${row.SN}`}>
      {t('devices.fromTo', { from: row.FromVersion ?? unknown, to: row.ToVersion ?? unknown })}
    </span>
  );
}

/** A device's firmware issue status, download bar and, below a wide window, its outcome. */
function Status({ row, lang }: { row: DeliveryDeviceItem; lang: Lang }) {
  const wide = Grid.useBreakpoint().md !== false;
  return (
    <div className="firmware-stack">
      <Tag
        color={toneOf(row.Status)}
        data-testid={`upgrade-device-status-${row.SN}`}
        data-status={row.Status}
      >
        {firmwareIssueStatusLabels[row.Status as FirmwareIssueStatus]?.[lang] ?? row.Status}
      </Tag>
      <DownloadBar row={row} />
      {!wide && <DeviceOutcome row={row} />}
    </div>
  );
}

/** The devices of one upgrade (GET /v1/issued/device), kept current by the live messages. */
export function UpgradeDevices({ id }: { id: string }) {
  const { t, i18n } = useTranslation('firmware-deliveries');
  const lang = i18n.language as Lang;
  const [page, setPage] = useState<DevicesPage>({ page: 1, limit: DEVICES_PAGE });
  const devices = useUpgradeDevices(id, page);
  // A narrow window keeps two columns (the rest goes under the status); a phone one.
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;
  const phone = screens.sm === false;
  const units = t('devices.durationUnits', { returnObjects: true }) as Parameters<typeof durationText>[1];
  const duration = (d: DeliveryDeviceItem) => {
    const ms = durationMs(d);
    return ms === null ? '—' : durationText(ms / 1000, units);
  };

  const columns: TableColumnsType<DeliveryDeviceItem> = [
    {
      key: 'device',
      title: t('devices.column.device'),
      render: (_, d) => (
        <div className="firmware-stack">
          <span className="firmware-strong">{d.Alias}</span>
          {d.Alias !== d.SN && <span className="firmware-muted">{d.SN}</span>}
          {!wide && <Versions row={d} />}
          {phone && <Status row={d} lang={lang} />}
        </div>
      ),
    },
    {
      key: 'status',
      title: t('devices.column.status'),
      responsive: ['sm'],
      render: (_, d) => <Status row={d} lang={lang} />,
    },
    {
      key: 'outcome',
      title: t('devices.column.progress'),
      responsive: ['md'],
      render: (_, d) => <DeviceOutcome row={d} />,
    },
    {
      key: 'versions',
      title: t('devices.column.versions'),
      responsive: ['md'],
      render: (_, d) => <Versions row={d} />,
    },
    {
      key: 'duration',
      title: t('devices.column.duration'),
      responsive: ['md'],
      render: (_, d) => (
        <span className="firmware-nowrap" data-testid={`upgrade-duration-${d.SN}`}>
          {duration(d)}
        </span>
      ),
    },
    {
      key: 'updated',
      title: t('devices.column.updated'),
      responsive: ['lg'],
      render: (_, d) => <span className="firmware-nowrap">{formatDateTime(d.UpdateTime)}</span>,
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
