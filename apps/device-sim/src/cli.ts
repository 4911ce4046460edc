/**
 * `npm run sim -w apps/device-sim -- --tenant demo --devices 200 …`: runs a fleet against a broker
 * and prints a status line every few seconds. See the README for every flag.
 */
import { parseArgs } from 'node:util';
import { isCommandKind } from '@netconsole/contract';
import { createFleet, planFleet, planSns } from './index.ts';
import type { DownloadPolicy, FaultRule, FleetPlan } from './index.ts';
import { StubGateway } from './stub-gateway.ts';

const HELP = `Usage: npm run sim -w apps/device-sim -- [options]

Plays a fleet of routers, switches, access points and controllers through the device protocol.

  --url <url>            broker: mqtt://host:1883 or ws://host:port/mqtt (env MQTT_URL; default mqtt://127.0.0.1:1883)
  --factory-key <hex>    the server's factory key, 64 hex digits (env FACTORY_KEY); passwords derive from it
  --tenant <name>        the tenant the operator registers these SNs for (a label: the simulator never touches the store)
  --networks <n>         networks (sites), default 1
  --devices <n>          devices in all, spread over the networks as router + switches + APs, default 10
  --ac-every <n>         every n-th network with 8+ devices gets an access controller (0: none), default 3
  --interval <s>         stats cadence, overriding the server's welcome (load tests)
  --seed <seed>          seed of the fleet (SNs, MACs, models, topology, clients), default 1
  --sn-prefix <p>        SN prefix (A-Z 0-9, up to 24), default SIM
  --clients-per-ap <n>   mean wireless clients per AP, default 10
  --churn <share>        share of clients leaving per minute, default 0.03
  --roam <share>         share of clients roaming per minute, default 0.02
  --events-per-hour <n>  random events per device per hour, default 2
  --connect-rate <n>     new connections per second at start, default 200
  --reboot-s <s>         seconds a rebooting device stays away, default 8
  --verify-s <s>         seconds a firmware or file download is verified, default 2
  --flash-s <s>          seconds writing a firmware image takes, default 5
  --download-kbps <n>    link speed a device pretends for downloads, kB/s, default 4096
  --offline <SN,…>       devices kept switched off at the start (offline when the console sends them something)
  --online-after <s>     switch the --offline devices on after this many seconds, default 60
  --fault <rule>         a device that misbehaves, every time (repeatable): [SN/]command:what, where what is
                         a stage to fail at (downloading, verifying, applying, rebooting…; :code after it
                         overrides the default code), corrupt (the download is stored with a flipped byte:
                         its MD5 really differs), keeps-old-image (says succeeded, boots the old firmware),
                         or reject=<code>. E.g. SIMAP000003/upgrade_firmware:applying (flash_failed),
                         upgrade_firmware:rebooting (rolls back, every device)
  --downloads <policy>   localhost (default) | any | simulate: which firmware/config URLs are fetched for real
  --mqtt5                MQTT 5 instead of 3.1.1
  --stub-welcome         answer the devices' hello yourself (against a bare broker, without the console)
  --status <s>           seconds between status lines, default 5 (0: none)
  --list                 print the plan (networks and SNs) as JSON and exit
  -h, --help             this text
`;

function num(value: string | undefined, name: string, fallback?: number): number | undefined {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new RangeError(`--${name}: a number`);
  return n;
}

function listing(plan: FleetPlan, tenant: string | undefined): unknown {
  return {
    tenant: tenant ?? null,
    seed: plan.seed,
    snPrefix: plan.snPrefix,
    networks: plan.networks.map((n) => ({
      name: n.name,
      devices: n.devices.map((d) => ({
        sn: d.sn,
        mac: d.mac,
        type: d.type,
        model: d.model,
        name: d.name,
        parent: d.parentSn,
      })),
    })),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      'factory-key': { type: 'string' },
      tenant: { type: 'string' },
      networks: { type: 'string' },
      devices: { type: 'string' },
      'ac-every': { type: 'string' },
      interval: { type: 'string' },
      seed: { type: 'string' },
      'sn-prefix': { type: 'string' },
      'clients-per-ap': { type: 'string' },
      churn: { type: 'string' },
      roam: { type: 'string' },
      'events-per-hour': { type: 'string' },
      'connect-rate': { type: 'string' },
      'reboot-s': { type: 'string' },
      'verify-s': { type: 'string' },
      'flash-s': { type: 'string' },
      'download-kbps': { type: 'string' },
      offline: { type: 'string' },
      'online-after': { type: 'string' },
      fault: { type: 'string', multiple: true },
      downloads: { type: 'string' },
      mqtt5: { type: 'boolean' },
      'stub-welcome': { type: 'boolean' },
      status: { type: 'string' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const spec = {
    networks: num(values.networks, 'networks', 1)!,
    devices: num(values.devices, 'devices', 10)!,
    acEvery: num(values['ac-every'], 'ac-every', 3)!,
    seed: values.seed ?? 1,
    snPrefix: values['sn-prefix'] ?? 'SIM',
  };
  const plan = planFleet(spec);
  if (values.list) {
    process.stdout.write(`${JSON.stringify(listing(plan, values.tenant), null, 2)}\n`);
    return;
  }
  const url = values.url ?? process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const factoryKey = values['factory-key'] ?? process.env.FACTORY_KEY;
  if (!factoryKey)
    throw new RangeError("--factory-key or FACTORY_KEY: the server's factory key (64 hex digits)");
  const downloads = (values.downloads ?? 'localhost') as DownloadPolicy;
  if (!['localhost', 'any', 'simulate'].includes(downloads))
    throw new RangeError('--downloads: localhost, any or simulate');
  const interval = num(values.interval, 'interval');
  const offline = values.offline
    ? values.offline
        .split(',')
        .map((sn) => sn.trim())
        .filter(Boolean)
    : [];
  const kbps = num(values['download-kbps'], 'download-kbps');
  const fleet = createFleet({
    url,
    factoryKey,
    plan,
    ...(interval ? { statsIntervalS: interval } : {}),
    protocolVersion: values.mqtt5 ? 5 : 4,
    downloads,
    faults: (values.fault ?? []).map(faultRule),
    offline,
    behaviour: {
      ...(values['clients-per-ap'] ? { clientsPerAp: num(values['clients-per-ap'], 'clients-per-ap') } : {}),
      ...(values.churn ? { churnPerMinute: num(values.churn, 'churn') } : {}),
      ...(values.roam ? { roamPerMinute: num(values.roam, 'roam') } : {}),
      ...(values['events-per-hour']
        ? { eventsPerHour: num(values['events-per-hour'], 'events-per-hour') }
        : {}),
    },
    timing: {
      ...(values['connect-rate'] ? { connectRatePerS: num(values['connect-rate'], 'connect-rate') } : {}),
      ...(values['reboot-s'] ? { rebootS: num(values['reboot-s'], 'reboot-s') } : {}),
      ...(values['verify-s'] ? { verifyS: num(values['verify-s'], 'verify-s') } : {}),
      ...(values['flash-s'] ? { flashS: num(values['flash-s'], 'flash-s') } : {}),
      ...(kbps ? { downloadBytesPerS: kbps * 1024 } : {}),
    },
  });
  const sns = planSns(plan);
  const tenant = values.tenant ? `tenant "${values.tenant}": register` : 'register';
  console.log(
    `${sns.length} devices in ${plan.networks.length} networks (seed ${plan.seed}) → ${url}\n` +
      `${tenant} SNs ${sns[0]} … ${sns.at(-1)} in the console (--list prints them all)`,
  );
  let commands = 0;
  fleet.on('command', () => commands++);
  fleet.on('error', (e) => console.error(`${e.sn ?? 'fleet'}: ${e.error.message}`));
  const stub = values['stub-welcome']
    ? await StubGateway.connect({ url, snPrefix: plan.snPrefix, keep: false })
    : null;
  await fleet.start();
  if (offline.length) {
    const after = num(values['online-after'], 'online-after', 60)!;
    console.log(`${offline.length} devices stay off for ${after} s: ${offline.join(', ')}`);
    setTimeout(() => {
      for (const sn of offline) fleet.powerOn(sn);
      console.log(`switched on: ${offline.join(', ')}`);
    }, after * 1000);
  }

  const every = num(values.status, 'status', 5)!;
  let last = fleet.stats();
  let lastAt = Date.now();
  const timer =
    every > 0
      ? setInterval(() => {
          const s = fleet.stats();
          const now = Date.now();
          const dt = (now - lastAt) / 1000;
          const rate = (s.published - last.published) / dt;
          const kbps = (s.publishedBytes - last.publishedBytes) / dt / 1024;
          const rss = process.memoryUsage().rss / 1024 / 1024;
          console.log(
            `[${new Date(now).toISOString().slice(11, 19)}] ${s.online}/${s.devices} online, ${s.connected} connected` +
              ` · ${rate.toFixed(1)} msg/s, ${kbps.toFixed(1)} KB/s sent · ${commands} commands, ${s.reports} reports` +
              ` · ${s.wirelessClients} clients · rss ${rss.toFixed(0)} MB`,
          );
          last = s;
          lastAt = now;
        }, every * 1000)
      : null;

  let stopping = false;
  const stop = async () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('stopping: every device says goodbye (Ctrl-C again to quit at once)…');
    if (timer) clearInterval(timer);
    await fleet.stop();
    await stub?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

/** `[SN/]command:what[:code]` (see --help) as a fault rule that holds every time. */
function faultRule(text: string): FaultRule {
  const m = /^(?:([A-Z0-9]+)\/)?([a-z_]+):([a-z_-]+)(?:[:=]([a-z_]+))?$/.exec(text.trim());
  if (!m || !isCommandKind(m[2]!))
    throw new RangeError(
      `--fault ${text}: [SN/]command:stage[:code], :corrupt, :keeps-old-image or :reject=<code>`,
    );
  const [, sn, cmd, what, code] = m;
  const rule: FaultRule = { ...(sn ? { sn } : {}), cmd: cmd as FaultRule['cmd'], times: Infinity };
  if (what === 'corrupt') return { ...rule, corrupt: true };
  if (what === 'keeps-old-image') return { ...rule, keepsOldImage: true };
  if (what === 'reject') {
    if (!code) throw new RangeError(`--fault ${text}: reject=<code>`);
    return { ...rule, reject: code };
  }
  return { ...rule, failStage: what!, ...(code ? { code } : {}) };
}

main().catch((error: Error) => {
  console.error(error instanceof RangeError ? `device-sim: ${error.message}` : error);
  process.exit(2);
});
