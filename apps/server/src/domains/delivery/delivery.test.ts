/**
 * The delivery engine with real devices through the run's broker (docs/delivery.md): campaigns of
 * `apply_config` started through the service, each target following only what its device reports —
 * success, rejection (never sent again), offline then online, expiry, cancel, the staged stop, the
 * concurrency limit, a restart in the middle, and tenants kept apart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigIssueStatus,
  ErrorCode,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type ListReply,
} from '@netconsole/contract';
import { buildApp } from '../../app.ts';
import type { Scope } from '../../platform/auth/guard.ts';
import { loadConfig } from '../../platform/config.ts';
import { openStore } from '../../platform/store/db.ts';
import {
  bearer,
  brokerUrl,
  deviceBus,
  login,
  seedTenant,
  startHarness,
  TEST_FACTORY_KEY,
  TEST_STORE,
  testDatabase,
  type Harness,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';
import type { LiveMessage } from '../../platform/realtime/hub.ts';
import { MAX_ATTEMPTS, type CampaignSpec, type DeliveryLiveData } from './engine.ts';
import { configStatusOfTarget } from './outcome.ts';
import type { TargetRow } from './tables.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `DL${randomToken(4)}`;

/** A small valid inline configuration (protocol §7.9). */
const CONFIG = {
  configId: 'cfg-office',
  revision: 3,
  source: {
    type: 'inline',
    config: { system: { timezone: 'Asia/Shanghai', posixTz: 'CST-8', ntpServers: ['pool.ntp.org'] } },
  },
};

let h: Harness;
const devices: FakeDevice[] = [];

interface Caller {
  scope: Scope;
  userId: string;
  token: string;
}

async function signIn(prefix: string, on: Harness = h): Promise<Caller> {
  const { tenant, owner } = await seedTenant(on, prefix);
  const token = (await login(on, `${prefix}own`)).body.Token;
  return { scope: { tenantId: tenant.id, admin: false }, userId: owner.id, token };
}

/** Registers an AP; with `online`, connects it and waits for its welcome. */
async function ap(
  who: Caller,
  online = true,
  on: Harness = h,
): Promise<{ id: string; device: FakeDevice | null; sn: string; mac: string }> {
  const sn = `${PREFIX}AP${randomToken(8)}`;
  const mac = randomMac();
  const res = await on.app.inject({
    method: 'POST',
    url: '/v1/device/add',
    headers: bearer(who.token),
    payload: { SN: sn, MAC: mac, Type: 2 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { _id: string })._id;
  const device = online ? await connect(sn, mac, on) : null;
  return { id, device, sn, mac };
}

async function connect(sn: string, mac: string, on: Harness = h): Promise<FakeDevice> {
  const d = await FakeDevice.connect(
    { url: on.mqttUrl!, sn, mac, factoryKey: TEST_FACTORY_KEY, type: 2, now: () => on.clock.now },
    undefined,
    mac,
  );
  devices.push(d);
  await d.hello();
  return d;
}

function start(who: Caller, ids: string[], extra: Partial<CampaignSpec> = {}, on: Harness = h) {
  return on.services.delivery.startCampaign(who.scope, who.userId, {
    kind: 'apply_config',
    targets: ids,
    body: () => CONFIG,
    ref: { id: 'cfg-office', revision: 3, name: 'Office' },
    ...extra,
  });
}

/** The campaign's targets by SN, once the engine has no step under way. */
async function targets(who: Caller, campaignId: string, on: Harness = h): Promise<Map<string, TargetRow>> {
  await on.services.delivery.settled();
  const rows = await on.services.delivery.targetsOf(who.scope, campaignId);
  return new Map(rows.map((r) => [r.sn, r]));
}

async function statusOf(
  who: Caller,
  campaignId: string,
  sn: string,
  on: Harness = h,
): Promise<string | undefined> {
  return (await targets(who, campaignId, on)).get(sn)?.status;
}

function until(who: Caller, campaignId: string, sn: string, status: string, on: Harness = h) {
  return eventually(
    async () => (await statusOf(who, campaignId, sn, on)) === status,
    5000,
    `${sn} ${status}`,
  );
}

async function get<T>(who: Caller, url: string, on: Harness = h): Promise<T> {
  await on.services.delivery.settled();
  const res = await on.app.inject({ method: 'GET', url, headers: bearer(who.token) });
  return res.json() as T;
}

async function campaignStatus(who: Caller, id: string, on: Harness = h) {
  await on.services.delivery.settled();
  return (await on.services.delivery.campaign(who.scope, id))?.status;
}

/** The campaign ends in a step after its last target's report: wait for that step. */
function settles(who: Caller, id: string, status: string, on: Harness = h) {
  return eventually(async () => (await campaignStatus(who, id, on)) === status, 5000, `campaign ${status}`);
}

describe('the delivery engine', () => {
  beforeEach(async () => {
    h = await startHarness({ mqtt: deviceBus(PREFIX) });
  });
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((d) => d.end().catch(() => undefined)));
    await h.close();
  });

  it('follows each device: success, and a rejection that is never sent again', async () => {
    const me = await signIn('acme');
    const a = await ap(me);
    const b = await ap(me);
    const c = await start(me, [a.id, b.id]);
    const ca = await a.device!.next('apply_config');
    const cb = await b.device!.next('apply_config');
    expect(ca).toMatchObject({ configId: 'cfg-office', revision: 3, expires: h.clock.now + 7 * 86_400_000 });
    await until(me, c.id, a.sn, 'sent');

    await a.device!.ack(ca.id, 'apply_config', 'accepted');
    await until(me, c.id, a.sn, 'accepted');
    await a.device!.ack(ca.id, 'apply_config', 'progress', { stage: 'applying' });
    await until(me, c.id, a.sn, 'progress');
    expect(configStatusOfTarget('progress', 'applying')).toBe(ConfigIssueStatus.Issuing);
    await a.device!.ack(ca.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
    await b.device!.ack(cb.id, 'apply_config', 'rejected', {
      code: 'config_invalid',
      detail: 'radios[1].band: 5 GHz not present',
    });
    await until(me, c.id, a.sn, 'succeeded');
    await until(me, c.id, b.sn, 'rejected');
    const rows = await targets(me, c.id);
    expect(rows.get(b.sn)).toMatchObject({
      code: 'config_invalid',
      detail: 'radios[1].band: 5 GHz not present',
      attempts: 1,
    });
    expect(configStatusOfTarget('succeeded', null)).toBe(ConfigIssueStatus.Success);
    expect(configStatusOfTarget('rejected', null)).toBe(ConfigIssueStatus.Failed);
    await settles(me, c.id, 'finished');

    // The ISSUED calls show the same, with the device's own text.
    const list = await get<ListReply<DeliveryItem>>(me, '/v1/issued/config');
    expect(list.count).toBe(1);
    expect(list.list[0]).toMatchObject({
      _id: c.id,
      Kind: 'config',
      Profile: 'cfg-office',
      ProfileName: 'Office',
      Revision: 3,
      Status: 'finished',
      EffectiveTime: null,
      Staged: null,
      Total: 2,
      Succeeded: 1,
      Failed: 1,
      Pending: 0,
      Creator: me.userId,
      CreatorName: 'acmeown',
    });
    const outcomes = await get<ListReply<DeliveryDeviceItem>>(me, `/v1/issued/device?_id=${c.id}&sort=Alias`);
    expect(outcomes.count).toBe(2);
    expect(outcomes.list.find((d) => d.SN === a.sn)).toMatchObject({
      Status: 1,
      State: 'succeeded',
      Alias: a.sn,
    });
    expect(outcomes.list.find((d) => d.SN === b.sn)).toMatchObject({
      Status: ConfigIssueStatus.Failed,
      State: 'rejected',
      Code: 'config_invalid',
      Detail: 'radios[1].band: 5 GHz not present',
    });
    // The Status filter (in SQL) agrees with the status of each item (outcome.ts).
    for (const n of [0, 1, 2, 3, 4]) {
      const only = await get<ListReply<DeliveryDeviceItem>>(me, `/v1/issued/device?_id=${c.id}&Status=${n}`);
      expect(only.list.map((d) => d.SN)).toEqual(
        outcomes.list.filter((d) => d.Status === n).map((d) => d.SN),
      );
    }
    const ofA = await get<ListReply<DeliveryDeviceItem>>(
      me,
      `/v1/issued/devicelist?SN=${a.sn.toLowerCase()}`,
    );
    expect(ofA.list).toEqual([expect.objectContaining({ Delivery: c.id, Status: 1, Kind: 'config' })]);

    // No reconfigure loop: the rejected device reconnects, is welcomed, and gets nothing more.
    await b.device!.end();
    const again = await connect(b.sn, b.mac);
    await h.services.delivery.sweep();
    // Shows that something does not come: the re-sending follows the welcome within milliseconds.
    await new Promise((r) => setTimeout(r, 150));
    expect(again.received.filter((m) => m.kind === 'apply_config')).toHaveLength(0);
    expect((await targets(me, c.id)).get(b.sn)).toMatchObject({ status: 'rejected', attempts: 1 });
  });

  it('holds the command for an offline device until it connects, then follows its reports', async () => {
    const me = await signIn('acme');
    const a = await ap(me, false);
    const live: LiveMessage[] = [];
    h.services.hub.subscribe(me.scope, (m) => live.push(m));
    const c = await start(me, [a.id]);
    await until(me, c.id, a.sn, 'held');
    const d = await connect(a.sn, a.mac);
    const cmd = await d.next('apply_config');
    await until(me, c.id, a.sn, 'sent');
    await d.ack(cmd.id, 'apply_config', 'progress', { stage: 'applying' });
    await d.ack(cmd.id, 'apply_config', 'failed', {
      stage: 'applying',
      code: 'connectivity_lost',
      detail: 'console unreachable for 120 s after applying; previous configuration restored',
    });
    await until(me, c.id, a.sn, 'failed');
    const t = (await targets(me, c.id)).get(a.sn)!;
    expect(t).toMatchObject({ stage: 'applying', code: 'connectivity_lost' });
    expect(configStatusOfTarget(t.status, t.stage)).toBe(ConfigIssueStatus.ApplyFailed);
    expect(configStatusOfTarget('failed', 'downloading')).toBe(ConfigIssueStatus.DownloadFailed);
    await settles(me, c.id, 'finished');
    // The browsers heard each change and the progress, on the `delivery` topic.
    const data = live.filter((m) => m.topic === 'delivery').map((m) => m.data as DeliveryLiveData);
    expect(data.filter((d) => d.Event === 'target').map((d) => d.Status)).toEqual(
      expect.arrayContaining(['held', 'sent', 'progress', 'failed']),
    );
    expect(data.at(-1)).toMatchObject({
      Event: 'campaign',
      Campaign: c.id,
      Status: 'finished',
      Counts: { failed: 1 },
    });
  });

  it('issues again after `interrupted` (protocol §7.4), at most MAX_ATTEMPTS commands in all', async () => {
    const me = await signIn('acme');
    const a = await ap(me);
    const c = await start(me, [a.id]);
    const ids: string[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const cmd = await a.device!.next('apply_config');
      ids.push(cmd.id);
      await a.device!.ack(cmd.id, 'apply_config', 'accepted');
      await a.device!.ack(cmd.id, 'apply_config', 'failed', { stage: 'applying', code: 'interrupted' });
      if (attempt < MAX_ATTEMPTS) {
        await eventually(
          async () => (await targets(me, c.id)).get(a.sn)?.attempts === attempt + 1,
          5000,
          `attempt ${attempt + 1}`,
        );
      }
    }
    await until(me, c.id, a.sn, 'failed');
    expect(new Set(ids).size).toBe(MAX_ATTEMPTS);
    expect((await targets(me, c.id)).get(a.sn)).toMatchObject({
      attempts: MAX_ATTEMPTS,
      code: 'interrupted',
    });
    await settles(me, c.id, 'finished');
  });

  it('expires what was not started or not reported by the expiry', async () => {
    const me = await signIn('acme');
    const a = await ap(me, false);
    const b = await ap(me, false);
    const c = await start(me, [a.id, b.id], { concurrency: 1, expiresAt: h.clock.now + 60_000 });
    const first = [...(await targets(me, c.id)).values()].find((t) => t.status === 'held')!;
    const other = first.sn === a.sn ? b.sn : a.sn;
    expect(await statusOf(me, c.id, other)).toBe('pending');
    h.clock.advance(61_000);
    // The command sweep ends the held command; the campaign's expiry run ends the one never issued.
    await h.services.commands.sweep(h.clock.now);
    await h.services.jobs.runDue();
    const rows = await targets(me, c.id);
    expect(rows.get(first.sn)).toMatchObject({ status: 'expired' });
    expect(rows.get(other)).toMatchObject({ status: 'expired', code: 'not_started', command_id: null });
    expect(configStatusOfTarget('expired', null)).toBe(ConfigIssueStatus.Failed);
    await settles(me, c.id, 'expired');
  });

  it('cancels: held commands end on the server, running ones get the protocol cancel', async () => {
    const me = await signIn('acme');
    const a = await ap(me);
    const off = await ap(me, false);
    const c = await start(me, [a.id, off.id]);
    const cmd = await a.device!.next('apply_config');
    await a.device!.ack(cmd.id, 'apply_config', 'accepted');
    await until(me, c.id, a.sn, 'accepted');
    await until(me, c.id, off.sn, 'held');

    const cancelled = await h.services.delivery.cancel(me.scope, me.userId, c.id);
    expect(cancelled.status).toBe('cancelled');
    await until(me, c.id, off.sn, 'cancelled');
    const cancel = await a.device!.next('cancel');
    expect(cancel.target).toBe(cmd.id);
    await a.device!.ack(cancel.id, 'cancel', 'succeeded');
    await a.device!.ack(cmd.id, 'apply_config', 'failed', { code: 'cancelled' });
    await until(me, c.id, a.sn, 'failed');
    expect((await targets(me, c.id)).get(a.sn)?.code).toBe('cancelled');
    // The campaign ends with its last target, in the engine's step after the report: wait for it.
    await eventually(async () => (await h.services.delivery.campaign(me.scope, c.id))?.finished_at != null);
    // The device that was offline connects: its cancelled command is not sent.
    const d = await connect(off.sn, off.mac);
    // Shows that something does not come: the re-sending follows the welcome within milliseconds.
    await new Promise((r) => setTimeout(r, 150));
    expect(d.received.filter((m) => m.kind === 'apply_config')).toHaveLength(0);

    // A campaign cancelled before its effective time never sends anything.
    const later = await start(me, [a.id], { effectiveAt: h.clock.now + 3_600_000 });
    expect(later.status).toBe('scheduled');
    await h.services.delivery.cancel(me.scope, me.userId, later.id);
    h.clock.advance(3_600_000);
    await h.services.jobs.runDue();
    expect((await targets(me, later.id)).get(a.sn)).toMatchObject({ status: 'cancelled', code: 'cancelled' });
    await settles(me, later.id, 'cancelled');
  });

  it('starts at the effective time', async () => {
    const me = await signIn('acme');
    const a = await ap(me);
    await expect(start(me, [a.id], { effectiveAt: h.clock.now - 1 })).rejects.toMatchObject({
      code: ErrorCode.EffectiveTimeNotFuture,
    });
    await expect(start(me, [])).rejects.toMatchObject({ code: ErrorCode.DeliveryDevicesRequired });
    const c = await start(me, [a.id], { effectiveAt: h.clock.now + 600_000 });
    await h.services.jobs.runDue();
    expect(await statusOf(me, c.id, a.sn)).toBe('pending');
    h.clock.advance(600_000);
    await h.services.jobs.runDue();
    const cmd = await a.device!.next('apply_config');
    await a.device!.ack(cmd.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
    await until(me, c.id, a.sn, 'succeeded');
    await settles(me, c.id, 'finished');
  });

  it('keeps at most `concurrency` targets in flight; the next starts when one ends', async () => {
    const me = await signIn('acme');
    const aps = [await ap(me), await ap(me), await ap(me)];
    const c = await start(
      me,
      aps.map((x) => x.id),
      { concurrency: 1 },
    );
    const bySn = new Map(aps.map((x) => [x.sn, x.device!]));
    for (let round = 0; round < 3; round++) {
      const rows = [...(await targets(me, c.id)).values()];
      const live = rows.filter((t) => t.status === 'sent');
      expect(live).toHaveLength(1);
      expect(rows.filter((t) => t.status === 'pending')).toHaveLength(2 - round);
      const d = bySn.get(live[0]!.sn)!;
      const cmd = await d.next('apply_config');
      await d.ack(cmd.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
      await until(me, c.id, d.sn, 'succeeded');
      if (round < 2) {
        await eventually(
          async () => [...(await targets(me, c.id)).values()].some((t) => t.status === 'sent'),
          5000,
          'the next target',
        );
      }
    }
    await settles(me, c.id, 'finished');
  });

  it('staged: goes on after a good first share, stops by itself after a bad one', async () => {
    const me = await signIn('acme');
    const aps = [await ap(me), await ap(me), await ap(me), await ap(me)];
    const bySn = new Map(aps.map((x) => [x.sn, x.device!]));
    const ids = aps.map((x) => x.id);
    const staged = { firstPercent: 50, maxFailPercent: 0 };

    const good = await start(me, ids, { staged });
    const firstShare = [...(await targets(me, good.id)).values()].filter((t) => t.wave === 1);
    expect(firstShare).toHaveLength(2);
    for (const t of firstShare) expect(t.status).toBe('sent');
    for (const t of (await targets(me, good.id)).values()) if (t.wave === 2) expect(t.status).toBe('pending');
    for (const t of firstShare) {
      const d = bySn.get(t.sn)!;
      const cmd = await d.next('apply_config');
      await d.ack(cmd.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
    }
    const rest = [...(await targets(me, good.id)).values()].filter((t) => t.wave === 2);
    for (const t of rest) {
      const d = bySn.get(t.sn)!;
      const cmd = await d.next('apply_config');
      await d.ack(cmd.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
    }
    for (const t of rest) await until(me, good.id, t.sn, 'succeeded');
    await settles(me, good.id, 'finished');

    const bad = await start(me, ids, { staged, body: () => ({ ...CONFIG, revision: 4 }) });
    const [one, two] = [...(await targets(me, bad.id)).values()].filter((t) => t.wave === 1);
    const c1 = await bySn.get(one!.sn)!.next('apply_config');
    await bySn.get(one!.sn)!.ack(c1.id, 'apply_config', 'rejected', { code: 'config_invalid', detail: 'x' });
    await eventually(async () => (await campaignStatus(me, bad.id)) === 'stopped', 5000, 'stopped');
    const rows = await targets(me, bad.id);
    for (const t of rows.values()) {
      if (t.wave === 2) expect(t).toMatchObject({ status: 'cancelled', code: 'stopped', command_id: null });
    }
    // The other device of the first share still reports, and is followed.
    const c2 = await bySn.get(two!.sn)!.next('apply_config');
    await bySn.get(two!.sn)!.ack(c2.id, 'apply_config', 'succeeded', { result: { revision: 4 } });
    await until(me, bad.id, two!.sn, 'succeeded');
    for (const t of rows.values()) {
      if (t.wave === 2) {
        expect(bySn.get(t.sn)!.received.filter((m) => m.kind === 'apply_config')).toHaveLength(0);
      }
    }
    // The campaign ends once its last open target did: a step after that target's report.
    const ended = await eventually(
      async () => {
        const c = await h.services.delivery.campaign(me.scope, bad.id);
        return c?.finished_at != null ? c : null;
      },
      5000,
      'campaign finished',
    );
    expect(ended).toMatchObject({ status: 'stopped', stop_reason: 'fail_threshold' });
  });

  it('keeps tenants apart', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const mine = await ap(a, false);
    await expect(start(b, [mine.id])).rejects.toMatchObject({ code: ErrorCode.DeviceNotExist });
    const c = await start(a, [mine.id]);
    expect(await h.services.delivery.campaign(b.scope, c.id)).toBeUndefined();
    expect(await h.services.delivery.targetsOf(b.scope, c.id)).toEqual([]);
    await expect(h.services.delivery.cancel(b.scope, b.userId, c.id)).rejects.toMatchObject({
      code: ErrorCode.DeliveryNotExist,
    });
    expect(await campaignStatus(a, c.id)).toBe('running');
    expect(await statusOf(a, c.id, mine.sn)).toBe('held');
    expect((await get<ListReply<DeliveryItem>>(b, '/v1/issued/config')).count).toBe(0);
    expect((await get<ListReply<DeliveryItem>>(a, '/v1/issued/config')).count).toBe(1);
    expect((await get<{ code: number }>(b, `/v1/issued/device?_id=${c.id}`)).code).toBe(
      ErrorCode.DeliveryNotExist,
    );
    expect((await get<{ code: number }>(b, `/v1/issued/devicelist?Device=${mine.id}`)).code).toBe(
      ErrorCode.DeviceNotExist,
    );
    const zh = await h.app.inject({
      method: 'GET',
      url: `/v1/issued/device?_id=${c.id}`,
      headers: { ...bearer(b.token), cookie: 'language=zh' },
    });
    expect(zh.json()).toMatchObject({ code: ErrorCode.DeliveryNotExist, message: '下发任务不存在' });
  });
});

describe('a restart in the middle of a campaign', () => {
  it('resumes from the rows: the next target starts once the first reports to the new server', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-delivery-'));
    const database = TEST_STORE === 'postgres' ? await testDatabase() : undefined;
    const clock = {
      now: Date.UTC(2026, 10, 21, 8, 0, 0),
      advance(ms: number) {
        this.now += ms;
      },
    };
    const boot = async (): Promise<Harness> => {
      const base = loadConfig({ DATA_DIR: tmp, DEMO: '0', LOG_LEVEL: 'silent', CHECK_REPLIES: '1' });
      const config = { ...base, webDist: undefined, mqtt: deviceBus(PREFIX) };
      const store = database
        ? await openStore({ databaseUrl: database.url, poolSize: 4 })
        : await openStore({ sqliteFile: path.join(tmp, 'console.sqlite') });
      const { app, services } = await buildApp(config, store, { clock: () => clock.now, logger: false });
      await app.ready();
      const mqttUrl = brokerUrl(config, services.bus);
      return {
        app,
        services,
        store,
        config,
        clock,
        mqttUrl,
        async close() {
          await app.close();
          await store.close();
        },
      };
    };
    let first: Harness | null = await boot();
    let second: Harness | null = null;
    try {
      const me = await signIn('acme', first);
      const a = await ap(me, true, first);
      const b = await ap(me, true, first);
      const c = await start(me, [a.id, b.id], { concurrency: 1 }, first);
      const rows = [...(await targets(me, c.id, first)).values()];
      const now = rows.find((t) => t.status === 'sent')!;
      const [x, y] = now.sn === a.sn ? [a, b] : [b, a];
      const cmd = await x.device!.next('apply_config');
      await x.device!.ack(cmd.id, 'apply_config', 'accepted');
      await until(me, c.id, x.sn, 'accepted', first);
      await Promise.all(devices.splice(0).map((d) => d.end()));
      await first.close();
      first = null;

      h = second = await boot();
      const token = (await login(h, 'acmeown')).body.Token;
      const again = { ...me, token };
      expect(await statusOf(again, c.id, x.sn)).toBe('accepted');
      expect(await statusOf(again, c.id, y.sn)).toBe('pending');
      // The device is welcomed by the new server, gets its open command again, and reports.
      const dx = await connect(x.sn, x.mac);
      const resent = await dx.next('apply_config');
      expect(resent.id).toBe(cmd.id);
      await dx.ack(cmd.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
      await until(again, c.id, x.sn, 'succeeded');
      // Held (or, on a broker that kept its last session open, sent): issued, in any case.
      await eventually(
        async () => ['held', 'sent'].includes((await statusOf(again, c.id, y.sn)) ?? ''),
        5000,
        'the next target',
      );
      const dy = await connect(y.sn, y.mac);
      const next = await dy.next('apply_config');
      await dy.ack(next.id, 'apply_config', 'succeeded', { result: { revision: 3 } });
      await until(again, c.id, y.sn, 'succeeded');
      await settles(again, c.id, 'finished');
    } finally {
      await Promise.all(devices.splice(0).map((d) => d.end().catch(() => undefined)));
      await first?.close();
      await second?.close();
      await database?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
