/**
 * The fleet of `npm run bench:firmware`, its own process (forked with an IPC channel): access points
 * of one model (plan.ts) against the server's broker, downloading their images for real from the
 * server (policy `localhost`: the bench's server is on this machine) at full speed — no pretended
 * link — and verifying MD5 and CRC32 as a device does. It says when every device is welcomed and,
 * on `stats`, how far the upgrades got by the devices' own reports.
 *
 *   argv: <FirmwareFleetSpec JSON>
 */
import { createFleet } from '@netconsole/device-sim';
import { onceAllOnline } from '../support/fleet.ts';
import { firmwarePlan } from './plan.ts';
import type { FirmwareFleetSpec, FirmwareSimStats, FirmwareSimToBench } from './protocol.ts';

const spec = JSON.parse(process.argv[2] ?? 'null') as FirmwareFleetSpec | null;
if (!spec) throw new Error('usage: sim.ts <spec JSON>');

const send = (m: FirmwareSimToBench) => process.send?.(m);
const fleet = createFleet({
  url: spec.url,
  factoryKey: spec.factoryKey,
  plan: firmwarePlan(spec.networks, spec.seed, spec.snPrefix),
  // The bench measures the server: no telemetry to speak of while the images flow.
  statsIntervalS: 300,
  downloads: 'localhost',
  timing: {
    connectRatePerS: spec.connectRatePerS,
    verifyS: spec.verifyS,
    flashS: spec.flashS,
    rebootS: spec.rebootS,
    downloadBytesPerS: Number.MAX_SAFE_INTEGER,
  },
  behaviour: { clientsPerAp: 0, eventsPerHour: 0, logsPerHour: 0 },
});
const total = fleet.devices.length;
const started = Date.now();
let errors = 0;
fleet.on('error', () => errors++);

onceAllOnline(fleet, started, (ms) => send({ type: 'online', ms }));

// What the devices themselves say about the upgrade.
const commands = new Set<string>();
const downloading = new Set<string>();
const downloaded = new Set<string>();
const succeeded = new Set<string>();
const failed = new Map<string, string>();
let firstDownloadAt = 0;
let lastDownloadedAt = 0;
fleet.on('command', ({ sn, cmd }) => {
  if (cmd === 'upgrade_firmware') commands.add(sn);
});
fleet.on('report', ({ sn, cmd, state, stage, code }) => {
  if (cmd !== 'upgrade_firmware') return;
  const now = Date.now();
  if (state === 'progress' && stage === 'downloading' && !downloading.has(sn)) {
    downloading.add(sn);
    firstDownloadAt ||= now;
  } else if (state === 'progress' && stage === 'verifying' && !downloaded.has(sn)) {
    downloaded.add(sn);
    lastDownloadedAt = now;
  } else if (state === 'succeeded') {
    succeeded.add(sn);
    failed.delete(sn);
  } else if (state === 'failed' || state === 'rejected') failed.set(sn, code ?? state);
});

let maxRss = 0;
setInterval(() => (maxRss = Math.max(maxRss, process.memoryUsage.rss())), 500).unref();

process.on('message', (m: { type: 'stats' }) => {
  if (m.type !== 'stats') return;
  const s = fleet.stats();
  const byCode: Record<string, number> = {};
  for (const code of failed.values()) byCode[code] = (byCode[code] ?? 0) + 1;
  const stats: FirmwareSimStats = {
    type: 'stats',
    at: Date.now(),
    online: s.online,
    commands: commands.size,
    downloading: downloading.size,
    downloaded: downloaded.size,
    firstDownloadAt,
    lastDownloadedAt,
    bytes: s.downloadedBytes,
    succeeded: succeeded.size,
    failed: byCode,
    errors,
    maxRss: Math.max(maxRss, process.memoryUsage.rss()),
  };
  send(stats);
});

process.on('disconnect', () => process.exit(0));
await fleet.start();
send({ type: 'started', devices: total });
