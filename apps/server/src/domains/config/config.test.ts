/**
 * The configuration profiles through HTTP (spec §7 CONFIG): every call, the rules of spec §5 each
 * refused with its 14xxx code in both languages, versions kept on every change and on removal,
 * and tenants kept apart.
 */
import { verify } from 'unixcrypt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyConfigCommand,
  ErrorCode,
  errorText,
  type ConfigItem,
  type DeviceItem,
} from '@netconsole/contract';
import { apiCaller, login, startHarness, type Harness, type Method } from '../../test/harness.ts';
import { randomMac, randomToken } from '../../test/devices.ts';
import { DEMO_TENANT, seedDemo } from '../../demo.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { call, signIn } = apiCaller(() => h);

const office = {
  SSID: 'Office',
  Bands: ['2.4', '5'],
  Encryption: 'wpa2',
  Key: 'correct-horse-42',
  KeyUpdateInterval: 3600,
  VLAN: 10,
  Bandwidth: { Up: '512K', Down: '3M' },
};
const guest = { SSID: 'Guest', Encryption: 'open', Portal: true, Isolation: true };

function apProfile(extra: Record<string, unknown> = {}) {
  return {
    Name: 'Head office',
    Description: 'Two SSIDs',
    Type: 2,
    CycleTime: 30,
    IPMode: 'static',
    IP: '192.168.1.20',
    NetMask: '255.255.255.0',
    GateWay: '192.168.1.1',
    DNS1: '192.168.1.1',
    Radios: [{ Band: '2.4', Width: 20 }],
    Groups: [office, guest],
    ...extra,
  };
}

type Item = { list: ConfigItem };

describe('configuration profiles', () => {
  it('creates, reads, lists, changes and removes a profile, keeping every version', async () => {
    const { tenant, token } = await signIn('acme');
    const created = await call<Item>(token, 'POST', '/v1/config/add', apProfile());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const p = created.body.list;
    expect(p).toMatchObject({
      Name: 'Head office',
      Type: 2,
      Source: 'settings',
      CycleTime: 30,
      Revision: 1,
      Controller: null,
      Tenant: tenant.id,
      Admin: null,
      Pppoe: null,
    });
    // Stored as the form's output: the group name defaults to the SSID, an open group has no key.
    expect(p.Groups.map((g) => [g.Name, g.Key, g.Bandwidth])).toEqual([
      ['Office', 'correct-horse-42', { Up: '512K', Down: '3M' }],
      ['Guest', null, null],
    ]);

    expect((await call<Item>(token, 'GET', `/v1/config/detail?_id=${p._id}`)).body.list).toEqual(p);
    await call(token, 'POST', '/v1/config/add', { Name: 'Core', Type: 3, Ports: [{ Port: 1, PVID: 1 }] });
    const aps = await call<{ list: ConfigItem[]; count: number }>(token, 'GET', '/v1/config/get?Type=2');
    expect([aps.body.count, aps.body.list.map((x) => x.Name)]).toEqual([1, ['Head office']]);
    const byText = await call<{ count: number }>(token, 'GET', '/v1/config/get?search=two%20ssid');
    expect(byText.body.count).toBe(1);
    const all = await call<{ list: { Name: string; Revision: number }[] }>(
      token,
      'GET',
      '/v1/config/getAllConfig',
    );
    expect(all.body.list.map((x) => x.Name).sort()).toEqual(['Core', 'Head office']);

    h.clock.advance(60_000);
    const changed = await call<Item>(token, 'PUT', '/v1/config/update', {
      ...apProfile({ Name: 'HQ', CycleTime: 60 }),
      _id: p._id,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.list).toMatchObject({
      Name: 'HQ',
      CycleTime: 60,
      Revision: 2,
      UpdateTime: h.clock.now,
    });
    // Saving the same profile again changes nothing, and makes no version.
    const same = await call<Item>(token, 'PUT', '/v1/config/update', {
      ...apProfile({ Name: 'HQ', CycleTime: 60 }),
      _id: p._id,
    });
    expect(same.body.list.Revision).toBe(2);

    const removed = await call(token, 'DELETE', '/v1/config/deleteConfig', { _id: p._id });
    expect(removed.body).toEqual({ list: { ok: 1, _id: p._id } });
    const gone = await call(token, 'GET', `/v1/config/detail?_id=${p._id}`);
    expect([gone.status, gone.body.code]).toEqual([404, ErrorCode.ConfigNotExist]);

    const versions = await h.services.configs.versions({ tenantId: tenant.id, admin: false }, p._id);
    expect(versions.map((v) => [v.revision, v.action, v.name, JSON.parse(v.changes)])).toEqual([
      [3, 'deleted', 'HQ', []],
      [2, 'updated', 'HQ', ['Name', 'CycleTime']],
      [1, 'created', 'Head office', []],
    ]);
    expect(versions.every((v) => v.user_name === 'acmeown')).toBe(true);
    // The removal may also be asked with the _id in the query.
    const core = all.body.list.find((x) => x.Name === 'Core') as unknown as { _id: string };
    // A profile's device type is its for good.
    const retyped = await call(token, 'PUT', '/v1/config/update', { _id: core._id, Name: 'Core', Type: 4 });
    expect(retyped.body.code).toBe(ErrorCode.ConfigTypeInvalid);
    const byQuery = await call(token, 'DELETE', `/v1/config/deleteConfig?_id=${core._id}`);
    expect(byQuery.status, JSON.stringify(byQuery.body)).toBe(200);
  });

  it('refuses each broken rule of spec §5 with its code, in English and Chinese', async () => {
    const { token } = await signIn('acme');
    const group = (g: Record<string, unknown>) => apProfile({ Groups: [{ ...office, ...g }] });
    const cases: [string, object, number][] = [
      ['no name', apProfile({ Name: '  ' }), ErrorCode.ConfigNameRequired],
      ['report timer 5 s', apProfile({ CycleTime: 5 }), ErrorCode.CycleTimeInvalid],
      ['report timer 121 s', apProfile({ CycleTime: 121 }), ErrorCode.CycleTimeInvalid],
      ['bad IP', apProfile({ IP: '192.168.1.300' }), ErrorCode.ConfigIpFormat],
      ['bad mask', apProfile({ NetMask: '255.0.255.0' }), ErrorCode.ConfigMaskFormat],
      ['bad gateway', apProfile({ GateWay: '192.168.2.1' }), ErrorCode.ConfigGatewayFormat],
      ['bad DNS', apProfile({ DNS1: '8.8.8' }), ErrorCode.ConfigDnsFormat],
      ['no SSID', group({ SSID: '' }), ErrorCode.SsidRequired],
      ['VLAN 1', group({ VLAN: 1 }), ErrorCode.VlanInvalid],
      ['VLAN 4095', group({ VLAN: 4095 }), ErrorCode.VlanInvalid],
      ['PSK of 7', group({ Key: '1234567' }), ErrorCode.PresharedKeyInvalid],
      ['PSK of 64', group({ Key: 'k'.repeat(64) }), ErrorCode.PresharedKeyInvalid],
      ['WEP of 6', group({ Encryption: 'wep', Key: 'abcdef' }), ErrorCode.WepKeyInvalid],
      ['WEP hex of 11', group({ Encryption: 'wep', Key: '0123456789a' }), ErrorCode.WepKeyInvalid],
      ['rekey 0', group({ KeyUpdateInterval: 0 }), ErrorCode.KeyUpdateIntervalInvalid],
      ['bandwidth 3X', group({ Bandwidth: { Up: '3X' } }), ErrorCode.BandwidthInvalid],
      ['no group', apProfile({ Groups: [] }), ErrorCode.WirelessGroupRequired],
      ['SSID twice', apProfile({ Groups: [office, { ...guest, SSID: 'Office', Name: 'Other' }] }), 14009],
      ['name twice', apProfile({ Groups: [office, { ...guest, Name: 'Office' }] }), 14007],
      [
        'nine groups',
        apProfile({ Groups: Array.from({ length: 9 }, (_, i) => ({ ...guest, SSID: `Guest ${i}` })) }),
        ErrorCode.WirelessGroupLimit,
      ],
    ];
    for (const [what, body, code] of cases) {
      const en = await call(token, 'POST', '/v1/config/add', body);
      expect([what, en.status >= 400, en.body.code]).toEqual([what, true, code]);
      expect(en.body.message, what).toBe(errorText(code, 'en'));
      const zh = await call(token, 'POST', '/v1/config/add', body, 'zh');
      expect([what, zh.body.code, zh.body.message]).toEqual([what, code, errorText(code, 'zh')]);
    }
    // The edges themselves pass: VLAN 2 and 4094, PSK of 8 and 63, WEP of 13 ASCII and 26 hex.
    const edges = [
      { VLAN: 2, Key: '12345678' },
      { VLAN: 4094, Key: 'k'.repeat(63) },
      { Encryption: 'wep', Key: 'abcdefghijklm' },
      { Encryption: 'wep', Key: '0123456789abcdef0123456789' },
    ];
    for (const [i, g] of edges.entries()) {
      const ok = await call(token, 'POST', '/v1/config/add', { ...group(g), Name: `Edge ${i}` });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    }
    // Names are unique per tenant and device type whatever their case; a switch may share one.
    const twice = await call(token, 'POST', '/v1/config/add', { ...group({}), Name: 'EDGE 0' });
    expect([twice.status, twice.body.code]).toEqual([409, ErrorCode.ConfigNameExists]);
    const sw = await call(token, 'POST', '/v1/config/add', { Name: 'edge 0', Type: 3 });
    expect(sw.status, JSON.stringify(sw.body)).toBe(200);
    // A wireless section on a switch profile is refused, not dropped.
    const wrong = await call(token, 'POST', '/v1/config/add', { Name: 'Wrong', Type: 3, Groups: [office] });
    expect(wrong.body.code).toBe(ErrorCode.ConfigSectionNotForType);
    // The local administrator's password is kept only as its SHA-512 crypt hash, and never answered.
    const admin = await call<Item>(token, 'POST', '/v1/config/add', {
      ...group({}),
      Name: 'With admin',
      Admin: { Username: 'admin', Password: 'abc12345' },
    });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body.list.Admin).toEqual({ Username: 'admin', PasswordSet: true });
    expect(JSON.stringify(admin.body)).not.toMatch(/abc12345|\$6\$/);
    const stored = await h.store.db
      .selectFrom('config_profiles')
      .select('body')
      .where('id', '=', admin.body.list._id)
      .executeTakeFirstOrThrow();
    const hash = (JSON.parse(stored.body) as { Admin: { PasswordHash: string } }).Admin.PasswordHash;
    expect(hash).toMatch(/^\$6\$[./0-9A-Za-z]{16}\$[./0-9A-Za-z]{86}$/);
    expect(verify('abc12345', hash)).toBe(true);
    expect(stored.body).not.toContain('abc12345');
    // An update without a password keeps the hash; another account name needs one (14041).
    const base = { ...group({}), _id: admin.body.list._id, Name: 'With admin' };
    const kept = await call<Item>(token, 'PUT', '/v1/config/update', {
      ...base,
      Admin: { Username: 'admin' },
    });
    expect(kept.body.list.Admin).toEqual({ Username: 'admin', PasswordSet: true });
    const renamed = await call(token, 'PUT', '/v1/config/update', { ...base, Admin: { Username: 'root' } });
    expect(renamed.body.code).toBe(ErrorCode.AdminPasswordInvalid);
    expect((await call<{ count: number }>(token, 'GET', '/v1/config/get?limit=50')).body.count).toBe(6);
  });

  it('adds, replaces and removes wireless groups, each a new version, with the profile-wide rules', async () => {
    const { tenant, token } = await signIn('acme');
    const p = (await call<Item>(token, 'POST', '/v1/config/add', apProfile({ Groups: [office] }))).body.list;
    const add = (Group: object, Replace?: string) =>
      call<Item>(token, 'POST', '/v1/config/add/groups', {
        _id: p._id,
        Group,
        ...(Replace ? { Replace } : {}),
      });
    const added = await add(guest);
    expect(added.body.list).toMatchObject({ Revision: 2 });
    expect(added.body.list.Groups.map((g) => g.SSID)).toEqual(['Office', 'Guest']);
    expect((await add({ ...guest, Name: 'Again' })).body.code).toBe(ErrorCode.SsidDuplicated);
    expect((await add({ ...guest, SSID: 'Other', Name: 'Guest' })).body.code).toBe(
      ErrorCode.WirelessGroupNameDuplicated,
    );
    expect((await add({ ...guest, SSID: 'Other', VLAN: 5000 })).body.code).toBe(ErrorCode.VlanInvalid);
    const replaced = await add({ ...guest, SSID: 'Visitors', Name: 'Guest' }, 'Guest');
    expect(replaced.body.list.Groups.map((g) => g.SSID)).toEqual(['Office', 'Visitors']);
    for (let i = 0; i < 6; i++) expect((await add({ ...guest, SSID: `Extra ${i}` })).status).toBe(200);
    expect((await add({ ...guest, SSID: 'Ninth' })).body.code).toBe(ErrorCode.WirelessGroupLimit);

    const ofProfile = await call<{ list: { Name: string; Profile: string }[]; count: number }>(
      token,
      'GET',
      `/v1/config/groups?_id=${p._id}`,
    );
    expect(ofProfile.body.count).toBe(8);
    const other = await call<Item>(token, 'POST', '/v1/config/add', {
      ...apProfile({ Groups: [{ ...guest, SSID: 'Shop' }] }),
      Name: 'Shop',
    });
    const search = await call<{ list: { SSID: string; ProfileName: string }[] }>(
      token,
      'GET',
      '/v1/config/groups?search=sho',
    );
    expect(search.body.list.map((g) => [g.SSID, g.ProfileName])).toEqual([['Shop', 'Shop']]);

    const del = (Names: string[]) =>
      call<Item>(token, 'DELETE', '/v1/config/del/groups', { _id: p._id, Names });
    const fewer = await del(['Extra 0', 'Extra 1']);
    expect(fewer.body.list.Groups).toHaveLength(6);
    expect((await del(['Nope'])).body.code).toBe(ErrorCode.ValidationFailed);
    const last = await call(token, 'DELETE', '/v1/config/del/groups', {
      _id: other.body.list._id,
      Names: ['Shop'],
    });
    expect(last.body.code).toBe(ErrorCode.WirelessGroupRequired);

    const versions = await h.services.configs.versions({ tenantId: tenant.id, admin: false }, p._id);
    expect(versions).toHaveLength(10);
    expect(versions[0]).toMatchObject({ revision: 10, action: 'updated', changes: '["Groups"]' });
  });

  it('gives a delivery the protocol’s configuration of a profile, inline or as a file', async () => {
    const { tenant, token } = await signIn('acme');
    const scope = { tenantId: tenant.id, admin: false };
    const ap = (await call<Item>(token, 'POST', '/v1/config/add', apProfile())).body.list;
    const inline = await h.services.configs.snapshot(scope, ap._id);
    expect(inline).toMatchObject({ id: ap._id, revision: 1, type: 2, source: 'settings', file: null });
    expect(applyConfigCommand.shape.source.parse({ type: 'inline', config: inline.config })).toBeTruthy();
    expect(inline.config!.network).toEqual({
      mode: 'static',
      ip: '192.168.1.20',
      mask: '255.255.255.0',
      gateway: '192.168.1.1',
      dns1: '192.168.1.1',
    });
    expect(inline.config!.wireless!.map((g) => [g.ssid, g.security, g.vlanId, g.rateLimit])).toEqual([
      ['Office', 'wpa2_psk', 10, { upKbps: 512, downKbps: 3000 }],
      ['Guest', 'open', null, null],
    ]);
    expect(inline.telemetry.statsIntervalS).toBe(30);

    // A file profile names an upload (files.test.ts); its MD5 and size are the server's.
    const tar = Buffer.alloc(1536);
    tar.write('ustar', 257, 'latin1');
    const up = await h.services.configFiles.upload(scope, 'core.tar', tar, false);
    const File = { Path: up.Path, MD5: up.MD5, Size: tar.length };
    const made = await call<Item>(token, 'POST', '/v1/config/add', {
      Name: 'Core file',
      Type: 3,
      Source: 'file',
      File,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.list).toMatchObject({ Source: 'file', File: { ...File, Format: 'uci_tar' } });
    const file = await h.services.configs.snapshot(scope, made.body.list._id);
    expect(file).toMatchObject({ source: 'file', config: null, file: { ...File, Format: 'uci_tar' } });
    const noFile = await call(token, 'POST', '/v1/config/add', { Name: 'No file', Type: 3, Source: 'file' });
    expect(noFile.body.code).toBe(ErrorCode.ConfigFileError);
    await expect(
      h.services.configs.snapshot({ tenantId: 'other', admin: false }, ap._id),
    ).rejects.toMatchObject({
      code: ErrorCode.ConfigNotExist,
    });
  });

  it('loses neither of two group additions made at once', async () => {
    const { tenant, token } = await signIn('acme');
    const p = (await call<Item>(token, 'POST', '/v1/config/add', apProfile({ Groups: [office] }))).body.list;
    const add = (SSID: string) =>
      call<Item>(token, 'POST', '/v1/config/add/groups', { _id: p._id, Group: { ...guest, SSID } });
    const [x, y] = await Promise.all([add('First'), add('Second')]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const now = (await call<Item>(token, 'GET', `/v1/config/detail?_id=${p._id}`)).body.list;
    expect([now.Revision, now.Groups.map((g) => g.SSID).sort()]).toEqual([3, ['First', 'Office', 'Second']]);
    const versions = await h.services.configs.versions({ tenantId: tenant.id, admin: false }, p._id);
    expect(versions.map((v) => v.revision)).toEqual([3, 2, 1]);
  });

  it('keeps the profiles of an access controller apart from the tenant’s own', async () => {
    const { token } = await signIn('acme');
    const device = async (Type: number) =>
      (
        await call<DeviceItem>(token, 'POST', '/v1/device/add', {
          SN: `CF${Type}${randomToken(10)}`,
          MAC: randomMac(),
          Type,
        })
      ).body;
    const ac = await device(1);
    const ap = await device(2);
    const body = { ...apProfile(), Controller: ac._id };
    const made = await call<Item>(token, 'POST', '/v1/config/add/ac', body);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.list).toMatchObject({ Controller: ac._id, Type: 2 });
    // An AP is no controller; a switch profile is no AC's.
    const notAc = await call(token, 'POST', '/v1/config/add/ac', { ...body, Name: 'X', Controller: ap._id });
    expect(notAc.body.code).toBe(ErrorCode.ConfigControllerRequired);
    const sw = await call(token, 'POST', '/v1/config/add/ac', { Name: 'X', Type: 3, Controller: ac._id });
    expect(sw.body.code).toBe(ErrorCode.ConfigTypeInvalid);
    // The same name as an AC's profile is free among the tenant's own.
    expect((await call(token, 'POST', '/v1/config/add', apProfile())).status).toBe(200);
    const own = await call<{ count: number }>(token, 'GET', '/v1/config/get');
    const ofAc = await call<{ count: number }>(token, 'GET', `/v1/config/get?Controller=${ac._id}`);
    expect([own.body.count, ofAc.body.count]).toEqual([1, 1]);

    const id = made.body.list._id;
    // update and deleteConfig do not reach an AC's profile; update/ac and del/ac do.
    expect((await call(token, 'PUT', '/v1/config/update', { ...apProfile(), _id: id })).body.code).toBe(
      ErrorCode.ConfigNotExist,
    );
    const changed = await call<Item>(token, 'PUT', '/v1/config/update/ac', {
      ...body,
      _id: id,
      CycleTime: 90,
    });
    expect(changed.body.list).toMatchObject({ CycleTime: 90, Revision: 2 });
    expect((await call(token, 'DELETE', '/v1/config/deleteConfig', { _id: id })).body.code).toBe(
      ErrorCode.ConfigNotExist,
    );
    expect((await call(token, 'DELETE', `/v1/config/del/ac/${id}`)).status).toBe(200);
  });

  it('keeps a router’s PPPoE password write-only, kept when an update leaves it out', async () => {
    const { tenant, token } = await signIn('acme');
    const router = {
      Name: 'Branch router',
      Type: 4,
      IPMode: 'pppoe',
      Pppoe: { Username: 'isp-user', Password: 'isp-secret' },
      Lan: {
        IP: '192.168.8.1',
        NetMask: '255.255.255.0',
        DhcpStart: '192.168.8.100',
        DhcpEnd: '192.168.8.200',
      },
    };
    const made = await call<Item>(token, 'POST', '/v1/config/add', router);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.list.Pppoe).toEqual({ Username: 'isp-user', PasswordSet: true });
    expect(JSON.stringify(made.body)).not.toContain('isp-secret');
    const id = made.body.list._id;
    const kept = await call<Item>(token, 'PUT', '/v1/config/update', {
      ...router,
      _id: id,
      Pppoe: { Username: 'isp-user-2' },
    });
    expect(kept.body.list).toMatchObject({
      Revision: 2,
      Pppoe: { Username: 'isp-user-2', PasswordSet: true },
    });
    const [latest] = await h.services.configs.versions({ tenantId: tenant.id, admin: false }, id);
    expect(JSON.parse(latest!.body).Pppoe).toEqual({ Username: 'isp-user-2', Password: 'isp-secret' });
  });

  it('keeps each tenant to its own profiles', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const mine = (await call<Item>(a.token, 'POST', '/v1/config/add', apProfile())).body.list;
    const refused = async (method: Method, url: string, payload?: object) => {
      const r = await call(b.token, method, url, payload);
      expect([url, r.body.code]).toEqual([url, ErrorCode.ConfigNotExist]);
    };
    await refused('GET', `/v1/config/detail?_id=${mine._id}`);
    await refused('GET', `/v1/config/groups?_id=${mine._id}`);
    await refused('PUT', '/v1/config/update', { ...apProfile({ Name: 'Stolen' }), _id: mine._id });
    await refused('POST', '/v1/config/add/groups', { _id: mine._id, Group: { ...guest, SSID: 'X' } });
    await refused('DELETE', '/v1/config/del/groups', { _id: mine._id, Names: ['Guest'] });
    await refused('DELETE', '/v1/config/deleteConfig', { _id: mine._id });
    expect((await call<{ count: number }>(b.token, 'GET', '/v1/config/get')).body.count).toBe(0);
    expect((await call<{ count: number }>(b.token, 'GET', '/v1/config/getAllConfig')).body.count).toBe(0);
    expect((await call<{ count: number }>(b.token, 'GET', '/v1/config/groups')).body.count).toBe(0);
    // The same name is free in another tenant.
    expect((await call(b.token, 'POST', '/v1/config/add', apProfile())).status).toBe(200);
    const still = await call<Item>(a.token, 'GET', `/v1/config/detail?_id=${mine._id}`);
    expect(still.body.list).toEqual(mine);
  });

  it('seeds two AP profiles, a switch and a router profile for the demo tenant, the office one changed once', async () => {
    expect(await seedDemo(h.store.db, h.services, h.clock.now)).toBe(true);
    const token = (await login(h, DEMO_TENANT.username, DEMO_TENANT.password)).body.Token as string;
    const all = await call<{ list: { Name: string; Type: number }[] }>(
      token,
      'GET',
      '/v1/config/getAllConfig',
    );
    expect(all.body.list.map((p) => [p.Type, p.Name]).sort()).toEqual([
      [2, 'Office Wi-Fi'],
      [2, 'Warehouse Wi-Fi'],
      [3, 'Access switch'],
      [4, 'Branch router'],
    ]);
    const office = all.body.list.find((p) => p.Name === 'Office Wi-Fi') as { _id: string } | undefined;
    const detail = await call<{ list: { Revision: number } }>(
      token,
      'GET',
      `/v1/config/detail?_id=${office!._id}`,
    );
    expect(detail.body.list.Revision).toBe(2);
  });
});
