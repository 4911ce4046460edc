/**
 * The simulator side of `npm run bench:ingest`, its own process (forked with an IPC channel): a fleet
 * of the device simulator against the server's broker. The parent sends `stats` and `storm`; the
 * fleet says when every device is welcomed, and, after a storm, when every device is back.
 *
 *   argv: <url> <factoryKey> <devices> <networks> <seed> <snPrefix> <intervalS> <connectRatePerS> <clientsPerAp>
 */
import { createFleet } from '@netconsole/device-sim';
import { ingestStats } from '../support/fleet.ts';
import type { SimToBench, BenchToSim } from './protocol.ts';

const [url, factoryKey, devicesArg, networksArg, seed, snPrefix, intervalArg, rateArg, clientsArg] =
  process.argv.slice(2);
if (!url || !factoryKey || !seed || !snPrefix)
  throw new Error('usage: sim.ts url key devices networks seed prefix interval rate');

const send = (m: SimToBench) => process.send?.(m);
const fleet = createFleet({
  url,
  factoryKey,
  devices: Number(devicesArg),
  networks: Number(networksArg),
  seed,
  snPrefix,
  statsIntervalS: Number(intervalArg),
  downloads: 'simulate',
  timing: { connectRatePerS: Number(rateArg) },
  behaviour: { clientsPerAp: Number(clientsArg ?? 10) },
});
const total = fleet.devices.length;
const started = Date.now();
let errors = 0;
fleet.on('error', () => errors++);

/** Devices welcomed since the last storm began (all of them, before any storm). */
let back = new Set<string>();
let stormAt: number | null = null;
let reported = false;
fleet.on('online', ({ sn }) => {
  back.add(sn);
  if (back.size < total) return;
  if (stormAt === null && !reported) {
    reported = true;
    send({ type: 'online', ms: Date.now() - started });
  } else if (stormAt !== null) {
    send({ type: 'recovered', ms: Date.now() - stormAt });
    stormAt = null;
  }
});

process.on('message', (m: BenchToSim) => {
  if (m.type === 'stats') {
    send(ingestStats(fleet, errors));
  } else if (m.type === 'storm') {
    // Every connection is cut at once (no DISCONNECT: the broker publishes each will); each device
    // comes back after its own first back-off step, full jitter over `spreadMs` (protocol §2.4).
    back = new Set();
    stormAt = Date.now();
    for (const d of fleet.devices) d.drop(Math.floor(Math.random() * m.spreadMs));
  }
});

process.on('disconnect', () => process.exit(0));
await fleet.start();
send({ type: 'started', devices: total, networks: fleet.networks.length });
