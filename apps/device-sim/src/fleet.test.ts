/**
 * The simulator against a real broker (Mosquitto at MQTT_URL, default mqtt://127.0.0.1:1883,
 * anonymous), with a stub gateway that welcomes the devices and checks every message with the
 * contract's schemas. A unique SN prefix keeps parallel runs apart.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { crc32 } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DeviceType } from '@netconsole/contract';
import type { UpMessage } from '@netconsole/contract';
import { createFleet, planFleet } from './index.ts';
import type { Fleet, FleetOptions } from './index.ts';
import { StubGateway } from './stub-gateway.ts';
import type { Received } from './stub-gateway.ts';

const URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `T${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`;
const FACTORY_KEY = randomBytes(32).toString('hex');

const SPEC: Pick<FleetOptions, 'networks' | 'snPrefix' | 'seed'> = {
  networks: [
    { switches: 2, aps: 5, ac: true },
    { switches: 0, aps: 2 },
  ],
  snPrefix: PREFIX,
  seed: 42,
};

let gw: StubGateway;
let fleet: Fleet;
let http: ReturnType<typeof createServer>;
let httpBase = '';
const image = randomBytes(300_000);
const imageMd5 = createHash('md5').update(image).digest('hex');
const imageCrc = `0x${crc32(image).toString(16).padStart(8, '0')}`;

const of = <K extends Received['kind']>(kind: K, sn?: string) =>
  gw.messages.filter((m) => m.kind === kind && (sn === undefined || m.sn === sn)) as (Received & {
    message: UpMessage<K>;
  })[];
const lastOf = <K extends Received['kind']>(kind: K, sn: string) => of(kind, sn).at(-1)?.message;
const byType = (type: DeviceType) => fleet.devices.filter((d) => d.type === type);
/**
 * Resolves once `holds()` is true, checking again on every message the gateway receives: the
 * fleet's reports come on their own timers, so a test waits for what it needs, not for a while.
 */
const until = async (holds: () => boolean, what: string, timeoutMs = 10_000) => {
  if (holds()) return;
  await gw.waitFor(holds, timeoutMs).catch(() => {
    throw new Error(`no ${what} within ${timeoutMs} ms`);
  });
};
const reported = (kind: 'state' | 'ports' | 'lldp' | 'stats' | 'clients') => (d: { sn: string }) =>
  lastOf(kind, d.sn) !== undefined;
const states = (id: string) =>
  gw.reports(id).map((r) => (r.state === 'progress' ? `progress:${r.stage}` : r.state));

beforeAll(async () => {
  http = createServer((req, res) => {
    if (req.url === '/fw.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': image.length });
      res.end(image);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  gw = await StubGateway.connect({ url: URL, snPrefix: PREFIX, telemetry: { statsIntervalS: 1 } });
  fleet = createFleet({
    url: URL,
    factoryKey: FACTORY_KEY,
    ...SPEC,
    behaviour: { tickS: 1, churnPerMinute: 0.05, roamPerMinute: 0.05, eventsPerHour: 60, logsPerHour: 60 },
    timing: {
      connectRatePerS: 1000,
      rebootS: 1,
      resetS: 0.3,
      applyS: 0.3,
      verifyS: 0.3,
      flashS: 0.3,
      downloadBytesPerS: 1e9,
      downloadReportS: 2,
      connectivityLostS: 1,
    },
  });
  await fleet.start();
  await fleet.waitOnline({ timeoutMs: 15_000 });
});

afterAll(async () => {
  await fleet?.stop();
  await gw?.close();
  http?.close();
});

describe('device-sim against a broker', () => {
  test('every device says hello as planned and is welcomed', () => {
    const plan = fleet.plan.networks.flatMap((n) => n.devices);
    expect(fleet.devices).toHaveLength(12);
    for (const d of plan) {
      const hello = lastOf('hello', d.sn);
      expect(hello, d.sn).toBeDefined();
      expect(hello).toMatchObject({
        type: d.type,
        model: d.model,
        mac: d.mac,
        fwVersion: d.fwVersion,
        ip: d.ip,
      });
      expect(hello!.seq).toBe(1);
      expect(hello!.bootReason).toBe('power_on');
    }
    expect(new Set(of('hello').map((h) => h.message.bootId)).size).toBe(12);
    const aps = plan.filter((d) => d.type === DeviceType.AP);
    expect(aps.filter((d) => d.acSn)).toHaveLength(5);
  });

  test('after welcome: state, ports, lldp, clients and stats, all valid', async () => {
    const talksClients = (d: (typeof fleet.devices)[number]) =>
      d.type === DeviceType.AP || d.type === DeviceType.Router;
    await until(
      () =>
        (['state', 'ports', 'lldp', 'stats'] as const).every((k) => fleet.devices.every(reported(k))) &&
        fleet.devices.filter(talksClients).every(reported('clients')),
      'first report of every kind from every device',
    );
    for (const d of fleet.devices) {
      for (const kind of ['state', 'ports', 'lldp', 'stats'] as const)
        expect(lastOf(kind, d.sn), `${d.sn} ${kind}`).toBeDefined();
      if (talksClients(d)) expect(lastOf('clients', d.sn)).toBeDefined();
    }
    const sw = byType(DeviceType.Switch)[0]!;
    const ports = lastOf('ports', sw.sn)!;
    expect(ports.poe!.budgetW).toBeGreaterThan(0);
    expect(ports.ports.some((p) => p.poe?.status === 'delivering' && p.poe.powerW > 0)).toBe(true);
    expect(Math.abs(lastOf('stats', sw.sn)!.poe!.usedW - ports.poe!.usedW)).toBeLessThan(10);
    const router = byType(DeviceType.Router)[0]!;
    const rs = lastOf('stats', router.sn)!;
    expect(rs.wan).toHaveLength(1);
    expect(rs.dhcp!.leases).toBeGreaterThan(0);
    expect(lastOf('state', router.sn)!.wan![0]!.up).toBe(true);
    expect(gw.invalid).toEqual([]);
  });

  test('LLDP forms one tree per network, every link seen from both ends', () => {
    for (const net of fleet.plan.networks) {
      const sns = net.devices.map((d) => d.sn);
      const edges = new Set<string>();
      const roots: string[] = [];
      for (const sn of sns) {
        const lldp = lastOf('lldp', sn)!;
        const ports = lastOf('ports', sn)!;
        const uplink = ports.ports.find((p) => p.uplink)?.port;
        const parent = lldp.neighbors.find((n) => n.port === uplink);
        if (!parent) roots.push(sn);
        for (const n of lldp.neighbors) {
          expect(sns, `${sn} sees ${n.sn} in another network`).toContain(n.sn);
          const back = lastOf('lldp', n.sn!)!.neighbors.find((x) => x.sn === sn);
          expect(back, `${n.sn} does not see ${sn}`).toBeDefined();
          expect(back!.mac).toBe(net.devices.find((d) => d.sn === sn)!.mac);
          edges.add([sn, n.sn].sort().join('-'));
        }
      }
      // A tree: n - 1 links, all devices reachable, and the router is the only root.
      expect(edges.size).toBe(sns.length - 1);
      const router = net.devices.find((d) => d.type === DeviceType.Router)!.sn;
      expect(roots).toEqual([router]);
      const seen = new Set([router]);
      const queue = [router];
      while (queue.length) {
        const cur = queue.shift()!;
        for (const n of lastOf('lldp', cur)!.neighbors)
          if (!seen.has(n.sn!)) {
            seen.add(n.sn!);
            queue.push(n.sn!);
          }
      }
      expect(seen.size).toBe(sns.length);
    }
  });

  test('counters are monotonic and gauges plausible', async () => {
    const from = gw.messages.length;
    // Three stats of every device (one a second): two steps to compare, as a 3.5 s wait gave.
    const statsSince = (sn: string) =>
      gw.messages.slice(from).filter((m) => m.kind === 'stats' && m.sn === sn).length;
    await until(() => fleet.devices.every((d) => statsSince(d.sn) >= 3), 'three stats of every device');
    const window = gw.messages.slice(from);
    for (const d of fleet.devices) {
      const stats = window
        .filter((m) => m.kind === 'stats' && m.sn === d.sn)
        .map((m) => m.message as UpMessage<'stats'>);
      expect(stats.length, d.sn).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < stats.length; i++) {
        const a = stats[i - 1]!;
        const b = stats[i]!;
        expect(b.seq).toBeGreaterThan(a.seq);
        expect(b.uptimeS).toBeGreaterThanOrEqual(a.uptimeS);
        for (const k of ['rxBytes', 'txBytes', 'rxPkts', 'txPkts', 'rxDrops', 'txDrops'] as const)
          expect(b[k]!, `${d.sn} ${k}`).toBeGreaterThanOrEqual(a[k]!);
        b.radios?.forEach((r, j) => {
          expect(r.rxBytes).toBeGreaterThanOrEqual(a.radios![j]!.rxBytes);
          expect(r.txBytes).toBeGreaterThanOrEqual(a.radios![j]!.txBytes);
        });
        expect(b.cpuPct!).toBeGreaterThan(0);
        expect(b.cpuPct!).toBeLessThan(100);
        expect(b.tempC!).toBeGreaterThan(20);
        expect(b.tempC!).toBeLessThan(90);
      }
      const rising = stats.at(-1)!.rxBytes > stats[0]!.rxBytes;
      expect(rising, `${d.sn} traffic moves`).toBe(true);
    }
  });

  test('reboot: accepted, rebooting, offline, new hello with a new boot id, succeeded', async () => {
    const ap = byType(DeviceType.AP)[0]!;
    const before = ap.bootId;
    const id = await gw.command(ap.sn, 'reboot', {});
    const end = await gw.terminal(id);
    expect(end.state).toBe('succeeded');
    expect(states(id)).toEqual(['accepted', 'progress:rebooting', 'succeeded']);
    const seq = gw.messages.filter((m) => m.sn === ap.sn && ['acks', 'offline', 'hello'].includes(m.kind));
    const order = seq.slice(
      seq.findIndex((m) => m.kind === 'acks' && (m.message as UpMessage<'acks'>).id === id),
    );
    expect(order.map((m) => m.kind)).toEqual(['acks', 'acks', 'offline', 'hello', 'acks']);
    expect((order[2]!.message as UpMessage<'offline'>).reason).toBe('reboot');
    const hello = order[3]!.message as UpMessage<'hello'>;
    expect(hello.bootId).not.toBe(before);
    expect(hello.bootReason).toBe('reboot_command');
    expect(hello.uptimeS).toBeLessThan(5);
    expect(end.seq).toBeGreaterThan(hello.seq);

    // Redelivery of the same id (the server re-sends after welcome): the last report again, no reboot.
    const n = of('hello', ap.sn).length;
    await gw.command(ap.sn, 'reboot', {}, { id });
    // A second reboot would report `accepted` first: the fourth report tells which it was.
    await until(() => gw.reports(id).length >= 4, 'report of the redelivered reboot');
    expect(states(id)).toEqual(['accepted', 'progress:rebooting', 'succeeded', 'succeeded']);
    expect(of('hello', ap.sn)).toHaveLength(n);
    const events = of('events', ap.sn).flatMap((m) => m.message.events);
    expect(events.some((e) => e.type === 'reboot_completed')).toBe(true);
  });

  test('reset: resetting, rebooting, offline reset, configuration gone', async () => {
    const sw = byType(DeviceType.Switch)[1]!;
    const cfg = await gw.command(sw.sn, 'apply_config', {
      configId: 'cfg-sw',
      revision: 3,
      source: {
        type: 'inline',
        config: { system: { hostname: 'sw-lab', timezone: 'UTC', posixTz: 'UTC0', ntpServers: [] } },
      },
    });
    expect((await gw.terminal(cfg)).state).toBe('succeeded');
    await gw.waitFor(
      (m) => m.sn === sw.sn && m.kind === 'state' && (m.message as UpMessage<'state'>).config?.revision === 3,
      5000,
      true,
    );
    const id = await gw.command(sw.sn, 'reset', {});
    expect((await gw.terminal(id)).state).toBe('succeeded');
    expect(states(id)).toEqual(['accepted', 'progress:resetting', 'progress:rebooting', 'succeeded']);
    expect(of('offline', sw.sn).at(-1)!.message.reason).toBe('reset');
    expect(lastOf('hello', sw.sn)!.bootReason).toBe('reset_command');
    expect(lastOf('state', sw.sn)!.config).toBeNull();
  });

  test('firmware upgrade: the whole progress sequence, downloading for real with MD5', async () => {
    const sw = byType(DeviceType.Switch)[0]!;
    const id = await gw.command(sw.sn, 'upgrade_firmware', {
      url: `${httpBase}/fw.bin`,
      md5: imageMd5.toUpperCase(),
      size: image.length,
      checksum: imageCrc,
      model: sw.model,
      hwVersion: sw.hwVersion,
      fwVersion: 'v9.00.001',
    });
    const end = await gw.terminal(id);
    expect(end).toMatchObject({ state: 'succeeded', result: { fwVersion: 'v9.00.001' } });
    expect(states(id)).toEqual([
      'accepted',
      'progress:downloading',
      'progress:verifying',
      'progress:applying',
      'progress:rebooting',
      'succeeded',
    ]);
    expect(gw.reports(id)[1]).toMatchObject({ stage: 'downloading', percent: 0 });
    expect(of('offline', sw.sn).at(-1)!.message.reason).toBe('firmware_upgrade');
    expect(lastOf('hello', sw.sn)).toMatchObject({ fwVersion: 'v9.00.001', bootReason: 'firmware_upgrade' });

    const bad = await gw.command(sw.sn, 'upgrade_firmware', {
      url: `${httpBase}/fw.bin`,
      md5: 'd41d8cd98f00b204e9800998ecf8427e',
      size: image.length,
      model: sw.model,
      hwVersion: sw.hwVersion,
      fwVersion: 'v9.00.002',
    });
    expect(await gw.terminal(bad)).toMatchObject({
      state: 'failed',
      stage: 'verifying',
      code: 'md5_mismatch',
      detail: `got ${imageMd5}`,
    });

    const missing = await gw.command(sw.sn, 'upgrade_firmware', {
      url: `${httpBase}/missing.bin`,
      md5: imageMd5,
      size: image.length,
      model: sw.model,
      hwVersion: sw.hwVersion,
      fwVersion: 'v9.00.003',
    });
    expect(await gw.terminal(missing)).toMatchObject({
      state: 'failed',
      stage: 'downloading',
      code: 'http_error',
      detail: 'HTTP 404',
    });

    const remote = await gw.command(sw.sn, 'upgrade_firmware', {
      url: 'https://firmware.example.com/fw.bin',
      md5: imageMd5,
      size: image.length,
      model: sw.model,
      hwVersion: sw.hwVersion,
      fwVersion: 'v9.00.004',
    });
    expect(await gw.terminal(remote)).toMatchObject({
      state: 'failed',
      stage: 'downloading',
      code: 'download_failed',
    });

    const other = await gw.command(sw.sn, 'upgrade_firmware', {
      url: `${httpBase}/fw.bin`,
      md5: imageMd5,
      size: image.length,
      model: 'A1',
      hwVersion: 'HW1.0',
      fwVersion: 'v9.00.005',
    });
    expect(await gw.terminal(other)).toMatchObject({ state: 'rejected', code: 'incompatible_image' });
  });

  test('kick: the client leaves the next clients report; redelivery repeats the report; release', async () => {
    const ap = byType(DeviceType.AP).find((d) => d.clients.length > 1 && d.isOnline)!;
    const mac = ap.clients[0]!.mac;
    const id = await gw.command(ap.sn, 'kick_client', { mac, blockS: 600 });
    const end = await gw.terminal(id);
    expect(end).toMatchObject({ state: 'succeeded', result: { wasConnected: true } });
    expect(gw.reports(id).map((r) => r.state)).toEqual(['succeeded']);
    const now = await gw.command(ap.sn, 'report_now', { kinds: ['clients'] });
    await gw.terminal(now);
    const page = lastOf('clients', ap.sn)!;
    expect(page.clients.map((c) => c.mac)).not.toContain(mac);
    const events = () => of('events', ap.sn).flatMap((m) => m.message.events);
    await until(
      () => events().some((e) => e.type === 'client_disconnected' && e.mac === mac),
      'client_disconnected event',
    );
    expect(events()).toContainEqual(
      expect.objectContaining({ type: 'client_disconnected', mac, code: 'kicked' }),
    );

    await gw.command(ap.sn, 'kick_client', { mac, blockS: 600 }, { id });
    await until(() => gw.reports(id).length >= 2, 'report of the redelivered kick');
    const again = gw.reports(id);
    expect(again).toHaveLength(2);
    expect(again[1]).toMatchObject({ state: 'succeeded', result: { wasConnected: true } });
    expect(again[1]!.seq).toBeGreaterThan(again[0]!.seq);

    const rel = await gw.command(ap.sn, 'release_client', { mac });
    expect(await gw.terminal(rel)).toMatchObject({ state: 'succeeded', result: { wasBlocked: true } });
    const sw = byType(DeviceType.Switch)[0]!;
    const na = await gw.command(sw.sn, 'kick_client', { mac, blockS: 0 });
    expect(await gw.terminal(na)).toMatchObject({ state: 'rejected', code: 'not_applicable' });
  });

  test('diagnosis: ping and MTR with the spec result codes; busy; cancel', async () => {
    const router = byType(DeviceType.Router)[0]!;
    const id = await gw.command(router.sn, 'run_diagnosis', {
      type: 1,
      targets: ['8.8.8.8', 'nowhere.invalid'],
      count: 4,
      sizeBytes: 56,
      intervalMs: 200,
    });
    const busy = await gw.command(router.sn, 'run_diagnosis', {
      type: 1,
      targets: ['1.1.1.1'],
      count: 1,
      sizeBytes: 56,
    });
    expect(await gw.terminal(busy)).toMatchObject({ state: 'rejected', code: 'busy' });
    const end = await gw.terminal(id, 10_000);
    expect(states(id)).toEqual(['progress:running', 'progress:result', 'progress:result', 'succeeded']);
    expect(gw.reports(id).map((r) => (r as { percent?: number }).percent)).toEqual([0, 50, 100, undefined]);
    const results = (end as { result: { results: { code: number; error?: string; sent: number }[] } }).result
      .results;
    expect(results[0]).toMatchObject({ code: 1, sent: 4 });
    expect(results[1]).toMatchObject({ code: 2, error: 'resolve_failed', sent: 0 });

    const ap = byType(DeviceType.AP)[1]!;
    const mtr = await gw.command(ap.sn, 'run_diagnosis', {
      type: 2,
      targets: ['1.1.1.1'],
      count: 3,
      sizeBytes: 56,
      intervalMs: 200,
    });
    await gw.terminal(mtr, 10_000);
    const hopReport = gw
      .reports(mtr)
      .find((r) => r.state === 'progress' && r.stage === 'result') as unknown as {
      result: { hops: { hop: number; ip: string | null }[]; ip: string };
    };
    expect(hopReport.result.hops.length).toBeGreaterThan(1);
    expect(hopReport.result.hops.at(-1)!.ip).toBe('1.1.1.1');
    expect(hopReport.result.hops[0]!.ip).toBe(lastOf('state', ap.sn)!.gateway);

    const long = await gw.command(ap.sn, 'run_diagnosis', {
      type: 1,
      targets: ['9.9.9.9', '8.8.4.4'],
      count: 10,
      sizeBytes: 56,
    });
    // Cancelled once it runs (its first report), not before the device has it.
    await until(() => gw.reports(long).length > 0, 'first report of the long diagnosis');
    const cancel = await gw.command(ap.sn, 'cancel', { target: long });
    expect(await gw.terminal(cancel)).toMatchObject({ state: 'succeeded' });
    expect(await gw.terminal(long)).toMatchObject({ state: 'failed', code: 'cancelled' });
    const unknown = await gw.command(ap.sn, 'cancel', { target: 'no-such-command' });
    expect(await gw.terminal(unknown)).toMatchObject({ state: 'rejected', code: 'unknown_command' });
    const finished = await gw.command(ap.sn, 'cancel', { target: mtr });
    expect(await gw.terminal(finished)).toMatchObject({ state: 'rejected', code: 'not_cancellable' });
  });

  test('apply_config: stages, state shows the configuration; invalid and injected failure', async () => {
    const ap = byType(DeviceType.AP).find((d) => !d.bands.includes('6'))!;
    const id = await gw.command(ap.sn, 'apply_config', {
      configId: 'cfg-office',
      revision: 8,
      source: {
        type: 'inline',
        config: {
          radios: [{ band: '2.4', enabled: true, channel: 11, widthMhz: 20, txPowerDbm: 15 }],
          wireless: [
            {
              ssid: 'Lab',
              bands: ['2.4', '5'],
              security: 'wpa2_psk',
              key: 'correct-horse-42',
              hidden: false,
              maxClients: 64,
              rateLimit: null,
              roaming: true,
              vlanId: null,
              portal: false,
              rssiThresholdDbm: null,
              schedule: [],
            },
          ],
        },
      },
    });
    expect(await gw.terminal(id)).toMatchObject({ state: 'succeeded', result: { revision: 8 } });
    expect(states(id)).toEqual(['accepted', 'progress:applying', 'succeeded']);
    const state = await gw.waitFor(
      (m) => m.sn === ap.sn && m.kind === 'state' && (m.message as UpMessage<'state'>).config?.revision === 8,
      5000,
      true,
    );
    const radio = (state.message as UpMessage<'state'>).radios!.find((r) => r.band === '2.4')!;
    expect(radio).toMatchObject({ channel: 11, channelMode: 'manual', txPowerDbm: 15 });

    const invalid = await gw.command(ap.sn, 'apply_config', {
      configId: 'cfg-6',
      revision: 9,
      source: {
        type: 'inline',
        config: { radios: [{ band: '6', enabled: true, channel: 0, widthMhz: 160, txPowerDbm: null }] },
      },
    });
    expect(await gw.terminal(invalid)).toMatchObject({ state: 'rejected', code: 'config_invalid' });

    const other = byType(DeviceType.AP).at(-1)!;
    const file = await gw.command(other.sn, 'apply_config', {
      configId: 'cfg-file',
      revision: 2,
      source: {
        type: 'file',
        url: `${httpBase}/fw.bin`,
        md5: imageMd5,
        size: image.length,
        format: 'uci_tar',
      },
    });
    expect(await gw.terminal(file)).toMatchObject({ state: 'succeeded', result: { revision: 2 } });
    expect(states(file)).toEqual([
      'accepted',
      'progress:downloading',
      'progress:verifying',
      'progress:applying',
      'progress:rebooting',
      'succeeded',
    ]);
    expect(lastOf('hello', other.sn)!.bootReason).toBe('config_apply');
    expect(lastOf('state', other.sn)!.config).toEqual({ id: 'cfg-file', revision: 2 });

    fleet.injectFault({ sn: ap.sn, cmd: 'apply_config', failStage: 'applying' });
    const failing = await gw.command(ap.sn, 'apply_config', {
      configId: 'cfg-office',
      revision: 10,
      source: { type: 'inline', config: { network: { mode: 'dhcp' } } },
    });
    expect(await gw.terminal(failing)).toMatchObject({
      state: 'failed',
      stage: 'applying',
      code: 'config_apply_failed',
    });
    fleet.injectFault({ sn: ap.sn, cmd: 'reboot', reject: 'busy' });
    const rejected = await gw.command(ap.sn, 'reboot', {});
    expect(await gw.terminal(rejected)).toMatchObject({ state: 'rejected', code: 'busy' });
  });

  test('validation order: version, payload, expiry; set_telemetry and report_now', async () => {
    const ac = byType(DeviceType.AC)[0]!;
    const v2 = await gw.command(ac.sn, 'reboot', {}, { v: 2 });
    expect(await gw.terminal(v2)).toMatchObject({ state: 'rejected', code: 'unsupported_version' });
    const bad = await gw.command(ac.sn, 'kick_client', { mac: 'aa:bb:cc:dd:ee:ff', blockS: 0 });
    expect(await gw.terminal(bad)).toMatchObject({ state: 'rejected', code: 'invalid_payload' });
    const old = await gw.command(ac.sn, 'reboot', {}, { expires: Date.now() - 1000 });
    expect(await gw.terminal(old)).toMatchObject({ state: 'rejected', code: 'expired' });

    const t = await gw.command(ac.sn, 'set_telemetry', {
      telemetry: { upload: { cpu: false } },
      revertAfterS: 10,
    });
    expect(await gw.terminal(t)).toMatchObject({ state: 'succeeded' });
    const next = await gw.waitFor((m) => m.sn === ac.sn && m.kind === 'stats', 3000);
    expect((next.message as UpMessage<'stats'>).cpuPct).toBeUndefined();
    expect((next.message as UpMessage<'stats'>).memPct).toBeDefined();

    const n = await gw.command(ac.sn, 'report_now', { kinds: ['state', 'lldp'] });
    expect(await gw.terminal(n)).toMatchObject({ state: 'succeeded' });
    const acks = gw.messages.findIndex((m) => m.kind === 'acks' && (m.message as UpMessage<'acks'>).id === n);
    const before = gw.messages
      .slice(0, acks)
      .filter((m) => m.sn === ac.sn)
      .slice(-2)
      .map((m) => m.kind);
    expect(before).toEqual(['state', 'lldp']);
  });

  test('set_controller: an AP takes the new AC (or none) and says so in state; others lack it', async () => {
    const ap = byType(DeviceType.AP).find((d) => d.acSn !== null)!;
    const ac = ap.acSn!;
    expect(ap.capabilities).toContain('set_controller');
    for (const target of [null, 'ACNOTKNOWN0001', ac]) {
      const id = await gw.command(ap.sn, 'set_controller', { acSn: target });
      expect(await gw.terminal(id)).toMatchObject({ state: 'succeeded' });
      const acks = gw.messages.findIndex(
        (m) => m.kind === 'acks' && (m.message as UpMessage<'acks'>).id === id,
      );
      const state = gw.messages
        .slice(0, acks)
        .filter((m) => m.sn === ap.sn && m.kind === 'state')
        .at(-1);
      expect((state?.message as UpMessage<'state'>).acSn).toBe(target);
      expect(ap.acSn).toBe(target);
    }
    const sw = byType(DeviceType.Switch)[0]!;
    expect(sw.capabilities).not.toContain('set_controller');
    const refused = await gw.command(sw.sn, 'set_controller', { acSn: ac });
    expect(await gw.terminal(refused)).toMatchObject({ state: 'rejected', code: 'unsupported_command' });
  });

  test('a lost connection: the will says lost, the device comes back with the same boot', async () => {
    const router = byType(DeviceType.Router)[1]!;
    const session = router.session;
    const bootId = router.bootId;
    router.drop(300);
    const will = await gw.waitFor((m) => m.sn === router.sn && m.kind === 'offline', 5000);
    expect(will.message).toMatchObject({ seq: 0, reason: 'lost', session });
    const hello = await gw.waitFor((m) => m.sn === router.sn && m.kind === 'hello', 5000);
    expect((hello.message as UpMessage<'hello'>).bootId).toBe(bootId);
    expect((hello.message as UpMessage<'hello'>).session).not.toBe(session);
    await fleet.waitOnline({ timeoutMs: 5000 });
  });

  test('the same seed gives the same fleet; another seed another one', () => {
    const a = planFleet({ ...SPEC });
    const b = planFleet({ ...SPEC });
    expect(a).toEqual(b);
    expect(a).toEqual(fleet.plan);
    const c = planFleet({ ...SPEC, seed: 43 });
    expect(c.networks.flatMap((n) => n.devices.map((d) => d.mac))).not.toEqual(
      a.networks.flatMap((n) => n.devices.map((d) => d.mac)),
    );
    expect(c.networks.flatMap((n) => n.devices.map((d) => d.sn))).toEqual(
      a.networks.flatMap((n) => n.devices.map((d) => d.sn)),
    );
    const big = planFleet({ networks: 10, devices: 200, seed: 1 });
    expect(big.networks.reduce((s, n) => s + n.devices.length, 0)).toBe(200);
  });

  test('every message the fleet published parsed with the contract schemas', async () => {
    await fleet.stop();
    const shutdowns = () => of('offline').filter((m) => m.message.reason === 'shutdown').length;
    await until(() => shutdowns() >= 12, "every device's shutdown offline");
    expect(shutdowns()).toBe(12);
    expect(gw.invalid).toEqual([]);
    expect(gw.counts.messages).toBeGreaterThan(300);
  });
});
