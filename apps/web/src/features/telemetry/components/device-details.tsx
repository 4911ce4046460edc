import type { ReactNode } from 'react';
import { Badge, Card, Descriptions, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_DROP_REASONS,
  deviceStatusLabels,
  deviceTypeLabels,
  displayMac,
  type DeviceDrops,
  type DeviceItem,
  type DeviceStatus,
  type DeviceType,
  type UsageReply,
} from '@netconsole/contract';
import { bytesText, durationText, rateText } from '#shared/units.ts';
import { formatDateTime } from '#shared/format.ts';
import { readLanguage } from '#shared/language.ts';

const BADGE: Record<DeviceStatus, 'success' | 'default' | 'error'> = {
  Online: 'success',
  Offline: 'default',
  Useless: 'error',
};

/** What an unknown value reads as (offline devices report nothing, spec §3). */
const UNKNOWN = '—';
const known = (v: string | number | null | undefined, show: (v: never) => ReactNode = (x) => x) =>
  v === null || v === undefined || v === '' ? UNKNOWN : show(v as never);

/** The device's dropped messages per reason (protocol §8), or "none"; counted since the server started. */
function Drops({ drops, since }: { drops: DeviceDrops; since: number }) {
  const { t } = useTranslation('telemetry-info');
  const counted = DEVICE_DROP_REASONS.filter((r) => (drops[r] ?? 0) > 0);
  return (
    <Space size={[4, 4]} wrap>
      {counted.length === 0 ? (
        <span data-testid="device-info-drops-none">{t('drops.none')}</span>
      ) : (
        counted.map((r) => (
          // The reason's code, as the protocol document lists it, on hover.
          <Tag key={r} title={r} data-testid={`device-info-drop-${r}`} style={{ marginInlineEnd: 0 }}>
            {t('drops.count', { reason: t(`drops.reasons.${r}`), count: drops[r] })}
          </Tag>
        ))
      )}
      <Typography.Text type="secondary">{t('drops.since', { time: formatDateTime(since) })}</Typography.Text>
    </Space>
  );
}

/** Every spec §3 field of a device, and its last gauges; unknown or zero while it is offline. */
export function DeviceDetails({ device, usage }: { device: DeviceItem; usage: UsageReply | undefined }) {
  const { t } = useTranslation('telemetry-info');
  const lang = readLanguage();
  const units = { d: t('units.d'), h: t('units.h'), m: t('units.m'), s: t('units.s') };
  const on = device.Online;
  // A progress bar is announced by its name (axe: aria-progressbar-name).
  const pct = (v: number | null, name: string) =>
    v === null ? (
      UNKNOWN
    ) : (
      <Progress
        percent={v}
        size="small"
        format={(p) => `${p}%`}
        aria-label={name}
        style={{ width: 140, margin: 0 }}
      />
    );

  const items: { key: string; label: string; value: ReactNode }[] = [
    { key: 'alias', label: t('fields.alias'), value: known(device.Alias) },
    { key: 'sn', label: 'SN', value: device.SN },
    { key: 'mac', label: 'MAC', value: known(displayMac(device.MAC)) },
    {
      key: 'status',
      label: t('fields.status'),
      value: <Badge status={BADGE[device.Status]} text={deviceStatusLabels[device.Status][lang]} />,
    },
    {
      key: 'type',
      label: t('fields.type'),
      value: device.Type === null ? UNKNOWN : deviceTypeLabels[device.Type as DeviceType][lang],
    },
    { key: 'model', label: t('fields.model'), value: known(device.Model) },
    { key: 'hw', label: t('fields.hwVersion'), value: known(device.HWVersion) },
    { key: 'fw', label: t('fields.fwVersion'), value: known(device.FWVersion) },
    { key: 'ip', label: t('fields.ip'), value: known(device.IP) },
    { key: 'mask', label: t('fields.mask'), value: known(device.NetMask) },
    { key: 'gateway', label: t('fields.gateway'), value: known(device.GateWay) },
    { key: 'dns1', label: t('fields.dns1'), value: known(device.DNS1) },
    { key: 'dns2', label: t('fields.dns2'), value: known(device.DNS2) },
    { key: 'publicIp', label: t('fields.publicIp'), value: known(device.PublicIP) },
    { key: 'uptime', label: t('fields.uptime'), value: on ? durationText(device.UpTime, units) : 0 },
    {
      key: 'onlineTime',
      label: on ? t('fields.onlineSince') : t('fields.offlineSince'),
      value: known(on ? device.OnlineTime : device.EndTime, formatDateTime),
    },
    { key: 'rxRate', label: t('fields.rxRate'), value: rateText(device.RxRate) },
    { key: 'txRate', label: t('fields.txRate'), value: rateText(device.TxRate) },
    { key: 'cpu', label: t('fields.cpu'), value: pct(device.CPUUsed, t('bars.cpu')) },
    { key: 'memory', label: t('fields.memory'), value: pct(device.MemoryUsed, t('bars.memory')) },
    {
      key: 'memoryTotal',
      label: t('fields.memoryTotal'),
      value: usage?.MemoryTotal ? bytesText(usage.MemoryTotal) : UNKNOWN,
    },
    {
      key: 'temperature',
      label: t('fields.temperature'),
      value: known(usage?.Temperature, (v) => `${v} °C`),
    },
    { key: 'clients', label: t('fields.clients'), value: known(usage?.Clients) },
    {
      key: 'poe',
      label: t('fields.poe'),
      value: usage?.PowerBudget == null ? UNKNOWN : `${usage.PowerDelivered ?? 0} / ${usage.PowerBudget} W`,
    },
    { key: 'registered', label: t('fields.registered'), value: device.Registered ? t('yes') : t('no') },
    { key: 'trusted', label: t('fields.trusted'), value: device.Trusted ? t('yes') : t('no') },
    { key: 'created', label: t('fields.created'), value: formatDateTime(device.CreateTime) },
    {
      key: 'drops',
      label: t('fields.drops'),
      value: <Drops drops={device.Drops} since={device.DropsSince} />,
    },
  ];

  return (
    <Card size="small" title={t('details')} data-testid="device-info-details">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3, xxl: 4 }}
        items={items.map((i) => ({
          key: i.key,
          label: i.label,
          children: <span data-testid={`device-info-field-${i.key}`}>{i.value}</span>,
        }))}
      />
    </Card>
  );
}
