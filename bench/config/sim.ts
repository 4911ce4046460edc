/**
 * The fleet of `npm run bench:config`, its own process (forked with an IPC channel): access points
 * behind a router and switches per network (the plan of the parent: the same seed, the same SNs),
 * against the server's broker. It says when every device is welcomed and, on `stats`, how far the
 * devices got with their `apply_config` commands by their own reports.
 *
 *   argv: <url> <factoryKey> <plan JSON: { networks, seed, snPrefix }> <intervalS> <connectRatePerS> <clientsPerAp>
 */
import { createFleet, type NetworkSpec } from '@netconsole/device-sim';
import { onceAllOnline } from '../support/fleet.ts';
import type { ConfigSimStats, ConfigSimToBench } from './protocol.ts';

const [url, factoryKey, planArg, intervalArg, rateArg, clientsArg] = process.argv.slice(2);
if (!url || !factoryKey || !planArg) throw new Error('usage: sim.ts url key plan interval rate clients');
const spec = JSON.parse(planArg) as { networks: NetworkSpec[]; seed: string; snPrefix: string };

const send = (m: ConfigSimToBench) => process.send?.(m);
const fleet = createFleet({
  url,
  factoryKey,
  networks: spec.networks,
  seed: spec.seed,
  snPrefix: spec.snPrefix,
  statsIntervalS: Number(intervalArg),
  downloads: 'simulate',
  timing: { connectRatePerS: Number(rateArg) },
  behaviour: { clientsPerAp: Number(clientsArg ?? 0) },
});
const total = fleet.devices.length;
const started = Date.now();
let errors = 0;
fleet.on('error', () => errors++);

onceAllOnline(fleet, started, (ms) => send({ type: 'online', ms }));

// What the devices themselves say about the configuration: received, and their last report's state.
const commands = new Set<string>();
const succeeded = new Set<string>();
const failed = new Set<string>();
let lastSucceededAt = 0;
fleet.on('command', ({ sn, cmd }) => {
  if (cmd === 'apply_config') commands.add(sn);
});
fleet.on('report', ({ sn, cmd, state }) => {
  if (cmd !== 'apply_config') return;
  if (state === 'succeeded') {
    succeeded.add(sn);
    lastSucceededAt = Date.now();
  } else if (state === 'failed' || state === 'rejected') failed.add(sn);
});

process.on('message', (m: { type: 'stats' }) => {
  if (m.type !== 'stats') return;
  const s = fleet.stats();
  const stats: ConfigSimStats = {
    type: 'stats',
    at: Date.now(),
    online: s.online,
    published: s.published,
    commands: commands.size,
    succeeded: succeeded.size,
    failed: failed.size,
    lastSucceededAt,
    errors,
  };
  send(stats);
});

process.on('disconnect', () => process.exit(0));
await fleet.start();
send({ type: 'started', devices: total });
