import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { snapshot } from '../account/testing.ts';

let h: Harness;
let adminToken: string;
let alfa: Awaited<ReturnType<typeof seedTenant>>;
let alfaToken: string;

const DAY = 86_400_000;

function newTenant(over: Record<string, unknown> = {}) {
  return {
    Username: 'deltaown',
    Password: 'delta-pass1',
    Name: 'Delta Networks',
    Phone: '13900000001',
    Email: 'ops@delta.example',
    Operation: { Certified: true, Analysis: false, Financial: true, AddUser: true },
    Level: { Device: 10, Sms: 20, Cloud: 0 },
    ServiceStart: h.clock.now,
    ServiceEnd: h.clock.now + 365 * DAY,
    ...over,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

beforeEach(async () => {
  h = await startHarness({ publicUrl: 'https://console.example.com' });
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  adminToken = (await login(h, 'root')).body.Token;
  alfa = await seedTenant(h, 'alfa');
  alfaToken = (await login(h, 'alfaown')).body.Token;
});
afterEach(async () => {
  await h.close();
});

describe('POST /v1/tenant/add', () => {
  it('creates the tenant and its owner, who signs in with the tenant Operation', async () => {
    const res = await call('POST', '/v1/tenant/add', adminToken, newTenant());
    expect(res.statusCode).toBe(200);
    const t = res.json();
    expect(t).toMatchObject({
      Name: 'Delta Networks',
      Status: 1,
      Phone: '13900000001',
      Email: 'ops@delta.example',
      Level: { Device: 10, Sms: 20, Cloud: 0 },
      ServiceEnd: h.clock.now + 365 * DAY,
      LogoPath: null,
      Owner: { Username: 'deltaown', Name: 'Delta Networks' },
    });
    const signed = await login(h, 'deltaown', 'delta-pass1');
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ Role: 1, Type: 1, Tenant: { _id: t._id, Name: 'Delta Networks' } });
    expect(signed.body.Roles).toEqual(['user', 'certified', 'financial', 'adduser']);
    const me = await call('GET', '/v1/user/getCurrentUser', signed.body.Token);
    expect(me.json()).toMatchObject({ Email: 'ops@delta.example', Phone: '13900000001' });
  });

  it('takes the phone in any accepted spelling and stores the 11 digits', async () => {
    const res = await call('POST', '/v1/tenant/add', adminToken, newTenant({ Phone: '+86 13900000002' }));
    expect(res.json().Phone).toBe('13900000002');
  });

  it('refuses bad or incomplete input with its own code and changes nothing', async () => {
    const before = await snapshot(h);
    const code = async (over: Record<string, unknown>) =>
      (await call('POST', '/v1/tenant/add', adminToken, newTenant(over))).json().code;
    expect(await code({ Name: '' })).toBe(ErrorCode.TenantInfoIncomplete);
    expect(await code({ Operation: undefined })).toBe(ErrorCode.TenantInfoIncomplete);
    expect(await code({ Level: { Device: 101, Sms: 0, Cloud: 0 } })).toBe(ErrorCode.TenantInfoIncomplete);
    expect(await code({ ServiceEnd: undefined })).toBe(ErrorCode.TenantInfoIncomplete);
    expect(await code({ Phone: '12345' })).toBe(ErrorCode.TenantContactInvalid);
    expect(await code({ Email: 'not-mail' })).toBe(ErrorCode.TenantContactInvalid);
    expect(await code({ Username: 'abc' })).toBe(ErrorCode.AccountNameFormat);
    expect(await code({ Password: 'abcdefgh' })).toBe(ErrorCode.PasswordWeak);
    expect(await code({ ServiceStart: h.clock.now - 2 * DAY })).toBe(ErrorCode.ServiceStartNotAfterToday);
    expect(await code({ ServiceEnd: h.clock.now })).toBe(ErrorCode.ServiceEndBeforeStart);
    expect(await code({ Username: 'alfasub' })).toBe(ErrorCode.AccountExists);
    await h.store.db
      .updateTable('users')
      .set({ email: 'Taken@Alfa.example', phone: '13911112222' })
      .where('id', '=', alfa.owner.id)
      .execute();
    const mid = await snapshot(h);
    expect(await code({ Email: 'taken@alfa.example' })).toBe(ErrorCode.EmailRegistered);
    expect(await code({ Phone: '13911112222' })).toBe(ErrorCode.PhoneBound);
    expect(await snapshot(h)).toEqual(mid);
    expect(mid.tenants).toEqual(before.tenants);
  });
});

describe('GET /v1/tenant/list and getAll', () => {
  it('pages, searches and sorts the live tenants with their owners', async () => {
    for (const [i, name] of ['Echo', 'Bravo', 'Charlie'].entries()) {
      h.clock.advance(1000);
      const res = await call(
        'POST',
        '/v1/tenant/add',
        adminToken,
        newTenant({
          Username: `own${name.toLowerCase()}`,
          Name: name,
          Phone: `1390000001${i}`,
          Email: `${i}@x.example`,
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    const first = (await call('GET', '/v1/tenant/list?limit=2', adminToken)).json();
    expect(first).toMatchObject({ count: 4, limit: 2, page: 1, sort: '-CreateTime' });
    expect(first.list.map((t: { Name: string }) => t.Name)).toEqual(['Charlie', 'Bravo']);
    expect(first.list[0].Owner.Username).toBe('owncharlie');
    const byName = (await call('GET', '/v1/tenant/list?sort=Name&page=2&limit=2', adminToken)).json();
    expect(byName.list.map((t: { Name: string }) => t.Name)).toEqual(['Charlie', 'Echo']);
    const found = (await call('GET', '/v1/tenant/list?search=harl', adminToken)).json();
    expect(found.list.map((t: { Name: string }) => t.Name)).toEqual(['Charlie']);
    const all = (await call('GET', '/v1/tenant/getAll', adminToken)).json();
    expect(all.list.map((t: { Name: string }) => t.Name)).toEqual([
      'alfa Tenant',
      'Bravo',
      'Charlie',
      'Echo',
    ]);
    expect(all.list[0]).toEqual({ _id: alfa.tenant.id, Name: 'alfa Tenant' });
    expect((await call('GET', '/v1/tenant/list?sort=bogus', adminToken)).json().code).toBe(4000);
  });
});

describe('PUT /v1/tenant/update', () => {
  it('changes the tenant; a new Operation applies to its users at once', async () => {
    const res = await call('PUT', '/v1/tenant/update', adminToken, {
      _id: alfa.tenant.id,
      Name: 'Alfa Renamed',
      Operation: { Certified: false, Analysis: true, Financial: false, AddUser: false },
      Level: { Device: 5, Sms: 5, Cloud: 5 },
      ServiceEnd: h.clock.now + 30 * DAY,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Name: 'Alfa Renamed',
      Level: { Device: 5, Sms: 5, Cloud: 5 },
      ServiceEnd: h.clock.now + 30 * DAY,
      Owner: { Username: 'alfaown' },
    });
    const me = (await call('GET', '/v1/user/getCurrentUser', alfaToken)).json();
    expect(me.Roles).toEqual(['user', 'analysis']);
    expect(me.Tenant.Name).toBe('Alfa Renamed');
  });

  it('blocking ends the tenant sessions and refuses its sign-in until unblocked', async () => {
    const subToken = (await login(h, 'alfasub')).body.Token;
    const res = await call('PUT', '/v1/tenant/update', adminToken, { _id: alfa.tenant.id, Status: 2 });
    expect(res.json().Status).toBe(2);
    expect((await call('GET', '/v1/user/getCurrentUser', alfaToken)).statusCode).toBe(403);
    expect((await call('GET', '/v1/user/getCurrentUser', subToken)).statusCode).toBe(403);
    const online = await h.store.db
      .selectFrom('users')
      .select('online')
      .where('tenant_id', '=', alfa.tenant.id)
      .execute();
    expect(online.every((u) => u.online === 0)).toBe(true);
    expect((await login(h, 'alfaown')).body.code).toBe(ErrorCode.TenantAbnormal);
    await call('PUT', '/v1/tenant/update', adminToken, { _id: alfa.tenant.id, Status: 1 });
    expect((await login(h, 'alfaown')).status).toBe(200);
  });

  it('checks the service period against what is stored', async () => {
    await h.store.db
      .updateTable('tenants')
      .set({ service_start: h.clock.now - 100 * DAY, service_end: h.clock.now + DAY })
      .where('id', '=', alfa.tenant.id)
      .execute();
    const before = await snapshot(h);
    const code = async (payload: object) =>
      (await call('PUT', '/v1/tenant/update', adminToken, { _id: alfa.tenant.id, ...payload })).json().code;
    expect(await code({ ServiceEnd: h.clock.now - 200 * DAY })).toBe(ErrorCode.ServiceEndBeforeStart);
    expect(await code({ ServiceStart: h.clock.now - 50 * DAY })).toBe(ErrorCode.ServiceStartNotAfterToday);
    expect(await code({ ServiceStart: h.clock.now + 2 * DAY })).toBe(ErrorCode.ServiceEndBeforeStart);
    expect(await code({ Phone: '123' })).toBe(ErrorCode.TenantContactInvalid);
    expect(await code({ Status: 0 })).toBe(4000);
    expect((await call('PUT', '/v1/tenant/update', adminToken, { _id: 'nope', Name: 'x' })).json().code).toBe(
      ErrorCode.TenantNotFound,
    );
    expect(await snapshot(h)).toEqual(before);
    // A start kept from before may lie in the past; only the end moves.
    const ok = await call('PUT', '/v1/tenant/update', adminToken, {
      _id: alfa.tenant.id,
      ServiceEnd: h.clock.now + 10 * DAY,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('DELETE /v1/tenant/disabled/{id}', () => {
  it('abandons the tenant: sessions end, sign-in refused, gone from the lists', async () => {
    const res = await call('DELETE', `/v1/tenant/disabled/${alfa.tenant.id}`, adminToken);
    expect(res.json()).toEqual({ ok: true, message: 'Delete success' });
    const row = await h.store.db
      .selectFrom('tenants')
      .select('status')
      .where('id', '=', alfa.tenant.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(0);
    expect((await call('GET', '/v1/user/getCurrentUser', alfaToken)).statusCode).toBe(403);
    expect((await login(h, 'alfasub')).body.code).toBe(ErrorCode.TenantAbnormal);
    expect((await call('GET', '/v1/tenant/list', adminToken)).json().count).toBe(0);
    expect((await call('GET', '/v1/tenant/list?Status=0', adminToken)).json().count).toBe(1);
    expect((await call('GET', '/v1/tenant/getAll', adminToken)).json().list).toEqual([]);
    const again = await call('DELETE', `/v1/tenant/disabled/${alfa.tenant.id}`, adminToken);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(ErrorCode.TenantNotFound);
  });

  it('refuses a tenant still in use (25006) and changes nothing', async () => {
    // A registered device keeps its tenant in use (the device domain answers the usage check).
    const added = await call('POST', '/v1/device/add', alfaToken, {
      SN: 'AP2024000077',
      MAC: '0C1A2B3C4D77',
      Type: 2,
    });
    expect(added.statusCode).toBe(200);
    const before = await snapshot(h);
    const res = await call('DELETE', `/v1/tenant/disabled/${alfa.tenant.id}`, adminToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.TenantInUse);
    expect(await snapshot(h)).toEqual(before);
    expect((await call('GET', '/v1/user/getCurrentUser', alfaToken)).statusCode).toBe(200);
  });
});

describe('GET /v1/tenant/getWeChatUrl', () => {
  it('builds the WeChat portal URL on PUBLIC_URL', async () => {
    const res = await call('GET', `/v1/tenant/getWeChatUrl?id=${alfa.tenant.id}`, adminToken);
    expect(res.json()).toEqual({
      Tenant: alfa.tenant.id,
      Url: `https://console.example.com/wechat?tenant=${alfa.tenant.id}`,
    });
    expect((await call('GET', '/v1/tenant/getWeChatUrl?id=nope', adminToken)).json().code).toBe(
      ErrorCode.TenantNotFound,
    );
    expect((await call('GET', '/v1/tenant/getWeChatUrl', adminToken)).json().code).toBe(4000);
  });
});

describe('tenant management is the administrator’s', () => {
  it('refuses every tenant call of a tenant user with 4012, for its own tenant and others', async () => {
    const bravo = await seedTenant(h, 'bravo');
    const before = await snapshot(h);
    const calls = [
      call('GET', '/v1/tenant/list', alfaToken),
      call('GET', '/v1/tenant/getAll', alfaToken),
      call('POST', '/v1/tenant/add', alfaToken, newTenant()),
      call('PUT', '/v1/tenant/update', alfaToken, { _id: alfa.tenant.id, Name: 'mine now' }),
      call('PUT', '/v1/tenant/update', alfaToken, { _id: bravo.tenant.id, Status: 2 }),
      call('DELETE', `/v1/tenant/disabled/${bravo.tenant.id}`, alfaToken),
      call('GET', `/v1/tenant/getWeChatUrl?id=${bravo.tenant.id}`, alfaToken),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(4012);
    }
    // 4012 ends a browser session, so the console never offers these calls to a tenant.
    expect(await snapshot(h)).toEqual(before);
  });

  it('refuses at the service too, whatever the route', async () => {
    const scope = { tenantId: alfa.tenant.id, admin: false };
    await expect(
      h.services.tenantAdmin.list(scope, { page: 1, limit: 10, sort: '-CreateTime' }),
    ).rejects.toMatchObject({
      code: 4012,
    });
    await expect(h.services.tenantAdmin.disable(scope, alfa.tenant.id)).rejects.toMatchObject({ code: 4012 });
  });
});
