/**
 * Cost per simulated device: runs N devices against a broker for a while and prints RSS, heap and
 * CPU per device. The welcomes come from a stub gateway in a child process, so only the fleet's own
 * work is measured here.
 *
 *   npm run measure -w apps/device-sim -- [devices=1000] [seconds=30] [url=mqtt://127.0.0.1:1883]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createFleet } from '../src/index.ts';

const devices = Number(process.argv[2] ?? 1000);
const seconds = Number(process.argv[3] ?? 30);
const url = process.argv[4] ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const prefix = `M${randomBytes(3).toString('hex').toUpperCase()}`;
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;

const stub = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'stub-gateway.ts'), url, prefix],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
await new Promise<void>((resolve) => stub.stdout.once('data', () => resolve()));

gc?.();
const base = process.memoryUsage();
const fleet = createFleet({
  url,
  factoryKey: randomBytes(32).toString('hex'),
  networks: Math.max(1, Math.round(devices / 20)),
  devices,
  snPrefix: prefix,
  seed: 'measure',
  timing: { connectRatePerS: 500 },
});
const t0 = Date.now();
await fleet.start();
await fleet.waitOnline({ timeoutMs: 120_000 });
const connectS = (Date.now() - t0) / 1000;
// Let the first burst of reports settle, then measure a steady window.
await new Promise((r) => setTimeout(r, 5000));
const s0 = fleet.stats();
const cpu0 = process.cpuUsage();
const w0 = Date.now();
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 500);
await new Promise((r) => setTimeout(r, seconds * 1000));
clearInterval(sampler);
const wall = (Date.now() - w0) / 1000;
const cpu = process.cpuUsage(cpu0);
const s1 = fleet.stats();
gc?.();
const mem = process.memoryUsage();
const cpuS = (cpu.user + cpu.system) / 1e6;
const rows: [string, string][] = [
  ['devices', `${devices} in ${fleet.networks.length} networks (${s1.wirelessClients} wireless clients)`],
  ['online after', `${connectS.toFixed(1)} s (connect rate 500/s)`],
  ['window', `${wall.toFixed(0)} s, stats every 10 s (server default)`],
  [
    'messages sent',
    `${((s1.published - s0.published) / wall).toFixed(0)}/s, ${((s1.publishedBytes - s0.publishedBytes) / wall / 1024).toFixed(0)} KB/s`,
  ],
  ['RSS', `${mb(mem.rss)} MB (peak ${mb(peakRss)} MB; ${mb(base.rss)} MB before the fleet)`],
  ['RSS per device', `${((mem.rss - base.rss) / devices / 1024).toFixed(1)} KB`],
  [
    'heap per device',
    `${((mem.heapUsed - base.heapUsed) / devices / 1024).toFixed(1)} KB (heap ${mb(mem.heapUsed)} MB)`,
  ],
  ['CPU', `${((cpuS / wall) * 100).toFixed(1)} % of one core`],
  ['CPU per device', `${((cpuS * 1000) / devices / (wall / 60)).toFixed(1)} ms per minute`],
];
for (const [k, v] of rows) console.log(`${k.padEnd(16)} ${v}`);
await fleet.stop();
stub.kill('SIGTERM');
await new Promise((r) => stub.once('exit', r));
process.exit(0);
