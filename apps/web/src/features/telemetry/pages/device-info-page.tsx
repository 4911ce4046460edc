import { useEffect } from 'react';
import { Alert, Empty, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DeviceType, TELEMETRY_RANGES, type TelemetryRange } from '@netconsole/contract';
import { errorMessage } from '#shared/api-client.ts';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { useDeviceBySn } from '../api/get-device.ts';
import { useDeviceUsage } from '../api/get-device-usage.ts';
import { useSearchDevices } from '../api/search-devices.ts';
import { DeviceCharts } from '../components/device-charts.tsx';
import { DeviceDetails } from '../components/device-details.tsx';
import { DevicePicker } from '../components/device-picker.tsx';
import { PortPanel } from '../components/port-panel.tsx';
import './device-info-page.css';

function isRange(value: string | null): value is TelemetryRange {
  return (TELEMETRY_RANGES as readonly (string | null)[]).includes(value);
}

/** The usage gauges belong with the details; read on the same beat. */
function Details({ device }: { device: NonNullable<ReturnType<typeof useDeviceBySn>['data']> }) {
  const usage = useDeviceUsage(device._id);
  return <DeviceDetails device={device} usage={usage.data} />;
}

/**
 * spec §2 /device/info: one device's details (spec §3 fields) and its charts over a day, a week or
 * a month (spec §9), with the port front panel of a switch. `?SN=` names the device (the device
 * list links here) and `range=` the period; both survive a reload. Everything reads again every
 * 10 s, so the page follows the device without a reload.
 */
export default function DeviceInfoPage() {
  const { t } = useTranslation('telemetry-info');
  const [params, setParams] = useSearchParams();
  const sn = params.get('SN')?.trim().toUpperCase() || null;
  const rangeParam = params.get('range');
  const range: TelemetryRange = isRange(rangeParam) ? rangeParam : 'day';
  const device = useDeviceBySn(sn);
  // Without a device named (the menu's entry, /device), the first one by alias is shown.
  const first = useSearchDevices('');
  const firstSn = sn === null ? (first.data?.list[0]?.SN ?? null) : null;
  useEffect(() => {
    if (firstSn)
      setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), SN: firstSn }), { replace: true });
  }, [firstSn, setParams]);

  const set = (changes: Record<string, string>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(changes)) next.set(k, v);
      return next;
    });

  let body;
  if (sn === null) {
    body =
      first.isPending || firstSn ? (
        <PageSpin />
      ) : (
        <Empty description={t('pickFirst')} data-testid="device-info-empty" />
      );
  } else if (device.isPending) {
    body = <PageSpin />;
  } else if (device.isError) {
    body = <Alert type="error" showIcon title={errorMessage(device.error)} />;
  } else if (!device.data) {
    body = <Alert type="warning" showIcon title={t('notFound', { sn })} data-testid="device-info-missing" />;
  } else {
    const d = device.data;
    body = (
      <>
        <Details device={d} />
        {d.Type === DeviceType.Switch || d.Type === DeviceType.Router ? <PortPanel id={d._id} /> : null}
        <DeviceCharts id={d._id} type={d.Type} range={range} />
      </>
    );
  }

  return (
    <div className="device-info" data-testid="device-info-page">
      <div className="device-info-bar">
        <DevicePicker value={sn} current={device.data} onChange={(next) => set({ SN: next })} />
        <Segmented<TelemetryRange>
          value={range}
          onChange={(next) => set({ range: next })}
          options={TELEMETRY_RANGES.map((r) => ({
            value: r,
            label: <span data-testid={`device-info-range-${r}`}>{t(`range.${r}`)}</span>,
          }))}
          data-testid="device-info-range"
        />
      </div>
      {body}
    </div>
  );
}
