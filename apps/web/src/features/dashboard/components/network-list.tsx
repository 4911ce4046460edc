import { Link } from 'react-router';
import { requestNetworkEdit } from '#shared/network-edit-request.ts';
import { useTranslation } from 'react-i18next';
import type { LevelCounts, NetworkSummary } from '@netconsole/contract';
import { AlarmCell } from './alarm-summary.tsx';

export const TOPOLOGY_PATH = '/dashboard/topology';

/** A network without open alarms (getAlarmByNetwork may leave it out). */
const ZERO: LevelCounts = { General: 0, Medium: 0, Severe: 0, Total: 0, Worst: 0, Untreated: 0 };

function Count({ c, id }: { c: { Total: number; Online: number }; id: string }) {
  const down = c.Total - c.Online;
  return (
    <span className="dashboard-count" data-testid={id} data-online={c.Online} data-total={c.Total}>
      <b className={down > 0 ? 'dashboard-count-down' : undefined}>{c.Online}</b>
      <span className="dashboard-muted"> / {c.Total}</span>
    </span>
  );
}

/**
 * The network list entries of spec §3: name (opening its topology), status, location, APs,
 * routers and switches online of total, online users and open alarms (`alarms`, by network id;
 * undefined while they load).
 */
export function NetworkList({
  networks,
  withAlarms,
  alarms,
}: {
  networks: NetworkSummary[];
  /** Alarms are a cloud-mode area (spec §2): the controller's list has no alarm column. */
  withAlarms: boolean;
  alarms?: ReadonlyMap<string, LevelCounts>;
}) {
  const { t } = useTranslation('dashboard-overview');
  return (
    <div className="dashboard-table-wrap">
      <table className="dashboard-table" data-testid="dashboard-networks">
        <thead>
          <tr>
            <th>{t('networks.name')}</th>
            <th>{t('networks.status')}</th>
            <th>{t('networks.location')}</th>
            <th className="num">{t('networks.aps')}</th>
            <th className="num">{t('networks.routers')}</th>
            <th className="num">{t('networks.switches')}</th>
            <th className="num">{t('networks.users')}</th>
            {withAlarms && <th className="num">{t('networks.alarms')}</th>}
            <th />
          </tr>
        </thead>
        <tbody>
          {networks.map((n) => {
            const link = `${TOPOLOGY_PATH}?_id=${encodeURIComponent(n.acid)}`;
            return (
              <tr key={n.acid} data-testid={`dashboard-network-${n.netName}`}>
                <td>
                  <Link to={link} className="dashboard-net-name">
                    {n.netName}
                  </Link>
                </td>
                <td>
                  <span
                    className={`dashboard-status dashboard-status-${n.netStatus}`}
                    data-testid={`dashboard-network-status-${n.netName}`}
                    data-status={n.netStatus}
                  >
                    {t(`netStatus.${n.netStatus}`)}
                  </span>
                </td>
                <td className="dashboard-location" title={n.location.address}>
                  {n.location.address ||
                    `${n.location.latitude.toFixed(4)}, ${n.location.longitude.toFixed(4)}`}
                </td>
                <td className="num">
                  <Count c={n.APs} id={`dashboard-network-aps-${n.netName}`} />
                </td>
                <td className="num">
                  <Count c={n.Routers} id={`dashboard-network-routers-${n.netName}`} />
                </td>
                <td className="num">
                  <Count c={n.Switches} id={`dashboard-network-switches-${n.netName}`} />
                </td>
                <td className="num" data-testid={`dashboard-network-users-${n.netName}`}>
                  {n.OnlineUsers}
                </td>
                {withAlarms && (
                  <td className="num">
                    <AlarmCell
                      counts={alarms ? (alarms.get(n.acid) ?? ZERO) : undefined}
                      networkId={n.acid}
                      name={n.netName}
                    />
                  </td>
                )}
                <td className="num">
                  <Link to={link} data-testid={`dashboard-network-topology-${n.netName}`}>
                    {t('networks.topology')}
                  </Link>
                  <button
                    type="button"
                    className="dashboard-link-button"
                    onClick={() =>
                      requestNetworkEdit({
                        _id: n._id,
                        Name: n.Name,
                        Location: n.Location,
                        TimeZone: n.TimeZone,
                      })
                    }
                    data-pdf-hide
                    data-testid={`dashboard-network-edit-${n.netName}`}
                  >
                    {t('networks.edit')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
