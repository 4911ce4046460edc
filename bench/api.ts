// bench:api — the console's read API under concurrent load while the simulator ingests: the server
// and the simulated fleet as their own processes (bench/ingest), a tenant with 500 networks, 10,000
// devices placed as the simulator's plan cables them, the fleet's wireless clients and LLDP reports
// arriving through the real protocol; then each call kind for --duration seconds, --concurrency
// requests at a time, as the tenant. `npm run bench:api -- --help` lists the options.
import { DeviceType } from '@netconsole/contract';
import { planFleet } from '@netconsole/device-sim';
import { load, type LoadFigures, type Shot } from './api/load.ts';
import { deviceIds, placeFleet } from './api/seed.ts';
import type { MetricsSnapshot } from '../apps/server/src/platform/gateway/metrics.ts';
import { ProcWindow } from './ingest/proc.ts';
import { SimProcess } from './ingest/sim-process.ts';
import { benchOptions, f0, f1, machine, optionChecks, sleep, stackHelp, uptime } from './support/cli.ts';
import { BenchRun } from './support/run.ts';

const HELP = `Usage: npm run bench:api -- [options]

  --networks <n>       networks of the tenant, default 500
  --devices <n>        simulated devices spread over them, default 10000
  --clients-per-ap <n> mean wireless clients per access point, default 12 (~100,000 clients)
  --interval <s>       stats interval of every device while measuring, default 10
  --duration <s>       measuring time per call kind, default 30
  --concurrency <n>    requests in flight at once, default 8
  --settle <s>         longest wait for the client tables to fill, default 300
  --warmup <s>         then wait this long before measuring, default 60 (one client-report
                       cycle: the first reports after the placement move every client and
                       draw every topology, a one-off, not the steady state measured)
  --only <kinds>       comma-separated call kinds to measure (dashboard, device, topology,
                       history, client), default all; a window without requests comes first
  --node-args=<a b>    more Node.js options for the server (--node-args=--trace-gc: the
                       server log then has every pause)
${stackHelp(23)}
`;

const o = benchOptions(HELP, {
  networks: { type: 'string', default: '500' },
  devices: { type: 'string', default: '10000' },
  'clients-per-ap': { type: 'string', default: '12' },
  interval: { type: 'string', default: '10' },
  duration: { type: 'string', default: '30' },
  concurrency: { type: 'string', default: '8' },
  settle: { type: 'string', default: '300' },
  warmup: { type: 'string', default: '60' },
  only: { type: 'string', default: 'dashboard,device,topology,history,client' },
  'node-args': { type: 'string', default: '' },
});

const { fail, count, stack: stackChoice } = optionChecks('bench:api');
const networkCount = Math.round(count('networks', o.networks));
const devices = Math.round(count('devices', o.devices, networkCount));
const clientsPerAp = count('clients-per-ap', o['clients-per-ap'], 0);
const interval = count('interval', o.interval);
const duration = count('duration', o.duration);
const concurrency = Math.round(count('concurrency', o.concurrency));
const settleS = count('settle', o.settle);
const warmupS = count('warmup', o.warmup, 0);
const stackOptions = stackChoice(o);

const KIND_KEYS: Record<string, string> = {
  dashboard: 'dashboard list',
  device: 'device list',
  topology: 'topology',
  history: 'topology history',
  client: 'client list',
};
const only = new Set(
  o.only!.split(',').map((k) => KIND_KEYS[k.trim()] ?? fail(`--only: unknown call kind ${k}`)),
);

/** The goals of issue 5 (p99 under concurrent load), by call kind. */
const GOALS: Record<string, number> = { 'device list': 50, 'dashboard list': 100 };

const log = (line: string) => console.log(line);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

// ---- the run ----

const run = new BenchRun(o.keep!);
log(
  `bench:api — ${networkCount} networks, ${devices} devices, ${clientsPerAp} clients per AP, store ${o.store}, broker ${o.broker}, ` +
    `${concurrency} concurrent requests for ${duration} s per call kind\n` +
    `machine: ${machine()}\n` +
    `uptime (start): ${uptime()}`,
);

await run.main(async () => {
  const seed = 'bench-api';
  const snPrefix = 'BAPI';
  const plan = planFleet({ devices, networks: networkCount, seed, snPrefix });
  const planned = plan.networks.flatMap((n) => n.devices);
  const aps = planned.filter((d) => d.type === DeviceType.AP).length;
  const wired = planned.reduce((s, d) => s + d.endpoints.length, 0);
  const { server, broker, factoryKey, admin, tenant, registeredS } = await run.tenantConsole(
    stackOptions,
    'Benchapi',
    planned,
  );
  log(`registered   ${planned.length} devices in ${f1(registeredS)} s`);
  // A device's type is known once it said hello: the fleet connects before the devices are placed.
  let t = performance.now();
  const sim = await SimProcess.start({
    url: server.mqttUrl,
    factoryKey,
    devices,
    networks: networkCount,
    seed,
    snPrefix,
    intervalS: interval,
    connectRatePerS: 1000,
    clientsPerAp,
  });
  run.atEnd(() => sim.kill());
  await sim.next('online', 600_000);
  log(`connected    ${devices} devices online in ${f1((performance.now() - t) / 1000)} s`);
  t = performance.now();
  const ids = await deviceIds(tenant);
  const networks = await placeFleet(tenant, plan, ids, 8);
  log(
    `placed       ${networks.length} networks created, their ${planned.length} devices placed ` +
      `(${aps} APs, ${wired} wired hosts) in ${f1((performance.now() - t) / 1000)} s`,
  );

  // The client tables fill as the APs' client reports arrive: wait until they hold the planned
  // wireless clients (the simulator's churn keeps adding newcomers, so the count never holds still).
  t = performance.now();
  const wirelessTarget = aps * clientsPerAp * 0.95;
  const clientCount = async () =>
    (await tenant.call<{ count: number }>('GET', '/v1/client/getAll?limit=1')).count;
  let clients = await clientCount();
  while (clients < wirelessTarget && performance.now() - t < settleS * 1000) {
    await sleep(5000);
    clients = await clientCount();
  }
  const topo = await tenant.call<{ list: { children: unknown[] } | null }>(
    'GET',
    `/v1/switch/getLldpInfo?_id=${networks[0]}`,
  );
  log(
    `settled      ${clients} clients in the store (about ${f0(aps * clientsPerAp)} wireless planned) after ` +
      `${f1((performance.now() - t) / 1000)} s; network 1's topology: ${topo.list ? `${topo.list.children.length} devices under the main one` : 'none yet'}`,
  );

  if (warmupS > 0) {
    await sleep(warmupS * 1000);
    const drawn = await tenant.call<{ list: { children: unknown[] } | null }>(
      'GET',
      `/v1/switch/getLldpInfo?_id=${networks[0]}`,
    );
    log(
      `warmed up    ${warmupS} s more; network 1's topology: ` +
        `${drawn.list ? `${drawn.list.children.length} devices under the main one` : 'none yet'}`,
    );
  }

  // ---- the call kinds ----
  const snippets = planned.map((d) => d.sn.slice(-5));
  const types = [DeviceType.AP, DeviceType.Switch, DeviceType.Router, DeviceType.AC];
  const kinds: { name: string; next: () => Shot }[] = [
    {
      name: 'dashboard list',
      next: () =>
        Math.random() < 0.5
          ? {
              label: 'limit 10',
              path: `/v1/network/getAll?limit=10&page=${1 + Math.floor((Math.random() * networkCount) / 10)}`,
            }
          : {
              label: 'limit 50',
              path: `/v1/network/getAll?limit=50&page=${1 + Math.floor((Math.random() * networkCount) / 50)}`,
            },
    },
    {
      name: 'device list',
      next: () =>
        pick<() => Shot>([
          () => ({ label: 'Parent', path: `/v1/device/list?limit=10&Parent=${pick(networks)}` }),
          () => ({ label: 'Status', path: `/v1/device/list?limit=10&Status=${pick(['Online', 'Offline'])}` }),
          () => ({ label: 'Type', path: `/v1/device/list?limit=50&Type=${pick(types)}` }),
          () => ({ label: 'search', path: `/v1/device/list?limit=10&search=${pick(snippets)}` }),
          () => ({
            label: 'Parent+Type+Status',
            path: `/v1/device/list?limit=10&Parent=${pick(networks)}&Type=${DeviceType.AP}&Status=Online`,
          }),
        ])(),
    },
    {
      name: 'topology',
      next: () => ({ label: 'getLldpInfo', path: `/v1/switch/getLldpInfo?_id=${pick(networks)}` }),
    },
    {
      name: 'topology history',
      next: () => ({ label: 'lldp/getAll', path: `/v1/lldp/getAll?_id=${pick(networks)}` }),
    },
    {
      name: 'client list',
      next: () =>
        Math.random() < 0.5
          ? {
              label: 'unfiltered',
              path: `/v1/client/getAll?limit=10&page=${1 + Math.floor(Math.random() * 20)}`,
            }
          : { label: 'Parent', path: `/v1/client/getAll?limit=10&Parent=${pick(networks)}` },
    },
  ];

  // The server's own figures over a window: event-loop delay and the batched writers' time.
  const metrics0 = await admin.metrics();
  const serverFigures = async (since: MetricsSnapshot) => {
    const now = await admin.metrics();
    const writes = Object.entries(now.flush)
      .map(([source, f]) => {
        const before = since.flush[source] ?? { batches: 0, rows: 0, busyMs: 0 };
        const busy = f.busyMs - before.busyMs;
        return busy > 0 ? `${source} ${f0(f.rows - before.rows)} rows ${f0(busy)} ms` : '';
      })
      .filter(Boolean)
      .join(', ');
    return {
      now,
      text: `event loop delay p99 ${f0(now.process.loopDelayP99Ms)} ms, max ${f0(now.process.loopDelayMaxMs)} ms; writes: ${writes || 'none'}`,
    };
  };

  const results: { kind: string; figures: LoadFigures[] }[] = [];
  const windows: { name: string; next: (() => Shot) | null }[] = [
    { name: 'no requests', next: null },
    ...kinds.filter((k) => only.has(k.name)),
  ];
  let since = metrics0;
  for (const kind of windows) {
    const watch = new ProcWindow([server.pid, sim.pid, ...(broker ? [broker.pid] : [])]);
    const self0 = process.cpuUsage();
    const wall0 = performance.now();
    since = (await serverFigures(since)).now;
    const figures = kind.next ? await load(tenant, kind.next, duration, concurrency, 'overall') : [];
    if (!kind.next) await sleep(duration * 1000);
    const server1 = await serverFigures(since);
    since = server1.now;
    const { procs, othersPct } = watch.end();
    const selfUse = process.cpuUsage(self0);
    const benchPct = ((selfUse.user + selfUse.system) / 1e3 / (performance.now() - wall0)) * 100;
    const s = procs.get(server.pid)!;
    if (kind.next) results.push({ kind: kind.name, figures });
    log(
      `${kind.name} (server CPU ${f0(s.cpuPct)} % of one core, RSS max ${f0(s.maxRss / 2 ** 20)} MB; ` +
        `simulator ${f0(procs.get(sim.pid)!.cpuPct)} %, load generator ${f0(benchPct)} %, other processes ${f0(othersPct)} %)\n` +
        `  server: ${server1.text}`,
    );
    for (const f of figures) {
      log(
        `  ${f.label.padEnd(20)} ${String(f.requests).padStart(6)} requests ${f1(f.perS).padStart(7)}/s  ` +
          `p50 ${f1(f.p50).padStart(6)} ms  p99 ${f1(f.p99).padStart(6)} ms  max ${f1(f.max).padStart(7)} ms` +
          (f.errors ? `  ${f.errors} errors (${f.firstError})` : ''),
      );
    }
  }

  log('goals (p99 under load):');
  for (const [kind, goal] of Object.entries(GOALS)) {
    const r = results.find((x) => x.kind === kind);
    const all = r?.figures.at(-1);
    if (!r || !all) continue;
    const ok = all.p99 < goal && all.errors === 0;
    log(`  ${kind.padEnd(16)} p99 ${f1(all.p99)} ms, goal < ${goal} ms: ${ok ? 'met' : 'MISSED'}`);
  }
  log(`uptime (end): ${uptime()}`);
});
