// bench:analytics — the analytics and DNS behaviour calls on a store of --networks (500) networks,
// --devices (10,000) devices and --clients (100,000) clients holding --traffic-days (30) days of
// hourly traffic and --dns-days (7) days of DNS counts, loaded by an honest bulk loader of the
// tables the calls read (bench/analytics/load.ts). Measured: p99 of every call (in-process
// requests through the whole HTTP pipeline, one at a time) while DNS reports are ingested at
// --ingest-rate entries/s, then the DNS ingest's own capacity: messages of 200 entries from
// --devices devices decoded by the protocol codec and counted, with the minute flushes, for
// --ingest-seconds. Goals (issue 19): p99 < 200 ms on SQLite; ingest ≥ 66,667 entries/s (10,000
// devices × 200 entries / 30 s). `npm run bench:analytics -- --help`.
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { decodeUp, upTopic, type UpMessage } from '@netconsole/contract';
import { dropRanks } from '../apps/server/src/domains/analytics/rank.ts';
import { apiCaller, login, startHarness, type Harness } from '../apps/server/src/test/harness.ts';
import {
  DAY,
  domainPool,
  insertAll,
  loadClients,
  loadDns,
  loadTraffic,
  macOf,
  rng,
  zipf,
  type Fleet,
} from './analytics/load.ts';
import { f0, f1, machine, quantile, uptime } from './support/cli.ts';

const HELP = `Usage: npm run bench:analytics -- [options]

  --networks <n>        networks, default 500
  --devices <n>         devices (one router per network, the rest APs), default 10000
  --clients <n>         clients, default 100000
  --traffic-days <n>    days of hourly traffic, default 30
  --dns-days <n>        days of DNS counts, default 7
  --dns-per-hour <n>    names per network and hour, default 40
  --requests <n>        requests per call, default 60
  --ingest-rate <n>     DNS entries/s ingested while the calls are measured, default 6667
  --ingest-seconds <n>  length of the ingest capacity run, default 30
  --budget <s>          seconds per call at most (then fewer requests, at least 1 after warm-up), default 45
  --keep <file>         copy the loaded store to this SQLite file (for EXPLAIN QUERY PLAN)
  --only <text>         measure only the calls whose name holds this text (and skip the capacity run)
  --from <file>         start from a store kept by --keep (a copy of it) instead of loading one: the
                        load's size options are then the kept store's; its history ends when it was kept

SQLite only (the store of the harness: TEST_STORE=postgres needs the test databases).
A missed goal is printed as MISSED.
`;

const { values: o } = parseArgs({
  options: {
    networks: { type: 'string', default: '500' },
    devices: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '100000' },
    'traffic-days': { type: 'string', default: '30' },
    'dns-days': { type: 'string', default: '7' },
    'dns-per-hour': { type: 'string', default: '40' },
    requests: { type: 'string', default: '60' },
    'ingest-rate': { type: 'string', default: '6667' },
    'ingest-seconds': { type: 'string', default: '30' },
    budget: { type: 'string', default: '45' },
    only: { type: 'string', default: '' },
    keep: { type: 'string', default: '' },
    from: { type: 'string', default: '' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (o.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const num = (k: keyof typeof o) => {
  const v = Number(o[k]);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${k}: a number`);
  return v;
};
const spec = {
  networks: num('networks'),
  devices: num('devices'),
  clients: num('clients'),
  trafficDays: num('traffic-days'),
  dnsDays: num('dns-days'),
  dnsPerHour: num('dns-per-hour'),
  requests: num('requests'),
  ingestRate: num('ingest-rate'),
  ingestSeconds: num('ingest-seconds'),
  budget: num('budget'),
  only: o.only ?? '',
};
const GOAL_MS = 200;
const INGEST_GOAL = (10_000 * 200) / 30;

const started = Date.now();
const log = (s: string) => console.log(`[${f1((Date.now() - started) / 1000)} s] ${s}`);

async function seedFleet(h: Harness, token: string, tenantId: string): Promise<Fleet> {
  const { call } = apiCaller(() => h);
  const fleet: Fleet = { tenantId, networks: [], devices: [], clients: [] };
  const perNetwork = Math.max(2, Math.round(spec.devices / spec.networks));
  let d = 0;
  for (let n = 0; n < spec.networks; n++) {
    const created = await call<{ list: { _id: string } }>(token, 'POST', '/v1/network/createNet', {
      Name: `Site ${n + 1}`,
      Location: {
        longitude: 100 + (n % 50) / 5,
        latitude: 25 + Math.floor(n / 50) / 5,
        address: `Site ${n + 1}`,
      },
    });
    if (created.status !== 200) throw new Error(`createNet: ${JSON.stringify(created.body)}`);
    const id = created.body.list._id;
    const ids: string[] = [];
    const batch = [];
    for (let i = 0; i < perNetwork && d < spec.devices; i++, d++) {
      const router = i === 0;
      const sn = `${router ? 'RT' : 'AP'}B${String(d).padStart(9, '0')}`;
      batch.push(
        call<{ _id: string }>(token, 'POST', '/v1/device/add', {
          SN: sn,
          MAC: macOf('dev', d),
          Type: router ? 4 : 2,
          Alias: sn,
        }).then((r) => {
          if (r.status !== 200) throw new Error(`device/add: ${JSON.stringify(r.body)}`);
          return r.body._id;
        }),
      );
    }
    ids.push(...(await Promise.all(batch)));
    const placed = await call(token, 'PUT', '/v1/device/netlist', { Parent: id, devices: ids, Main: ids[0] });
    if (placed.status !== 200) throw new Error(`netlist: ${JSON.stringify(placed.body)}`);
    fleet.networks.push(id);
    fleet.devices.push(ids);
    if (n % 100 === 99) log(`  ${n + 1} networks, ${d} devices`);
  }
  return fleet;
}

/** The fleet of a store kept by `--keep`: its tenant's networks in load order, routers first. */
async function keptFleet(h: Harness): Promise<Fleet> {
  const db = h.store.db;
  const tenant = await sql<{ id: string }>`select tenant_id as id from networks
    where name = 'Site 1' limit 1`.execute(db);
  const tenantId = tenant.rows[0]?.id;
  if (!tenantId) throw new Error('--from: no bench fleet in that store');
  const nets = await sql<{ id: string }>`select id from networks where tenant_id = ${tenantId}
    order by cast(substr(name, 6) as integer)`.execute(db);
  const index = new Map(nets.rows.map((r, i) => [r.id, i]));
  const devices: string[][] = nets.rows.map(() => []);
  const devs = await sql<{ id: string; parent: string }>`select id, parent from devices
    where tenant_id = ${tenantId} and parent is not null order by sn like 'AP%', sn`.execute(db);
  for (const d of devs.rows) devices[index.get(d.parent)!]!.push(d.id);
  const networkOf = new Map(devs.rows.map((d) => [d.id, index.get(d.parent)!]));
  const clients = await sql<{ id: string; mac: string; device_id: string }>`select id, mac, device_id
    from clients where tenant_id = ${tenantId} order by rowid`.execute(db);
  return {
    tenantId,
    networks: nets.rows.map((r) => r.id),
    devices,
    clients: clients.rows.map((c) => ({
      id: c.id,
      mac: c.mac,
      device: c.device_id,
      network: networkOf.get(c.device_id) ?? 0,
    })),
  };
}

/**
 * The requests that took over a second or four times their call's median, each with the jobs that
 * ran meanwhile (job_runs: their start and length) and the DNS flushes, then every job run and
 * flush during the measurement.
 */
async function stallReport(
  h: Harness,
  results: { name: string; p50: number }[],
  timeline: { name: string; start: number; ms: number }[],
  since: number,
  flushes: { start: number; ms: number; heldMs: number }[],
): Promise<string> {
  const jobs = await sql<{ name: string; started_at: number; duration_ms: number | null }>`select name,
    started_at, duration_ms from job_runs where started_at >= ${since} order by started_at`.execute(
    h.store.db,
  );
  const runs = {
    rows: [
      ...jobs.rows,
      ...flushes.map((f) => ({
        name: `dns flush (event loop held up to ${f0(f.heldMs)} ms)`,
        started_at: f.start,
        duration_ms: f.ms,
      })),
    ].sort((a, b) => a.started_at - b.started_at),
  };
  const median = new Map(results.map((r) => [r.name, r.p50]));
  const at = (t: number) => `+${f1((t - since) / 1000)} s`;
  const lines = [
    '',
    '### Stalls (a request over 1 s or 4× its call’s p50), and the jobs that ran meanwhile',
    '',
  ];
  for (const r of timeline) {
    if (r.ms < 1000 && r.ms < 4 * (median.get(r.name) ?? Infinity)) continue;
    const end = r.start + r.ms;
    const jobs = runs.rows
      .filter((j) => j.started_at < end && j.started_at + (j.duration_ms ?? 0) > r.start)
      .map((j) => `${j.name} (${at(j.started_at)}, ${f0(j.duration_ms ?? 0)} ms)`);
    lines.push(`- ${at(r.start)} ${r.name}: ${f0(r.ms)} ms — ${jobs.length ? jobs.join(', ') : 'no job'}`);
  }
  if (lines.length === 3) lines.push('none');
  lines.push('', 'Job runs during the measurement (over 100 ms):');
  for (const j of runs.rows)
    if ((j.duration_ms ?? 0) >= 100)
      lines.push(`- ${at(j.started_at)} ${j.name}: ${f0(j.duration_ms ?? 0)} ms`);
  return lines.join('\n');
}

/** One device's `dns` message of 200 entries, as it arrives: topic and payload. */
function dnsPayload(
  sn: string,
  seq: number,
  now: number,
  macs: readonly string[],
  pool: readonly string[],
  r: () => number,
) {
  const entries = Array.from({ length: 200 }, (_, i) => ({
    ts: now - 29_000 + i * 100,
    mac: macs[Math.floor(r() * macs.length)]!,
    domain: pool[zipf(r, pool.length)]!,
    qtype: 'a',
  }));
  return { topic: upTopic(sn, 'dns'), payload: JSON.stringify({ v: 1, ts: now, seq, entries }) };
}

async function main() {
  console.log(`bench:analytics — ${machine()}`);
  console.log(`spec: ${JSON.stringify(spec)}`);
  // Replies encoded as in production: the harness's CHECK_REPLIES (a second, zod encoding of every
  // reply, for tests) is off.
  const h = await startHarness({ checkReplies: false }, undefined, { sqliteFrom: o.from || undefined });
  h.clock.now = Date.now();
  try {
    const db = h.store.db;
    let fleet: Fleet;
    let loaded: string;
    if (o.from) {
      fleet = await keptFleet(h);
      const n = await sql<{ h: unknown; dh: unknown; dd: unknown }>`select
        (select count(*) from telemetry_1h) as h, (select count(*) from dns_domain_hours) as dh,
        (select count(*) from dns_domain_days) as dd`.execute(db);
      const r = n.rows[0]!;
      loaded = `a kept store (${o.from}): ${fleet.networks.length} networks, ${fleet.devices.flat().length} devices, ${fleet.clients.length} clients; ${r.h} device hours, ${r.dh} DNS hour rows, ${r.dd} DNS day rows`;
      log(loaded);
      // The job's pass over what changed since the store was kept (the hours since, new days).
      const rolled = Date.now();
      await h.services.analytics.maintain();
      log(`analytics roll-up since the store was kept: ${f1((Date.now() - rolled) / 1000)} s`);
    } else {
      const { tenant } = await (async () => {
        const { seedTenant } = await import('../apps/server/src/test/harness.ts');
        return seedTenant(h, 'bench');
      })();
      const token = (await login(h, 'benchown')).body.Token;

      log('fleet: networks and devices through the API');
      fleet = await seedFleet(h, token, tenant.id);
      log(`clients: ${spec.clients}`);
      await loadClients(db, fleet, spec.clients, h.clock.now);
      log(`traffic: ${spec.trafficDays} days`);
      const traffic = await loadTraffic(db, fleet, spec.trafficDays, h.clock.now, log);
      log(`dns: ${spec.dnsDays} days × ${spec.dnsPerHour} names per network and hour`);
      const dns = await loadDns(db, fleet, spec.dnsDays, spec.dnsPerHour, h.clock.now, log);
      const pool = domainPool(2000);
      const watch = pool.slice(0, 10).map((d) => d.split('.').slice(-2).join('.'));
      for (const w of [...new Set([...watch, 'example.com', 'example.net'])]) {
        await apiCaller(() => h).call(token, 'POST', '/v1/dns/add', { Domain: w });
      }
      loaded = `${spec.networks} networks, ${spec.devices} devices, ${spec.clients} clients; ${spec.trafficDays} days of hourly traffic (${traffic.deviceHours} device hours); ${spec.dnsDays} days of DNS (${dns.hourRows} hour rows, ${dns.dayRows} day rows)`;
      log(`loaded: ${loaded}`);
      // Planner statistics of the loaded tables, as the store's minute pass (`PRAGMA optimize`,
      // platform/store/sqlite.ts) would have them a minute after the load.
      await sql`pragma optimize = 0x10002`.execute(db);
      // The roll-up job's pass over the loaded hours: the networks' days (analytics_net_day), and the
      // ranked clients and devices, which its runs during the fleet's registration had built over an
      // empty store: the loader wrote history behind them, as the demo's reroll does (dropRanks).
      await dropRanks(db);
      const rolled = Date.now();
      await h.services.analytics.maintain();
      log(`analytics roll-up over the loaded history: ${f1((Date.now() - rolled) / 1000)} s`);
      const ranked = await sql<{ c: unknown; d: unknown }>`select
        (select count(*) from analytics_client_rank) as c, (select count(*) from analytics_device_rank) as d`.execute(
        db,
      );
      log(`ranked rows (7 and 30 days): ${ranked.rows[0]?.c} clients, ${ranked.rows[0]?.d} devices`);
      if (o.keep) {
        await sql`vacuum into ${o.keep}`.execute(db);
        log(`store copied to ${o.keep}`);
      }
    }
    const pool = domainPool(2000);

    // ---- the calls, while DNS reports arrive ----
    const net = fleet.networks[0]!;
    const dev = fleet.devices[0]![1]!;
    const client = fleet.clients[0]!;
    const calls: [string, string][] = [
      ['flow/listPartURL 7d', '/v1/flow/listPartURL?Period=7d'],
      ['flow/listPartURL 30d category', '/v1/flow/listPartURL?Period=30d&By=category'],
      ['flow/listPartURL 7d network', `/v1/flow/listPartURL?Period=7d&Network=${net}`],
      ['flow/listPartURL today', '/v1/flow/listPartURL?Period=today'],
      ['devicebehavior/getAll 7d', '/v1/devicebehavior/getAll?Period=7d'],
      [
        'devicebehavior/getAll 7d network',
        `/v1/devicebehavior/getAll?Period=7d&Network=${net}&Category=video`,
      ],
      ['dns/getAll 7d (12 watched)', '/v1/dns/getAll?Period=7d'],
      ['flow/list 30d', '/v1/flow/list?Period=30d&Sort=traffic'],
      ['flow/listAll 30d', '/v1/flow/listAll?Period=30d'],
      ['flow/agg 30d', '/v1/flow/agg?Period=30d'],
      ['flow/listAP 30d top 10', '/v1/flow/listAP?Period=30d&limit=10'],
      ['flow/listDev 30d', `/v1/flow/listDev?Period=30d&Devices=${dev}`],
      ['flow/clientlist 30d', '/v1/flow/clientlist?Period=30d&limit=10'],
      ['flow/clientlist 30d by online time', '/v1/flow/clientlist?Period=30d&limit=10&Sort=online'],
      ['flow/clientlist 7d page 50', '/v1/flow/clientlist?Period=7d&limit=10&page=50'],
      ['flow/getTerminalTrafficRank 30d', '/v1/flow/getTerminalTrafficRank?Period=30d'],
      ['client/getTotalFlow 30d', '/v1/client/getTotalFlow?Period=30d'],
      ['client/getTotalFlow 30d client', `/v1/client/getTotalFlow?Period=30d&MAC=${client.mac}`],
      ['client/getTotalRate', '/v1/client/getTotalRate'],
      ['flow/userrealtime', '/v1/flow/userrealtime'],
    ];
    const sns = fleet.devices.map((ids, n) => ({
      n,
      sn: `RTB${String(fleet.devices.slice(0, n).reduce((s, x) => s + x.length, 0)).padStart(9, '0')}`,
    }));
    const macsOf = (n: number) => fleet.clients.filter((c) => c.network === n).map((c) => c.mac);
    const macs = sns.map((s) => macsOf(s.n));
    const r = rng(3);
    let seq = 1;
    let ingesting = spec.ingestRate > 0;
    let ingested = 0;
    const ingestLoop = (async () => {
      const perTick = Math.max(1, Math.round(spec.ingestRate / 200 / 10));
      while (ingesting) {
        const tick = Date.now();
        for (let i = 0; i < perTick; i++) {
          const k = Math.floor(r() * sns.length);
          const m = dnsPayload(
            sns[k]!.sn,
            seq++,
            Date.now(),
            macs[k]!.length ? macs[k]! : [macOf('x', 1)],
            pool,
            r,
          );
          const d = decodeUp(m.topic, m.payload);
          if (!d.ok || d.kind !== 'dns') throw new Error('dns message refused');
          h.clock.now = Date.now();
          await h.services.dnsIngest.dns(undefined, sns[k]!.sn, d.message as UpMessage<'dns'>, h.clock.now);
          ingested += 200;
        }
        await new Promise((res) => setTimeout(res, Math.max(0, 100 - (Date.now() - tick))));
      }
    })();
    /** The DNS minute flushes while measured (writer work), for the stall report. */
    const flushes: { start: number; ms: number; heldMs: number }[] = [];
    const flushLoop = setInterval(() => {
      const start = Date.now();
      // How long the event loop was held at a time meanwhile (the flush's own steps, mostly).
      const held = monitorEventLoopDelay({ resolution: 5 });
      held.enable();
      void h.services.dnsIngest.flush().finally(() => {
        held.disable();
        flushes.push({ start, ms: Date.now() - start, heldMs: held.max / 1e6 });
      });
    }, 60_000);

    // Signed in again: the load took longer than a session lives.
    h.clock.now = Date.now();
    const fresh = (await login(h, 'benchown')).body.Token;
    const results: {
      name: string;
      n: number;
      p50: number;
      p99: number;
      max: number;
      failed: number;
      status: string;
    }[] = [];
    const { call } = apiCaller(() => h);
    /** Every measured request on the wall clock, to set beside the jobs' runs (stalls, below). */
    const timeline: { name: string; start: number; ms: number }[] = [];
    const measuring = Date.now();
    // The network calls sum the networks' 5-minute spans after telemetry's hourly mark per request
    // (telemetry_net_5m; before run 12 the devices' rows): a kept store measured an hour after it
    // was kept holds none there (no telemetry is ingested here), a fresh load up to an hour's
    // (bench:analytics runs 10-12). Said beside the figures.
    const mark = sql`(select coalesce(max(done_until), 0) from telemetry_rollups where res = '1h')`;
    const afterMark = (
      await sql<{ n: unknown; devices: unknown; spans: unknown }>`select count(*) as n,
        count(distinct device_id) as devices,
        (select count(*) from telemetry_net_5m where bucket >= ${mark}) as spans
        from telemetry_5m where bucket >= ${mark}`.execute(h.store.db)
    ).rows[0];
    for (const [name, url] of calls.filter(([n]) => n.includes(spec.only))) {
      const times: number[] = [];
      let failed = 0;
      let status = '';
      const budget = Date.now() + spec.budget * 1000;
      for (let i = 0; i < spec.requests + 3 && (i < 4 || Date.now() < budget); i++) {
        h.clock.now = Date.now();
        const t0 = performance.now();
        const res = await call(fresh, 'GET', url);
        const ms = performance.now() - t0;
        if (res.status !== 200) {
          failed++;
          status = `${res.status} ${res.body.code ?? ''} ${(res.body.message ?? '').slice(0, 60)}`;
        }
        // The first three warm up (caches, prepared statements): neither figures nor stalls.
        if (i >= 3) {
          times.push(ms);
          timeline.push({ name, start: Date.now() - ms, ms });
        }
      }
      times.sort((a, b) => a - b);
      const row = {
        name,
        n: times.length,
        p50: quantile(times, 0.5),
        p99: quantile(times, 0.99),
        max: times.at(-1) ?? NaN,
        failed,
        status,
      };
      results.push(row);
      log(
        `${name.padEnd(36)} p50 ${f1(row.p50).padStart(7)} ms  p99 ${f1(row.p99).padStart(7)} ms${failed ? `  FAILED ${failed}: ${status}` : ''}`,
      );
    }
    ingesting = false;
    await ingestLoop;
    const stalls = await stallReport(h, results, timeline, measuring, flushes);
    // Printed now as well: the capacity run below has not always ended (runs 6 and 7b).
    console.log(stalls);
    clearInterval(flushLoop);
    const during = { entries: ingested, seconds: (Date.now() - started) / 1000 };
    await h.services.dnsIngest.flush();

    // ---- the DNS ingest's capacity (not with --only) ----
    log(`dns ingest capacity: ${spec.ingestSeconds} s as fast as it goes`);
    const messages = Array.from({ length: 500 }, (_, i) => {
      const k = i % sns.length;
      return dnsPayload(sns[k]!.sn, 0, Date.now(), macs[k]!.length ? macs[k]! : [macOf('x', 1)], pool, r);
    });
    const t0 = Date.now();
    let entries = 0;
    let flushMs = 0;
    let lastFlush = t0;
    let i = 0;
    while (!spec.only && Date.now() - t0 < spec.ingestSeconds * 1000) {
      const m = messages[i++ % messages.length]!;
      const d = decodeUp(m.topic, m.payload);
      if (!d.ok || d.kind !== 'dns') throw new Error('dns message refused');
      const now = Date.now();
      h.clock.now = now;
      await h.services.dnsIngest.dns(undefined, d.sn, d.message as UpMessage<'dns'>, now);
      entries += 200;
      if (now - lastFlush >= 10_000) {
        const f0t = Date.now();
        await h.services.dnsIngest.flush();
        flushMs += Date.now() - f0t;
        lastFlush = Date.now();
      }
    }
    const f0t = Date.now();
    await h.services.dnsIngest.flush();
    flushMs += Date.now() - f0t;
    const seconds = (Date.now() - t0) / 1000;
    const rate = entries / seconds;
    const mem = process.memoryUsage().rss / 2 ** 20;

    // ---- report ----
    console.log(`\n## bench:analytics (${new Date().toISOString()})\n`);
    console.log(`${machine()}; ${uptime()}`);
    console.log(`Store: SQLite; ${loaded}. Load ${f0((Date.now() - started) / 1000)} s in all.`);
    console.log(
      `Telemetry after its hourly mark when measured: ${f0(Number(afterMark?.n ?? 0))} 5-minute rows of ` +
        `${f0(Number(afterMark?.devices ?? 0))} devices; ${f0(Number(afterMark?.spans ?? 0))} network spans ` +
        `(read by the network calls per request).\n`,
    );
    console.log(`| call | requests | p50 ms | p99 ms | goal p99 < ${GOAL_MS} ms |`);
    console.log('| --- | --- | --- | --- | --- |');
    for (const row of results) {
      const verdict = row.failed ? `failed (${row.status})` : row.p99 < GOAL_MS ? 'met' : 'MISSED';
      console.log(`| ${row.name} | ${row.n} | ${f1(row.p50)} | ${f1(row.p99)} | ${verdict} |`);
    }
    console.log(`\nWhile measured: ${during.entries} DNS entries ingested (target ${spec.ingestRate}/s).`);
    console.log(
      spec.only
        ? 'DNS ingest capacity: not measured (--only).'
        : `DNS ingest capacity: ${f0(rate)} entries/s (${entries} entries of 200-entry messages decoded and counted in ${f1(seconds)} s, ${f1(flushMs / 1000)} s of it writing; RSS ${f0(mem)} MiB) — goal ${f0(INGEST_GOAL)}/s: ${rate >= INGEST_GOAL ? 'met' : 'MISSED'}`,
    );
    void insertAll;
    void DAY;
  } finally {
    await Promise.race([h.close(), new Promise((r) => setTimeout(r, 10_000))]);
  }
}

await main();
process.exit(0);
