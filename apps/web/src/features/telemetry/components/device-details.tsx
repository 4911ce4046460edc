import type { ReactNode } from 'react';
import {
  Badge,
  Button,
  Card,
  Descriptions,
  Popconfirm,
  Progress,
  Space,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { CloudSyncOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEVICE_DROP_REASONS,
  commandStatusLabels,
  configIssueStatusLabels,
  deviceStatusLabels,
  deviceTypeLabels,
  displayMac,
  type DeviceDrops,
  type ConfigIssueStatus,
  type DeliveryDeviceItem,
  type DeliveryReply,
  type DeviceConfigRef,
  type DeviceItem,
  type DeviceStatus,
  type DeviceType,
  type ListReply,
  type UsageReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { bytesText, durationText, rateText } from '#shared/units.ts';
import { formatDateTime } from '#shared/format.ts';
import { readLanguage } from '#shared/language.ts';
import { TELEMETRY_KEY, TELEMETRY_REFRESH_MS } from '../api/keys.ts';

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
    <>
      <Card
        size="small"
        title={t('details')}
        extra={
          <Link to={`/log/device?SN=${encodeURIComponent(device.SN)}`} data-testid="device-info-log">
            {t('deviceLog')}
          </Link>
        }
        data-testid="device-info-details"
      >
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
      {device.Registered && <DeviceConfiguration device={device} />}
    </>
  );
}

/** GET /v1/issued/devicelist: the device's latest configuration delivery and what the device said of it. */
function useLastConfigDelivery(id: string) {
  return useQuery({
    queryKey: [...TELEMETRY_KEY, 'config-delivery', id],
    queryFn: ({ signal }) =>
      api.get<ListReply<DeliveryDeviceItem>>('/v1/issued/devicelist', {
        query: { Device: id, Kind: 'config', limit: 1 },
        signal,
      }),
    refetchInterval: TELEMETRY_REFRESH_MS,
  });
}

/** POST /v1/config/newdispatch: the assigned profile again, at its current revision, to this device. */
function useRedeliver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { profile: string; device: string }) =>
      api.post<DeliveryReply>('/v1/config/newdispatch', { _id: body.profile, devices: [body.device] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: TELEMETRY_KEY }),
  });
}

/**
 * What the device runs (its report), what it was given (the last delivery it confirmed), whether
 * they differ or the profile has a newer revision, the last delivery's outcome in the device's
 * own words, and a re-delivery of the assigned profile (docs/configuration.md).
 */
function DeviceConfiguration({ device }: { device: DeviceItem }) {
  const { t } = useTranslation('telemetry-info');
  const lang = readLanguage();
  const c = device.Config;
  const last = useLastConfigDelivery(device._id).data?.list[0];
  const redeliver = useRedeliver();
  const ref = (r: DeviceConfigRef | null) =>
    r ? t('config.ref', { name: r.Name ?? t('config.deleted'), revision: r.Revision }) : t('config.none');
  const state = c.Drift ? 'drift' : c.Outdated ? 'outdated' : c.Assigned ? 'inStep' : 'none';
  const canRedeliver = c.Assigned !== null && c.Latest !== null && (c.Drift || c.Outdated);

  const items: { key: string; label: string; value: ReactNode }[] = [
    { key: 'running', label: t('config.running'), value: ref(c.Running) },
    { key: 'assigned', label: t('config.assigned'), value: ref(c.Assigned) },
    {
      key: 'state',
      label: t('config.state'),
      value: (
        <Tag
          color={state === 'drift' ? 'warning' : state === 'outdated' ? 'processing' : 'default'}
          data-state={state}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`config.states.${state}`, { latest: c.Latest })}
        </Tag>
      ),
    },
    {
      key: 'lastDelivery',
      label: t('config.lastDelivery'),
      value: last ? (
        <Space size={[6, 2]} wrap>
          <span data-status={last.State ?? 'waiting'}>
            {last.State
              ? commandStatusLabels[last.State][lang]
              : configIssueStatusLabels[last.Status as ConfigIssueStatus][lang]}
          </span>
          <Typography.Text type="secondary">
            {t('config.deliveryOf', {
              name: last.ProfileName ?? t('config.deleted'),
              revision: last.Revision ?? '—',
              time: formatDateTime(last.UpdateTime),
            })}
          </Typography.Text>
          {/* The device's own text (the field it refused, the reason it rolled back), not a bare "failed". */}
          {(last.Detail || last.Code) && (
            <Typography.Text type="danger" data-testid="device-info-config-detail">
              {[last.Code, last.Detail].filter(Boolean).join(': ')}
            </Typography.Text>
          )}
        </Space>
      ) : (
        t('config.noDelivery')
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('config.title')}
      data-testid="device-info-config"
      data-state={state}
      extra={
        canRedeliver ? (
          <Popconfirm
            title={t('config.confirmTitle', { name: c.Assigned!.Name ?? '' })}
            description={t('config.confirmText')}
            okText={t('config.redeliver')}
            cancelText={t('config.cancel')}
            okButtonProps={{ 'data-testid': 'confirm-ok' } as ButtonProps}
            cancelButtonProps={{ 'data-testid': 'confirm-cancel' } as ButtonProps}
            onConfirm={() =>
              redeliver
                .mutateAsync({ profile: c.Assigned!.Profile, device: device._id })
                .then(() => notify.success(t('config.sent')))
                // Toasted with its code by the app's error policy.
                .catch(() => undefined)
            }
          >
            <Button
              size="small"
              icon={<CloudSyncOutlined />}
              loading={redeliver.isPending}
              data-testid="device-info-redeliver"
            >
              {t('config.redeliver')}
            </Button>
          </Popconfirm>
        ) : null
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={items.map((i) => ({
          key: i.key,
          label: i.label,
          children: <span data-testid={`device-info-config-${i.key}`}>{i.value}</span>,
        }))}
      />
    </Card>
  );
}
