/**
 * Configuration history through HTTP (docs/configuration.md, "History and restore"): the versions
 * of getConfigLog with who and what changed, one version's body without secrets, restore as a new
 * revision equal in content to the old one (the administrator's hash kept), restore with delivery
 * to the devices that have the profile assigned, the codes of a bad revision, range or removed
 * profile, and tenants kept apart.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type ConfigItem,
  type ConfigLogReply,
  type ConfigRestoreReply,
  type ConfigVersionReply,
  type DeliveryItem,
  type ListReply,
} from '@netconsole/contract';
import { apiCaller, deviceBus, login, startHarness, type Harness } from '../../test/harness.ts';
import { randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `CH${randomToken(4)}`;

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await h.close();
});

const { call, signIn } = apiCaller(() => h, { settle: true });

const office = { SSID: 'Office', Encryption: 'wpa2', Key: 'correct-horse-42', VLAN: 10 };

function apProfile(extra: Record<string, unknown> = {}) {
  return {
    Name: 'Head office',
    Type: 2,
    CycleTime: 30,
    IPMode: 'dhcp',
    Groups: [office],
    Admin: { Username: 'admin', Password: 'abc12345' },
    ...extra,
  };
}

async function create(token: string, extra: Record<string, unknown> = {}): Promise<ConfigItem> {
  const res = await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add', apProfile(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list;
}

async function update(token: string, id: string, extra: Record<string, unknown>): Promise<ConfigItem> {
  const body = { ...apProfile(extra), _id: id, Admin: { Username: 'admin' }, ...extra };
  const res = await call<{ list: ConfigItem }>(token, 'PUT', '/v1/config/update', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list;
}

async function log(token: string, query: string) {
  const res = await call<ConfigLogReply>(token, 'GET', `/v1/switch/getConfigLog?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function storedBody(id: string): Promise<string> {
  const row = await h.store.db
    .selectFrom('config_profiles')
    .select('body')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.body;
}

describe('configuration history', () => {
  it('lists versions with who and what changed, reads one without secrets, restores as a new revision', async () => {
    const { token } = await signIn('acme');
    const sub = (await login(h, 'acmesub')).body.Token;
    const p = await create(token);
    const hashAt1 = (JSON.parse(await storedBody(p._id)) as { Admin: { PasswordHash: string } }).Admin
      .PasswordHash;
    await update(token, p._id, { CycleTime: 60 });
    // A new administrator password: a new hash, so "password changed" between 2 and 3.
    await update(token, p._id, {
      CycleTime: 60,
      Groups: [{ ...office, VLAN: 20 }],
      Admin: { Username: 'admin', Password: 'other-pass-9' },
    });

    const all = await log(token, `_id=${p._id}`);
    expect(all.list.map((v) => [v.Revision, v.Action, v.Changes])).toEqual([
      [3, 'updated', ['Groups', 'Admin']],
      [2, 'updated', ['CycleTime']],
      [1, 'created', []],
    ]);
    expect(all.list[0]).toMatchObject({ User: 'acmeown', Current: true, Exists: true, Type: 2 });
    expect(all.Assigned).toBe(0);

    const v1 = await call<ConfigVersionReply>(token, 'GET', `/v1/config/version?_id=${p._id}&Revision=1`);
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    expect(v1.body.list.Body).toMatchObject({ CycleTime: 30, Groups: [{ SSID: 'Office', VLAN: 10 }] });
    expect(v1.body.list.Body.Admin).toEqual({ Username: 'admin', PasswordSet: true, PasswordSince: 1 });
    const v2 = await call<ConfigVersionReply>(token, 'GET', `/v1/config/version?_id=${p._id}&Revision=2`);
    const v3 = await call<ConfigVersionReply>(token, 'GET', `/v1/config/version?_id=${p._id}&Revision=3`);
    // Equal numbers: the same password; a new one from revision 3.
    expect(v2.body.list.Body.Admin?.PasswordSince).toBe(1);
    expect(v3.body.list.Body.Admin?.PasswordSince).toBe(3);
    expect(JSON.stringify([v1.body, v3.body])).not.toMatch(/\$6\$|abc12345|other-pass-9/);

    // The co-administrator restores revision 1: revision 4, equal in content, the old hash back.
    const restored = await call<ConfigRestoreReply>(sub, 'POST', '/v1/config/restore', {
      _id: p._id,
      Revision: 1,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ Changed: true, Delivery: null, Devices: 0, DeliveryCode: null });
    expect(restored.body.list).toMatchObject({ Revision: 4, CycleTime: 30, Groups: [{ VLAN: 10 }] });
    const body = JSON.parse(await storedBody(p._id)) as { Admin: { PasswordHash: string } };
    expect(body.Admin.PasswordHash).toBe(hashAt1);
    const versions = await h.store.db
      .selectFrom('config_versions')
      .selectAll()
      .where('profile_id', '=', p._id)
      .orderBy('revision')
      .execute();
    expect(versions.map((v) => v.revision)).toEqual([1, 2, 3, 4]);
    expect(versions[3]!.body).toBe(versions[0]!.body);
    expect([versions[3]!.name, versions[3]!.cycle_time]).toEqual([
      versions[0]!.name,
      versions[0]!.cycle_time,
    ]);
    const after = await log(token, `_id=${p._id}`);
    expect(after.list[0]).toMatchObject({
      Revision: 4,
      Action: 'restored',
      RestoredFrom: 1,
      User: 'acmesub',
      Changes: ['CycleTime', 'Groups', 'Admin'],
      Current: true,
    });
    const v4 = await call<ConfigVersionReply>(token, 'GET', `/v1/config/version?_id=${p._id}&Revision=4`);
    expect(v4.body.list.Body.Admin?.PasswordSince).toBe(1);

    // Restoring what the profile already holds writes nothing.
    const same = await call<ConfigRestoreReply>(token, 'POST', '/v1/config/restore', {
      _id: p._id,
      Revision: 4,
    });
    expect([same.body.list.Revision, same.body.Changed]).toEqual([4, false]);
    expect((await log(token, `_id=${p._id}`)).count).toBe(4);
  });

  it('filters by type, search and time, and refuses a bad revision, range or removed profile with their codes', async () => {
    const { token } = await signIn('acme');
    const a = await create(token);
    h.clock.advance(60_000);
    const cut = h.clock.now;
    const sw = await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add', { Name: 'Edge', Type: 3 });
    expect(sw.status).toBe(200);
    expect((await log(token, '')).list.map((v) => v.ProfileName)).toEqual(['Edge', 'Head office']);
    expect((await log(token, 'Type=3')).list.map((v) => v.ProfileName)).toEqual(['Edge']);
    expect((await log(token, 'search=HEAD')).list.map((v) => v.ProfileName)).toEqual(['Head office']);
    expect((await log(token, 'search=acmeown')).count).toBe(2);
    expect((await log(token, `From=${cut}`)).list.map((v) => v.ProfileName)).toEqual(['Edge']);
    expect((await log(token, `To=${cut - 1}`)).list.map((v) => v.ProfileName)).toEqual(['Head office']);

    const range = await call(token, 'GET', `/v1/switch/getConfigLog?From=${cut}&To=${cut - 1}`);
    expect([range.status, range.body.code]).toEqual([400, ErrorCode.ConfigHistoryRangeInvalid]);
    const missing = await call(token, 'GET', `/v1/config/version?_id=${a._id}&Revision=9`);
    expect(missing.body.code).toBe(ErrorCode.ConfigVersionNotExist);
    // Revision 0 is never a version: the same "does not exist" as a revision past the last.
    const bad = await call(token, 'POST', '/v1/config/restore', { _id: a._id, Revision: 0 });
    expect([bad.status, bad.body.code]).toEqual([404, ErrorCode.ConfigVersionNotExist]);
    const none = await call(token, 'POST', '/v1/config/restore', { _id: a._id, Revision: 9 });
    expect(none.body.code).toBe(ErrorCode.ConfigVersionNotExist);

    // A removed profile's versions stay readable, not restorable.
    expect((await call(token, 'DELETE', `/v1/config/deleteConfig?_id=${a._id}`)).status).toBe(200);
    const gone = await log(token, `_id=${a._id}`);
    expect(gone.list.map((v) => [v.Revision, v.Action, v.Exists, v.Type])).toEqual([
      [2, 'deleted', false, null],
      [1, 'created', false, null],
    ]);
    const read = await call<ConfigVersionReply>(token, 'GET', `/v1/config/version?_id=${a._id}&Revision=1`);
    expect(read.body.list.Body).toMatchObject({ Name: 'Head office', Type: null });
    const removed = await call(token, 'POST', '/v1/config/restore', { _id: a._id, Revision: 1 });
    expect(removed.body.code).toBe(ErrorCode.ConfigRestoreRemoved);
  });

  it('keeps tenants apart: another tenant’s versions are not listed, read or restored, and nothing changes', async () => {
    const acme = await signIn('acme');
    const other = await signIn('zeta');
    const p = await create(acme.token);
    await update(acme.token, p._id, { CycleTime: 60 });

    expect((await log(other.token, '')).count).toBe(0);
    expect((await log(other.token, `_id=${p._id}`)).count).toBe(0);
    const read = await call(other.token, 'GET', `/v1/config/version?_id=${p._id}&Revision=1`);
    expect(read.body.code).toBe(ErrorCode.ConfigVersionNotExist);
    const restore = await call(other.token, 'POST', '/v1/config/restore', {
      _id: p._id,
      Revision: 1,
      Deliver: true,
    });
    expect(restore.body.code).toBe(ErrorCode.ConfigVersionNotExist);
    const mine = await log(acme.token, `_id=${p._id}`);
    expect(mine.list.map((v) => v.Revision)).toEqual([2, 1]);
    const detail = await call<{ list: ConfigItem }>(acme.token, 'GET', `/v1/config/detail?_id=${p._id}`);
    expect(detail.body.list).toMatchObject({ Revision: 2, CycleTime: 60 });
  });

  it('restore with Deliver starts a delivery of the new revision to the devices that have the profile assigned', async () => {
    const { token } = await signIn('acme');
    const p = await create(token);
    const other = await create(token, { Name: 'Branch' });
    await update(token, p._id, { CycleTime: 60 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const sn = `${PREFIX}2${randomToken(8)}`;
      const res = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
        SN: sn,
        MAC: randomMac(),
        Type: 2,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ids.push(res.body._id);
    }
    // Two devices run this profile (as a confirmed delivery leaves them), one another profile.
    const assign = (id: string, profile: string) =>
      h.store.db
        .updateTable('devices')
        .set({ assigned_config_id: profile, assigned_revision: 1 })
        .where('id', '=', id)
        .execute();
    await assign(ids[0]!, p._id);
    await assign(ids[1]!, p._id);
    await assign(ids[2]!, other._id);
    expect((await log(token, `_id=${p._id}`)).Assigned).toBe(2);

    const res = await call<ConfigRestoreReply>(token, 'POST', '/v1/config/restore', {
      _id: p._id,
      Revision: 1,
      Deliver: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list.Revision).toBe(3);
    expect(res.body.Devices).toBe(2);
    expect(res.body.Delivery).toMatchObject({ Kind: 'config', Profile: p._id, Revision: 3, Total: 2 });
    const listed = await call<ListReply<DeliveryItem>>(token, 'GET', '/v1/issued/config');
    expect(listed.body.list.map((d) => d._id)).toEqual([res.body.Delivery!._id]);
    const rows = await call<ListReply<{ Device: string }>>(
      token,
      'GET',
      `/v1/issued/device?_id=${res.body.Delivery!._id}&limit=50`,
    );
    expect(rows.body.list.map((d) => d.Device).sort()).toEqual([ids[0], ids[1]].sort());
  });
});
