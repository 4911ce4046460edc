// bench:ingest — the device gateway under load: the console server and a simulated fleet, each its
// own process on this machine. Registers the devices as a tenant would, connects them, measures a
// steady window (messages/s received and ingested into the store, server CPU and RSS, ingest lag),
// then a reconnect storm, then (with --rates) steps the report interval down to find the highest
// sustained rate. `npm run bench:ingest -- --help` lists the options.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { planFleet, planSns } from '@netconsole/device-sim';
import type { MetricsSnapshot } from '../apps/server/src/platform/gateway/metrics.ts';
import { Api, registerDevices, tenantOwner } from './ingest/api.ts';
import { startMosquitto, type Mosquitto } from './ingest/mosquitto.ts';
import { ProcWindow } from './ingest/proc.ts';
import type { SimStats } from './ingest/protocol.ts';
import { startServer, type ServerProcess } from './ingest/server.ts';
import { SimProcess, type FleetSpec } from './ingest/sim-process.ts';
import { SUSTAINED_TEXT, figures, sustained, type WindowFigures } from './ingest/window.ts';

const HELP = `Usage: npm run bench:ingest -- [options]

  --devices <n>        simulated devices, default 10000
  --interval <s>       stats interval of every device, default 10
  --duration <s>       measuring window, default 60
  --warmup <s>         settling time before each window, default interval + 10
  --store <s>          sqlite (default) | postgres
  --broker <b>         embedded (default: the server's Aedes) | mosquitto (a private one, docs/deployment.md)
  --pg-url <url>       PostgreSQL to create the bench database in (postgres only),
                       default postgres://postgres@127.0.0.1:5432/test
  --rates <list>       step search: stats intervals to try in turn, e.g. 5,2,1,0.5
  --no-storm           skip the reconnect storm
  --storm-spread <ms>  each device reconnects after a random 0..spread ms (its first back-off), default 1000
  --clients-per-ap <n> mean wireless clients per access point (the simulator's default 10; 0 for the
                       device path alone)
  --connect-rate <n>   new connections per second when a fleet starts, default 1000
  --cpu-prof           run the server under --cpu-prof (profile kept in the data directory)
  --keep               keep the data directory (server log, profile)
  -h, --help           this text
`;

const { values: o } = parseArgs({
  options: {
    devices: { type: 'string', default: '10000' },
    interval: { type: 'string', default: '10' },
    duration: { type: 'string', default: '60' },
    warmup: { type: 'string' },
    store: { type: 'string', default: 'sqlite' },
    broker: { type: 'string', default: 'embedded' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    rates: { type: 'string' },
    'no-storm': { type: 'boolean', default: false },
    'storm-spread': { type: 'string', default: '1000' },
    'connect-rate': { type: 'string', default: '1000' },
    'clients-per-ap': { type: 'string', default: '10' },
    'cpu-prof': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (o.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

function positive(name: string, v: string | undefined): number {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`bench:ingest: --${name} must be a positive number`);
    process.exit(2);
  }
  return n;
}
const devices = Math.round(positive('devices', o.devices));
const interval = positive('interval', o.interval);
const duration = positive('duration', o.duration);
const warmupOf = (intervalS: number) => (o.warmup ? positive('warmup', o.warmup) : intervalS + 10);
const rates = o.rates ? o.rates.split(',').map((r) => positive('rates', r)) : [];
const connectRate = positive('connect-rate', o['connect-rate']);
const clientsPerAp = Number(o['clients-per-ap']);
if (!Number.isFinite(clientsPerAp) || clientsPerAp < 0) {
  console.error('bench:ingest: --clients-per-ap must be 0 or more');
  process.exit(2);
}
const stormSpread = positive('storm-spread', o['storm-spread']);
if (o.broker !== 'embedded' && o.broker !== 'mosquitto') {
  console.error('bench:ingest: --broker must be embedded or mosquitto');
  process.exit(2);
}
if (o.store !== 'sqlite' && o.store !== 'postgres') {
  console.error('bench:ingest: --store must be sqlite or postgres');
  process.exit(2);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(0)} MB`;
const f0 = (n: number) => n.toFixed(0);
const log = (line: string) => console.log(line);

// ---- the store ----

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
let pgDatabase: string | null = null;
async function pgAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: o['pg-url'] });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
let databaseUrl: string | undefined;
if (o.store === 'postgres') {
  pgDatabase = `bench_ingest_${randomBytes(4).toString('hex')}`;
  await pgAdmin((c) => c.query(`CREATE DATABASE ${pgDatabase}`));
  const u = new URL(o['pg-url']!);
  u.pathname = `/${pgDatabase}`;
  databaseUrl = u.toString();
}

const factoryKey = randomBytes(32).toString('hex');
const adminPassword = `Bench-${randomBytes(4).toString('hex')}`;
let server: ServerProcess | null = null;
let sim: SimProcess | null = null;
let broker: Mosquitto | null = null;

async function cleanUp(): Promise<void> {
  await sim?.kill();
  await server?.stop();
  await broker?.stop();
  if (pgDatabase) await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${pgDatabase} WITH (FORCE)`));
  if (o.keep) log(`data kept in ${dataDir}`);
  else fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  void cleanUp().finally(() => process.exit(130));
});

// ---- the run ----

const cpus = os.cpus();
log(
  `bench:ingest — ${devices} devices, stats every ${interval} s, ${duration} s windows, store ${o.store}, broker ${o.broker}, ${clientsPerAp} clients per AP\n` +
    `machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${mb(os.totalmem())}, Node ${process.versions.node}`,
);

function row(label: string, f: WindowFigures): string {
  const drops = Object.entries(f.drops)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return [
    `  ${label}`,
    `    messages/s   sent ${f0(f.publishedPerS)} · received ${f0(f.receivedPerS)} · accepted ${f0(f.acceptedPerS)} · ingested ${f0(f.ingestedPerS)} (store rows/s ${f0(f.rowsPerS)}, ${f.flushes} commits)`,
    `    ingest lag   p50 ${f0(f.lagP50)} ms · p99 ${f0(f.lagP99)} ms · max ${f0(f.lagMax)} ms · waiting at the end ${f.pending}`,
    `    server       CPU ${f0(f.cpuPct)} % of one core · RSS max ${f0(f.maxRssMb)} MB · event-loop delay p99 ${f0(f.loopDelayP99Ms)} ms`,
    `    simulator    CPU ${f0(f.simCpuPct)} % of one core${f.brokerCpuPct === null ? '' : ` · Mosquitto CPU ${f0(f.brokerCpuPct)} %`} · other processes ${f0(f.othersPct)} % of one core`,
    `    drops        ${f.dropped === 0 ? 'none' : drops}`,
  ].join('\n');
}

function watchProcs(): ProcWindow {
  return new ProcWindow([server!.pid, sim!.pid, ...(broker ? [broker.pid] : [])]);
}

function endWatch(
  watch: ProcWindow,
  m0: MetricsSnapshot,
  m1: MetricsSnapshot,
  s0: SimStats,
  s1: SimStats,
  seconds: number,
): WindowFigures {
  const { procs, othersPct } = watch.end();
  const b = broker ? procs.get(broker.pid)! : null;
  return figures(m0, m1, s0, s1, seconds, procs.get(server!.pid)!, procs.get(sim!.pid)!, b, othersPct);
}

/** One measuring window over the running fleet. */
async function measure(admin: Api, seconds: number): Promise<WindowFigures> {
  const watch = watchProcs();
  const [m0, s0] = await Promise.all([admin.metrics(), sim!.stats()]);
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const [m1, s1] = await Promise.all([admin.metrics(), sim!.stats()]);
  const wall = (performance.now() - t0) / 1000;
  return endWatch(watch, m0, m1, s0, s1, wall);
}

async function startFleet(spec: FleetSpec): Promise<number> {
  sim = await SimProcess.start(spec);
  const online = await sim.next('online', Math.max(300_000, (spec.devices / spec.connectRatePerS) * 5000));
  return online.ms;
}

try {
  const seed = 'bench';
  const snPrefix = 'BENCH';
  const networks = Math.max(1, Math.ceil(devices / 100));
  const plan = planFleet({ devices, networks, seed, snPrefix });
  const planned = plan.networks.flatMap((n) => n.devices.map((d) => ({ sn: d.sn, mac: d.mac })));
  if (planned.length !== planSns(plan).length) throw new Error('plan mismatch');
  if (o.broker === 'mosquitto') {
    broker = await startMosquitto(
      dataDir,
      factoryKey,
      planned.map((d) => d.sn),
    );
  }
  server = await startServer({
    dataDir,
    factoryKey,
    adminPassword,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(broker ? { broker: { consoleUrl: broker.consoleUrl, deviceUrl: broker.url } } : {}),
    ...(o['cpu-prof'] ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dataDir}`] } : {}),
  });
  const anon = new Api(server.baseURL);
  const admin = await anon.login('admin', adminPassword);
  const tenant = await tenantOwner(admin, 'Bench', 'bench-pass1');

  let t = performance.now();
  await registerDevices(tenant, planned, 8);
  const regS = (performance.now() - t) / 1000;
  log(
    `registered   ${planned.length} devices through POST /v1/device/add in ${regS.toFixed(1)} s (${f0(planned.length / regS)}/s)`,
  );

  const spec: FleetSpec = {
    url: server.mqttUrl,
    factoryKey,
    devices,
    networks,
    seed,
    snPrefix,
    intervalS: interval,
    connectRatePerS: connectRate,
    clientsPerAp,
  };
  t = performance.now();
  const connectMs = await startFleet(spec);
  log(
    `connected    ${devices}/${devices} devices online in ${(connectMs / 1000).toFixed(1)} s ` +
      `(simulator pacing ${connectRate} connections/s)`,
  );
  log(`warming up   ${warmupOf(interval)} s`);
  await sleep(warmupOf(interval) * 1000);
  const steady = await measure(admin, duration);
  const verdict = sustained(steady);
  log(
    row(
      `steady state, stats every ${interval} s, ${f0(steady.seconds)} s window: ${verdict.ok ? 'sustained' : `NOT sustained (${verdict.why.join('; ')})`}`,
      steady,
    ),
  );

  if (!o['no-storm']) {
    // The storm: every connection cut at once; the window runs until every device is back.
    const watch = watchProcs();
    const [m0, s0] = await Promise.all([admin.metrics(), sim!.stats()]);
    const t0 = performance.now();
    const recovered = sim!.next('recovered', 300_000);
    sim!.send({ type: 'storm', spreadMs: stormSpread });
    const crashed = server.exited.then((how) => {
      throw new Error(`the server ended (${how}) during the reconnect storm`);
    });
    const back = await Promise.race([recovered.then((r) => r.ms), crashed]).catch((err: Error) => {
      if (err.message.startsWith('the server ended')) throw err;
      return null;
    });
    // Let the reconnected devices' first reports reach the store before reading.
    await sleep(3000);
    const [m1, s1] = await Promise.all([admin.metrics(), sim!.stats()]);
    const storm = endWatch(watch, m0, m1, s0, s1, (performance.now() - t0) / 1000);
    log(
      row(
        `reconnect storm: all ${devices} connections cut at once, back-off 0-${stormSpread} ms: ` +
          (back === null
            ? `NOT all back within 300 s (${s1.online} online)`
            : `all back online in ${(back / 1000).toFixed(1)} s`),
        storm,
      ),
    );
  }

  if (rates.length > 0) {
    log(`step search  ${SUSTAINED_TEXT}`);
    let best: { intervalS: number; f: WindowFigures } | null = null;
    for (const step of rates) {
      await sim!.kill();
      await startFleet({ ...spec, intervalS: step });
      await sleep(warmupOf(step) * 1000);
      const f = await measure(admin, duration);
      const v = sustained(f);
      log(
        row(
          `stats every ${step} s (${f0(devices / step)} stats/s): ${v.ok ? 'sustained' : `NOT sustained (${v.why.join('; ')})`}`,
          f,
        ),
      );
      if (!v.ok) break;
      best = { intervalS: step, f };
    }
    log(
      best
        ? `highest sustained: ${f0(best.f.receivedPerS)} messages/s received, ${f0(best.f.ingestedPerS)}/s ingested ` +
            `(${devices} devices, stats every ${best.intervalS} s; server CPU ${f0(best.f.cpuPct)} %, RSS ${f0(best.f.maxRssMb)} MB)`
        : 'highest sustained: none of the steps',
    );
  }
  const last: MetricsSnapshot = await admin.metrics();
  log(
    `server total  ${last.gateway.received} received, ${last.gateway.accepted} accepted, ${last.lag.count} ingested, flush failures ${Object.values(last.flush).reduce((s, f) => s + f.failures, 0)}`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  if (server) {
    const tail = fs.readFileSync(server.logFile, 'utf8').trim().split('\n').slice(-14);
    console.error(`server log ${server.logFile} (kept), last lines:\n${tail.join('\n')}`);
  }
  o.keep = true;
  process.exitCode = 1;
} finally {
  await cleanUp();
  // A window cut short by a failure may leave a sampler or a wait behind.
  process.exit();
}
