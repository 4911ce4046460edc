// bench:firmware — one 16 MB image to --devices (1,000) simulated access points at once: the server
// and the fleet as their own processes (bench/ingest helpers), the image uploaded and the upgrade
// started the way the console does it (POST /v1/fw/add, POST /v1/config/fw/dispatch), every device
// downloading it for real from the server's signed link, measured until every device came back on
// the new version (or failed). `npm run bench:firmware -- --help` lists the options.
import path from 'node:path';
import { DeviceType, type DeliveryDeviceItem, type DeliveryItem } from '@netconsole/contract';
import { BENCH_MODEL, firmwarePlan, layout } from './firmware/plan.ts';
import { uploadImage, writeImage } from './firmware/image.ts';
import { FirmwareSim } from './firmware/sim-process.ts';
import { cpuSeconds, ProcWindow, rssBytes } from './ingest/proc.ts';
import { benchOptions, f0, f1, machine, optionChecks, sleep, stackHelp, uptime } from './support/cli.ts';
import { BenchRun } from './support/run.ts';

const HELP = `Usage: npm run bench:firmware -- [options]

  --devices <n>          access points upgraded at once, default 1000 (at most 1000: one dispatch);
                         each network has a router and a switch per 40 of them besides
  --aps-per-network <n>  default 100
  --size-mb <n>          image size, MiB, default 16
  --concurrency <n>      the upgrade's concurrency limit per network (1-1000), default the server's:
                         100 per network (FIRMWARE_DEFAULT_CONCURRENCY)
  --kbps <n>             the server's per-download cap (FIRMWARE_DOWNLOAD_KBPS), default 0: none
  --verify-s <s>         seconds a device verifies, default 1
  --flash-s <s>          seconds a device writes flash, default 2
  --reboot-s <s>         seconds a device stays away rebooting, default 5
  --timeout <s>          longest wait for every device's outcome, default 600
  --node-args=<a b>      more Node.js options for the server, e.g. --node-args=--trace-gc
${stackHelp(25, 'server log, image, profile')}

A missed goal is printed as MISSED; the exit code is non-zero only when the run itself failed.
`;

const o = benchOptions(HELP, {
  devices: { type: 'string', default: process.env.BENCH_DEVICES ?? '1000' },
  'aps-per-network': { type: 'string', default: '100' },
  'size-mb': { type: 'string', default: '16' },
  concurrency: { type: 'string' },
  kbps: { type: 'string', default: '0' },
  'verify-s': { type: 'string', default: '1' },
  'flash-s': { type: 'string', default: '2' },
  'reboot-s': { type: 'string', default: '5' },
  timeout: { type: 'string', default: '600' },
  'node-args': { type: 'string', default: '' },
});

const { count, stack: stackChoice } = optionChecks('bench:firmware');
const devices = Math.round(count('devices', o.devices, 1, 1000));
const apsPerNetwork = Math.min(devices, Math.round(count('aps-per-network', o['aps-per-network'])));
const sizeBytes = Math.round(count('size-mb', o['size-mb'], 0.001, 30) * 2 ** 20);
const concurrency =
  o.concurrency === undefined ? null : Math.round(count('concurrency', o.concurrency, 1, 1000));
const kbps = Math.round(count('kbps', o.kbps, 0));
const verifyS = count('verify-s', o['verify-s'], 0);
const flashS = count('flash-s', o['flash-s'], 0);
const rebootS = count('reboot-s', o['reboot-s'], 0);
const timeoutS = count('timeout', o.timeout);
const stackOptions = stackChoice(o);
const { store, broker: brokerKind } = stackOptions;

/** The goal of issue 16. */
const GOAL_RSS_GROWTH_MB = 150;
/** The image's version: newer than the catalogue's. */
const NEW_VERSION = 'v9.00.001';

const log = (line: string) => console.log(line);
const mb = (bytes: number) => bytes / 2 ** 20;

const run = new BenchRun(o.keep!);
const machineLine = machine();
log(
  `bench:firmware — a ${f1(mb(sizeBytes))} MB image to ${devices} access points, store ${store}, broker ${brokerKind}, ` +
    `concurrency ${concurrency ?? 'server default (100 per network)'}, cap ${kbps ? `${kbps} kB/s` : 'none'}, ` +
    `verify ${verifyS} s, flash ${flashS} s, reboot ${rebootS} s\nmachine: ${machineLine}\nuptime (start): ${uptime()}`,
);

await run.main(async () => {
  const seed = 'bench-firmware';
  const snPrefix = 'BFW';
  const networks = layout(devices, apsPerNetwork);
  const plan = firmwarePlan(networks, seed, snPrefix);
  const planned = plan.networks.flatMap((n) => n.devices);
  const apSns = new Set(planned.filter((d) => d.type === DeviceType.AP).map((d) => d.sn));
  // The server reads its settings from the environment it inherits (bench/ingest/server.ts).
  process.env.FIRMWARE_DOWNLOAD_KBPS = String(kbps);
  const { server, broker, factoryKey, dataDir, admin, tenant, registeredS } = await run.tenantConsole(
    stackOptions,
    'Benchfw',
    planned,
  );
  log(
    `registered   ${planned.length} devices (${apSns.size} ${BENCH_MODEL.model} APs in ${networks.length} networks) in ${f1(registeredS)} s`,
  );

  // ---- the image ----
  let t = performance.now();
  const image = writeImage(path.join(dataDir, 'bench-image.bin'), sizeBytes);
  const rssBeforeUpload = rssBytes(server.pid);
  const uploadWatch = new ProcWindow([server.pid]);
  const uploadT0 = performance.now();
  const item = await uploadImage(tenant, image, {
    Model: BENCH_MODEL.model,
    HWVersion: BENCH_MODEL.hwVersion,
    FWVersion: NEW_VERSION,
  });
  const uploadS = (performance.now() - uploadT0) / 1000;
  const upload = uploadWatch.end().procs.get(server.pid)!;
  log(
    `uploaded     ${f1(mb(image.size))} MB (MD5 ${image.md5}, CRC32 ${image.checksum}) in ${f1(uploadS)} s ` +
      `(${f0(mb(image.size) / uploadS)} MB/s); server RSS ${f0(mb(rssBeforeUpload))} → max ${f0(mb(upload.maxRss))} MB`,
  );

  t = performance.now();
  const sim = await FirmwareSim.start({
    url: server.mqttUrl,
    factoryKey,
    networks,
    seed,
    snPrefix,
    connectRatePerS: 500,
    verifyS,
    flashS,
    rebootS,
  });
  run.atEnd(() => sim.kill());
  await sim.next('online', 600_000);
  // A device's model is what its hello said: the upgrade goes to devices known as the image's model.
  let apIds: string[] = [];
  for (;;) {
    const aps = await tenant.all<{ _id: string; SN: string; Model: string }>(
      `/v1/device/list?Type=${DeviceType.AP}`,
    );
    apIds = aps.filter((d) => apSns.has(d.SN) && d.Model === BENCH_MODEL.model).map((d) => d._id);
    if (apIds.length >= apSns.size || performance.now() - t > 600_000) break;
    await sleep(1000);
  }
  log(
    `connected    ${planned.length} devices online in ${f1((performance.now() - t) / 1000)} s, ${apIds.length} known as ${BENCH_MODEL.model}`,
  );
  // Settle: let the welcome wave's writes end before the clock starts.
  await sleep(10_000);

  // ---- the upgrade ----
  const watch = new ProcWindow([server.pid, sim.pid, ...(broker ? [broker.pid] : [])]);
  const rssBefore = rssBytes(server.pid);
  const cpu0 = cpuSeconds(server.pid);
  const metrics0 = await admin.metrics();
  const t0 = performance.now();
  const wall0 = Date.now();
  // The answer may come only once the campaign's first step issued its commands (docs/delivery.md):
  // the progress is followed meanwhile, through the image's deliveries (this run's only one).
  let answeredMs: number | null = null;
  let requestError: unknown = null;
  const request = tenant
    .call<{ list: DeliveryItem }>('POST', '/v1/config/fw/dispatch', {
      _id: item._id,
      devices: apIds,
      Validity: 0,
      ...(concurrency ? { Concurrency: concurrency } : {}),
    })
    .then(
      (r) => {
        answeredMs = performance.now() - t0;
        return r.list;
      },
      (err: unknown) => {
        requestError = err;
        return null;
      },
    );
  let delivery: DeliveryItem | null = null;
  let allAt: number | null = null;
  let half: number | null = null;
  let lastPrint = 0;
  while (performance.now() - t0 < timeoutS * 1000) {
    if (requestError) throw requestError;
    const r = await tenant.call<{ list: DeliveryItem[] }>(
      'GET',
      `/v1/issued/fw?limit=50&Profile=${item._id}`,
    );
    delivery = r.list[0] ?? delivery;
    const s = (performance.now() - t0) / 1000;
    const applied = delivery?.Succeeded ?? 0;
    const failed = delivery?.Failed ?? 0;
    if (half === null && applied * 2 >= apIds.length) half = s;
    if (s - lastPrint >= 5) {
      lastPrint = s;
      const fleet = await sim.stats();
      log(
        `  ${f0(s).padStart(4)} s  server RSS ${f0(mb(rssBytes(server.pid)))} MB; devices: ${fleet.commands} got it, ` +
          `${fleet.downloading} downloading, ${fleet.downloaded} downloaded (${f0(mb(fleet.bytes))} MB received); ` +
          `console: ${delivery ? `${applied} applied, ${failed} failed, ${delivery.Pending} pending` : 'no delivery listed yet'}` +
          (answeredMs === null ? ', request not answered yet' : ''),
      );
    }
    if (applied + failed >= apIds.length && answeredMs !== null) {
      allAt = s;
      break;
    }
    await sleep(250);
  }
  const answered = await request;
  if (!answered || !delivery) throw new Error('the dispatch was not answered or not listed');
  const deliveryId = answered._id;
  const windowS = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(server.pid) - cpu0;
  const { procs, othersPct } = watch.end();
  const metrics1 = await admin.metrics();
  const fleet = await sim.stats();
  const s = procs.get(server.pid)!;
  const growth = s.maxRss - rssBefore;
  const downloadS = fleet.lastDownloadedAt > 0 ? (fleet.lastDownloadedAt - fleet.firstDownloadAt) / 1000 : 0;
  const throughput = downloadS > 0 ? mb(fleet.downloaded * image.size) / downloadS : 0;
  const targets = await tenant.all<DeliveryDeviceItem>(`/v1/issued/device?_id=${deliveryId}`);
  const byStatus: Record<string, number> = {};
  const detailOf: Record<string, string> = {};
  for (const d of targets) {
    const key = `${d.Status}${d.Code ? ` ${d.Code}` : ''}`;
    byStatus[key] = (byStatus[key] ?? 0) + 1;
    if (d.Detail) detailOf[key] ??= d.Detail;
  }
  const durations = targets
    .filter((d) => d.StartTime !== null && d.EndTime !== null)
    .map((d) => (d.EndTime! - d.StartTime!) / 1000)
    .sort((a, b) => a - b);
  const firstStart = Math.min(...targets.map((d) => d.StartTime ?? Infinity));

  log(
    `dispatched   ${apIds.length} devices in one request, answered after ${f0(answeredMs ?? NaN)} ms; first device report ` +
      `${Number.isFinite(firstStart) ? `${f1((firstStart - wall0) / 1000)} s` : 'none'} after it`,
  );
  log(
    `downloads    ${fleet.downloaded} of ${apIds.length} whole in ${f1(downloadS)} s (first start to last end): ` +
      `${f0(throughput)} MB/s aggregate, ${f0(mb(fleet.bytes))} MB received in all`,
  );
  log(
    `applied      ${delivery.Succeeded} of ${apIds.length} (${delivery.Failed} failed, ${delivery.Pending} pending) ` +
      (allAt !== null ? `all settled in ${f1(allAt)} s` : `not all within ${f0(windowS)} s`) +
      (half !== null ? `; half applied in ${f1(half)} s` : '') +
      (durations.length
        ? `; per device ${f1(durations[Math.floor(durations.length / 2)]!)} s median, ${f1(durations.at(-1)!)} s max`
        : ''),
  );
  log(
    `by status    ${Object.entries(byStatus)
      .sort()
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ')} (1 applied, 2 apply failed, 3 issue failed, 4 issuing); the devices' own reports: ` +
      `${fleet.commands} got it, ${fleet.succeeded} succeeded, failed ${JSON.stringify(fleet.failed)}`,
  );
  for (const [key, detail] of Object.entries(detailOf)) log(`  e.g. ${key}: ${detail}`);
  log(
    `server       RSS ${f0(mb(rssBefore))} MB before, ${f0(mb(s.maxRss))} MB peak, growth ${f0(mb(growth))} MB; ` +
      `CPU ${f1(cpu)} s (user+sys) = ${f0(s.cpuPct)} % of one core over ${f0(windowS)} s; event loop delay p99 ` +
      `${f0(metrics1.process.loopDelayP99Ms)} ms, max ${f0(metrics1.process.loopDelayMaxMs)} ms ` +
      `(before: ${f0(metrics0.process.loopDelayP99Ms)} / ${f0(metrics0.process.loopDelayMaxMs)})`,
  );
  log(
    `others       fleet ${f0(procs.get(sim.pid)!.cpuPct)} % (RSS max ${f0(mb(fleet.maxRss))} MB)` +
      (broker ? `, mosquitto ${f0(procs.get(broker.pid)!.cpuPct)} %` : '') +
      `, other processes ${f0(othersPct)} % of one core`,
  );
  const rssOk = mb(growth) < GOAL_RSS_GROWTH_MB;
  log('goals:');
  log(`  server RSS growth < ${GOAL_RSS_GROWTH_MB} MB: ${f0(mb(growth))} MB, ${rssOk ? 'met' : 'MISSED'}`);
  log(`uptime (end): ${uptime()}`);
  log(
    `JSON ${JSON.stringify({
      bench: 'firmware',
      date: new Date().toISOString(),
      machine: machineLine,
      store,
      broker: brokerKind,
      devices: apIds.length,
      fleet: planned.length,
      imageMB: +mb(image.size).toFixed(1),
      concurrency,
      kbps,
      uploadS: +uploadS.toFixed(1),
      serverRssBeforeMB: Math.round(mb(rssBefore)),
      serverRssPeakMB: Math.round(mb(s.maxRss)),
      serverRssGrowthMB: Math.round(mb(growth)),
      serverCpuS: +cpu.toFixed(1),
      serverCpuPct: Math.round(s.cpuPct),
      fleetCpuPct: Math.round(procs.get(sim.pid)!.cpuPct),
      othersCpuPct: Math.round(othersPct),
      downloaded: fleet.downloaded,
      downloadS: +downloadS.toFixed(1),
      throughputMBs: Math.round(throughput),
      applied: delivery.Succeeded,
      failed: delivery.Failed,
      pending: delivery.Pending,
      allSettledS: allAt === null ? null : +allAt.toFixed(1),
      halfAppliedS: half === null ? null : +half.toFixed(1),
      byStatus,
      goals: { rssGrowth: rssOk ? 'met' : 'MISSED' },
    })}`,
  );
});
