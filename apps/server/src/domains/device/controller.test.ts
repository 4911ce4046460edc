/**
 * POST /v1/device/testchangeacregister through the real (embedded) broker: the AP gets
 * `set_controller`, acknowledges it and reports the new `acSn` in `state`, which the device item
 * shows as ACSN (protocol §7.15); every refusal has its catalogue code; tenants stay apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  commandDeliveryTexts,
  type ChangeAcReply,
  type CommandItem,
  type DeviceItem,
} from '@netconsole/contract';
import {
  apiCaller,
  deviceBus,
  login,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `CT${randomToken(4)}`;

let h: Harness;
const devices: FakeDevice[] = [];
beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.end().catch(() => undefined)));
  await h.close();
});

const { call, signIn } = apiCaller(() => h);

/** A registered device that never connects. */
async function registered(token: string, type: 1 | 2 | 3 | 4, prefix = 'AC'): Promise<DeviceItem> {
  const r = await call(token, 'POST', '/v1/device/add', {
    SN: `${PREFIX}${prefix}${randomToken(8)}`,
    MAC: randomMac(),
    Type: type,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as DeviceItem;
}

/** An AP connected through the broker (registered by `token` unless null), after its welcome. */
async function connectedAp(token: string | null, commands?: string[]): Promise<FakeDevice> {
  const d = await FakeDevice.connect({
    url: h.mqttUrl!,
    sn: `${PREFIX}AP${randomToken(8)}`,
    factoryKey: TEST_FACTORY_KEY,
    type: 2,
    now: () => h.clock.now,
    ...(commands ? { commands } : {}),
  });
  devices.push(d);
  if (token !== null) {
    const r = await call(token, 'POST', '/v1/device/add', { SN: d.sn, MAC: d.mac, Type: 2 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await d.hello();
  return d;
}

const change = (token: string, body: object) => call(token, 'POST', '/v1/device/testchangeacregister', body);

async function item(token: string, sn: string): Promise<DeviceItem | undefined> {
  const r = await call(token, 'GET', `/v1/device/list?search=${sn}`);
  return (r.body.list as DeviceItem[]).find((d) => d.SN === sn);
}

async function state(d: FakeDevice, acSn: string | null): Promise<void> {
  await d.publish('state', {
    ipMode: 'dhcp',
    ip: '192.168.1.20',
    mask: '255.255.255.0',
    gateway: '192.168.1.1',
    dns1: '192.168.1.1',
    dns2: null,
    config: null,
    acSn,
  });
}

describe('POST /v1/device/testchangeacregister', () => {
  it('moves an AP to an AC and back to standalone through set_controller', async () => {
    const { token } = await signIn('acme');
    const ac = await registered(token, 1);
    const d = await connectedAp(token);

    const r = await change(token, { SN: ` ${d.sn.toLowerCase()} `, AC: ac.SN.toLowerCase() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const reply = r.body as unknown as ChangeAcReply;
    expect(reply).toMatchObject({
      SN: d.sn,
      AC: ac.SN,
      Command: 'set_controller',
      Delivery: 'sent',
      Message: commandDeliveryTexts.sent.en,
    });
    const cmd = await d.next('set_controller');
    expect(cmd).toMatchObject({ id: reply.CommandId, acSn: ac.SN, expires: h.clock.now + 3_600_000 });
    // The device item follows what the AP reports, not what was asked.
    expect((await item(token, d.sn))?.ACSN).toBeNull();
    await state(d, ac.SN);
    await d.ack(cmd.id, 'set_controller', 'succeeded');
    await eventually(async () => (await item(token, d.sn))?.ACSN === ac.SN, 3000, 'ACSN of the AP');
    // The report ends the command; until then a second change answers with this open one.
    const ended = (id: string) =>
      eventually(
        async () => {
          const h1 = await call(token, 'GET', `/v1/device/deviceIssuedinfo?SN=${d.sn}`);
          return (h1.body.list as CommandItem[]).find((c) => c._id === id)?.Status === 'succeeded';
        },
        3000,
        'command succeeded',
      );
    await ended(cmd.id);

    for (const AC of [null, '  ']) {
      const back = await change(token, { SN: d.sn, AC, language: 'zh' });
      expect(back.status, JSON.stringify(back.body)).toBe(200);
      expect(back.body).toMatchObject({ AC: null, Delivery: 'sent', Message: commandDeliveryTexts.sent.zh });
      const standalone = await d.next('set_controller');
      expect(standalone).toMatchObject({ id: back.body.CommandId, acSn: null });
      await state(d, null);
      await d.ack(standalone.id, 'set_controller', 'succeeded');
      await eventually(async () => (await item(token, d.sn))?.ACSN === null, 3000, 'AP standalone');
      await ended(standalone.id);
    }
  });

  it('answers every refusal with its code, and sends nothing', async () => {
    const { token } = await signIn('acme');
    const ac = await registered(token, 1);
    const sw = await registered(token, 3, 'SW');
    const d = await connectedAp(token);
    const cases: [object, number][] = [
      [{ AC: ac.SN }, ErrorCode.DeviceIdInvalid],
      [{ SN: ' ', AC: ac.SN }, ErrorCode.DeviceIdInvalid],
      [{ SN: 'APNOSUCHDEVICE', AC: ac.SN }, ErrorCode.DeviceNotExist],
      [{ SN: sw.SN, AC: ac.SN }, ErrorCode.DeviceTypeInvalid],
      [{ SN: d.sn, AC: 'ACNOSUCHDEVICE' }, ErrorCode.DeviceNotExist],
      [{ SN: d.sn, AC: sw.SN }, ErrorCode.NoAcForAp],
      [{ SN: d.sn, AC: d.sn }, ErrorCode.NoAcForAp],
      [{ SN: d.sn }, ErrorCode.ValidationFailed],
      [{ SN: d.sn, AC: 42 }, ErrorCode.ValidationFailed],
    ];
    for (const [body, code] of cases) {
      const r = await change(token, body);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.status).toBeGreaterThanOrEqual(400);
    }

    // Registered but not connected.
    const offline = await registered(token, 2, 'AP');
    expect((await change(token, { SN: offline.SN, AC: ac.SN })).body.code).toBe(ErrorCode.ApUnavailable);
    // Connected, but its firmware does not know the command.
    const old = await connectedAp(token, ['reboot', 'reset']);
    expect((await change(token, { SN: old.sn, AC: ac.SN })).body.code).toBe(ErrorCode.ApUnavailable);
    // Gone since.
    await d.goodbye('shutdown');
    await eventually(async () => (await item(token, d.sn))?.Online === false, 3000, 'AP offline');
    expect((await change(token, { SN: d.sn, AC: ac.SN })).body.code).toBe(ErrorCode.ApUnavailable);

    const history = await call(token, 'GET', '/v1/device/deviceIssuedinfo');
    expect((history.body.list as CommandItem[]).filter((c) => c.Command === 'set_controller')).toEqual([]);
    expect(old.received.filter((m) => m.kind === 'set_controller')).toEqual([]);
  });

  it('takes only an AC of the AP’s network when the AP is in one', async () => {
    const { token } = await signIn('acme');
    const net = await call(token, 'POST', '/v1/network/createNet', {
      Name: 'Site',
      Location: { longitude: 116.4, latitude: 39.9 },
    });
    expect(net.status, JSON.stringify(net.body)).toBe(200);
    const site = (net.body.list as { _id: string })._id;
    const main = await registered(token, 3, 'SW');
    const inside = await registered(token, 1);
    const outside = await registered(token, 1);
    const d = await connectedAp(token);
    const ap = (await item(token, d.sn))!;
    const put = await call(token, 'PUT', '/v1/device/netlist', {
      Parent: site,
      devices: [main._id, inside._id, ap._id],
      Main: main._id,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    expect((await change(token, { SN: d.sn, AC: outside.SN })).body.code).toBe(ErrorCode.NoAcForAp);
    const ok = await change(token, { SN: d.sn, AC: inside.SN });
    expect(ok.body).toMatchObject({ AC: inside.SN, Delivery: 'sent' });
    expect(await d.next('set_controller')).toMatchObject({ acSn: inside.SN });
  });

  it('keeps tenants apart: another tenant’s AP or AC is a missing device', async () => {
    const { token: mine } = await signIn('acme');
    const { token: theirs } = await signIn('umbrella');
    const myAc = await registered(mine, 1);
    const theirAc = await registered(theirs, 1);
    const myAp = await connectedAp(mine);
    const theirAp = await connectedAp(theirs);

    expect((await change(mine, { SN: theirAp.sn, AC: myAc.SN })).body.code).toBe(ErrorCode.DeviceNotExist);
    expect((await change(mine, { SN: myAp.sn, AC: theirAc.SN })).body.code).toBe(ErrorCode.DeviceNotExist);
    expect((await change(theirs, { SN: theirAp.sn, AC: myAc.SN })).body.code).toBe(ErrorCode.DeviceNotExist);
    expect(myAp.received.filter((m) => m.kind === 'set_controller')).toEqual([]);
    expect(theirAp.received.filter((m) => m.kind === 'set_controller')).toEqual([]);

    // The administrator sees every device, yet an AP takes only an AC of its own tenant.
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    const root = (await login(h, 'root')).body.Token as string;
    expect((await change(root, { SN: myAp.sn, AC: theirAc.SN })).body.code).toBe(ErrorCode.DeviceNotExist);
    const ok = await change(root, { SN: myAp.sn, AC: myAc.SN });
    expect(ok.body).toMatchObject({ SN: myAp.sn, AC: myAc.SN, Delivery: 'sent' });
    expect(await myAp.next('set_controller')).toMatchObject({ acSn: myAc.SN });

    // An AP nobody registered is visible to the administrator only, and cannot be moved.
    const stray = await connectedAp(null);
    expect((await change(root, { SN: stray.sn, AC: myAc.SN })).body.code).toBe(
      ErrorCode.StationApMacNotRegistered,
    );
    expect((await change(mine, { SN: stray.sn, AC: myAc.SN })).body.code).toBe(ErrorCode.DeviceNotExist);
  });
});
