import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, helloMessage, stateMessage, statsMessage, type DeviceItem } from '@netconsole/contract';
import { apiCaller, login, startHarness, type Harness } from '../../test/harness.ts';
import { FIGURES_EVERY_MS, LiveDevices } from './live.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { call, signIn, admin } = apiCaller(() => h);

/** A device's hello as the gateway hands it over (the protocol suite covers the broker's side). */
async function seen(sn: string, mac: string, type: 1 | 2 | 3 | 4 = 2) {
  const hello = helloMessage.parse({
    v: 1,
    ts: h.clock.now,
    seq: 1,
    bootId: 'BOOT0001',
    session: `S${sn}`,
    type,
    model: 'B2',
    hwVersion: 'HW2.0',
    fwVersion: 'v2.01.003',
    mac,
    ip: '10.1.1.9',
    uptimeS: 5,
    bootReason: 'power_on',
    capabilities: { commands: ['reboot', 'reset'] },
  });
  return h.services.live.hello(sn, hello, h.clock.now);
}

const add = (token: string, body: object) => call(token, 'POST', '/v1/device/add', body);
const list = async (token: string, query = '') =>
  (await call(token, 'GET', `/v1/device/list${query}`)).body as unknown as {
    list: DeviceItem[];
    count: number;
    limit: number;
    page: number;
    sort: string;
  };

describe('POST /v1/device/add (registration)', () => {
  it('registers by SN and MAC in their stored forms, the alias defaulting to the SN', async () => {
    const { token, tenant } = await signIn('acme');
    const r = await add(token, { SN: ' ap2024000001 ', MAC: '0c:1a:2b:3c:4d:01', Type: 2 });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      SN: 'AP2024000001',
      MAC: '0C1A2B3C4D01',
      Alias: 'AP2024000001',
      Type: 2,
      Registered: true,
      Trusted: false,
      Online: false,
      Status: 'Offline',
      Parent: null,
      IsMain: false,
      Tenant: tenant.id,
      IP: null,
      TxRate: 0,
      UpTime: 0,
      CreateTime: h.clock.now,
    });
  });

  it('answers each mistake with its own code', async () => {
    const { token } = await signIn('acme');
    const mac = '0C1A2B3C4D01';
    expect((await add(token, { MAC: mac })).body.code).toBe(ErrorCode.RegisterSnRequired);
    expect((await add(token, { SN: 'AP12', MAC: mac })).body.code).toBe(ErrorCode.DeviceSnLength);
    expect((await add(token, { SN: 'AP-2024-0001', MAC: mac })).body.code).toBe(ErrorCode.DeviceSnLength);
    expect((await add(token, { SN: 'AP2024000001' })).body.code).toBe(ErrorCode.RegisterMacRequired);
    expect((await add(token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D' })).body.code).toBe(
      ErrorCode.DeviceMacFormat,
    );
    const long = await add(token, { SN: 'AP2024000001', MAC: mac, Alias: 'x'.repeat(65) });
    expect(long.body).toMatchObject({
      code: ErrorCode.DeviceAliasTooLong,
      message: expect.stringContaining('64'),
    });
    expect((await add(token, { SN: 'AP2024000001', MAC: mac, Alias: 'a\tb' })).body.code).toBe(
      ErrorCode.DeviceAliasInvalidChars,
    );
    expect((await add(token, { SN: 'AP2024000001', MAC: mac, Type: 7 })).status).toBe(400);

    expect((await add(token, { SN: 'AP2024000001', MAC: mac, Alias: 'lobby' })).status).toBe(200);
    expect((await add(token, { SN: 'AP2024000001', MAC: mac })).body.code).toBe(
      ErrorCode.DeviceAlreadyRegistered,
    );
    expect((await add(token, { SN: 'AP2024000002', MAC: mac })).body.code).toBe(ErrorCode.DeviceMacExists);
    expect((await add(token, { SN: 'AP2024000002', MAC: '0C1A2B3C4D02', Alias: 'lobby' })).body.code).toBe(
      ErrorCode.DeviceNameExists,
    );
    // Nothing of the refused ones was stored.
    expect((await list(token)).count).toBe(1);
  });

  it('refuses an SN another tenant registered (12107) and the administrator, who has no tenant', async () => {
    const a = await signIn('alfa');
    const b = await signIn('bravo');
    expect((await add(a.token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' })).status).toBe(200);
    const r = await add(b.token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' });
    expect(r).toMatchObject({ status: 409, body: { code: ErrorCode.DeviceOwnedByOtherTenant } });
    expect((await add(await admin(), { SN: 'AP2024000009', MAC: '0C1A2B3C4D09' })).body.code).toBe(
      ErrorCode.NoAccessRights,
    );
  });

  it('takes over the record of a device that connected unregistered, checking its MAC and type', async () => {
    const rootToken = await admin();
    await seen('SW2024000001', '0C1A2B3C4F01', 3);
    const before = await list(rootToken, '?Registered=0');
    expect(before.list).toEqual([
      expect.objectContaining({
        SN: 'SW2024000001',
        MAC: '0C1A2B3C4F01',
        Registered: false,
        Tenant: null,
        Online: true,
      }),
    ]);
    const { token, tenant } = await signIn('acme');
    expect((await list(token)).count).toBe(0);
    expect((await add(token, { SN: 'SW2024000001', MAC: '0C1A2B3C4F02' })).body.code).toBe(
      ErrorCode.SnMacMismatch,
    );
    expect((await add(token, { SN: 'SW2024000001', MAC: '0C1A2B3C4F01', Type: 2 })).body.code).toBe(
      ErrorCode.DeviceTypeInvalid,
    );
    const r = await add(token, { SN: 'SW2024000001', MAC: '0C1A2B3C4F01', Alias: 'core switch' });
    expect(r.body).toMatchObject({
      Tenant: tenant.id,
      Type: 3,
      Model: 'B2',
      HWVersion: 'HW2.0',
      FWVersion: 'v2.01.003',
      Registered: true,
      Trusted: true,
      Online: true,
      Status: 'Online',
      IP: '10.1.1.9',
      UpTime: 5,
    });
    expect((await list(rootToken, '?Registered=0')).count).toBe(0);
  });
});

describe('device lists', () => {
  async function fleet() {
    const a = await signIn('alfa');
    for (const [sn, mac, alias, type] of [
      ['AP2024000001', '0C1A2B3C4D01', 'lobby ap', 2],
      ['AP2024000002', '0C1A2B3C4D02', 'office ap', 2],
      ['SW2024000001', '0C1A2B3C4E01', 'core switch', 3],
      ['RT2024000001', '0C1A2B3C4F01', 'gateway', 4],
    ] as const) {
      h.clock.advance(1000);
      expect((await add(a.token, { SN: sn, MAC: mac, Alias: alias, Type: type })).status).toBe(200);
    }
    await seen('AP2024000002', '0C1A2B3C4D02');
    await seen('SW2024000001', '0C1A2B3C4E01', 3);
    return a;
  }

  it('pages, sorts, filters by Type, Status and Parent, and searches alias, SN and MAC', async () => {
    const { token } = await fleet();
    const all = await list(token);
    expect(all).toMatchObject({ count: 4, limit: 10, page: 1, sort: '-CreateTime' });
    expect(all.list.map((d) => d.SN)).toEqual([
      'RT2024000001',
      'SW2024000001',
      'AP2024000002',
      'AP2024000001',
    ]);
    expect((await list(token, '?limit=2&page=2&sort=Alias')).list.map((d) => d.Alias)).toEqual([
      'lobby ap',
      'office ap',
    ]);
    expect((await list(token, '?Type=2')).count).toBe(2);
    expect((await list(token, '?Status=Online')).list.map((d) => d.SN).sort()).toEqual([
      'AP2024000002',
      'SW2024000001',
    ]);
    expect((await list(token, '?Parent=null')).count).toBe(4);
    expect((await list(token, '?Parent=net1')).count).toBe(0);
    expect((await list(token, '?Parent=net1,null')).count).toBe(4);
    expect((await list(token, '?search=OFFICE')).list.map((d) => d.SN)).toEqual(['AP2024000002']);
    expect((await list(token, '?search=sw2024')).list.map((d) => d.SN)).toEqual(['SW2024000001']);
    expect((await list(token, '?search=0c:1a:2b:3c:4f')).list.map((d) => d.SN)).toEqual(['RT2024000001']);
    expect((await list(token, '?search=%25')).count).toBe(0);
    // A search pages like any filter; a new alias is found at once, the old one no longer.
    expect(await list(token, '?search=0c1a2b&limit=1&page=2&sort=SN')).toMatchObject({
      count: 4,
      list: [{ SN: 'AP2024000002' }],
    });
    // A page past the last match is empty and still tells how many there are.
    expect(await list(token, '?search=0c1a2b&limit=3&page=3')).toMatchObject({ count: 4, list: [] });
    const office = all.list.find((d) => d.SN === 'AP2024000002')!;
    const renamed = await call(token, 'PUT', '/v1/device/update', { _id: office._id, Alias: 'Front Desk' });
    expect(renamed.status).toBe(200);
    expect((await list(token, '?search=desk')).list.map((d) => d.SN)).toEqual(['AP2024000002']);
    expect((await list(token, '?search=office')).count).toBe(0);
    expect((await call(token, 'GET', '/v1/device/list?Status=Broken')).status).toBe(400);
    // The same query serves the device picker.
    expect((await call(token, 'GET', '/v1/device/searchDevices?Type=3')).body).toMatchObject({ count: 1 });
  });

  it('shows realtime fields of online devices only, and the counts of the dashboard', async () => {
    const { token } = await fleet();
    const items = (await list(token)).list;
    expect(items.find((d) => d.SN === 'AP2024000002')).toMatchObject({
      Online: true,
      IP: '10.1.1.9',
      UpTime: 5,
    });
    expect(items.find((d) => d.SN === 'AP2024000001')).toMatchObject({
      Online: false,
      IP: null,
      UpTime: 0,
      TxRate: 0,
    });

    const realtime = await call(token, 'GET', '/v1/device/getAllDevices?SN=ap2024000001,AP2024000002');
    expect(realtime.body).toEqual({
      count: 2,
      list: [
        expect.objectContaining({
          SN: 'AP2024000001',
          onlineStatus: 'Offline',
          datas: expect.objectContaining({ IP: null }),
        }),
        expect.objectContaining({
          SN: 'AP2024000002',
          onlineStatus: 'Online',
          datas: expect.objectContaining({ IP: '10.1.1.9' }),
        }),
      ],
    });
    expect((await call(token, 'GET', '/v1/device/getAll?Type=2')).body).toMatchObject({ count: 2 });
    expect((await call(token, 'GET', '/v1/device/getDevType')).body).toEqual({
      list: [
        { Type: 1, Total: 0, Online: 0 },
        { Type: 2, Total: 2, Online: 1 },
        { Type: 3, Total: 1, Online: 1 },
        { Type: 4, Total: 1, Online: 0 },
      ],
    });
    expect((await call(token, 'GET', '/v1/device/getAllCount')).body).toEqual({
      Total: 4,
      Online: 2,
      Offline: 2,
      Useless: 0,
      Registered: 4,
      Trusted: 2,
    });
  });

  it('lets co-administrators see the tenant’s devices', async () => {
    await fleet();
    const sub = (await login(h, 'alfasub')).body.Token;
    expect((await list(sub)).count).toBe(4);
  });
});

describe('changing and removing a registration', () => {
  it('renames a device, refusing an empty, taken or missing request', async () => {
    const { token } = await signIn('acme');
    const one = (await add(token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01', Alias: 'one' }))
      .body as DeviceItem;
    await add(token, { SN: 'AP2024000002', MAC: '0C1A2B3C4D02', Alias: 'two' });
    const update = (body: object) => call(token, 'PUT', '/v1/device/update', body);
    expect((await update({ _id: one._id })).body.code).toBe(ErrorCode.DeviceNothingToUpdate);
    expect((await update({ Alias: 'x' })).body.code).toBe(ErrorCode.DeviceIdInvalid);
    expect((await update({ _id: one._id, Alias: '  ' })).body.code).toBe(ErrorCode.DeviceAliasRequired);
    expect((await update({ _id: one._id, Alias: 'two' })).body.code).toBe(ErrorCode.DeviceNameExists);
    expect((await update({ _id: 'no-such-id', Alias: 'x' })).body.code).toBe(ErrorCode.DeviceNotExist);
    expect((await update({ SN: 'ap2024000001', Alias: ' first ' })).body).toMatchObject({
      _id: one._id,
      Alias: 'first',
    });
  });

  it('removes a registration: the device leaves the tenant, its open commands are cancelled', async () => {
    const { token } = await signIn('acme');
    const d = (await add(token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' })).body as DeviceItem;
    const issued = await call(token, 'POST', '/v1/controller/deviceContrl', {
      _id: d._id,
      command: 'reboot',
    });
    expect(issued.body).toMatchObject({
      list: [{ SN: 'AP2024000001', Command: 'reboot', Delivery: 'held' }],
    });

    const r = await call(token, 'PUT', '/v1/device/unregister', { _id: d._id });
    expect(r.body).toMatchObject({ SN: 'AP2024000001', Registered: false, Tenant: null, Alias: '' });
    expect((await list(token)).count).toBe(0);
    expect((await call(token, 'PUT', '/v1/device/unregister', { _id: d._id })).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    const rootToken = await admin();
    expect((await call(rootToken, 'PUT', '/v1/device/unregister', { _id: d._id })).body.code).toBe(
      ErrorCode.DeviceNotRegistered,
    );
    const commands = await call(rootToken, 'GET', `/v1/device/deviceIssuedinfo?_id=${d._id}`);
    expect(commands.body).toMatchObject({
      count: 1,
      list: [{ Status: 'cancelled', FinishTime: h.clock.now }],
    });
    // Registered again, by the same tenant or another.
    expect((await add(token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' })).status).toBe(200);
  });

  it('keeps a tenant with registered devices from being abandoned (25006)', async () => {
    const { token, tenant } = await signIn('acme');
    await add(token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' });
    const rootToken = await admin();
    expect((await call(rootToken, 'DELETE', `/v1/tenant/disabled/${tenant.id}`)).body.code).toBe(
      ErrorCode.TenantInUse,
    );
  });
});

describe('commands over HTTP', () => {
  it('checks what a command names', async () => {
    const { token } = await signIn('acme');
    const control = (body: object) => call(token, 'POST', '/v1/controller/deviceContrl', body);
    expect((await control({ command: 'reboot' })).body.code).toBe(ErrorCode.NoDeviceSelected);
    expect((await control({ SN: 'AP2024000001', command: 'explode' })).status).toBe(400);
    expect((await control({ SN: 'AP2024000001', command: 'reboot' })).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    const many = Array.from({ length: 101 }, (_, i) => `AP20249${String(i).padStart(5, '0')}`);
    expect((await control({ devices: many, command: 'reboot' })).body).toMatchObject({
      code: ErrorCode.DeviceBatchTooLarge,
      message: expect.stringContaining('100'),
    });
    await add(token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' });
    await add(token, { SN: 'AP2024000002', MAC: '0C1A2B3C4D02' });
    // The console's reset after adding devices to a network: {SN, devices, command}.
    const r = await control({
      SN: 'AP2024000001',
      devices: ['AP2024000001', 'AP2024000002'],
      command: 'reset',
    });
    expect((r.body.list as { SN: string; Delivery: string }[]).map((c) => [c.SN, c.Delivery])).toEqual([
      ['AP2024000001', 'held'],
      ['AP2024000002', 'held'],
    ]);
    const history = await call(token, 'GET', '/v1/device/deviceIssuedinfo?Status=held');
    expect(history.body).toMatchObject({ count: 2, sort: '-IssueTime' });
    expect((history.body.list as { ExpireTime: number }[])[0]!.ExpireTime).toBe(h.clock.now + 86_400_000);
  });
});

describe('tenant isolation', () => {
  it('never shows, changes or commands another tenant’s device, nor says it exists', async () => {
    const a = await signIn('alfa');
    const b = await signIn('bravo');
    const d = (await add(a.token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01', Alias: 'lobby' }))
      .body as DeviceItem;
    await call(a.token, 'POST', '/v1/controller/deviceContrl', { SN: d.SN, command: 'reboot' });

    expect((await list(b.token)).count).toBe(0);
    expect((await list(b.token, '?search=AP2024000001')).count).toBe(0);
    expect((await call(b.token, 'GET', '/v1/device/getAll')).body).toEqual({ list: [], count: 0 });
    expect((await call(b.token, 'GET', `/v1/device/getAllDevices?SN=${d.SN}`)).body).toEqual({
      list: [],
      count: 0,
    });
    expect((await call(b.token, 'GET', '/v1/device/getAllCount')).body).toMatchObject({ Total: 0 });
    const denied = [
      await call(b.token, 'PUT', '/v1/device/update', { _id: d._id, Alias: 'mine' }),
      await call(b.token, 'PUT', '/v1/device/unregister', { SN: d.SN }),
      await call(b.token, 'POST', '/v1/controller/deviceContrl', { SN: d.SN, command: 'reset' }),
      await call(b.token, 'POST', '/v1/controller/deviceContrl', { _id: d._id, command: 'reboot' }),
      await call(b.token, 'GET', `/v1/device/deviceIssuedinfo?SN=${d.SN}`),
    ];
    for (const r of denied) expect(r.body.code).toBe(ErrorCode.DeviceNotExist);
    // Missing and foreign look alike.
    expect((await call(b.token, 'PUT', '/v1/device/unregister', { SN: 'AP2099999999' })).body).toEqual(
      denied[1]!.body,
    );
    expect((await call(b.token, 'GET', '/v1/device/deviceIssuedinfo')).body).toMatchObject({ count: 0 });
    // A's device is untouched and its command still the only one.
    expect((await list(a.token)).list).toEqual([
      expect.objectContaining({ Alias: 'lobby', Registered: true }),
    ]);
    expect((await call(a.token, 'GET', '/v1/device/deviceIssuedinfo')).body).toMatchObject({ count: 1 });
  });

  it('shows the administrator every device, registered or not', async () => {
    const a = await signIn('alfa');
    await add(a.token, { SN: 'AP2024000001', MAC: '0C1A2B3C4D01' });
    h.clock.advance(1000);
    await seen('AP2024000099', '0C1A2B3C4D99');
    const rootToken = await admin();
    expect((await list(rootToken)).list.map((d) => [d.SN, d.Registered])).toEqual([
      ['AP2024000099', false],
      ['AP2024000001', true],
    ]);
    expect((await call(rootToken, 'GET', '/v1/device/getAllCount')).body).toMatchObject({
      Total: 2,
      Registered: 1,
    });
  });
});

describe('reads and the reported state not yet written', () => {
  // A tracker of its own, without the flush timer, so what is written when is the test's to decide.
  function tracker() {
    return new LiveDevices(h.store.db, () => h.clock.now, h.app.log);
  }
  const stored = (sn: string) =>
    h.store.db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirstOrThrow();

  it('writes statuses before a read; figures wait for the flush and are merged from memory', async () => {
    const { token } = await signIn('acme');
    expect((await add(token, { SN: 'AP2024000501', MAC: '0C1A2B3C4D01' })).status).toBe(200);
    const own = tracker();
    const hello = helloMessage.parse({
      v: 1,
      ts: h.clock.now,
      seq: 1,
      bootId: 'BOOT0501',
      session: 'SESSION0501',
      type: 2,
      model: 'B2',
      hwVersion: 'HW2.0',
      fwVersion: 'v2.01.003',
      mac: '0C1A2B3C4D01',
      ip: '10.1.1.9',
      uptimeS: 5,
      bootReason: 'power_on',
      capabilities: { commands: ['reboot'] },
    });
    await own.hello('AP2024000501', hello, h.clock.now);
    expect((await stored('AP2024000501')).online).toBe(0);
    // A status change is written by the next read's settling.
    await own.settled();
    expect(await stored('AP2024000501')).toMatchObject({ online: 1, status: 'Online', type: 2, uptime_s: 5 });

    own.stats(
      'AP2024000501',
      statsMessage.parse({
        v: 1,
        ts: h.clock.now,
        seq: 2,
        uptimeS: 70,
        rxBytes: 10,
        txBytes: 20,
        clients: 0,
      }),
    );
    // Figures alone do not make a read wait: the store keeps the old ones, the merge shows the new.
    await own.settled();
    const before = await stored('AP2024000501');
    expect(before.uptime_s).toBe(5);
    expect(own.current(before)).toMatchObject({ uptime_s: 70, tx_bytes: 20, rx_bytes: 10, online: 1 });
    // Figures alone are merged alone: the rest of the row is the store's, written whole before.
    expect(own.current({ ...before, ip: '10.9.9.9' })).toMatchObject({ ip: '10.9.9.9', uptime_s: 70 });
    // The timer's flush leaves figures alone until FIGURES_EVERY_MS after they changed…
    h.clock.advance(FIGURES_EVERY_MS - 1);
    await own.flushDue();
    expect((await stored('AP2024000501')).uptime_s).toBe(5);
    // …while a change of anything else writes the whole row, figures included.
    const state = {
      ipMode: 'dhcp',
      ip: '10.1.1.10',
      mask: '255.255.255.0',
      gateway: null,
      dns1: null,
      dns2: null,
    };
    own.state('AP2024000501', stateMessage.parse({ v: 1, ts: h.clock.now, seq: 3, ...state, config: null }));
    // Not yet written, the change is merged whole.
    expect(own.current(await stored('AP2024000501'))).toMatchObject({ ip: '10.1.1.10', uptime_s: 70 });
    await own.flushDue();
    expect(await stored('AP2024000501')).toMatchObject({ ip: '10.1.1.10', uptime_s: 70 });
    own.stats(
      'AP2024000501',
      statsMessage.parse({
        v: 1,
        ts: h.clock.now,
        seq: 4,
        uptimeS: 80,
        rxBytes: 30,
        txBytes: 40,
        clients: 0,
      }),
    );
    await own.flushDue();
    expect((await stored('AP2024000501')).uptime_s).toBe(70);
    h.clock.advance(FIGURES_EVERY_MS);
    await own.flushDue();
    const after = await stored('AP2024000501');
    expect(after).toMatchObject({
      uptime_s: 80,
      tx_bytes: 40,
      rx_bytes: 30,
      tx_rate: 2,
      rx_rate: 2,
      ip: '10.1.1.10',
    });
    // Once written there is nothing newer to merge.
    expect(own.current(after)).toBe(after);

    await own.offline('AP2024000501', 'SESSION0501', 'reboot', h.clock.now);
    await own.settled();
    expect(await stored('AP2024000501')).toMatchObject({
      online: 0,
      status: 'Offline',
      offline_reason: 'reboot',
    });
  });
});
