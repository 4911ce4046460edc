/**
 * Delivering profiles through HTTP with real devices through the run's broker (docs/configuration.md,
 * "Delivery" and "What each device runs"): newdispatch end to end — the command the device gets,
 * its confirmation, the campaign finished, the telemetry settings in a new welcome and after a
 * reconnect, what the device reports running and drift — a rejection with the device's own text,
 * 14042 while a delivery is open, the wrong device type, configemit to an AC's APs, and tenants apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyConfigCommand,
  ErrorCode,
  type ConfigDeviceItem,
  type ConfigItem,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type ListReply,
} from '@netconsole/contract';
import { apiCaller, deviceBus, startHarness, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `CD${randomToken(4)}`;

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
  mac: string;
  type: 1 | 2 | 3 | 4;
  device: FakeDevice | null;
}

/** Registers a device of a type; with `online`, connects it (hello extras: acSn) and waits for its welcome. */
async function register(
  token: string,
  type: 1 | 2 | 3 | 4,
  online: boolean,
  hello: Record<string, unknown> = {},
): Promise<Registered> {
  const sn = `${PREFIX}${type}${randomToken(8)}`;
  const mac = randomMac();
  const res = await call<{ _id: string }>(token, 'POST', '/v1/device/add', { SN: sn, MAC: mac, Type: type });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const r: Registered = { id: res.body._id, sn, mac, type, device: null };
  if (online) {
    r.device = await FakeDevice.connect(
      { url: h.mqttUrl!, sn, mac, factoryKey: TEST_FACTORY_KEY, type, now: () => h.clock.now },
      undefined,
      mac,
    );
    fleet.push(r.device);
    await r.device.hello(hello);
  }
  return r;
}

const office = { SSID: 'Office', Encryption: 'wpa2', Key: 'correct-horse-42', VLAN: 10 };
const guest = { SSID: 'Guest', Encryption: 'open', Portal: true };

function apProfile(extra: Record<string, unknown> = {}) {
  return {
    Name: 'Head office',
    Type: 2,
    CycleTime: 30,
    IPMode: 'dhcp',
    Groups: [office, guest],
    Upload: { DNSLog: true, CPU: false },
    ...extra,
  };
}

async function profile(token: string, extra: Record<string, unknown> = {}, url = '/v1/config/add') {
  const res = await call<{ list: ConfigItem }>(token, 'POST', url, apProfile(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list;
}

function dispatch(token: string, body: object, url = '/v1/config/newdispatch') {
  return call<{ list: DeliveryItem }>(token, 'POST', url, body);
}

async function apDevices(token: string, profileId: string, extra = '') {
  const res = await call<ListReply<ConfigDeviceItem>>(
    token,
    'GET',
    `/v1/config/apdevice?_id=${profileId}${extra}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function deliveries(token: string) {
  return (await call<ListReply<DeliveryItem>>(token, 'GET', '/v1/issued/config')).body;
}

describe('delivering a profile', () => {
  it('delivers, confirms, sets telemetry and records what each device runs; a rejection shows its text', async () => {
    const { token } = await signIn('acme');
    const p = await profile(token);
    const a = await register(token, 2, true);
    const b = await register(token, 2, true);

    // Devices by _id or SN; the answer is the delivery with its progress.
    const started = await dispatch(token, { _id: p._id, devices: [a.id, b.sn] });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const c = started.body.list;
    expect(c).toMatchObject({ Kind: 'config', Profile: p._id, ProfileName: 'Head office', Revision: 1 });
    expect(c.Total).toBe(2);

    const ca = await a.device!.next('apply_config');
    const cb = await b.device!.next('apply_config');
    // The profile as protocol §7.9 has it: a valid command, its id and revision, both groups.
    expect(applyConfigCommand.safeParse(ca).success).toBe(true);
    expect(ca).toMatchObject({ configId: p._id, revision: 1, source: { type: 'inline' } });
    expect(
      (ca.source as { config: { wireless: { ssid: string }[] } }).config.wireless.map((w) => w.ssid),
    ).toEqual(['Office', 'Guest']);

    // Nothing is assigned before the device confirms.
    const before = await apDevices(token, p._id);
    expect(before.list.every((d) => d.Assigned === null && !d.Drift)).toBe(true);

    await a.device!.ack(ca.id, 'apply_config', 'accepted');
    await a.device!.ack(ca.id, 'apply_config', 'succeeded', { result: { revision: 1 } });
    await b.device!.ack(cb.id, 'apply_config', 'rejected', {
      code: 'config_invalid',
      detail: 'wireless[0].vlanId: VLAN 10 not trunked here',
    });

    // The confirmed device gets the profile's telemetry settings at once, in a new welcome.
    const welcome = await a.device!.next('welcome', (m) => m.session === a.device!.session);
    expect(welcome.telemetry.statsIntervalS).toBe(30);
    expect(welcome.telemetry.upload).toMatchObject({ dnsLog: true, cpu: false });

    await eventually(
      async () => (await deliveries(token)).list.find((x) => x._id === c._id)?.Status === 'finished',
      5000,
      'delivery finished',
    );
    const list = (await deliveries(token)).list.find((x) => x._id === c._id)!;
    expect([list.Succeeded, list.Failed, list.Pending]).toEqual([1, 1, 0]);
    const rows = await call<ListReply<DeliveryDeviceItem>>(token, 'GET', `/v1/issued/device?_id=${c._id}`);
    expect(rows.body.list.find((x) => x.SN === b.sn)).toMatchObject({
      State: 'rejected',
      Code: 'config_invalid',
      Detail: 'wireless[0].vlanId: VLAN 10 not trunked here',
    });

    // Assigned, not yet reported running: drift until the device's state says so.
    const assigned = await eventually(async () => {
      const item = (await apDevices(token, p._id)).list.find((d) => d._id === a.id);
      return item?.Assigned ? item : undefined;
    });
    expect(assigned).toMatchObject({ Assigned: { Profile: p._id, Revision: 1 }, Running: null, Drift: true });
    const state = { ipMode: 'dhcp', ip: '192.168.1.20', mask: '255.255.255.0', gateway: '192.168.1.1' };
    await a.device!.publish('state', {
      ...state,
      dns1: null,
      dns2: null,
      config: { id: p._id, revision: 1 },
    });
    const running = await eventually(async () => {
      const item = (await apDevices(token, p._id)).list.find((d) => d._id === a.id);
      return item?.Running ? item : undefined;
    });
    expect(running).toMatchObject({ Running: { Profile: p._id, Revision: 1 }, Drift: false });
    expect((await apDevices(token, p._id)).list.find((d) => d._id === b.id)).toMatchObject({
      Running: null,
      Assigned: null,
      Drift: false,
    });

    // A device running something else than it should (a reset) is drift, and the filter finds it.
    await a.device!.publish('state', { ...state, dns1: null, dns2: null, config: null });
    await eventually(async () => (await apDevices(token, p._id, '&Drift=1')).count === 1, 5000, 'drift');
    expect((await apDevices(token, p._id, '&Drift=1')).list.map((d) => d.SN)).toEqual([a.sn]);
    expect((await apDevices(token, p._id, '&Drift=0')).list.map((d) => d.SN)).toEqual([b.sn]);

    // The settings stay the device's: the welcome after a reconnect carries them again.
    await a.device!.end();
    const again = await a.device!.reconnect();
    fleet.push(again);
    expect((await again.hello()).telemetry.statsIntervalS).toBe(30);
    // The other device, never confirmed, keeps the defaults.
    await b.device!.end();
    const bAgain = await b.device!.reconnect();
    fleet.push(bAgain);
    expect((await bAgain.hello()).telemetry.statsIntervalS).toBe(10);
  });

  it('refuses to remove a profile an open delivery sends (14042), and allows it once cancelled', async () => {
    const { tenant, token } = await signIn('acme');
    const p = await profile(token);
    const other = await profile(token, { Name: 'Branch' });
    const offline = await register(token, 2, false);
    const c = (await dispatch(token, { _id: p._id, devices: [offline.id] })).body.list;
    expect(c.Pending).toBe(1);

    const refused = await call(token, 'DELETE', `/v1/config/deleteConfig?_id=${p._id}`);
    expect([refused.status, refused.body.code]).toEqual([409, ErrorCode.ConfigInUse]);
    expect((await call(token, 'GET', `/v1/config/detail?_id=${p._id}`)).status).toBe(200);
    // Another profile is not held by it.
    expect((await call(token, 'DELETE', `/v1/config/deleteConfig?_id=${other._id}`)).status).toBe(200);

    const scope = { tenantId: tenant.id, admin: false };
    await h.services.delivery.cancel(scope, null, c._id);
    await h.services.delivery.settled();
    const removed = await call(token, 'DELETE', `/v1/config/deleteConfig?_id=${p._id}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });

  it('refuses a device of another type and a bad body with their codes; nothing starts', async () => {
    const { token } = await signIn('acme');
    const p = await profile(token);
    const ap = await register(token, 2, false);
    const sw = await register(token, 3, false);
    const wrong = await dispatch(token, { _id: p._id, devices: [ap.id, sw.id] });
    expect([wrong.status, wrong.body.code]).toEqual([400, ErrorCode.DeliveryDeviceTypeMismatch]);
    // The body's own rules keep their codes.
    const none = await dispatch(token, { _id: p._id, devices: [] });
    expect(none.body.code).toBe(ErrorCode.DeliveryDevicesRequired);
    const noProfile = await dispatch(token, { devices: [ap.id] });
    expect(noProfile.body.code).toBe(ErrorCode.DeliveryProfileRequired);
    const past = await dispatch(token, { _id: p._id, devices: [ap.id], EffectiveTime: Date.now() - 1000 });
    expect(past.body.code).toBe(ErrorCode.EffectiveTimeNotFuture);
    expect((await deliveries(token)).count).toBe(0);
    // apdevice lists the devices of the profile's type only.
    expect((await apDevices(token, p._id)).list.map((d) => d.SN)).toEqual([ap.sn]);
  });

  it('keeps tenants apart: another tenant’s profile or device is refused and nothing changes', async () => {
    const acme = await signIn('acme');
    const beta = await signIn('beta');
    const mine = await profile(acme.token);
    const theirs = await profile(beta.token);
    const myAp = await register(acme.token, 2, false);
    const theirAp = await register(beta.token, 2, false);

    const foreignProfile = await dispatch(acme.token, { _id: theirs._id, devices: [myAp.id] });
    expect([foreignProfile.status, foreignProfile.body.code]).toEqual([404, ErrorCode.ConfigNotExist]);
    const foreignDevice = await dispatch(acme.token, { _id: mine._id, devices: [myAp.id, theirAp.id] });
    expect(foreignDevice.body.code).toBe(ErrorCode.DeviceNotExist);
    const bySn = await dispatch(acme.token, { _id: mine._id, devices: [theirAp.sn] });
    expect(bySn.body.code).toBe(ErrorCode.DeviceNotExist);
    expect((await call(acme.token, 'GET', `/v1/config/apdevice?_id=${theirs._id}`)).body.code).toBe(
      ErrorCode.ConfigNotExist,
    );
    expect((await deliveries(acme.token)).count).toBe(0);
    expect((await deliveries(beta.token)).count).toBe(0);
    // Beta's delivery does not hold acme's profile, nor is it listed for acme.
    expect((await dispatch(beta.token, { _id: theirs._id, devices: [theirAp.id] })).status).toBe(200);
    expect((await deliveries(acme.token)).count).toBe(0);
    expect((await call(acme.token, 'DELETE', `/v1/config/deleteConfig?_id=${theirs._id}`)).body.code).toBe(
      ErrorCode.ConfigNotExist,
    );
    expect((await call(acme.token, 'DELETE', `/v1/config/deleteConfig?_id=${mine._id}`)).status).toBe(200);
  });

  it('configemit sends an AC’s profile to the APs that AC manages', async () => {
    const { token } = await signIn('acme');
    const ac = await register(token, 1, false);
    const managed = await register(token, 2, true, { acSn: ac.sn });
    const standalone = await register(token, 2, false);
    const own = await profile(token);
    const ofAc = await profile(token, { Controller: ac.id }, '/v1/config/add/ac');

    // Each call delivers its own kind of profile.
    expect((await dispatch(token, { _id: ofAc._id, devices: [managed.id] })).body.code).toBe(
      ErrorCode.ConfigNotExist,
    );
    const ownByEmit = await dispatch(
      token,
      { _id: own._id, devices: [managed.id] },
      '/v1/controller/configemit',
    );
    expect(ownByEmit.body.code).toBe(ErrorCode.ConfigControllerRequired);
    const notManaged = await dispatch(
      token,
      { _id: ofAc._id, devices: [managed.id, standalone.id] },
      '/v1/controller/configemit',
    );
    expect(notManaged.body.code).toBe(ErrorCode.DeliveryApNotOfController);
    expect((await deliveries(token)).count).toBe(0);

    // apdevice of an AC's profile: that AC's APs only.
    expect((await apDevices(token, ofAc._id)).list.map((d) => d.SN)).toEqual([managed.sn]);
    const sent = await dispatch(token, { _id: ofAc._id, devices: [managed.sn] }, '/v1/controller/configemit');
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const command = await managed.device!.next('apply_config');
    expect(command).toMatchObject({ configId: ofAc._id, revision: 1 });
  });
});
