/**
 * The audit log through HTTP: real calls of every area leave one entry each (who, code, object,
 * outcome, level, source), sign-in attempts included without any secret; tenants see their own
 * entries only; nothing changes or removes an entry; filters, counts and the CSV export.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  LOG_EXPORT_MAX_ROWS,
  LogLevel,
  LogSource,
  type AuditItem,
  type AuditList,
  type LogCountReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { ADMIN_SCOPE, apiCaller, login, startHarness, type Harness } from '../../test/harness.ts';
import { streamAudit } from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});
const { call, signIn, admin } = apiCaller(() => h);

const audit = async (token: string, query = '') => {
  const res = await call<AuditList>(token, 'GET', `/v1/log/getAll?limit=500${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list;
};
const entry = (list: AuditItem[], path: string) => list.find((e) => e.Path === path);

describe('audit entries of every area', () => {
  it('records who did what on which object, with the outcome, level and source', async () => {
    const root = await admin();
    const a = await signIn('aa');
    const DAY = 86_400_000;
    // tenants (administrator)
    const tenant = await call(root, 'POST', '/v1/tenant/add', {
      Username: 'deltaown',
      Password: 'delta-pass1',
      Name: 'Delta Networks',
      Phone: '13900000001',
      Email: 'ops@delta.example',
      Operation: { Certified: true, Analysis: false, Financial: true, AddUser: true },
      Level: { Device: 10, Sms: 20, Cloud: 0 },
      ServiceStart: h.clock.now,
      ServiceEnd: h.clock.now + 365 * DAY,
    });
    expect(tenant.status, JSON.stringify(tenant.body)).toBe(200);
    // help words (administrator)
    expect(
      (await call(root, 'PUT', '/v1/word/wordDetail', { Name: '/dashboard', Lang: 'en', Contents: 'x' }))
        .status,
    ).toBe(200);
    // accounts
    expect((await call(a.token, 'PUT', '/v1/user/updateUserInfo', { Name: 'Alice A' })).status).toBe(200);
    // networks
    const net = await call<{ list: { _id: string } }>(a.token, 'POST', '/v1/network/createNet', {
      Name: 'HQ',
      Location: { longitude: 116.404, latitude: 39.915, address: 'Beijing' },
    });
    expect(net.status).toBe(200);
    // devices
    const dev = await call<{ _id: string }>(a.token, 'POST', '/v1/device/add', {
      SN: 'AP2024000001',
      MAC: '0A0000000001',
      Type: 2,
    });
    expect(dev.status, JSON.stringify(dev.body)).toBe(200);
    expect(
      (await call(a.token, 'PUT', '/v1/device/update', { SN: 'AP2024000001', Alias: 'Lobby' })).status,
    ).toBe(200);
    // clients, configuration, firmware, deliveries, messages: refusals are entries too
    await call(a.token, 'POST', '/v1/client/updateAlias', { MAC: '0A00000000FF', Alias: 'phone' });
    const cfg = await call(a.token, 'POST', '/v1/config/add', {
      Name: 'Core',
      Type: 3,
      Ports: [{ Port: 1, PVID: 1 }],
    });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    const fw = await call(a.token, 'PUT', '/v1/fw/update', { _id: 'nope', Description: 'x' });
    expect(fw.body.code).toBe(ErrorCode.FirmwareNotExist);
    await call(a.token, 'POST', '/v1/issued/cancel', { _id: 'nope' });
    expect((await call(a.token, 'POST', '/v1/message/allStatus')).status).toBe(200);
    // controller, topology, logo, language, app releases: whatever their outcome, one entry each
    await call(a.token, 'POST', '/v1/controller/deviceContrl', { SN: 'AP2024000001', command: 'reboot' });
    await call(a.token, 'POST', '/v1/controller/resetTopology', { _id: net.body.list._id });
    await call(a.token, 'POST', '/v1/dashboard/uploadLogo', { path: 'nope.jpg' });
    await call(root, 'PUT', '/v1/app/activate', { _id: 'nope' });
    // a role refusal: a tenant calling the administrator's tenant/add
    const refused = await call(a.token, 'POST', '/v1/tenant/add', { Name: 'x' });
    expect(refused.body.code).toBe(ErrorCode.NoAccessRights);

    const mine = await audit(a.token);
    const expectEntry = (path: string, want: Partial<AuditItem>) =>
      expect(entry(mine, path), `${path} in ${JSON.stringify(mine.map((e) => e.Path))}`).toMatchObject(want);
    const who = {
      Creator: 'aaown',
      CreatorId: a.owner.id,
      Tenant: a.tenant.id,
      Role: 1,
      Source: LogSource.User,
    };
    expectEntry('/v1/user/updateUserInfo', {
      ...who,
      Code: 4,
      Module: 'app',
      Outcome: 0,
      Level: LogLevel.Info,
    });
    expectEntry('/v1/network/createNet', {
      ...who,
      Code: 19,
      Module: 'device',
      Object: 'HQ',
      Method: 'POST',
    });
    expectEntry('/v1/device/add', { ...who, Code: 11, Object: 'AP2024000001', Outcome: 0 });
    expectEntry('/v1/device/update', { Code: 13, Object: 'AP2024000001' });
    expectEntry('/v1/client/updateAlias', { Code: 18, Object: '0A00000000FF' });
    expectEntry('/v1/config/add', { Code: 25, Module: 'config', Object: 'Core', Outcome: 0 });
    expectEntry('/v1/fw/update', {
      Code: 62,
      Module: 'firmware',
      Object: 'nope',
      Outcome: ErrorCode.FirmwareNotExist,
      Level: LogLevel.Warn,
    });
    expectEntry('/v1/issued/cancel', { Code: 29, Level: LogLevel.Warn });
    expectEntry('/v1/message/allStatus', { Code: 150, Module: 'others', Outcome: 0 });
    expectEntry('/v1/controller/deviceContrl', { Code: 16, Object: 'AP2024000001' });
    expectEntry('/v1/controller/resetTopology', { Code: 23, Object: net.body.list._id });
    expectEntry('/v1/dashboard/uploadLogo', { Code: 150 });
    expect(mine.filter((e) => e.Method !== 'GET').length).toBe(mine.length);
    // The refused call (the administrator's alone): the guard names the caller before its role
    // checks, so the tenant's log says who tried, with the refusal and source 4.
    expect(mine.find((e) => e.Path === '/v1/tenant/add')).toMatchObject({
      Creator: who.Creator,
      Outcome: ErrorCode.NoAccessRights,
      Source: LogSource.UnauthorizedUser,
      Level: LogLevel.Warn,
    });
    // Reads are not audited.
    expect(mine.every((e) => e.Method !== 'GET')).toBe(true);

    const all = await audit(root);
    expect(entry(all, '/v1/word/wordDetail')).toMatchObject({
      Creator: 'root',
      Tenant: null,
      Role: 10,
      Code: 150,
    });
    expect(all.find((e) => e.Path === '/v1/tenant/add' && e.Outcome === 0)).toMatchObject({
      Code: 9,
      Object: 'Delta Networks',
    });
    expect(
      all.find((e) => e.Path === '/v1/tenant/add' && e.Outcome === ErrorCode.NoAccessRights),
    ).toMatchObject({
      Source: LogSource.UnauthorizedUser,
      Level: LogLevel.Warn,
      CreatorId: a.owner.id,
    });
    // The administrator sees every tenant's entries, and one tenant's with `Tenant`.
    expect(all.some((e) => e.Tenant === a.tenant.id)).toBe(true);
    const onlyA = await audit(root, `&Tenant=${a.tenant.id}`);
    expect(onlyA.length).toBe(mine.length);
    // Never a password or token anywhere in the store's rows.
    const rows = JSON.stringify(await h.store.db.selectFrom('audit_logs').selectAll().execute());
    expect(rows).not.toContain('delta-pass1');
    expect(rows).not.toContain('pass1234');
    expect(rows).not.toContain(a.token);
  });

  it('records sign-in attempts (who tried, outcome) for the tenant of the account', async () => {
    const a = await signIn('bb');
    h.clock.advance(1000);
    expect((await login(h, 'bbown', 'wrong-pass', '10.1.2.3')).status).toBe(401);
    expect((await login(h, 'nobody', 'wrong-pass', '10.1.2.4')).status).toBe(401);
    const mine = (await audit(a.token, '&Code=1')).filter((e) => e.Path === '/v1/user/login');
    // signIn() logged in once, plus the failed attempt on bbown; the unknown name is not the tenant's.
    expect(mine.map((e) => [e.Creator, e.Outcome === 0, e.Source])).toEqual([
      ['bbown', false, LogSource.Unknown],
      ['bbown', true, LogSource.User],
    ]);
    expect(mine[0]).toMatchObject({
      Address: '10.1.2.3',
      Outcome: ErrorCode.AccountOrPasswordError,
      Tenant: a.tenant.id,
    });
    const root = await admin();
    const stranger = (await audit(root, '&Tenant=none&Code=1')).find((e) => e.Creator === 'nobody');
    expect(stranger).toMatchObject({
      CreatorId: null,
      Tenant: null,
      Address: '10.1.2.4',
      Level: LogLevel.Warn,
    });
    const rows = JSON.stringify(await h.store.db.selectFrom('audit_logs').selectAll().execute());
    expect(rows).not.toContain('wrong-pass');
  });
});

describe('isolation, append-only, filters', () => {
  it("keeps each tenant to its own entries; a co-administrator sees its tenant's", async () => {
    const a = await signIn('cc');
    const b = await signIn('dd');
    await call(a.token, 'POST', '/v1/network/createNet', {
      Name: 'A-net',
      Location: { longitude: 1, latitude: 1 },
    });
    await call(b.token, 'POST', '/v1/network/createNet', {
      Name: 'B-net',
      Location: { longitude: 1, latitude: 1 },
    });
    const ofA = await audit(a.token);
    const ofB = await audit(b.token);
    expect(ofA.length).toBeGreaterThan(0);
    expect(ofA.every((e) => e.Tenant === a.tenant.id)).toBe(true);
    expect(ofB.every((e) => e.Tenant === b.tenant.id)).toBe(true);
    expect(ofA.some((e) => e.Object === 'B-net')).toBe(false);
    // A tenant cannot widen its view with `Tenant`.
    expect((await audit(a.token, `&Tenant=${b.tenant.id}`)).every((e) => e.Tenant === a.tenant.id)).toBe(
      true,
    );
    const sub = (await login(h, 'ccsub')).body.Token;
    expect((await audit(sub)).some((e) => e.Object === 'A-net')).toBe(true);
    // Counts follow the same scope.
    const counts = await call<LogCountReply>(b.token, 'GET', '/v1/log/getLogCount?kind=audit');
    expect(counts.body.total).toBe((await audit(b.token)).length);
  });

  it('has no call that changes or removes an entry, not even for the administrator', async () => {
    const root = await admin();
    const a = await signIn('ee');
    const [first] = await audit(a.token);
    expect(first).toBeDefined();
    const tried = await call(root, 'PUT', '/v1/log/updateLogList', { _ids: [first!._id], Status: 1 });
    expect(tried.body.code).toBe(ErrorCode.LogEntriesNotFound);
    for (const method of ['PUT', 'DELETE', 'POST'] as const) {
      expect((await call(root, method, '/v1/log/getAll')).status).toBe(404);
    }
    expect(await audit(a.token)).toContainEqual(first);
  });

  it('filters by time, module, code, level, account, object and outcome, and refuses bad ones with codes', async () => {
    const a = await signIn('ff');
    const t0 = h.clock.now;
    await call(a.token, 'POST', '/v1/network/createNet', {
      Name: 'Alpha',
      Location: { longitude: 1, latitude: 1 },
    });
    h.clock.advance(60_000);
    await call(a.token, 'PUT', '/v1/fw/update', { _id: 'nope', Description: 'x' });
    const objects = async (q: string) => (await audit(a.token, q)).map((e) => e.Object);
    expect(await objects('&Module=device')).toEqual(['Alpha']);
    expect(await objects('&Code=62')).toEqual(['nope']);
    expect(await objects('&Outcome=error')).toEqual(['nope']);
    expect(await objects(`&Level=${LogLevel.Warn}`)).toEqual(['nope']);
    expect(await objects('&search=alp')).toEqual(['Alpha']);
    expect(await objects(`&From=${t0 + 1}`)).toEqual(['nope']);
    expect((await audit(a.token, '&Account=FFOWN')).length).toBeGreaterThan(1);
    expect(await audit(a.token, '&Account=zz')).toEqual([]);
    const bad = async (q: string) => (await call(a.token, 'GET', `/v1/log/getAll?${q}`)).body.code;
    expect(await bad(`From=${t0 + 10}&To=${t0}`)).toBe(ErrorCode.LogRangeInvalid);
    expect(await bad('Code=55')).toBe(ErrorCode.LogCodeUnknown);
    expect(await bad('Level=9')).toBe(ErrorCode.ValidationFailed);
    const zh = await call(a.token, 'GET', `/v1/log/getAll?From=${t0 + 10}&To=${t0}`, undefined, 'zh');
    expect(zh.body.message).toBe('开始时间不能晚于结束时间');
    const counts = (await call<LogCountReply>(a.token, 'GET', '/v1/log/getLogCount?kind=audit')).body;
    expect(counts.levels.find((l) => l.Level === LogLevel.Warn)!.count).toBe(1);
    expect(counts.modules).toContainEqual({ Module: 'firmware', count: 1 });
  });

  it('exports the audit log as CSV in the caller language, with the filters and the row cap stated', async () => {
    const a = await signIn('gg');
    await call(a.token, 'POST', '/v1/network/createNet', {
      Name: 'Net, "quoted"',
      Location: { longitude: 1, latitude: 1 },
    });
    const res = await h.app.inject({
      url: '/v1/log/export?kind=audit&Module=device&language=zh',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['x-truncated']).toBe('0');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('时间 (UTC),账号,租户,地址,模块,代码,操作,对象,结果,级别,来源,方法,路径');
    expect(lines[1]).toContain(',ggown,');
    expect(lines[1]).toContain('"Net, ""quoted""",成功,信息,用户,POST,/v1/network/createNet');
    expect(lines.length).toBe(3);
    expect(LOG_EXPORT_MAX_ROWS).toBe(50_000);
    const bad = await h.app.inject({
      url: '/v1/log/export?kind=other',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(bad.json().code).toBe(ErrorCode.ValidationFailed);
  });
});

describe('writing', () => {
  it('a failed write never fails the call, and is logged; later entries still arrive', async () => {
    const a = await signIn('hh');
    const svc = h.services.audit;
    await svc.flush();
    const before = svc.figures.failedWrites;
    // Break the table for one batch: the call still answers 200.
    await h.store.db.schema.alterTable('audit_logs').renameTo('audit_logs_away').execute();
    const ok = await call(a.token, 'POST', '/v1/network/createNet', {
      Name: 'Lost',
      Location: { longitude: 1, latitude: 1 },
    });
    expect(ok.status).toBe(200);
    await svc.flush();
    expect(svc.figures.failedWrites).toBe(before + 1);
    await h.store.db.schema.alterTable('audit_logs_away').renameTo('audit_logs').execute();
    await call(a.token, 'POST', '/v1/network/createNet', {
      Name: 'Kept',
      Location: { longitude: 1, latitude: 1 },
    });
    expect((await audit(a.token)).map((e) => e.Object)).toContain('Kept');
  });

  it('writes what waits when the server stops', async () => {
    const a = await signIn('ii');
    await call(a.token, 'POST', '/v1/network/createNet', {
      Name: 'Last',
      Location: { longitude: 1, latitude: 1 },
    });
    const db = h.store.db;
    await h.app.close();
    const rows = await db.selectFrom('audit_logs').select('object').where('object', '=', 'Last').execute();
    expect(rows.length).toBe(1);
  });
});

describe('reading in slices', () => {
  it("streams the scope's entries once each, newest first, across slices whose edges share a time", async () => {
    const at = h.clock.now;
    const row = (id: string, tenant: string, createdAt: number) => ({
      id,
      tenant_id: tenant,
      account_id: null,
      account_name: 'slicer',
      role: null,
      address: '10.9.0.1',
      method: 'POST',
      path: '/v1/network/createNet',
      code: 19,
      module: 'network',
      object: id,
      outcome: 0,
      level: LogLevel.Info,
      source: LogSource.User,
      created_at: createdAt,
    });
    // a1-a3 at one time, so the first slice of two ends inside it; b1 (another tenant) sorts first.
    await h.store.db
      .insertInto('audit_logs')
      .values([
        row('a1', 'tA', at),
        row('a2', 'tA', at),
        row('a3', 'tA', at),
        row('a4', 'tA', at - 1),
        row('a5', 'tA', at - 1),
        row('b1', 'tB', at),
      ])
      .execute();
    const read = async (scope: Scope, max: number) => {
      const slices: string[][] = [];
      for await (const rows of streamAudit(h.store.db, scope, {}, max, 2)) slices.push(rows.map((r) => r.id));
      return slices;
    };
    const tenantA = { tenantId: 'tA', admin: false };
    expect(await read(tenantA, 100)).toEqual([['a3', 'a2'], ['a1', 'a5'], ['a4']]);
    expect(await read(tenantA, 3)).toEqual([['a3', 'a2'], ['a1']]);
    expect((await read(ADMIN_SCOPE, 100)).flat()).toEqual(['b1', 'a3', 'a2', 'a1', 'a5', 'a4']);
  });
});
