/**
 * The fleet of `npm run bench:alarms`, its own process (forked with an IPC channel): the plan of
 * plan.ts against the server's broker. It says when every device is welcomed, answers `stats` as
 * bench:ingest's fleet does, and on `crash` powers the named devices off at once — the sockets
 * close without DISCONNECT, so the broker publishes each device's last will — for `offMs`.
 *
 *   argv: <AlarmSimSpec JSON>
 */
import { createFleet } from '@netconsole/device-sim';
import { ingestStats, onceAllOnline } from '../support/fleet.ts';
import { alarmPlan } from './plan.ts';
import type { AlarmSimSpec, AlarmSimToBench, BenchToAlarmSim } from './protocol.ts';

const spec = JSON.parse(process.argv[2] ?? 'null') as AlarmSimSpec | null;
if (!spec) throw new Error('usage: sim.ts <spec JSON>');

const send = (m: AlarmSimToBench) => process.send?.(m);
const fleet = createFleet({
  url: spec.url,
  factoryKey: spec.factoryKey,
  plan: alarmPlan(spec),
  statsIntervalS: spec.intervalS,
  downloads: 'simulate',
  timing: { connectRatePerS: spec.connectRatePerS },
  behaviour: { clientsPerAp: spec.clientsPerAp },
});
const total = fleet.devices.length;
const started = Date.now();
let errors = 0;
fleet.on('error', () => errors++);

onceAllOnline(fleet, started, (ms) => send({ type: 'online', ms }));

process.on('message', (m: BenchToAlarmSim) => {
  if (m.type === 'stats') {
    send(ingestStats(fleet, errors));
  } else if (m.type === 'crash') {
    const at = Date.now();
    let count = 0;
    for (const sn of m.sns) {
      const d = fleet.device(sn);
      if (!d) continue;
      d.crash(m.offMs, 'power_on');
      count++;
    }
    send({ type: 'crashed', at, count });
  }
});

process.on('disconnect', () => process.exit(0));
await fleet.start();
send({ type: 'started', devices: total });
