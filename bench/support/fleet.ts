/** What the benches' fleet processes (bench/<bench>/sim.ts) tell their bench alike. */
import type { Fleet } from '@netconsole/device-sim';
import type { SimStats } from '../ingest/protocol.ts';

/** Calls `then` once, when every device of the fleet has been welcomed: `ms` after `started`. */
export function onceAllOnline(fleet: Fleet, started: number, then: (ms: number) => void): void {
  const welcomed = new Set<string>();
  fleet.on('online', ({ sn }) => {
    if (welcomed.has(sn)) return;
    welcomed.add(sn);
    if (welcomed.size === fleet.devices.length) then(Date.now() - started);
  });
}

/** bench:ingest's figures of the fleet now (its window arithmetic takes them); `errors` so far. */
export function ingestStats(fleet: Fleet, errors: number): SimStats {
  const s = fleet.stats();
  return {
    type: 'stats',
    at: Date.now(),
    published: s.published,
    online: s.online,
    connected: s.connected,
    devices: s.devices,
    connects: s.connects,
    errors,
    rssBytes: process.memoryUsage().rss,
  };
}
