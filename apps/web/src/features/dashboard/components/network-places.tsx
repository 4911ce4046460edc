import { EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { NetworkMap, type MapPoint } from '#shared/map/network-map.tsx';
import { TOPOLOGY_PATH } from './network-list.tsx';
import type { NetStatus, NetworkItem } from '@netconsole/contract';

/** STATUS → the dot's colour on the map (antd's green, orange, red, grey). */
export const STATUS_COLORS: Record<NetStatus, string> = {
  Normal: '#52c41a',
  Abnormal: '#fa8c16',
  Offline: '#ff4d4f',
  Empty: '#bfbfbf',
};

/**
 * Where the networks are: the shared map with a dot per network in its status colour (a click
 * opens its topology), and the places listed under it — address and coordinates.
 */
export function NetworkPlaces({
  networks,
  statuses,
}: {
  networks: NetworkItem[];
  statuses: ReadonlyMap<string, NetStatus>;
}) {
  const navigate = useNavigate();
  const points: MapPoint[] = networks.map((n) => {
    const status = statuses.get(n._id);
    return {
      id: n._id,
      longitude: n.Location.longitude,
      latitude: n.Location.latitude,
      label: n.Name,
      ...(status ? { color: STATUS_COLORS[status] } : {}),
    };
  });
  return (
    <div className="dashboard-places">
      <NetworkMap
        points={points}
        height={280}
        testId="dashboard-network-map"
        onPointClick={(id) => void navigate(`${TOPOLOGY_PATH}?_id=${encodeURIComponent(id)}`)}
      />
      <ul data-testid="dashboard-places">
        {networks.map((n) => (
          <li key={n._id}>
            <EnvironmentOutlined
              className={`dashboard-pin dashboard-status-${statuses.get(n._id) ?? 'unknown'}`}
            />
            <span className="dashboard-place-name">{n.Name}</span>
            <span className="dashboard-muted">
              {n.Location.address ? `${n.Location.address} · ` : ''}
              {n.Location.latitude.toFixed(4)}, {n.Location.longitude.toFixed(4)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
