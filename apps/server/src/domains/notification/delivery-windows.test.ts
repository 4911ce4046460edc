/**
 * Deliveries that open maintenance windows (docs/notifications.md, "Windows of deliveries"): a
 * configuration delivery or firmware upgrade with `Maintenance` mutes its devices' networks from its
 * effective time, an alarm inside is recorded muted and mailed to nobody (the real SMTP peer),
 * cancelling ends the windows, a delivery whose devices all ended closes them a tail later, and
 * without the flag nothing opens. Alarm changes are emitted on the server's real event bus, as the
 * alarm engine emits them; the delivery runs on the real engine with a simulated AP.
 */
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DELIVERY_WINDOW_DEFAULT_MS,
  DELIVERY_WINDOW_TAIL_MS,
  DIGEST_WINDOW_MS,
  ErrorCode,
  FirmwareValidity,
  type DeliveryItem,
  type ListReply,
  type MaintenanceItem,
  type NotifyRecordItem,
} from '@netconsole/contract';
import { startSmtpPeer, type SmtpPeer } from '../../platform/notify/smtp-peer.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';
import {
  apiCaller,
  deviceBus,
  login,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import type { AlarmNotice } from '../alarm/events.ts';

const PREFIX = `DW${randomToken(4)}`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const here = { longitude: 116.404, latitude: 39.915 };

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(() => smtp.close());

let h: Harness;
const fleet: FakeDevice[] = [];
beforeEach(async () => {
  smtp.received.length = 0;
  h = await startHarness({
    mqtt: deviceBus(PREFIX),
    notify: { smtpUrl: smtp.url, mailFrom: 'Console <alarms@console.example>', sms: undefined },
  });
  // The bodies' times are checked against the real clock (the browser's); the engine's against this.
  h.clock.now = Date.now();
});
afterEach(async () => {
  await Promise.all(fleet.splice(0).map((d) => d.end().catch(() => undefined)));
  await h.close();
});

const { call, read, signIn } = apiCaller(() => h, { settle: true });
type Tenant = Awaited<ReturnType<typeof signIn>>;

/** A tenant whose owner has an e-mail bound (alarm settings need one) and a session outliving the clock's jumps. */
async function tenant(prefix: string): Promise<Tenant> {
  const s = await signIn(prefix);
  await h.store.db
    .updateTable('users')
    .set({ email: `boss@${prefix}.example`, timeout_minutes: 4_000_000 })
    .where('id', '=', s.owner.id)
    .execute();
  return { ...s, token: (await login(h, `${prefix}own`)).body.Token };
}

/** A network whose "device offline" alarms are mailed to ops@. */
async function network(s: Tenant, Name: string): Promise<string> {
  const net = await read<{ list: { _id: string } }>(s.token, 'POST', '/v1/network/createNet', {
    Name,
    Location: here,
  });
  const set = await call(s.token, 'POST', '/v1/alarm/changeAlarm', {
    _id: net.list._id,
    Type: 1,
    Enable: true,
    Level: 3,
    Push: ['mail'],
    Email: ['ops@acme.example'],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return net.list._id;
}

interface Dev {
  id: string;
  sn: string;
  mac: string;
}

/** A registered device (offline unless `connect` is used), model A1 / HW1.0 as its hello would say. */
async function device(s: Tenant, type: 2 | 4): Promise<Dev> {
  const sn = `${PREFIX}${type}${randomToken(8)}`;
  const mac = randomMac();
  const r = await call<{ _id: string }>(s.token, 'POST', '/v1/device/add', { SN: sn, MAC: mac, Type: type });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await h.store.db
    .updateTable('devices')
    .set({ model: 'A1', hw_version: 'HW1.0', fw_version: 'v1.0.0' })
    .where('id', '=', r.body._id)
    .execute();
  return { id: r.body._id, sn, mac };
}

async function connect(d: Dev): Promise<FakeDevice> {
  const fake = await FakeDevice.connect(
    { url: h.mqttUrl!, sn: d.sn, mac: d.mac, factoryKey: TEST_FACTORY_KEY, type: 2, now: () => h.clock.now },
    undefined,
    d.mac,
  );
  fleet.push(fake);
  await fake.hello();
  return fake;
}

/** The wizard places a router and APs in a network. */
async function place(s: Tenant, networkId: string, gateway: Dev, aps: Dev[]): Promise<void> {
  const r = await call(s.token, 'POST', '/v1/dashboard/addDevToNet', {
    _id: networkId,
    gateWayList: [gateway.id],
    apList: aps.map((d) => d.id),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

async function profile(s: Tenant): Promise<string> {
  const r = await call<{ list: { _id: string } }>(s.token, 'POST', '/v1/config/add', {
    Name: 'Head office APs',
    Type: 2,
    CycleTime: 30,
    IPMode: 'dhcp',
    Groups: [{ SSID: 'Office', Encryption: 'wpa2', Key: 'correct-horse-42' }],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list._id;
}

async function deliver(s: Tenant, body: object, url = '/v1/config/newdispatch'): Promise<DeliveryItem> {
  const r = await call<{ list: DeliveryItem }>(s.token, 'POST', url, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list;
}

async function windows(s: Tenant): Promise<MaintenanceItem[]> {
  return (await read<ListReply<MaintenanceItem>>(s.token, 'GET', '/v1/maintenance/list?limit=100')).list;
}

let seq = 0;
function offline(s: Tenant, networkId: string): AlarmNotice {
  seq++;
  return {
    scope: { tenantId: s.tenant.id, admin: false },
    alarmId: `alarm-${seq}`,
    tenantId: s.tenant.id,
    networkId,
    networkName: 'Head office',
    deviceId: `dev-${seq}`,
    sn: `SN0000${seq}`,
    deviceName: `AP-${seq}`,
    type: 1,
    level: 3,
    text: { en: 'Device offline', zh: '设备离线' },
    behind: 0,
    at: h.clock.now,
  };
}

/** An alarm raised now in the network; the digest window passes and what became due runs. */
async function alarm(s: Tenant, networkId: string): Promise<void> {
  await h.services.events.emit('alarm.raised', offline(s, networkId));
  h.clock.advance(DIGEST_WINDOW_MS);
  await h.services.jobs.runDue();
}

async function records(s: Tenant): Promise<NotifyRecordItem[]> {
  const q = { page: 1, limit: 100 };
  return (await h.services.notificationSettings.records({ tenantId: s.tenant.id, admin: false }, q)).list;
}

describe('a delivery with Maintenance', () => {
  it('mutes its networks from its effective time; alarms are recorded muted; cancelling ends the windows', async () => {
    const a = await tenant('acme');
    const b = await tenant('bolt');
    const office = await network(a, 'Head office');
    const branch = await network(a, 'Branch');
    const [gw1, gw2] = [await device(a, 4), await device(a, 4)];
    const [ap1, ap2, ap3, loose] = [
      await device(a, 2),
      await device(a, 2),
      await device(a, 2),
      await device(a, 2),
    ];
    await place(a, office, gw1, [ap1, ap2]);
    await place(a, branch, gw2, [ap3]);
    const p = await profile(a);

    const start = h.clock.now + 10 * MINUTE;
    const end = start + HOUR;
    const d = await deliver(a, {
      _id: p,
      devices: [ap1.id, ap2.id, ap3.id, loose.id],
      EffectiveTime: start,
      ExpireTime: end,
      Maintenance: true,
    });
    expect(d.Status).toBe('scheduled');

    // One window per network of the devices (the AP in no network has none), until the expiry.
    const opened = await windows(a);
    expect(opened.map((w) => w.NetworkName).sort()).toEqual(['Branch', 'Head office']);
    for (const w of opened) {
      expect(w).toMatchObject({ Start: start, End: end, EndedTime: null, Creator: 'acmeown' });
      expect(w.Reason).toBe(`Configuration delivery Head office APs / 配置下发 Head office APs (${d._id})`);
    }
    // Another tenant sees none of them and cannot end them.
    expect(await windows(b)).toEqual([]);
    const foreign = await call(b.token, 'POST', '/v1/maintenance/end', { _id: opened[0]!._id });
    expect(foreign.body.code).toBe(ErrorCode.MaintenanceNotFound);

    // Before the delivery starts, alarms are told as ever.
    await alarm(a, office);
    expect(smtp.received).toHaveLength(1);

    // Inside the window: recorded as muted, mailed to nobody.
    h.clock.now = start + MINUTE;
    await alarm(a, office);
    expect(smtp.received).toHaveLength(1);
    expect((await records(a)).map((r) => [r.Channel, r.Status, r.Reason])).toEqual([
      ['mail', 'muted', 'maintenance window'],
      ['mail', 'sent', null],
    ]);

    // Cancelling the delivery ends both windows at once; the next alarm goes out.
    const cancelled = await call(a.token, 'POST', '/v1/issued/cancel', { _id: d._id });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const ended = await windows(a);
    expect(ended.map((w) => w.EndedTime)).toEqual([h.clock.now, h.clock.now]);
    await alarm(a, office);
    expect(smtp.received).toHaveLength(2);
  });

  it('closes a tail after its devices all ended; without the flag nothing opens', async () => {
    const a = await tenant('acme');
    const office = await network(a, 'Head office');
    const gw = await device(a, 4);
    const ap = await device(a, 2);
    const other = await device(a, 2);
    await place(a, office, gw, [ap, other]);
    const fake = await connect(ap);
    const p = await profile(a);

    // Now, with no expiry of its own: the bounded default from now.
    const d = await deliver(a, { _id: p, devices: [ap.id], Maintenance: true });
    const [w] = await windows(a);
    expect(w).toMatchObject({ Start: h.clock.now, End: h.clock.now + DELIVERY_WINDOW_DEFAULT_MS });

    const cmd = await fake.next('apply_config');
    await fake.ack(cmd.id, 'apply_config', 'accepted');
    h.clock.advance(MINUTE);
    const finishedAt = h.clock.now;
    await fake.ack(cmd.id, 'apply_config', 'succeeded', { result: { revision: 1 } });
    await eventually(
      async () => (await windows(a))[0]!.End === finishedAt + DELIVERY_WINDOW_TAIL_MS,
      5000,
      'the window closes a tail after the delivery finished',
    );
    const item = (await read<ListReply<DeliveryItem>>(a.token, 'GET', '/v1/issued/config')).list[0]!;
    expect([item._id, item.Status]).toEqual([d._id, 'finished']);
    expect((await windows(a))[0]!.EndedTime).toBeNull();

    // Another delivery without the flag opens no window.
    await deliver(a, { _id: p, devices: [other.id] });
    expect(await windows(a)).toHaveLength(1);
  });

  it('opens windows for a firmware upgrade: until its period, or a bounded default when permanent', async () => {
    const a = await tenant('acme');
    const office = await network(a, 'Head office');
    const branch = await network(a, 'Branch');
    const [gw1, gw2, ap1, ap2] = [
      await device(a, 4),
      await device(a, 4),
      await device(a, 2),
      await device(a, 2),
    ];
    await place(a, office, gw1, [ap1]);
    await place(a, branch, gw2, [ap2]);
    const bytes = Buffer.from(`image A1 HW1.0 v2.0.0 ${randomToken(6)}`);
    const actor = { scope: { tenantId: a.tenant.id, admin: false }, userId: a.owner.id, username: 'acmeown' };
    const image = await h.services.images.add(
      actor,
      {
        Model: 'A1',
        HWVersion: 'HW1.0',
        FWVersion: 'v2.0.0',
        Checksum: `0x${crc32(bytes).toString(16).padStart(8, '0')}`,
        MD5: createHash('md5').update(bytes).digest('hex'),
        Operator: 'tester',
        Description: '',
        Published: false,
      },
      'fw.bin',
      Readable.from([bytes]),
    );
    const start = h.clock.now + HOUR;
    const period = await deliver(
      a,
      {
        _id: image._id,
        devices: [ap1.id],
        Validity: FirmwareValidity.Period,
        EffectiveTime: start,
        ExpireTime: start + 3 * HOUR,
        Maintenance: true,
      },
      '/v1/config/fw/dispatch',
    );
    await deliver(a, { _id: image._id, devices: [ap2.id], Maintenance: true }, '/v1/config/fw/dispatch');
    const byNetwork = new Map((await windows(a)).map((w) => [w.NetworkName, w]));
    expect(byNetwork.get('Head office')).toMatchObject({ Start: start, End: start + 3 * HOUR });
    expect(byNetwork.get('Head office')!.Reason).toBe(
      `Firmware upgrade v2.0.0 / 固件升级 v2.0.0 (${period._id})`,
    );
    expect(byNetwork.get('Branch')).toMatchObject({
      Start: h.clock.now,
      End: h.clock.now + DELIVERY_WINDOW_DEFAULT_MS,
    });
  });
});
