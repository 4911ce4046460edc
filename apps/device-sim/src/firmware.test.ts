/**
 * Firmware upgrades of the simulator and its knobs, against the broker at MQTT_URL with the stub
 * gateway (as fleet.test.ts): a download broken half-way resumes, a corrupted download fails its
 * own MD5, a flash failure and a roll-back keep the old image, a device that says `succeeded` on
 * the old image, and a device switched off at the start that comes later.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DeviceType } from '@netconsole/contract';
import type { UpMessage } from '@netconsole/contract';
import { createFleet, planFleet } from './index.ts';
import type { Fleet, SimDevice } from './index.ts';
import { StubGateway } from './stub-gateway.ts';

const URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `F${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`;
const FACTORY_KEY = randomBytes(32).toString('hex');
/** Takes over 3 s at the pretended link speed below: room for progress reports between 0 and 100 %. */
const image = randomBytes(2_000_000);
const imageMd5 = createHash('md5').update(image).digest('hex');
const imageCrc = `0x${crc32(image).toString(16).padStart(8, '0')}`;

let gw: StubGateway;
let fleet: Fleet;
let http: ReturnType<typeof createServer>;
let httpBase = '';
/** Range headers the image server saw, per path. */
const ranges = new Map<string, (string | null)[]>();
/** The SN held off at the start. */
let lateSn = '';

const hellos = (sn: string) =>
  gw.messages.filter((m) => m.kind === 'hello' && m.sn === sn).map((m) => m.message as UpMessage<'hello'>);
const offlines = (sn: string) =>
  gw.messages
    .filter((m) => m.kind === 'offline' && m.sn === sn)
    .map((m) => m.message as UpMessage<'offline'>);
/** A command's reports, read field by field (the union of every command's report is too narrow to index). */
const acks = (id: string) =>
  gw.reports(id) as unknown as {
    ts: number;
    state: string;
    stage?: string;
    percent?: number;
    detail?: string;
  }[];
const states = (id: string) =>
  gw.reports(id).map((r) => (r.state === 'progress' ? `progress:${r.stage}` : r.state));

/** The APs other than the late one, one per test. */
const free: SimDevice[] = [];
const take = () => free.shift()!;

const upgradeFields = (d: SimDevice, path: string, fwVersion: string) => ({
  url: `${httpBase}${path}`,
  md5: imageMd5,
  size: image.length,
  checksum: imageCrc,
  model: d.model,
  hwVersion: d.hwVersion,
  fwVersion,
});

beforeAll(async () => {
  http = createServer((req, res) => {
    const path = req.url ?? '';
    const seen = ranges.get(path) ?? [];
    ranges.set(path, seen);
    const range = req.headers.range ?? null;
    seen.push(range);
    if (path !== '/fw.bin' && path !== '/drop.bin') {
      res.writeHead(404);
      return void res.end();
    }
    const from = range ? Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0) : 0;
    res.writeHead(range ? 206 : 200, {
      'content-length': image.length - from,
      ...(range ? { 'content-range': `bytes ${from}-${image.length - 1}/${image.length}` } : {}),
    });
    // /drop.bin breaks its first transfer half-way.
    if (path === '/drop.bin' && seen.length === 1)
      return void res.write(image.subarray(0, image.length / 2), () => res.socket?.destroy());
    res.end(image.subarray(from));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  httpBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  gw = await StubGateway.connect({ url: URL, snPrefix: PREFIX });
  const spec = { networks: [{ switches: 1, aps: 7 }], snPrefix: PREFIX, seed: 7 };
  // The plan is seeded: the same spec gives the same SNs, so one AP can be held off by name.
  const planned = planFleet(spec).networks.flatMap((n) => n.devices);
  lateSn = planned.filter((d) => d.type === DeviceType.AP).at(-1)!.sn;
  fleet = createFleet({
    url: URL,
    factoryKey: FACTORY_KEY,
    ...spec,
    offline: [lateSn],
    behaviour: { clientsPerAp: 2, eventsPerHour: 0, logsPerHour: 0 },
    timing: {
      connectRatePerS: 1000,
      rebootS: 1,
      verifyS: 0.3,
      flashS: 0.3,
      downloadBytesPerS: 600_000,
      downloadReportS: 2,
    },
  });
  await fleet.start();
  await fleet.waitOnline({ count: fleet.devices.length - 1, timeoutMs: 15_000 });
  free.push(...fleet.devices.filter((d) => d.type === DeviceType.AP && d.sn !== lateSn));
});

afterAll(async () => {
  await fleet?.stop();
  await gw?.close();
  http?.closeAllConnections();
  http?.close();
});

describe('device-sim firmware upgrades', () => {
  test('a download broken half-way resumes with Range; progress, verification, new version after reboot', async () => {
    const ap = take();
    const id = await gw.command(ap.sn, 'upgrade_firmware', upgradeFields(ap, '/drop.bin', 'v9.01.001'));
    expect(await gw.terminal(id)).toMatchObject({ state: 'succeeded', result: { fwVersion: 'v9.01.001' } });
    const seen = ranges.get('/drop.bin')!;
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeNull();
    const resumedAt = Number(/^bytes=(\d+)-$/.exec(seen[1]!)![1]);
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(image.length / 2);
    const downloading = acks(id).filter((r) => r.stage === 'downloading');
    const percents = downloading.map((r) => r.percent);
    expect(percents[0]).toBe(0);
    expect(percents.length).toBeGreaterThan(1);
    // Each report 10 % further or 2 s (this fleet's report interval) later, never within 2 s.
    for (let i = 1; i < downloading.length; i++) {
      expect(percents[i]!).toBeGreaterThan(percents[i - 1]!);
      expect(downloading[i]!.ts - downloading[i - 1]!.ts).toBeGreaterThanOrEqual(2000);
    }
    expect(states(id).filter((s) => s !== 'progress:downloading')).toEqual([
      'accepted',
      'progress:verifying',
      'progress:applying',
      'progress:rebooting',
      'succeeded',
    ]);
    expect(hellos(ap.sn).at(-1)).toMatchObject({ fwVersion: 'v9.01.001', bootReason: 'firmware_upgrade' });
  });

  test('fault corrupt: the stored image really differs, md5_mismatch at verifying, no restart', async () => {
    const ap = take();
    const before = ap.fwVersion;
    fleet.injectFault({ sn: ap.sn, cmd: 'upgrade_firmware', corrupt: true });
    const id = await gw.command(ap.sn, 'upgrade_firmware', upgradeFields(ap, '/fw.bin', 'v9.01.002'));
    expect(await gw.terminal(id)).toMatchObject({
      state: 'failed',
      stage: 'verifying',
      code: 'md5_mismatch',
    });
    // The detail is the device's own MD5 of what it stored, not the image's.
    const detail = acks(id).at(-1)!.detail;
    expect(detail).toMatch(/^got [0-9a-f]{32}$/);
    expect(detail).not.toContain(imageMd5);
    expect(ap.fwVersion).toBe(before);
    expect(offlines(ap.sn)).toHaveLength(0);
  });

  test('fault flash_failed at applying: the device keeps running its image', async () => {
    const ap = take();
    const before = ap.fwVersion;
    fleet.injectFault({ sn: ap.sn, cmd: 'upgrade_firmware', failStage: 'applying' });
    const id = await gw.command(ap.sn, 'upgrade_firmware', upgradeFields(ap, '/fw.bin', 'v9.01.003'));
    expect(await gw.terminal(id)).toMatchObject({ state: 'failed', stage: 'applying', code: 'flash_failed' });
    expect(states(id).at(-2)).toBe('progress:applying');
    expect(ap.fwVersion).toBe(before);
    expect(offlines(ap.sn)).toHaveLength(0);
  });

  test('fault at rebooting: restarts, comes back on the old image, failed rebooting rolled_back', async () => {
    const ap = take();
    const before = ap.fwVersion;
    fleet.injectFault({ sn: ap.sn, cmd: 'upgrade_firmware', failStage: 'rebooting' });
    const id = await gw.command(ap.sn, 'upgrade_firmware', upgradeFields(ap, '/fw.bin', 'v9.01.004'));
    expect(await gw.terminal(id)).toMatchObject({ state: 'failed', stage: 'rebooting', code: 'rolled_back' });
    expect(offlines(ap.sn).at(-1)!.reason).toBe('firmware_upgrade');
    expect(hellos(ap.sn).at(-1)).toMatchObject({ fwVersion: before, bootReason: 'firmware_upgrade' });
  });

  test('fault keepsOldImage: reports succeeded, yet its hello shows the old version', async () => {
    const ap = take();
    const before = ap.fwVersion;
    fleet.injectFault({ sn: ap.sn, cmd: 'upgrade_firmware', keepsOldImage: true });
    const id = await gw.command(ap.sn, 'upgrade_firmware', upgradeFields(ap, '/fw.bin', 'v9.01.005'));
    expect(await gw.terminal(id)).toMatchObject({ state: 'succeeded', result: { fwVersion: 'v9.01.005' } });
    expect(hellos(ap.sn).at(-1)).toMatchObject({ fwVersion: before, bootReason: 'firmware_upgrade' });
    expect(ap.fwVersion).toBe(before);
  });

  test('option offline: the device stays off until powerOn, then says hello and upgrades', async () => {
    const late = fleet.device(lateSn)!;
    expect(late.powered).toBe(false);
    expect(hellos(lateSn)).toHaveLength(0);
    expect(fleet.powerOn(take().sn)).toBe(false); // already on
    const online = gw.waitFor((m) => m.kind === 'hello' && m.sn === lateSn, 10_000);
    expect(fleet.powerOn(lateSn)).toBe(true);
    expect(fleet.powerOn(lateSn)).toBe(false);
    expect(((await online).message as UpMessage<'hello'>).bootReason).toBe('power_on');
    await fleet.waitOnline({ timeoutMs: 10_000 });
    const id = await gw.command(lateSn, 'upgrade_firmware', upgradeFields(late, '/fw.bin', 'v9.01.006'));
    expect(await gw.terminal(id)).toMatchObject({ state: 'succeeded' });
    expect(hellos(lateSn).at(-1)!.fwVersion).toBe('v9.01.006');
  });
});
