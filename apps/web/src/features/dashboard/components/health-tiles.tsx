import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceCountReply } from '@netconsole/contract';
import { formatPercent, healthRatios, type Ratio, type Versioned } from './health.ts';

function Tile({ id, label, hint, r }: { id: string; label: string; hint: string; r: Ratio | null }) {
  const percent = r?.percent ?? null;
  const tone = percent === null ? 'none' : percent >= 95 ? 'good' : percent >= 80 ? 'fair' : 'poor';
  return (
    <div
      className={`dashboard-tile dashboard-tile-${tone}`}
      data-testid={`dashboard-ratio-${id}`}
      data-value={percent ?? ''}
      data-part={r?.part ?? ''}
      data-whole={r?.whole ?? ''}
    >
      <div className="dashboard-tile-label">{label}</div>
      <div className="dashboard-tile-value">{r ? formatPercent(r) : '—'}</div>
      <div className="dashboard-tile-bar">
        <span style={{ width: `${percent ?? 0}%` }} />
      </div>
      <div className="dashboard-tile-hint">{hint}</div>
    </div>
  );
}

/** Online, firmware, registered and trusted ratios, to one decimal (spec §9). */
export function HealthTiles({
  counts,
  devices,
  images,
  pending,
}: {
  counts: DeviceCountReply | undefined;
  devices: readonly Versioned[] | undefined;
  images?: readonly Versioned[];
  pending: boolean;
}) {
  const { t } = useTranslation('dashboard-overview');
  if (!counts) return pending ? <Spin /> : <span className="dashboard-muted">{t('unavailable')}</span>;
  const r = healthRatios(counts, devices, images);
  const of = (x: Ratio | null, key: string) =>
    x ? t(key, { part: x.part, whole: x.whole }) : t('health.firmwarePending');
  return (
    <div className="dashboard-tiles">
      <Tile id="online" label={t('health.online')} r={r.online} hint={of(r.online, 'health.onlineOf')} />
      <Tile
        id="firmware"
        label={t('health.firmware')}
        r={r.firmware}
        hint={of(r.firmware, 'health.firmwareOf')}
      />
      <Tile
        id="registered"
        label={t('health.registered')}
        r={r.registered}
        hint={of(r.registered, 'health.registeredOf')}
      />
      <Tile id="trusted" label={t('health.trusted')} r={r.trusted} hint={of(r.trusted, 'health.trustedOf')} />
    </div>
  );
}
