/**
 * Firmware upgrades end to end with simulated devices (apps/device-sim) that download the image for
 * real from the server's signed link (docs/firmware-upgrades.md): success (the device list shows
 * the new version), an MD5 failure, a flash failure, a device that says succeeded but comes back on
 * the old image (version_mismatch), offline devices within and outside the validity, the window,
 * the staged stop, cancel, and a restart of the server in the middle.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FirmwareIssueStatus,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type DeviceItem,
  type ListReply,
} from '@netconsole/contract';
import { createFleet, planFleet, type FaultRule, type Fleet } from '@netconsole/device-sim';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../platform/config.ts';
import { openStore } from '../../platform/store/db.ts';
import {
  bearer,
  brokerUrl,
  deviceBus,
  freePort,
  login,
  seedTenant,
  startHarness,
  TEST_BROKER,
  TEST_FACTORY_KEY,
  TEST_STORE,
  testDatabase,
  type Harness,
} from '../../test/harness.ts';
import { eventually, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `FW${randomToken(4)}`;
const NEW = 'v9.00.001';
const WAIT = 30_000;

let h: Harness | null = null;
let fleet: Fleet | null = null;
let port = 0;

afterEach(async () => {
  vi.useRealTimers();
  await fleet?.stop();
  fleet = null;
  await h?.close();
  h = null;
});

async function harness(): Promise<Harness> {
  port = await freePort();
  const on = await startHarness({ mqtt: deviceBus(PREFIX), publicUrl: `http://127.0.0.1:${port}` });
  await on.app.listen({ port, host: '127.0.0.1' });
  // The signed link and the commands expire by the server's clock, which devices compare with theirs.
  on.clock.now = Date.now();
  return on;
}

interface Tenant {
  token: string;
  tenantId: string;
  userId: string;
}

async function tenant(on: Harness, prefix = `fo${randomToken(3)}`): Promise<Tenant> {
  const { tenant, owner } = await seedTenant(on, prefix);
  return { token: (await login(on, `${prefix}own`)).body.Token, tenantId: tenant.id, userId: owner.id };
}

async function call<T>(on: Harness, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await on.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as T & { code?: number; message?: string } };
}

/** A fleet of APs (one network), registered to the tenant; `offline` SNs stay off until powerOn. */
async function apFleet(
  on: Harness,
  who: Tenant,
  aps: number,
  opts: { faults?: FaultRule[]; offline?: (sns: string[]) => string[]; rebootS?: number } = {},
) {
  const tag = randomToken(3).toUpperCase();
  const plan = planFleet({
    networks: [{ name: 'Lab', switches: 1, aps }],
    snPrefix: `${PREFIX}${tag}`,
    seed: tag,
  });
  const apSns = plan.networks[0]!.devices.filter((d) => d.type === 2).map((d) => d.sn);
  const offline = opts.offline?.(apSns) ?? [];
  fleet = createFleet({
    url: on.mqttUrl!,
    factoryKey: TEST_FACTORY_KEY,
    plan,
    networks: [{ name: 'Lab', switches: 1, aps }],
    snPrefix: `${PREFIX}${tag}`,
    seed: tag,
    behaviour: { eventsPerHour: 0, dropsPerHour: 0, logsPerHour: 0 },
    timing: {
      rebootS: opts.rebootS ?? 1,
      verifyS: 0,
      flashS: 0,
      downloadBytesPerS: 10 * 1024 * 1024,
      backoffBaseS: 0.2,
      backoffMaxS: 1,
    },
    downloads: 'localhost',
    faults: opts.faults ?? [],
    offline,
  });
  const ids = new Map<string, string>();
  for (const d of plan.networks[0]!.devices) {
    const r = await call<{ _id: string }>(on, who.token, 'POST', '/v1/device/add', {
      SN: d.sn,
      MAC: d.mac,
      Type: d.type,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids.set(d.sn, r.body._id);
  }
  await fleet.start();
  await fleet.waitOnline({ count: plan.networks[0]!.devices.length - offline.length, timeoutMs: WAIT });
  const aps2 = plan.networks[0]!.devices.filter((d) => d.type === 2);
  return {
    fleet,
    aps: aps2.map((d) => ({
      sn: d.sn,
      id: ids.get(d.sn)!,
      model: d.model,
      hw: d.hwVersion,
      fw: d.fwVersion,
    })),
  };
}

/** An image for a model and hardware version, added through the library's service. */
async function image(on: Harness, who: Tenant, model: string, hw: string, fw = NEW): Promise<string> {
  const bytes = Buffer.alloc(96 * 1024, `${model}${hw}${fw}`);
  const fields = {
    Model: model,
    HWVersion: hw,
    FWVersion: fw,
    Checksum: `0x${crc32(bytes).toString(16).padStart(8, '0')}`,
    MD5: createHash('md5').update(bytes).digest('hex'),
    Operator: 'tester',
    Description: '',
    Published: false,
  };
  const actor = { scope: { tenantId: who.tenantId, admin: false }, userId: who.userId, username: 'owner' };
  return (await on.services.images.add(actor, fields, 'fw.bin', Readable.from([bytes])))._id;
}

async function dispatch(on: Harness, who: Tenant, body: Record<string, unknown>): Promise<DeliveryItem> {
  const r = await call<{ list: DeliveryItem }>(on, who.token, 'POST', '/v1/config/fw/dispatch', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list;
}

async function rows(on: Harness, who: Tenant, id: string): Promise<Map<string, DeliveryDeviceItem>> {
  await on.services.delivery.settled();
  const r = await call<ListReply<DeliveryDeviceItem>>(
    on,
    who.token,
    'GET',
    `/v1/issued/device?_id=${id}&limit=100`,
  );
  return new Map(r.body.list.map((x) => [x.SN, x]));
}

/** Waits until the device's row in the delivery satisfies `ok`. */
function until(
  on: Harness,
  who: Tenant,
  id: string,
  sn: string,
  ok: (x: DeliveryDeviceItem) => boolean,
  what: string,
) {
  return eventually(
    async () => {
      const x = (await rows(on, who, id)).get(sn);
      return x && ok(x) ? x : undefined;
    },
    WAIT,
    `${sn} ${what}`,
  );
}

async function campaign(on: Harness, who: Tenant, id: string): Promise<DeliveryItem> {
  await on.services.delivery.settled();
  const r = await call<ListReply<DeliveryItem>>(on, who.token, 'GET', '/v1/issued/fw?limit=100');
  return r.body.list.find((c) => c._id === id)!;
}

// Real devices, downloads and reboots on a busy machine: more than the default 20 s each.
describe('firmware upgrades with simulated devices', { timeout: 60_000 }, () => {
  it('applies on success and reports MD5, flash and version failures by their statuses', async () => {
    h = await harness();
    const me = await tenant(h);
    const plan = await apFleet(h, me, 4, {
      faults: [],
    });
    const [ok, md5, flash, old] = plan.aps;
    fleet!.injectFault({ sn: md5!.sn, cmd: 'upgrade_firmware', corrupt: true });
    fleet!.injectFault({ sn: flash!.sn, cmd: 'upgrade_firmware', failStage: 'applying' });
    fleet!.injectFault({ sn: old!.sn, cmd: 'upgrade_firmware', keepsOldImage: true });
    // One upgrade per model and hardware version the plan gave the APs.
    const groups = new Map<string, typeof plan.aps>();
    for (const d of plan.aps)
      groups.set(`${d.model}\n${d.hw}`, [...(groups.get(`${d.model}\n${d.hw}`) ?? []), d]);
    const ofSn = new Map<string, string>();
    for (const [key, devices] of groups) {
      const [model, hw] = key.split('\n') as [string, string];
      const img = await image(h, me, model, hw);
      const c = await dispatch(h, me, { _id: img, devices: devices.map((d) => d.id) });
      for (const d of devices) ofSn.set(d.sn, c._id);
    }
    const done = (sn: string) =>
      until(h!, me, ofSn.get(sn)!, sn, (x) => x.Status !== FirmwareIssueStatus.Issuing, 'ends');
    const [a, b, c, d] = await Promise.all([ok, md5, flash, old].map((x) => done(x!.sn)));
    expect(a).toMatchObject({
      Status: 1,
      State: 'succeeded',
      Percent: 100,
      FromVersion: ok!.fw,
      ToVersion: NEW,
    });
    expect(a!.StartTime).not.toBeNull();
    expect(a!.EndTime! >= a!.StartTime!).toBe(true);
    expect(b).toMatchObject({ Status: 3, State: 'failed', Stage: 'verifying', Code: 'md5_mismatch' });
    expect(c).toMatchObject({ Status: 2, State: 'failed', Stage: 'applying', Code: 'flash_failed' });
    expect(d).toMatchObject({ Status: 2, State: 'failed', Stage: 'rebooting', Code: 'version_mismatch' });
    expect(d!.Detail).toContain(old!.fw);
    // The device list shows what each runs now.
    const list = await eventually(
      async () => {
        const r = await call<ListReply<DeviceItem>>(h!, me.token, 'GET', '/v1/device/list?limit=100');
        const fw = new Map(r.body.list.map((x) => [x.SN, x.FWVersion]));
        return fw.get(ok!.sn) === NEW ? fw : undefined;
      },
      WAIT,
      'the new version in the device list',
    );
    expect(list!.get(old!.sn)).toBe(old!.fw);
    expect(list!.get(flash!.sn)).toBe(flash!.fw);
    for (const id of new Set(ofSn.values())) {
      await eventually(async () => (await campaign(h!, me, id)).Status === 'finished', WAIT, 'finished');
    }
  });

  it('upgrades an offline device when it comes within the validity; after it, the device is not sent it', async () => {
    h = await harness();
    const me = await tenant(h);
    const plan = await apFleet(h, me, 2, { offline: (sns) => sns });
    const [late, never] = plan.aps;
    // Both were seen before (their last hello named their model), and are off now.
    for (const d of plan.aps) {
      await h.store.db
        .updateTable('devices')
        .set({ model: d.model, hw_version: d.hw, fw_version: d.fw })
        .where('id', '=', d.id)
        .execute();
    }
    const soon = await image(h, me, late!.model, late!.hw);
    const within = await dispatch(h, me, { _id: soon, devices: [late!.id] });
    const other =
      never!.model === late!.model && never!.hw === late!.hw
        ? soon
        : await image(h, me, never!.model, never!.hw);
    const outside = await dispatch(h, me, {
      _id: other,
      devices: [never!.id],
      Validity: 2,
      ExpireTime: Date.now() + 60_000,
    });
    // Both commands are held (the campaigns' first steps may still be issuing them on a busy machine;
    // a command issued after the clock moved below would start expired).
    const held = await until(h, me, within._id, late!.sn, (x) => x.State === 'held', 'held');
    expect(held).toMatchObject({ Status: 4, State: 'held' });
    await until(h, me, outside._id, never!.sn, (x) => x.State === 'held', 'held');
    // The period passes while the second is off: its command expires, issue failed (3). Past the
    // period's end by the wall clock it was set by (the setup above may have taken seconds).
    h.clock.now = Date.now() + 61_000;
    await h.services.commands.sweep(h.clock.now);
    await h.services.jobs.runDue();
    await until(h, me, outside._id, never!.sn, (x) => x.State === 'expired', 'expired');
    expect((await rows(h, me, outside._id)).get(never!.sn)).toMatchObject({ Status: 3 });
    expect((await campaign(h, me, outside._id)).Status).toBe('expired');
    // Both come: the first is upgraded, the second is not sent anything.
    h.clock.now = Date.now();
    const commands: string[] = [];
    fleet!.on('command', (e) => commands.push(`${e.sn} ${e.cmd}`));
    expect(fleet!.powerOn(late!.sn)).toBe(true);
    expect(fleet!.powerOn(never!.sn)).toBe(true);
    await until(h, me, within._id, late!.sn, (x) => x.Status === 1, 'applied');
    expect(commands).not.toContain(`${never!.sn} upgrade_firmware`);
  });

  it('waits for the window (cancellable) and applies once the local time is inside it', async () => {
    h = await harness();
    const me = await tenant(h);
    const plan = await apFleet(h, me, 2);
    const [waits, cancelled] = plan.aps;
    // A window that opens two minutes from now, in UTC.
    const at = new Date(Date.now() + 2 * 60_000);
    const hhmm = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const end = new Date(at.getTime() + 60 * 60_000);
    const window = { Start: hhmm(at), End: hhmm(end), TimeZone: 'UTC' };
    const ids: string[] = [];
    for (const [d, fw] of [
      [waits!, NEW],
      [cancelled!, 'v9.00.002'],
    ] as const) {
      ids.push(
        (
          await dispatch(h, me, {
            _id: await image(h, me, d.model, d.hw, fw),
            devices: [d.id],
            Window: window,
          })
        )._id,
      );
    }
    const [first, second] = ids as [string, string];
    for (const [id, d] of [
      [first, waits!],
      [second, cancelled!],
    ] as const) {
      const x = await until(h, me, id, d.sn, (r) => r.Stage === 'waiting', 'waiting');
      expect(x).toMatchObject({ Status: 4, State: 'progress', Percent: 100 });
    }
    // Cancelled while waiting: the device stops, the old image still runs (3 issue failed).
    const cancel = await call(h, me.token, 'POST', '/v1/issued/cancel', { _id: second });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    await until(h, me, second, cancelled!.sn, (x) => x.State === 'failed', 'cancelled');
    expect((await rows(h, me, second)).get(cancelled!.sn)).toMatchObject({
      Status: 3,
      Stage: 'waiting',
      Code: 'cancelled',
    });
    // The devices' clocks reach the window (the server's clock is its own, unchanged).
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(at.getTime() + 1000);
    await until(
      h,
      me,
      first,
      waits!.sn,
      (x) => x.Status === FirmwareIssueStatus.Applied,
      'applied in the window',
    );
  });

  it('stops a staged upgrade when its first share fails, and cancels the rest', async () => {
    h = await harness();
    const me = await tenant(h);
    // Four APs of three AP models: at least two share one (the largest group is used).
    const plan = await apFleet(h, me, 4);
    const groups = new Map<string, typeof plan.aps>();
    for (const d of plan.aps)
      groups.set(`${d.model}/${d.hw}`, [...(groups.get(`${d.model}/${d.hw}`) ?? []), d]);
    const same = [...groups.values()].sort((x, y) => y.length - x.length)[0]!;
    expect(same.length).toBeGreaterThanOrEqual(2);
    const { model, hw } = same[0]!;
    // Every upgrade fails at flashing: the first share (one device) fails, so the rest never start.
    fleet!.injectFault({ cmd: 'upgrade_firmware', failStage: 'applying', times: Infinity });
    const c = await dispatch(h, me, {
      _id: await image(h, me, model, hw),
      devices: same.map((d) => d.id),
      Staged: { firstPercent: 1, maxFailPercent: 0 },
    });
    await eventually(async () => (await campaign(h!, me, c._id)).Pending === 0, WAIT, 'ended');
    expect((await campaign(h, me, c._id)).Status).toBe('stopped');
    const all = [...(await rows(h, me, c._id)).values()];
    expect(all.filter((x) => x.Code === 'flash_failed')).toHaveLength(1);
    expect(all.filter((x) => x.State === 'cancelled' && x.Code === 'stopped')).toHaveLength(same.length - 1);
  });
});

describe('a restart of the server in the middle of an upgrade', { timeout: 60_000 }, () => {
  it('completes the upgrade from the rows: the rebooting device is applied by the new server', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-fw-'));
    const database = TEST_STORE === 'postgres' ? await testDatabase() : undefined;
    const mqttPort = await freePort();
    port = await freePort();
    const clock = {
      now: Date.now(),
      advance(ms: number) {
        this.now += ms;
      },
    };
    const boot = async (): Promise<Harness> => {
      const base = loadConfig({ DATA_DIR: tmp, DEMO: '0', LOG_LEVEL: 'silent', CHECK_REPLIES: '1' });
      const bus = deviceBus(PREFIX);
      // The embedded broker on one port across both servers, so the devices find the new one.
      const mqtt: Config['mqtt'] = TEST_BROKER === 'embedded' ? { ...bus, port: mqttPort } : bus;
      const config: Config = { ...base, webDist: undefined, mqtt, publicUrl: `http://127.0.0.1:${port}` };
      const store = database
        ? await openStore({ databaseUrl: database.url, poolSize: 4 })
        : await openStore({ sqliteFile: path.join(tmp, 'console.sqlite') });
      const { app, services } = await buildApp(config, store, { clock: () => clock.now, logger: false });
      await app.ready();
      await app.listen({ port, host: '127.0.0.1' });
      return {
        app,
        services,
        store,
        config,
        clock,
        mqttUrl: brokerUrl(config, services.bus),
        async close() {
          await app.close();
          await store.close();
        },
      };
    };
    let first: Harness | null = await boot();
    try {
      const me = await tenant(first, 'frs');
      const plan = await apFleet(first, me, 2, { rebootS: 4 });
      const model = plan.aps[0]!.model;
      const hw = plan.aps[0]!.hw;
      const same = plan.aps.filter((d) => d.model === model && d.hw === hw);
      const c = await dispatch(first, me, {
        _id: await image(first, me, model, hw),
        devices: same.map((d) => d.id),
        Concurrency: 1,
      });
      // The first device is rebooting into the new image when the server goes away.
      const busy = await eventually(
        async () => [...(await rows(first!, me, c._id)).values()].find((x) => x.Stage === 'rebooting'),
        WAIT,
        'a device rebooting',
      );
      await first.close();
      first = null;
      h = await boot();
      const token = (await login(h, 'frsown')).body.Token;
      const again = { ...me, token };
      await until(h, again, c._id, busy!.SN, (x) => x.Status === 1, 'applied after the restart');
      await eventually(
        async () => (await campaign(h!, again, c._id)).Status === 'finished',
        WAIT,
        'finished',
      );
      const all = [...(await rows(h, again, c._id)).values()];
      expect(all.map((x) => x.Status)).toEqual(same.map(() => 1));
    } finally {
      await fleet?.stop();
      fleet = null;
      await first?.close();
      await h?.close();
      h = null;
      await database?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
