// bench:config — a configuration profile with 8 wireless groups delivered to --devices (10,000)
// simulated access points: the server and the fleet as their own processes (bench/ingest helpers),
// the delivery started the way the console starts it (POST /v1/config/newdispatch), measured until
// every device confirmed, with the device list (GET /v1/device/list, paged as the console asks)
// sampled meanwhile. `npm run bench:config -- --help` lists the options.
import { DELIVERY_MAX_DEVICES, DeviceType, type DeliveryItem } from '@netconsole/contract';
import { planFleet, type NetworkSpec } from '@netconsole/device-sim';
import { ConfigSim } from './config/sim-process.ts';
import type { Api } from './ingest/api.ts';
import { ProcWindow } from './ingest/proc.ts';
import {
  benchOptions,
  f0,
  f1,
  machine,
  optionChecks,
  quantile,
  sleep,
  stackHelp,
  uptime,
} from './support/cli.ts';
import { BenchRun } from './support/run.ts';

const HELP = `Usage: npm run bench:config -- [options]

  --devices <n>          access points the profile goes to, default 10000 (or BENCH_DEVICES);
                         each network has a router and a switch per 40 of them besides
  --aps-per-network <n>  default 100
  --interval <s>         stats interval of every device, default 10
  --clients-per-ap <n>   wireless clients per access point, default 0
  --sample-rate <n>      device-list requests a second while the delivery runs, default 10
  --timeout <s>          longest wait for every device's confirmation, default 300
${stackHelp(25)}

A missed goal is printed as MISSED; the exit code is non-zero only when the run itself failed.
`;

const o = benchOptions(HELP, {
  devices: { type: 'string', default: process.env.BENCH_DEVICES ?? '10000' },
  'aps-per-network': { type: 'string', default: '100' },
  interval: { type: 'string', default: '10' },
  'clients-per-ap': { type: 'string', default: '0' },
  'sample-rate': { type: 'string', default: '10' },
  timeout: { type: 'string', default: '300' },
});

const { count, stack: stackChoice } = optionChecks('bench:config');
const devices = Math.round(count('devices', o.devices));
const apsPerNetwork = Math.min(devices, Math.round(count('aps-per-network', o['aps-per-network'])));
const interval = count('interval', o.interval);
const clientsPerAp = count('clients-per-ap', o['clients-per-ap'], 0);
const sampleRate = count('sample-rate', o['sample-rate']);
const timeoutS = count('timeout', o.timeout);
const stackOptions = stackChoice(o);
const { store, broker: brokerKind } = stackOptions;

/** The goals of issue 15. */
const GOAL_CONFIRMED_S = 60;
const GOAL_LIST_P99_MS = 100;
/** Device-list requests in flight at most; a sample due while that many wait is skipped (and counted). */
const SAMPLE_IN_FLIGHT = 16;

const log = (line: string) => console.log(line);

/** The networks: a router, a switch per 40 APs (the plan's most per switch), the APs; no controller. */
function layout(): NetworkSpec[] {
  const out: NetworkSpec[] = [];
  for (let left = devices; left > 0; left -= apsPerNetwork) {
    const aps = Math.min(left, apsPerNetwork);
    out.push({ switches: Math.ceil(aps / 40), aps, wiredPerSwitch: 0 });
  }
  return out;
}

/** A profile for access points with the most wireless groups a profile takes (spec §5: 8). */
function profileBody() {
  const encryptions = ['wpa2', 'wpa3', 'wpa2', 'open'] as const;
  return {
    Name: 'Bench 8 SSIDs',
    Type: DeviceType.AP,
    CycleTime: 30,
    IPMode: 'dhcp',
    Groups: Array.from({ length: 8 }, (_, i) => {
      const encryption = encryptions[i % encryptions.length]!;
      return {
        SSID: `Bench-${i + 1}`,
        Encryption: encryption,
        ...(encryption === 'open' ? { Portal: i % 2 === 1 } : { Key: `bench-key-${i + 1}-secret` }),
        VLAN: 100 + i,
      };
    }),
    Upload: { DNSLog: false, CPU: true },
  };
}

/**
 * GET /v1/device/list as the console's device screen asks (a page of 10 or 50, newest pages most),
 * `rate` a second (open loop: a slow answer does not slow the sampling) until `stop()`.
 */
function sampleDeviceList(api: Api, rate: number, pages: number) {
  const ms: number[] = [];
  let errors = 0;
  let skipped = 0;
  let firstError: string | null = null;
  let inFlight = 0;
  const pending = new Set<Promise<void>>();
  const shoot = () => {
    if (inFlight >= SAMPLE_IN_FLIGHT) {
      skipped++;
      return;
    }
    const limit = Math.random() < 0.8 ? 10 : 50;
    const page = 1 + Math.floor(Math.random() * Math.max(1, Math.floor(pages / limit)));
    const t0 = performance.now();
    inFlight++;
    const p = api
      .call('GET', `/v1/device/list?page=${page}&limit=${limit}`)
      .then(
        () => void ms.push(performance.now() - t0),
        (err: unknown) => {
          errors++;
          firstError ??= err instanceof Error ? err.message : String(err);
        },
      )
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  };
  const timer = setInterval(shoot, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      const sorted = ms.sort((a, b) => a - b);
      return {
        requests: sorted.length,
        errors,
        skipped,
        firstError,
        p50: quantile(sorted, 0.5, 0),
        p99: quantile(sorted, 0.99, 0),
        max: sorted.at(-1) ?? 0,
      };
    },
  };
}

const run = new BenchRun(o.keep!);
const machineLine = machine();
log(
  `bench:config — a profile with 8 wireless groups to ${devices} access points, store ${o.store}, broker ${o.broker}, ` +
    `stats every ${interval} s, ${clientsPerAp} clients per AP\nmachine: ${machineLine}\nuptime (start): ${uptime()}`,
);

await run.main(async () => {
  const seed = 'bench-config';
  const snPrefix = 'BCFG';
  const networks = layout();
  const plan = planFleet({ networks, seed, snPrefix });
  const planned = plan.networks.flatMap((n) => n.devices);
  const apSns = new Set(planned.filter((d) => d.type === DeviceType.AP).map((d) => d.sn));
  const { server, broker, factoryKey, admin, tenant, registeredS } = await run.tenantConsole(
    stackOptions,
    'Benchcfg',
    planned,
  );
  log(
    `registered   ${planned.length} devices (${apSns.size} APs in ${networks.length} networks) in ${f1(registeredS)} s`,
  );
  const t = performance.now();
  const sim = await ConfigSim.start({
    url: server.mqttUrl,
    factoryKey,
    networks,
    seed,
    snPrefix,
    intervalS: interval,
    connectRatePerS: 1000,
    clientsPerAp,
  });
  run.atEnd(() => sim.kill());
  await sim.next('online', 600_000);
  // A device's type is what its hello said: the profile goes only to devices known as APs.
  const apIds: string[] = [];
  for (;;) {
    apIds.length = 0;
    for (let page = 1; ; page++) {
      const r = await tenant.call<{ list: { _id: string; SN: string }[]; count: number }>(
        'GET',
        `/v1/device/list?limit=500&page=${page}&Type=${DeviceType.AP}`,
      );
      for (const d of r.list) if (apSns.has(d.SN)) apIds.push(d._id);
      if (r.list.length < 500) break;
    }
    if (apIds.length >= apSns.size || performance.now() - t > 600_000) break;
    await sleep(1000);
  }
  log(
    `connected    ${planned.length} devices online in ${f1((performance.now() - t) / 1000)} s, ${apIds.length} known as APs`,
  );
  const profile = await tenant.call<{ list: { _id: string } }>('POST', '/v1/config/add', profileBody());
  // Settle: let the welcome wave's writes end before the clock starts.
  await sleep(10_000);

  // ---- the delivery ----
  const chunks: string[][] = [];
  for (let i = 0; i < apIds.length; i += DELIVERY_MAX_DEVICES)
    chunks.push(apIds.slice(i, i + DELIVERY_MAX_DEVICES));
  const watch = new ProcWindow([server.pid, sim.pid, ...(broker ? [broker.pid] : [])]);
  const self0 = process.cpuUsage();
  const metrics0 = await admin.metrics();
  const sampler = sampleDeviceList(tenant, sampleRate, planned.length);
  const t0 = performance.now();
  // One request per DELIVERY_MAX_DEVICES devices, sent together (as from several tabs): each
  // answers once its campaign's first commands are out.
  const answered: number[] = [];
  let requestError: unknown = null;
  const requests = Promise.all(
    chunks.map(async (ids) => {
      const r = await tenant.call<{ list: DeliveryItem }>('POST', '/v1/config/newdispatch', {
        _id: profile.list._id,
        devices: ids,
      });
      answered.push(performance.now() - t0);
      return r.list._id;
    }),
  ).catch((err: unknown) => {
    requestError = err;
    return [];
  });
  // Every delivery of the profile is this run's: the progress counts them all, from the first
  // answer on (a campaign is listed once its request stored it).
  let confirmed = 0;
  let ended = 0;
  let confirmedAt: number | null = null;
  let half: number | null = null;
  let lastPrint = 0;
  while (performance.now() - t0 < timeoutS * 1000) {
    if (requestError) throw requestError;
    const r = await tenant.call<{ list: DeliveryItem[] }>(
      'GET',
      `/v1/issued/config?limit=50&Profile=${profile.list._id}`,
    );
    confirmed = r.list.reduce((n, c) => n + c.Succeeded, 0);
    ended = r.list.reduce((n, c) => n + c.Succeeded + c.Failed, 0);
    const s = (performance.now() - t0) / 1000;
    if (half === null && confirmed * 2 >= apIds.length) half = s;
    if (s - lastPrint >= 5) {
      lastPrint = s;
      log(
        `  ${f0(s).padStart(4)} s  ${answered.length} of ${chunks.length} requests answered, ` +
          `${confirmed} confirmed, ${ended - confirmed} failed`,
      );
    }
    if (ended >= apIds.length && answered.length === chunks.length) {
      if (confirmed >= apIds.length) confirmedAt = s;
      break;
    }
    await sleep(250);
  }
  await requests;
  const deliveryS = (performance.now() - t0) / 1000;
  const list = await sampler.stop();
  const { procs, othersPct } = watch.end();
  const selfUse = process.cpuUsage(self0);
  const benchPct = ((selfUse.user + selfUse.system) / 1e3 / (performance.now() - t0)) * 100;
  const metrics1 = await admin.metrics();
  const fleet = await sim.stats();
  const s = procs.get(server.pid)!;

  log(
    `delivered    ${chunks.length} requests of ≤ ${DELIVERY_MAX_DEVICES} devices, ${answered.length} answered ` +
      (answered.length ? `after ${f0(Math.min(...answered))}-${f0(Math.max(...answered))} ms` : ''),
  );
  log(
    `confirmed    ${confirmed} of ${apIds.length} (${ended - confirmed} failed) ` +
      (confirmedAt !== null ? `all in ${f1(confirmedAt)} s` : `not all within ${f0(deliveryS)} s`) +
      (half !== null ? `; half in ${f1(half)} s` : '') +
      `; the devices' own reports: ${fleet.commands} got it, ${fleet.succeeded} succeeded, ${fleet.failed} failed`,
  );
  log(
    `server       CPU ${f0(s.cpuPct)} % of one core, RSS max ${f0(s.maxRss / 2 ** 20)} MB; event loop delay p99 ` +
      `${f0(metrics1.process.loopDelayP99Ms)} ms, max ${f0(metrics1.process.loopDelayMaxMs)} ms ` +
      `(before: ${f0(metrics0.process.loopDelayP99Ms)} / ${f0(metrics0.process.loopDelayMaxMs)})`,
  );
  log(
    `others       fleet ${f0(procs.get(sim.pid)!.cpuPct)} %` +
      (broker ? `, mosquitto ${f0(procs.get(broker.pid)!.cpuPct)} %` : '') +
      `, bench ${f0(benchPct)} %, other processes ${f0(othersPct)} % of one core`,
  );
  log(
    `device list  ${list.requests} requests (${sampleRate}/s), p50 ${f1(list.p50)} ms, p99 ${f1(list.p99)} ms, max ${f1(list.max)} ms` +
      (list.errors ? `, ${list.errors} errors (${list.firstError})` : '') +
      (list.skipped ? `, ${list.skipped} skipped (${SAMPLE_IN_FLIGHT} in flight)` : ''),
  );
  const confirmedOk = confirmedAt !== null && confirmedAt <= GOAL_CONFIRMED_S;
  const listOk = list.requests > 0 && list.p99 < GOAL_LIST_P99_MS && list.errors === 0 && list.skipped === 0;
  log('goals:');
  log(
    `  all confirmed within ${GOAL_CONFIRMED_S} s: ${confirmedAt !== null ? `${f1(confirmedAt)} s` : 'not all'}, ${confirmedOk ? 'met' : 'MISSED'}`,
  );
  log(`  device list p99 < ${GOAL_LIST_P99_MS} ms: ${f1(list.p99)} ms, ${listOk ? 'met' : 'MISSED'}`);
  log(`uptime (end): ${uptime()}`);
  log(
    `JSON ${JSON.stringify({
      bench: 'config',
      date: new Date().toISOString(),
      machine: machineLine,
      store,
      broker: brokerKind,
      devices: apIds.length,
      fleet: planned.length,
      requests: chunks.length,
      confirmed,
      failed: ended - confirmed,
      confirmedS: confirmedAt,
      halfS: half,
      serverCpuPct: Math.round(s.cpuPct),
      serverRssMaxMB: Math.round(s.maxRss / 2 ** 20),
      fleetCpuPct: Math.round(procs.get(sim.pid)!.cpuPct),
      othersCpuPct: Math.round(othersPct),
      deviceList: {
        requests: list.requests,
        p50: +list.p50.toFixed(1),
        p99: +list.p99.toFixed(1),
        max: +list.max.toFixed(1),
        errors: list.errors,
        skipped: list.skipped,
      },
      goals: { confirmed: confirmedOk ? 'met' : 'MISSED', deviceListP99: listOk ? 'met' : 'MISSED' },
    })}`,
  );
});
