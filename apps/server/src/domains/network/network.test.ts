import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, type DeviceItem, type NetworkItem, type NetworkSummary } from '@netconsole/contract';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

// Replies are read loosely here; the routes' own zod schemas check their shapes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const { call, signIn, admin } = apiCaller<Record<string, any>>(() => h);

const here = { longitude: 116.404, latitude: 39.915, address: 'Dongcheng, Beijing' };
const create = (token: string, body: object) => call(token, 'POST', '/v1/network/createNet', body);
async function network(token: string, Name: string): Promise<NetworkItem> {
  const r = await create(token, { Name, Location: here });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list as NetworkItem;
}
async function device(token: string, n: number, Type: 1 | 2 | 3 | 4): Promise<DeviceItem> {
  const sn = `NETDEV${String(n).padStart(6, '0')}`;
  const mac = `0C1A2B3C${String(n).padStart(4, '0')}`;
  const r = await call(token, 'POST', '/v1/device/add', { SN: sn, MAC: mac, Type });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as DeviceItem;
}
const netlist = (token: string, body: object) => call(token, 'PUT', '/v1/device/netlist', body);
const devices = async (token: string, query = '') =>
  (await call(token, 'GET', `/v1/device/getAll${query}`)).body.list as DeviceItem[];

describe('POST /v1/network/createNet', () => {
  it('creates a network of the caller’s tenant and answers it under list', async () => {
    const { token } = await signIn('acme');
    const r = await create(token, { Name: '  Head office ', Location: here });
    expect(r.status).toBe(200);
    expect(r.body.list).toMatchObject({
      Name: 'Head office',
      Location: here,
      Type: 'normal',
      MainDevice: null,
      LogoPath: null,
    });
    expect(typeof r.body.list._id).toBe('string');
    const all = await call(token, 'GET', '/v1/network/getAllNetworks');
    expect(all.body).toMatchObject({ count: 1, list: [{ _id: r.body.list._id, Name: 'Head office' }] });
  });

  it('requires a name and a location, each mistake with its code, and changes nothing', async () => {
    const { token } = await signIn('acme');
    const cases: [object, number][] = [
      [{ Location: here }, ErrorCode.NetworkNameRequired],
      [{ Name: '   ', Location: here }, ErrorCode.NetworkNameRequired],
      [{ Name: 'x'.repeat(33), Location: here }, ErrorCode.NetworkNameTooLong],
      [{ Name: 'bad\u0007name', Location: here }, ErrorCode.NetworkNameInvalid],
      [{ Name: 'Site' }, ErrorCode.NetworkLocationRequired],
      [{ Name: 'Site', Location: null }, ErrorCode.NetworkLocationRequired],
      [{ Name: 'Site', Location: { longitude: 116 } }, ErrorCode.NetworkLocationRequired],
      [{ Name: 'Site', Location: { longitude: 181, latitude: 0 } }, ErrorCode.NetworkLocationInvalid],
      [{ Name: 'Site', Location: { longitude: 0, latitude: -90.5 } }, ErrorCode.NetworkLocationInvalid],
    ];
    for (const [body, code] of cases) {
      const r = await create(token, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const wrongType = await create(token, { Name: 'Site', Location: { longitude: '116', latitude: 39 } });
    expect(wrongType.body.code).toBe(ErrorCode.ValidationFailed);
    expect((await call(token, 'GET', '/v1/network/getAllNetworks')).body.count).toBe(0);
  });

  it('keeps names unique in a tenant regardless of case, not across tenants', async () => {
    const { token: a } = await signIn('acme');
    const { token: b } = await signIn('bolt');
    await network(a, 'Warehouse');
    const again = await create(a, { Name: 'WAREHOUSE', Location: here });
    expect([again.status, again.body.code]).toEqual([409, ErrorCode.NetworkNameExists]);
    const zh = await call(a, 'POST', '/v1/network/createNet', { Name: 'warehouse', Location: here }, 'zh');
    expect(zh.body.message).toBe('已存在同名网络');
    await network(b, 'Warehouse');
  });

  it('is a tenant’s: the administrator has no tenant to create it in', async () => {
    const root = await admin();
    expect((await create(root, { Name: 'Lab', Location: here })).body.code).toBe(ErrorCode.NoAccessRights);
  });
});

describe('PUT /v1/network/updateNetInfo', () => {
  it('renames and moves a network, with the same rules as creating it', async () => {
    const { token } = await signIn('acme');
    const lab = await network(token, 'Lab');
    await network(token, 'Depot');
    const moved = { longitude: 121.47, latitude: 31.23, address: '' };
    const r = await call(token, 'PUT', '/v1/network/updateNetInfo', {
      _id: lab._id,
      Name: 'Lab 2',
      Location: moved,
    });
    expect(r.body.list).toMatchObject({ _id: lab._id, Name: 'Lab 2', Location: moved });
    const clash = await call(token, 'PUT', '/v1/network/updateNetInfo', { _id: lab._id, Name: 'depot' });
    expect(clash.body.code).toBe(ErrorCode.NetworkNameExists);
    // Its own name in another case is no clash.
    const recased = await call(token, 'PUT', '/v1/network/updateNetInfo', { _id: lab._id, Name: 'LAB 2' });
    expect(recased.body.list.Name).toBe('LAB 2');
    const empty = await call(token, 'PUT', '/v1/network/updateNetInfo', { _id: lab._id });
    expect(empty.body.code).toBe(ErrorCode.NetworkNothingToUpdate);
    const bad = await call(token, 'PUT', '/v1/network/updateNetInfo', {
      _id: lab._id,
      Location: { latitude: 1 },
    });
    expect(bad.body.code).toBe(ErrorCode.NetworkLocationRequired);
  });
});

describe('a network’s time zone (firmware maintenance windows)', () => {
  const update = (token: string, body: object, lang?: 'en' | 'zh') =>
    call(token, 'PUT', '/v1/network/updateNetInfo', body, lang);
  const read = async (token: string, id: string) =>
    ((await call(token, 'GET', '/v1/network/getAllNetworks')).body.list as NetworkItem[]).find(
      (n) => n._id === id,
    );

  it('is saved and read back; absent or null is the server’s zone', async () => {
    const { token } = await signIn('acme');
    const r = await create(token, { Name: 'Shanghai', Location: here, TimeZone: 'Asia/Shanghai' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.list.TimeZone).toBe('Asia/Shanghai');
    expect((await read(token, r.body.list._id))?.TimeZone).toBe('Asia/Shanghai');
    const page = await call(token, 'GET', '/v1/network/getAll');
    expect(page.body.list[0]).toMatchObject({ _id: r.body.list._id, TimeZone: 'Asia/Shanghai' });
    const plain = await network(token, 'No zone');
    expect(plain.TimeZone).toBeNull();

    // Intl's spelling is kept, whatever the case the caller wrote.
    const moved = await update(token, { _id: plain._id, TimeZone: 'europe/berlin' });
    expect(moved.body.list).toMatchObject({ Name: 'No zone', TimeZone: 'Europe/Berlin' });
    expect((await read(token, plain._id))?.TimeZone).toBe('Europe/Berlin');
    // Another change leaves the zone as it is; null sets it back to the server's.
    await update(token, { _id: plain._id, Name: 'Berlin' });
    expect((await read(token, plain._id))?.TimeZone).toBe('Europe/Berlin');
    const cleared = await update(token, { _id: plain._id, TimeZone: null });
    expect(cleared.body.list.TimeZone).toBeNull();
    const log = await call(token, 'GET', `/v1/dashboard/getNetlog?_id=${plain._id}`);
    expect(log.body.list.map((e: { Text: string }) => e.Text)).toEqual(
      expect.arrayContaining([
        'Time zone of No zone set to Europe/Berlin',
        "Time zone of Berlin set to the server's",
      ]),
    );
  });

  it('refuses a zone Intl does not know with 13050, in both languages, and changes nothing', async () => {
    const { token } = await signIn('acme');
    for (const TimeZone of ['Mars/Olympus', 'Asia/Shanghai ', '', 'x'.repeat(65), 'UTC+8']) {
      const r = await create(token, { Name: 'Site', Location: here, TimeZone });
      expect([r.status, r.body.code], TimeZone).toEqual([400, ErrorCode.NetworkTimeZoneInvalid]);
    }
    expect((await call(token, 'GET', '/v1/network/getAllNetworks')).body.count).toBe(0);
    const site = await create(token, { Name: 'Site', Location: here, TimeZone: 'Asia/Tokyo' });
    const id = site.body.list._id as string;
    const bad = await update(token, { _id: id, Name: 'Renamed', TimeZone: 'Mars/Olympus' });
    expect([bad.status, bad.body.code]).toEqual([400, ErrorCode.NetworkTimeZoneInvalid]);
    expect(bad.body.message).toBe('Unknown time zone for the network');
    const zh = await update(token, { _id: id, TimeZone: 'Mars/Olympus' }, 'zh');
    expect(zh.body.message).toBe('网络的时区无效');
    expect((await update(token, { _id: id, TimeZone: 8 })).body.code).toBe(ErrorCode.ValidationFailed);
    expect(await read(token, id)).toMatchObject({ Name: 'Site', TimeZone: 'Asia/Tokyo' });
  });

  it('is the network’s tenant’s only, in the store as through the API', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const siteA = await create(a.token, { Name: 'A', Location: here, TimeZone: 'Asia/Shanghai' });
    const siteB = await create(b.token, { Name: 'B', Location: here, TimeZone: 'America/New_York' });
    const idA = siteA.body.list._id as string;
    const idB = siteB.body.list._id as string;
    expect((await update(b.token, { _id: idA, TimeZone: 'UTC' })).body.code).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
    expect((await read(a.token, idA))?.TimeZone).toBe('Asia/Shanghai');
    // The firmware upgrades read zones through this, with the caller's scope.
    const zones = (tenantId: string) => h.services.networks.timeZones({ tenantId, admin: false }, [idA, idB]);
    expect([...(await zones(b.tenant.id))]).toEqual([[idB, 'America/New_York']]);
    expect([...(await zones(a.tenant.id))]).toEqual([[idA, 'Asia/Shanghai']]);
    const all = await h.services.networks.timeZones({ tenantId: null, admin: true }, [idA, idB]);
    expect(Object.fromEntries(all)).toEqual({ [idA]: 'Asia/Shanghai', [idB]: 'America/New_York' });
  });
});

describe('PUT /v1/device/netlist', () => {
  it('takes a main device (router or switch) first, then others', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const router = await device(token, 1, 4);
    const ap = await device(token, 2, 2);
    const sw = await device(token, 3, 3);
    // No main device yet: others are refused.
    expect((await netlist(token, { Parent: site._id, devices: [ap._id] })).body.code).toBe(
      ErrorCode.MainDeviceRequired,
    );
    // An AP cannot be the main device.
    expect((await netlist(token, { Parent: site._id, devices: [], Main: ap._id })).body.code).toBe(
      ErrorCode.MainDeviceTypeInvalid,
    );
    const r = await netlist(token, { Parent: site._id, devices: [ap._id], Main: router._id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.list).toMatchObject({ ok: 1, Parent: site._id });
    expect((await netlist(token, { Parent: site._id, devices: [sw._id] })).status).toBe(200);
    // A second main device is refused.
    expect((await netlist(token, { Parent: site._id, devices: [], Main: sw._id })).body.code).toBe(
      ErrorCode.MainDeviceAlreadySet,
    );
    const inSite = await devices(token, `?Parent=${site._id}`);
    expect(inSite.map((d) => [d.SN, d.IsMain]).sort()).toEqual(
      [
        [router.SN, true],
        [ap.SN, false],
        [sw.SN, false],
      ].sort(),
    );
    const all = await call(token, 'GET', '/v1/network/getAllNetworks');
    expect(all.body.list[0].MainDevice).toBe(router._id);
  });

  it('moves a device only out of its network first, and back to none with Parent null', async () => {
    const { token } = await signIn('acme');
    const one = await network(token, 'One');
    const two = await network(token, 'Two');
    const r1 = await device(token, 1, 4);
    const r2 = await device(token, 2, 4);
    await netlist(token, { Parent: one._id, devices: [], Main: r1._id });
    await netlist(token, { Parent: two._id, devices: [], Main: r2._id });
    expect((await netlist(token, { Parent: two._id, devices: [r1._id] })).body.code).toBe(
      ErrorCode.DeviceInOtherNetwork,
    );
    expect((await netlist(token, { Parent: null, devices: [r1._id] })).status).toBe(200);
    const back = await devices(token, '?Parent=null');
    expect(back.map((d) => [d.SN, d.Parent, d.IsMain])).toEqual([[r1.SN, null, false]]);
    const after = (await call(token, 'GET', '/v1/network/getAllNetworks')).body.list as NetworkItem[];
    expect(after.map((n) => [n.Name, n.MainDevice]).sort()).toEqual([
      ['One', null],
      ['Two', r2._id],
    ]);
  });

  it('answers unknown devices and networks with their codes', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const r = await device(token, 1, 4);
    expect((await netlist(token, { Parent: site._id, devices: ['nope'], Main: r._id })).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    expect((await netlist(token, { Parent: 'nope', devices: [], Main: r._id })).body.code).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
    expect((await netlist(token, { Parent: site._id, devices: 'x' })).body.code).toBe(
      ErrorCode.ValidationFailed,
    );
  });
});

describe('POST /v1/dashboard/addDevToNet (the wizard)', () => {
  const addDev = (token: string, body: object) => call(token, 'POST', '/v1/dashboard/addDevToNet', body);

  it('makes the gateway the main device', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const gw = await device(token, 1, 4);
    const sw = await device(token, 2, 3);
    const ap = await device(token, 3, 2);
    const r = await addDev(token, {
      _id: site._id,
      gateWayList: [gw._id],
      switchList: [sw._id],
      apList: [ap._id],
    });
    expect(r.body.list).toEqual({ ok: 1, _id: site._id, Main: gw._id, devices: [gw._id, sw._id, ap._id] });
    const inSite = await devices(token, `?Parent=${site._id}`);
    expect(inSite.filter((d) => d.IsMain).map((d) => d.SN)).toEqual([gw.SN]);
  });

  it('takes the switch chosen in step 3 as the main device without a gateway', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const sw1 = await device(token, 1, 3);
    const sw2 = await device(token, 2, 3);
    const ap = await device(token, 3, 2);
    const noMain = await addDev(token, { _id: site._id, switchList: [sw1._id, sw2._id], apList: [ap._id] });
    expect(noMain.body.code).toBe(ErrorCode.MainDeviceRequired);
    const r = await addDev(token, {
      _id: site._id,
      switchList: [sw1._id, sw2._id],
      mainList: [sw2._id],
      apList: [ap._id],
    });
    expect(r.body.list).toMatchObject({ ok: 1, Main: sw2._id });
    expect((await devices(token, `?Parent=${site._id}`)).length).toBe(3);
  });

  it('accepts nothing chosen, leaving the network without a main device', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const r = await addDev(token, { _id: site._id });
    expect(r.body.list).toEqual({ ok: 1, _id: site._id, Main: null, devices: [] });
  });

  it('refuses devices in the wrong list and a main device that is not chosen', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const gw = await device(token, 1, 4);
    const sw = await device(token, 2, 3);
    const ap = await device(token, 3, 2);
    const cases: [object, number][] = [
      [{ gateWayList: [ap._id] }, ErrorCode.DeviceTypeInvalid],
      [{ switchList: [gw._id], mainList: [gw._id] }, ErrorCode.DeviceTypeInvalid],
      [{ apList: [sw._id], gateWayList: [gw._id] }, ErrorCode.DeviceTypeInvalid],
      [{ gateWayList: [gw._id], mainList: [sw._id], switchList: [sw._id] }, ErrorCode.MainDeviceAlreadySet],
      [{ switchList: [sw._id], mainList: [ap._id] }, ErrorCode.MainDeviceTypeInvalid],
      [{ gateWayList: [gw._id, sw._id] }, ErrorCode.ValidationFailed],
      [{ gateWayList: ['nope'] }, ErrorCode.DeviceNotExist],
    ];
    for (const [body, code] of cases) {
      expect((await addDev(token, { _id: site._id, ...body })).body.code, JSON.stringify(body)).toBe(code);
    }
    expect((await devices(token, '?Parent=null')).length).toBe(3);
  });
});

describe('DELETE /v1/network/delNet', () => {
  it('removes the network and returns its devices to no network', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const r = await device(token, 1, 4);
    const ap = await device(token, 2, 2);
    await netlist(token, { Parent: site._id, devices: [ap._id], Main: r._id });
    const del = await call(token, 'DELETE', '/v1/network/delNet', { _id: site._id });
    expect(del.body.list).toEqual({ ok: 1, _id: site._id, Released: 2 });
    expect((await call(token, 'GET', '/v1/network/getAllNetworks')).body.count).toBe(0);
    const freed = await devices(token, '?Parent=null');
    expect(freed.map((d) => [d.SN, d.IsMain]).sort()).toEqual(
      [
        [r.SN, false],
        [ap.SN, false],
      ].sort(),
    );
    expect((await call(token, 'DELETE', '/v1/network/delNet', { _id: site._id })).body.code).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
  });
});

describe('GET /v1/network/getAll and getAPLocation', () => {
  it('pages networks with their devices per type, searchable by name', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Alpha site');
    await network(token, 'Beta site');
    await network(token, 'Gamma');
    const r = await device(token, 1, 4);
    const ap1 = await device(token, 2, 2);
    const ap2 = await device(token, 3, 2);
    await netlist(token, { Parent: site._id, devices: [ap1._id, ap2._id], Main: r._id });
    const page = await call(token, 'GET', '/v1/network/getAll?limit=2&sort=Name');
    expect(page.body).toMatchObject({ count: 3, limit: 2, page: 1, sort: 'Name' });
    const first = page.body.list[0] as NetworkSummary;
    expect(first).toMatchObject({
      Name: 'Alpha site',
      acid: site._id,
      netName: 'Alpha site',
      netStatus: 'Offline',
      location: here,
      OnlineUsers: 0,
      MainDevice: r._id,
      APs: { Total: 2, Online: 0 },
      Routers: { Total: 1, Online: 0 },
      Switches: { Total: 0, Online: 0 },
    });
    expect(page.body.list[1]).toMatchObject({ Name: 'Beta site', netStatus: 'Empty' });
    const found = await call(token, 'GET', '/v1/network/getAll?search=SITE&sort=Name');
    expect(found.body.list.map((n: NetworkSummary) => n.Name)).toEqual(['Alpha site', 'Beta site']);
    // A literal %: nothing matches.
    expect((await call(token, 'GET', '/v1/network/getAll?search=%25')).body.count).toBe(0);
  });

  it('places APs at their network’s location', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const r = await device(token, 1, 4);
    const ap1 = await device(token, 2, 2);
    const ap2 = await device(token, 3, 2);
    await netlist(token, { Parent: site._id, devices: [ap1._id], Main: r._id });
    const all = await call(token, 'GET', '/v1/device/getAPLocation');
    expect(all.body.count).toBe(2);
    expect(all.body.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ SN: ap1.SN, NetName: 'Site', Location: here }),
        expect.objectContaining({ SN: ap2.SN, NetName: null, Location: null }),
      ]),
    );
    const one = await call(token, 'GET', `/v1/device/getAPLocation?Parent=${site._id}`);
    expect(one.body.list.map((d: { SN: string }) => d.SN)).toEqual([ap1.SN]);
  });
});

describe('the network log', () => {
  it('tells what happened in the network, newest first, in the reader’s language; entries can be removed', async () => {
    const { token } = await signIn('acme');
    const site = await network(token, 'Site');
    const r = await device(token, 1, 4);
    const ap = await device(token, 2, 2);
    h.clock.advance(1000);
    await netlist(token, { Parent: site._id, devices: [ap._id], Main: r._id });
    h.clock.advance(1000);
    await call(token, 'PUT', '/v1/network/updateNetInfo', { _id: site._id, Name: 'Site 2' });
    h.clock.advance(1000);
    await netlist(token, { Parent: null, devices: [ap._id] });
    const log = await call(token, 'GET', `/v1/dashboard/getNetlog?_id=${site._id}`);
    expect(log.body.list.map((e: { Text: string }) => e.Text)).toEqual([
      `1 devices left: ${ap.SN}`,
      'Network renamed or moved: Site 2',
      `2 devices joined: ${r.SN}, ${ap.SN}`,
      'Network Site created',
    ]);
    const zh = await call(token, 'GET', `/v1/dashboard/getNetlog?_id=${site._id}&limit=1`, undefined, 'zh');
    expect(zh.body).toMatchObject({
      count: 4,
      list: [{ Text: `1 台设备离开：${ap.SN}`, Code: 'devices_left' }],
    });
    const one = await call(token, 'DELETE', '/v1/dashboard/delNetlog', { _id: zh.body.list[0]._id });
    expect(one.body).toEqual({ list: { ok: 1, count: 1 } });
    expect(
      (await call(token, 'DELETE', '/v1/dashboard/delNetlog', { _id: zh.body.list[0]._id })).status,
    ).toBe(404);
    expect((await call(token, 'DELETE', '/v1/dashboard/delNetlog', {})).body.code).toBe(
      ErrorCode.ValidationFailed,
    );
    const all = await call(token, 'DELETE', '/v1/dashboard/delNetlog', { Network: site._id });
    expect(all.body).toEqual({ list: { ok: 1, count: 3 } });
    expect((await call(token, 'GET', `/v1/dashboard/getNetlog?_id=${site._id}`)).body.count).toBe(0);
    // A removed network's log goes with it.
    await call(token, 'PUT', '/v1/network/updateNetInfo', { _id: site._id, Name: 'Site 3' });
    await call(token, 'DELETE', '/v1/network/delNet', { _id: site._id });
    expect(await h.store.db.selectFrom('network_logs').selectAll().execute()).toEqual([]);
  });

  it('is the network’s tenant’s only', async () => {
    const { token: a } = await signIn('acme');
    const { token: b } = await signIn('bolt');
    const site = await network(a, 'Site');
    const [entry] = (await call(a, 'GET', `/v1/dashboard/getNetlog?_id=${site._id}`)).body.list;
    const missing = ErrorCode.TargetNetworkNotExist;
    expect((await call(b, 'GET', `/v1/dashboard/getNetlog?_id=${site._id}`)).body.code).toBe(missing);
    expect((await call(b, 'DELETE', '/v1/dashboard/delNetlog', { Network: site._id })).body.code).toBe(
      missing,
    );
    expect((await call(b, 'DELETE', '/v1/dashboard/delNetlog', { _id: entry._id })).status).toBe(404);
    expect((await call(a, 'GET', `/v1/dashboard/getNetlog?_id=${site._id}`)).body.count).toBe(1);
  });
});

describe('tenant isolation', () => {
  it('keeps another tenant’s networks and devices out of reach; the administrator reads all', async () => {
    const { token: a } = await signIn('acme');
    const { token: b } = await signIn('bolt');
    const root = await admin();
    const siteA = await network(a, 'A site');
    const routerA = await device(a, 1, 4);
    const siteB = await network(b, 'B site');
    const routerB = await device(b, 2, 4);
    const missing = ErrorCode.TargetNetworkNotExist;
    expect((await call(b, 'PUT', '/v1/network/updateNetInfo', { _id: siteA._id, Name: 'x' })).body.code).toBe(
      missing,
    );
    expect((await call(b, 'DELETE', '/v1/network/delNet', { _id: siteA._id })).body.code).toBe(missing);
    expect((await netlist(b, { Parent: siteA._id, devices: [], Main: routerB._id })).body.code).toBe(missing);
    expect((await netlist(b, { Parent: siteB._id, devices: [], Main: routerA._id })).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    expect((await call(b, 'GET', `/v1/device/getAPLocation?Parent=${siteA._id}`)).body.code).toBe(missing);
    const wizard = (body: object) => call(b, 'POST', '/v1/dashboard/addDevToNet', body);
    expect((await wizard({ _id: siteA._id, gateWayList: [routerB._id] })).body.code).toBe(missing);
    expect((await wizard({ _id: siteB._id, gateWayList: [routerA._id] })).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    expect(
      (await call(b, 'GET', '/v1/network/getAllNetworks')).body.list.map((n: NetworkItem) => n.Name),
    ).toEqual(['B site']);
    expect((await call(b, 'GET', '/v1/network/getAll')).body.count).toBe(1);
    const everyone = await call(root, 'GET', '/v1/network/getAllNetworks');
    expect(everyone.body.list.map((n: NetworkItem) => n.Name).sort()).toEqual(['A site', 'B site']);
    // The administrator cannot put one tenant's device into another tenant's network.
    expect((await netlist(root, { Parent: siteB._id, devices: [], Main: routerA._id })).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    expect((await call(a, 'GET', '/v1/network/getAllNetworks')).body.count).toBe(1);
  });
});
