/**
 * How upgrades go out (docs/firmware-upgrades.md, "Concurrency" and "The answer"): at most N devices
 * of one network downloading at once over every upgrade running for that network, with simulated
 * devices that download for real (devices in no network: one pool per tenant); and the dispatch
 * answered once the upgrade is stored, its commands issued behind the answer, the rest of them
 * issued by the next server when it stopped in the middle.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FIRMWARE_DEFAULT_CONCURRENCY,
  FirmwareIssueStatus,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type ListReply,
} from '@netconsole/contract';
import { createFleet, planFleet, type Fleet } from '@netconsole/device-sim';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../platform/config.ts';
import { newId } from '../../platform/ids.ts';
import { openStore, type Store } from '../../platform/store/db.ts';
import {
  bearer,
  deviceBus,
  freePort,
  login,
  seedTenant,
  startHarness,
  TEST_FACTORY_KEY,
  TEST_STORE,
  testDatabase,
  type Harness,
} from '../../test/harness.ts';
import { eventually, randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `FE${randomToken(4)}`;
const WAIT = 30_000;
const MODEL = { model: 'A1', hw: 'HW1.0', fw: 'v2.00.002' };

let h: Harness | null = null;
let fleet: Fleet | null = null;

afterEach(async () => {
  await fleet?.stop();
  fleet = null;
  await h?.close();
  h = null;
});

interface Tenant {
  token: string;
  tenantId: string;
  userId: string;
}

async function tenant(on: Harness, prefix = `fe${randomToken(3)}`): Promise<Tenant> {
  const { tenant, owner } = await seedTenant(on, prefix);
  return { token: (await login(on, `${prefix}own`)).body.Token, tenantId: tenant.id, userId: owner.id };
}

async function call<T>(on: Harness, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await on.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as T & { code?: number; message?: string } };
}

/** An image of MODEL at version `fw`, through the library's service. */
async function image(on: Harness, who: Tenant, fw: string): Promise<string> {
  const bytes = Buffer.alloc(96 * 1024, `${MODEL.model}${fw}`);
  const fields = {
    Model: MODEL.model,
    HWVersion: MODEL.hw,
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

async function network(on: Harness, who: Tenant, ids: string[]): Promise<string> {
  const r = await call<{ list: { _id: string } }>(on, who.token, 'POST', '/v1/network/createNet', {
    Name: `N${randomToken(6)}`,
    Location: { longitude: 121.47, latitude: 31.23 },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  // Placed in the store, as the network screens would (their own tests cover the call).
  await on.store.db.updateTable('devices').set({ parent: r.body.list._id }).where('id', 'in', ids).execute();
  return r.body.list._id;
}

/**
 * The downloads the devices themselves are running, by pool: from the `upgrade_firmware` command's
 * arrival to the first report past the download (or the end). The largest number at once per pool,
 * and over all pools.
 */
function watchDownloads(f: Fleet, poolOf: (sn: string) => string) {
  const active = new Map<string, Set<string>>();
  const most = new Map<string, number>();
  let together = 0;
  let now = 0;
  // A command comes again after the device's reboot (the server re-sends what is open, protocol
  // §7.2): only its first arrival starts a download.
  const seen = new Set<string>();
  f.on('command', (e) => {
    if (e.cmd !== 'upgrade_firmware' || seen.has(`${e.sn} ${e.id}`)) return;
    seen.add(`${e.sn} ${e.id}`);
    const pool = poolOf(e.sn);
    const set = active.get(pool) ?? new Set<string>();
    if (set.has(e.sn)) return;
    set.add(e.sn);
    active.set(pool, set);
    most.set(pool, Math.max(most.get(pool) ?? 0, set.size));
    together = Math.max(together, ++now);
  });
  f.on('report', (e) => {
    if (
      e.cmd !== 'upgrade_firmware' ||
      (e.state === 'progress' && (e.stage ?? 'downloading') === 'downloading')
    )
      return;
    if (e.state === 'accepted') return;
    if (active.get(poolOf(e.sn))?.delete(e.sn)) now--;
  });
  return { most, together: () => together };
}

describe('the concurrency limit per network', { timeout: 90_000 }, () => {
  it('keeps N devices of one network downloading at once over all its upgrades; networks apart', async () => {
    const port = await freePort();
    h = await startHarness({ mqtt: deviceBus(PREFIX), publicUrl: `http://127.0.0.1:${port}` });
    await h.app.listen({ port, host: '127.0.0.1' });
    // The signed link and the commands expire by the server's clock, which devices compare with theirs.
    h.clock.now = Date.now();
    const me = await tenant(h);
    const tag = randomToken(3).toUpperCase();
    const networks = [
      { name: 'A', switches: 1, aps: 3 },
      { name: 'B', switches: 1, aps: 2 },
      { name: 'Loose', switches: 1, aps: 2 },
    ];
    const plan = planFleet({ networks, snPrefix: `${PREFIX}${tag}`, seed: tag });
    // Every AP one model, as the bench's fleet: one image fits them all.
    for (const n of plan.networks)
      for (const d of n.devices)
        if (d.type === 2) Object.assign(d, { model: MODEL.model, hwVersion: MODEL.hw, fwVersion: MODEL.fw });
    fleet = createFleet({
      url: h.mqttUrl!,
      factoryKey: TEST_FACTORY_KEY,
      plan,
      networks,
      snPrefix: `${PREFIX}${tag}`,
      seed: tag,
      behaviour: { eventsPerHour: 0, dropsPerHour: 0, logsPerHour: 0 },
      // 96 KiB at 64 KiB/s: each download takes a while, so an overlap would show.
      timing: {
        rebootS: 0.5,
        verifyS: 0,
        flashS: 0,
        downloadBytesPerS: 64 * 1024,
        backoffBaseS: 0.2,
        backoffMaxS: 1,
      },
      downloads: 'localhost',
      faults: [],
      offline: [],
    });
    const ids = new Map<string, string>();
    for (const d of plan.networks.flatMap((n) => n.devices)) {
      const r = await call<{ _id: string }>(h, me.token, 'POST', '/v1/device/add', {
        SN: d.sn,
        MAC: d.mac,
        Type: d.type,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      ids.set(d.sn, r.body._id);
    }
    const aps = plan.networks.map((n) => n.devices.filter((d) => d.type === 2).map((d) => d.sn));
    const [inA, inB, loose] = aps as [string[], string[], string[]];
    await network(h, me, [...inA.map((sn) => ids.get(sn)!)]);
    await network(h, me, [...inB.map((sn) => ids.get(sn)!)]);
    const poolOf = (sn: string) => (inA.includes(sn) ? 'A' : inB.includes(sn) ? 'B' : 'tenant');
    const watch = watchDownloads(fleet, poolOf);
    await fleet.start();
    await fleet.waitOnline({ count: plan.networks.flatMap((n) => n.devices).length, timeoutMs: WAIT });

    // Two upgrades share network A: the first to two of its APs (and B's, and the loose ones), the
    // second to its third AP; each says one at a time.
    const first = await dispatch(h, me, {
      _id: await image(h, me, 'v9.00.001'),
      devices: [inA[0]!, inA[1]!, ...inB, ...loose].map((sn) => ids.get(sn)!),
      Concurrency: 1,
    });
    const second = await dispatch(h, me, {
      _id: await image(h, me, 'v9.00.002'),
      devices: [ids.get(inA[2]!)!],
      Concurrency: 1,
    });
    expect([first.Concurrency, second.Concurrency]).toEqual([1, 1]);
    for (const c of [first, second]) {
      await eventually(
        async () => {
          await h!.services.delivery.settled();
          const r = await call<ListReply<DeliveryDeviceItem>>(
            h!,
            me.token,
            'GET',
            `/v1/issued/device?_id=${c._id}&limit=100`,
          );
          return r.body.list.every((x) => x.Status === FirmwareIssueStatus.Applied);
        },
        WAIT * 2,
        `upgrade ${c._id} applied on every device`,
      );
    }
    // One at a time in each network (A over both upgrades), and in the tenant's pool of devices in
    // no network; the pools went side by side.
    expect(Object.fromEntries(watch.most)).toEqual({ A: 1, B: 1, tenant: 1 });
    expect(watch.together()).toBeGreaterThan(1);
  });

  it('takes the documented default when the request names none', async () => {
    h = await startHarness();
    h.clock.now = Date.now();
    const me = await tenant(h);
    const r = await call<{ _id: string }>(h, me.token, 'POST', '/v1/device/add', {
      SN: `${PREFIX}D${randomToken(8)}`,
      MAC: randomMac(),
      Type: 2,
    });
    await h.store.db
      .updateTable('devices')
      .set({ model: MODEL.model, hw_version: MODEL.hw, fw_version: MODEL.fw })
      .where('id', '=', r.body._id)
      .execute();
    const c = await dispatch(h, me, { _id: await image(h, me, 'v9.00.003'), devices: [r.body._id] });
    expect(c.Concurrency).toBe(FIRMWARE_DEFAULT_CONCURRENCY);
  });
});

describe('the answer of a dispatch, and a restart while its commands go out', { timeout: 90_000 }, () => {
  it('answers once the upgrade is stored; a server stopped in the middle leaves the rest to the next', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-fwe-'));
    const database = TEST_STORE === 'postgres' ? await testDatabase() : undefined;
    const clock = {
      now: Date.now(),
      advance(ms: number) {
        this.now += ms;
      },
    };
    const boot = async (): Promise<Harness & { stop(): Promise<void> }> => {
      const base = loadConfig({ DATA_DIR: tmp, DEMO: '0', LOG_LEVEL: 'silent', CHECK_REPLIES: '1' });
      const config: Config = { ...base, webDist: undefined, publicUrl: 'http://127.0.0.1:18101' };
      const store: Store = database
        ? await openStore({ databaseUrl: database.url, poolSize: 4 })
        : await openStore({ sqliteFile: path.join(tmp, 'console.sqlite') });
      const { app, services } = await buildApp(config, store, { clock: () => clock.now, logger: false });
      await app.ready();
      return {
        app,
        services,
        store,
        config,
        clock,
        mqttUrl: null,
        // The server alone: its store stays open for a look at the rows it left.
        stop: () => app.close(),
        async close() {
          await app.close();
          await store.close();
        },
      };
    };
    let first: (Harness & { stop(): Promise<void> }) | null = await boot();
    let second: Harness | null = null;
    try {
      const me = await tenant(first, 'fer');
      // Registered devices that never connect (their commands are held): enough that issuing them
      // takes several batches (engine.ts: ISSUE_BATCH, ISSUE_PARALLEL).
      const COUNT = 300;
      const now = clock.now;
      const devices = Array.from({ length: COUNT }, (_, i) => ({
        id: newId(),
        sn: `${PREFIX}R${String(i).padStart(4, '0')}${randomToken(4)}`,
        tenant_id: me.tenantId,
        mac: randomMac(),
        alias: '',
        registered: 1,
        registered_at: now,
        parent: null,
        created_at: now,
        updated_at: now,
        type: 2,
        model: MODEL.model,
        hw_version: MODEL.hw,
        fw_version: MODEL.fw,
        session: null,
        boot_id: null,
        online_at: null,
        offline_at: null,
        offline_reason: null,
        last_seen_at: null,
        capabilities: null,
        ac_sn: null,
        ip: null,
        mask: null,
        gateway: null,
        dns1: null,
        dns2: null,
        public_ip: null,
        cpu_pct: null,
        mem_pct: null,
      }));
      await first.store.db.insertInto('devices').values(devices).execute();
      const img = await image(first, me, 'v9.00.004');
      const item = await dispatch(first, me, { _id: img, devices: devices.map((d) => d.id) });
      // Answered with the upgrade stored: every device counted, none of them ended.
      expect(item).toMatchObject({
        Status: 'running',
        Total: COUNT,
        Pending: COUNT,
        Succeeded: 0,
        Failed: 0,
      });
      // The server stops at once: the commands being issued finish, the rest stay pending.
      await first.stop();
      const left = await first.store.db
        .selectFrom('delivery_targets')
        .select(['status', 'command_id', 'attempts'])
        .where('campaign_id', '=', item._id)
        .execute();
      expect(left.filter((t) => t.status === 'issuing')).toEqual([]);
      const waiting = left.filter((t) => t.status === 'pending');
      expect(waiting.length).toBeGreaterThan(0);
      // A target put back was not counted as an attempt.
      expect(waiting.every((t) => t.command_id === null && t.attempts === 0)).toBe(true);
      await first.store.close();
      first = null;

      h = second = await boot();
      const token = (await login(second, 'ferown')).body.Token;
      // The next server's start finds the upgrade open and issues the rest: every device's command
      // held for it (they never connect here).
      await eventually(
        async () => {
          await second!.services.delivery.settled();
          const rows = await second!.store.db
            .selectFrom('delivery_targets')
            .select(['status', 'command_id'])
            .where('campaign_id', '=', item._id)
            .execute();
          return rows.every((t) => t.status === 'held' && t.command_id !== null);
        },
        WAIT,
        'every device given its command by the next server',
      );
      const after = await call<ListReply<DeliveryItem>>(second, token, 'GET', '/v1/issued/fw');
      expect(after.body.list.find((c) => c._id === item._id)).toMatchObject({ Total: COUNT, Pending: COUNT });
      // One command per device: none lost, none issued twice.
      const commands = await second.store.db
        .selectFrom('device_commands')
        .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('kind', '=', 'upgrade_firmware')
        .where(
          'device_id',
          'in',
          devices.map((d) => d.id),
        )
        .groupBy('device_id')
        .execute();
      expect(commands).toHaveLength(COUNT);
      expect(commands.every((c) => Number(c.n) === 1)).toBe(true);
    } finally {
      await first?.close();
      await second?.close();
      h = null;
      await database?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
