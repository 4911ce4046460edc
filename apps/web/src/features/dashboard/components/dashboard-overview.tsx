import { lazy, Suspense, useState } from 'react';
import { Card, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NetStatus } from '@netconsole/contract';
import { useLiveInvalidate } from '#shared/live/use-live.ts';
import { useSession } from '#shared/session.ts';
import { useAlarmsByNetwork, DASHBOARD_ALARMS_KEY } from '../api/get-alarms-by-network.ts';
import { useAllNetworks } from '../api/get-all-networks.ts';
import { useDeviceCount } from '../api/get-device-count.ts';
import { useAllDevices } from '../api/get-devices.ts';
import { useFirmwareImages } from '../api/get-firmware-images.ts';
import { DASHBOARD_LIVE_KEY, useNetworkSummaries, type NetworkPage } from '../api/get-networks.ts';
import { OpenAlarms } from './alarm-summary.tsx';
import { HealthTiles } from './health-tiles.tsx';
import { NetworkList } from './network-list.tsx';
import { NetworkLog } from './network-log.tsx';
import { NetworkPlaces } from './network-places.tsx';

const Pagination = lazy(() =>
  import('#shared/components/pagination.tsx').then((m) => ({ default: m.Pagination })),
);

/** Device messages that move the figures (not the per-second metrics). */
const COUNTED_EVENTS = new Set(['status', 'registered', 'unregistered']);

/**
 * The dashboard's figures (spec §3, §9): device health ratios, the network list entries (paged)
 * and where the networks are. Live: a device going online or offline, joining or leaving refetches
 * them all; clients coming and going, the networks' online users.
 */
export default function DashboardOverview() {
  const { t } = useTranslation('dashboard-overview');
  // No limit until the pager sets one: the server's default (10, spec §9).
  const [page, setPage] = useState<NetworkPage>({ page: 1 });
  const networks = useNetworkSummaries(page);
  const allNetworks = useAllNetworks();
  const counts = useDeviceCount();
  const devices = useAllDevices();
  const images = useFirmwareImages();
  useLiveInvalidate('device', [DASHBOARD_LIVE_KEY], {
    when: (d) => COUNTED_EVENTS.has(d.Event),
    delayMs: 800,
  });
  useLiveInvalidate('client', [[...DASHBOARD_LIVE_KEY, 'networks']], { delayMs: 3000 });
  // spec §2: alarms are a cloud-mode area (/log/alarm); the controller's dashboard has none.
  const cloud = useSession().user?.LoginModel === 'cloud';
  const alarms = useAlarmsByNetwork(cloud);
  useLiveInvalidate('alarm', [DASHBOARD_ALARMS_KEY], { enabled: cloud, delayMs: 500 });
  const alarmCounts = alarms.data && new Map(alarms.data.list.map((a) => [a.Network, a]));
  const missing = (pending: boolean) =>
    pending ? <Spin size="small" /> : <span className="dashboard-muted">{t('unavailable')}</span>;
  const statuses = new Map<string, NetStatus>((networks.data?.list ?? []).map((n) => [n.acid, n.netStatus]));
  const c = counts.data;

  return (
    <>
      <Card
        className="dashboard-wide"
        title={t('health.title')}
        size="small"
        extra={
          c && (
            <span
              className="dashboard-muted"
              data-testid="dashboard-devices-online"
              data-online={c.Online}
              data-total={c.Total}
            >
              {t('health.devices', { online: c.Online, total: c.Total, offline: c.Offline })}
            </span>
          )
        }
      >
        <HealthTiles
          counts={c}
          devices={devices.data?.list}
          images={images.data}
          pending={counts.isPending}
        />
      </Card>
      {cloud && (
        <Card className="dashboard-alarms" title={t('alarms.title')} size="small">
          {alarms.data ? (
            <OpenAlarms total={alarms.data.total} newest={alarms.data.alarms} />
          ) : (
            missing(alarms.isPending)
          )}
        </Card>
      )}
      <Card className="dashboard-networks" title={t('networks.title')} size="small">
        {networks.data ? (
          networks.data.count === 0 ? (
            <p className="dashboard-muted" data-testid="dashboard-networks-empty">
              {t('networks.empty')}
            </p>
          ) : (
            <>
              <NetworkList networks={networks.data.list} withAlarms={cloud} alarms={alarmCounts} />
              <div className="dashboard-pager" data-pdf-hide>
                <Suspense fallback={null}>
                  <Pagination
                    total={networks.data.count}
                    page={page.page}
                    limit={networks.data.limit}
                    onChange={(p, limit) => setPage({ page: p, limit })}
                  />
                </Suspense>
              </div>
            </>
          )
        ) : (
          missing(networks.isPending)
        )}
      </Card>
      <Card className="dashboard-map" title={t('map.title')} size="small" data-testid="dashboard-map">
        {allNetworks.data ? (
          <NetworkPlaces networks={allNetworks.data.list} statuses={statuses} />
        ) : (
          missing(allNetworks.isPending)
        )}
      </Card>
      <Card className="dashboard-log" title={t('netlog.title')} size="small">
        {allNetworks.data ? <NetworkLog networks={allNetworks.data.list} /> : missing(allNetworks.isPending)}
      </Card>
    </>
  );
}
