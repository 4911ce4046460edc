/**
 * What each device runs, on the device list (docs/configuration.md, "Drift on the device list"):
 * `Config` of the device items after a device reports a configuration and after a delivery it
 * confirmed, the update available when the profile is saved again, the `Drift` filter, the whole
 * item on the live socket when either changes, and tenants apart (another tenant's device never
 * listed, a profile name never leaked, a re-delivery to another tenant's device refused).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type ConfigItem,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type DeviceItem,
  type ListReply,
  type LiveMessage,
} from '@netconsole/contract';
import { apiCaller, deviceBus, startHarness, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `CF${randomToken(4)}`;

let h: Harness;
const fleet: FakeDevice[] = [];

beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await Promise.all(fleet.splice(0).map((d) => d.end().catch(() => undefined)));
  await h.close();
});

const { call, signIn } = apiCaller(() => h, { settle: true });

interface Registered {
  id: string;
  sn: string;
  device: FakeDevice;
}

/** Registers an AP and connects it (waiting for its welcome). */
async function connectAp(token: string): Promise<Registered> {
  const sn = `${PREFIX}${randomToken(8)}`;
  const mac = randomMac();
  const res = await call<{ _id: string }>(token, 'POST', '/v1/device/add', { SN: sn, MAC: mac, Type: 2 });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const device = await FakeDevice.connect(
    { url: h.mqttUrl!, sn, mac, factoryKey: TEST_FACTORY_KEY, type: 2, now: () => h.clock.now },
    undefined,
    mac,
  );
  fleet.push(device);
  await device.hello();
  return { id: res.body._id, sn, device };
}

const PROFILE = {
  Name: 'Head office',
  Type: 2,
  CycleTime: 30,
  IPMode: 'dhcp',
  Groups: [{ SSID: 'Office', Encryption: 'wpa2', Key: 'correct-horse-42' }],
};

async function profile(token: string, name = PROFILE.Name): Promise<ConfigItem> {
  const res = await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add', { ...PROFILE, Name: name });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list;
}

/** The device reports the configuration it runs (protocol §6.1 `state.config`). */
function reportRunning(d: Registered, config: { id: string; revision: number } | null) {
  return d.device.publish('state', {
    ipMode: 'dhcp',
    ip: '192.168.1.20',
    mask: '255.255.255.0',
    gateway: '192.168.1.1',
    dns1: null,
    dns2: null,
    config,
  });
}

async function devices(token: string, query = ''): Promise<ListReply<DeviceItem>> {
  const res = await call<ListReply<DeviceItem>>(token, 'GET', `/v1/device/list?limit=50${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function itemOf(token: string, d: Registered): Promise<DeviceItem> {
  const item = (await devices(token)).list.find((x) => x._id === d.id);
  expect(item).toBeDefined();
  return item!;
}

/** Delivers a profile to a device and has the device confirm it. */
async function deliverAndConfirm(token: string, p: ConfigItem, d: Registered): Promise<void> {
  const started = await call<{ list: DeliveryItem }>(token, 'POST', '/v1/config/newdispatch', {
    _id: p._id,
    devices: [d.id],
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const command = await d.device.next('apply_config');
  await d.device.ack(command.id, 'apply_config', 'succeeded', { result: { revision: command.revision } });
}

describe('Config on the device list', () => {
  it('shows running and assigned, drift, an update available, and filters by drift', async () => {
    const { tenant, token } = await signIn('acme');
    const p = await profile(token);
    const a = await connectAp(token);
    const b = await connectAp(token);
    const heard: LiveMessage[] = [];
    h.services.hub.subscribe({ tenantId: tenant.id, admin: false }, (m) => heard.push(m));

    // Never delivered to, nothing reported: nothing to show, no drift.
    expect((await itemOf(token, a)).Config).toEqual({
      Running: null,
      Assigned: null,
      Latest: null,
      Drift: false,
      Outdated: false,
    });

    // A running configuration the device reports, named after the tenant's profile; no assignment: no drift.
    await reportRunning(a, { id: p._id, revision: 1 });
    const running = await eventually(async () => {
      const item = await itemOf(token, a);
      return item.Config.Running ? item : undefined;
    });
    expect(running!.Config).toEqual({
      Running: { Profile: p._id, Name: 'Head office', Revision: 1 },
      Assigned: null,
      Latest: null,
      Drift: false,
      Outdated: false,
    });
    // The browsers hear it as the whole item.
    const news = await eventually(() =>
      heard.find(
        (m) =>
          m.topic === 'device' &&
          (m.data as DeviceItem)._id === a.id &&
          (m.data as DeviceItem).Config?.Running,
      ),
    );
    expect(news!.data).toMatchObject({ Event: 'updated', SN: a.sn, Config: { Running: { Revision: 1 } } });

    // A delivery b confirms assigns it; b reports nothing yet: drift, and the filter finds it.
    heard.length = 0;
    await deliverAndConfirm(token, p, b);
    const assigned = await eventually(async () => {
      const item = await itemOf(token, b);
      return item.Config.Assigned ? item : undefined;
    });
    expect(assigned!.Config).toEqual({
      Running: null,
      Assigned: { Profile: p._id, Name: 'Head office', Revision: 1 },
      Latest: 1,
      Drift: true,
      Outdated: false,
    });
    await eventually(() =>
      heard.find((m) => m.topic === 'device' && (m.data as DeviceItem).Config?.Assigned?.Profile === p._id),
    );
    expect((await devices(token, '&Drift=1')).list.map((d) => d.SN)).toEqual([b.sn]);
    expect((await devices(token, '&Drift=0')).list.map((d) => d.SN)).toEqual([a.sn]);
    expect((await devices(token, '&Drift=1')).count).toBe(1);
    const searched = await call<ListReply<DeviceItem>>(
      token,
      'GET',
      `/v1/device/searchDevices?Drift=true&search=${b.sn}`,
    );
    expect(searched.body.list.map((d) => d.SN)).toEqual([b.sn]);

    // b reports the assigned configuration: no drift any more.
    await reportRunning(b, { id: p._id, revision: 1 });
    await eventually(async () => (await devices(token, '&Drift=1')).count === 0, 5000, 'drift gone');
    expect((await itemOf(token, b)).Config.Drift).toBe(false);

    // The profile saved again: an update is available for b, still no drift.
    const saved = await call(token, 'PUT', '/v1/config/update', { ...PROFILE, Name: 'HQ', _id: p._id });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await itemOf(token, b)).Config).toEqual({
      Running: { Profile: p._id, Name: 'HQ', Revision: 1 },
      Assigned: { Profile: p._id, Name: 'HQ', Revision: 1 },
      Latest: 2,
      Drift: false,
      Outdated: true,
    });

    // Removed profile: the revisions stay, the name and the newer revision go.
    expect((await call(token, 'DELETE', `/v1/config/deleteConfig?_id=${p._id}`)).status).toBe(200);
    expect((await itemOf(token, b)).Config).toEqual({
      Running: { Profile: p._id, Name: null, Revision: 1 },
      Assigned: { Profile: p._id, Name: null, Revision: 1 },
      Latest: null,
      Drift: false,
      Outdated: false,
    });

    // A reset: the device runs nothing it was given, which is drift again.
    await reportRunning(b, null);
    await eventually(async () => (await devices(token, '&Drift=1')).count === 1, 5000, 'drift after reset');

    // A bad filter value is refused with a code.
    const bad = await call(token, 'GET', '/v1/device/list?Drift=maybe');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toEqual(expect.any(Number));
  });

  it('keeps tenants apart: no foreign device listed, no foreign name shown, no re-delivery to it', async () => {
    const acme = await signIn('acme');
    const beta = await signIn('beta');
    const mine = await profile(acme.token);
    const theirs = await profile(beta.token, 'Beta secret');
    const myAp = await connectAp(acme.token);
    const theirAp = await connectAp(beta.token);

    await deliverAndConfirm(acme.token, mine, myAp);
    await eventually(async () => (await itemOf(acme.token, myAp)).Config.Assigned !== null);
    // Beta's device claims to run acme's profile: beta sees the id it reported, never acme's name.
    await reportRunning(theirAp, { id: mine._id, revision: 1 });
    const foreign = await eventually(async () => {
      const item = await itemOf(beta.token, theirAp);
      return item.Config.Running ? item : undefined;
    });
    expect(foreign!.Config.Running).toEqual({ Profile: mine._id, Name: null, Revision: 1 });

    // Acme's lists, filtered or not, hold acme's device only.
    for (const query of ['', '&Drift=1', '&Drift=0']) {
      const list = await devices(acme.token, query);
      expect(list.list.every((d) => d.Tenant === acme.tenant.id)).toBe(true);
      expect(list.list.some((d) => d.SN === theirAp.sn)).toBe(false);
    }
    expect((await devices(acme.token, '&Drift=1')).list.map((d) => d.SN)).toEqual([myAp.sn]);

    // Re-delivering acme's profile to beta's device (by id or SN) is refused; nothing is sent.
    for (const ref of [theirAp.id, theirAp.sn]) {
      const refused = await call(acme.token, 'POST', '/v1/config/newdispatch', {
        _id: mine._id,
        devices: [ref],
      });
      expect([refused.status, refused.body.code]).toEqual([404, ErrorCode.DeviceNotExist]);
    }
    // Nor may beta send its profile to acme's device.
    const reverse = await call(beta.token, 'POST', '/v1/config/newdispatch', {
      _id: theirs._id,
      devices: [myAp.id],
    });
    expect(reverse.body.code).toBe(ErrorCode.DeviceNotExist);
    const sentToTheirs = await call<ListReply<DeliveryDeviceItem>>(
      beta.token,
      'GET',
      `/v1/issued/devicelist?Device=${theirAp.id}`,
    );
    expect(sentToTheirs.body.count).toBe(0);
    const sentToMine = await call<ListReply<DeliveryDeviceItem>>(
      acme.token,
      'GET',
      `/v1/issued/devicelist?Device=${myAp.id}`,
    );
    expect(sentToMine.body.count).toBe(1);
    expect((await itemOf(beta.token, theirAp)).Config.Assigned).toBeNull();
  });
});
