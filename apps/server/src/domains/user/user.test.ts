import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('POST /v1/user/login', () => {
  it('answers the login response of spec §3 with roles derived from the tenant', async () => {
    const { tenant } = await seedTenant(h, 'acme');
    const { status, body } = await login(h, 'acmeown');
    expect(status).toBe(200);
    expect(body.Token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body).toMatchObject({
      LoginModel: 'cloud',
      Role: 1,
      Type: 1,
      Name: 'acme Owner',
      Username: 'acmeown',
      Tenant: {
        _id: tenant.id,
        Status: 1,
        Operation: { Certified: true, Analysis: true, Financial: true, AddUser: true },
      },
      Timeout: 3,
      LogoPath: null,
    });
    expect(body.Roles).toEqual(['user', 'certified', 'analysis', 'financial', 'adduser']);
  });

  it('gives a co-administrator the flags of its own Operation and never adduser', async () => {
    await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmesub');
    expect(body.Type).toBe(2);
    expect(body.Operation).toEqual({ Certified: false, Analysis: true, Financial: false });
    expect(body.Roles).toEqual(['user', 'analysis']);
  });

  it('gives a tenant without AddUser no adduser role', async () => {
    await seedTenant(h, 'lite', { Certified: false, Analysis: false, Financial: true, AddUser: false });
    const { body } = await login(h, 'liteown');
    expect(body.Roles).toEqual(['user', 'financial']);
  });

  it('signs in the administrator with every route role', async () => {
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    const { body } = await login(h, 'root');
    expect(body).toMatchObject({ Role: 10, Type: 0, Tenant: null });
    expect(body.Roles).toEqual(['user', 'certified', 'analysis', 'financial', 'adduser']);
  });

  it('trims the account name and password before checking them', async () => {
    await seedTenant(h, 'acme');
    const { status } = await login(h, '  acmeown ', ' pass1234  ');
    expect(status).toBe(200);
  });

  it('refuses a wrong password with 11005 in the caller language', async () => {
    await seedTenant(h, 'acme');
    const en = await login(h, 'acmeown', 'wrongpass');
    expect(en.status).toBe(401);
    expect(en.body).toEqual({ code: 11005, message: 'Account name or password error' });
    const zh = await h.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      cookies: { language: 'zh' },
      payload: { Username: 'acmeown', Password: 'wrongpass' },
    });
    expect(zh.json()).toEqual({ code: 11005, message: '账号或密码错误' });
  });

  it('answers an unknown account like a wrong password', async () => {
    const { status, body } = await login(h, 'nobody', 'pass1234');
    expect(status).toBe(401);
    expect(body.code).toBe(11005);
  });

  it('checks the lengths of spec §5 with their own codes', async () => {
    expect((await login(h, 'abc', 'pass1234')).body.code).toBe(ErrorCode.AccountNameFormat);
    expect((await login(h, 'abcdefghijklm', 'pass1234')).body.code).toBe(ErrorCode.AccountNameFormat);
    expect((await login(h, 'abcd', '12345')).body.code).toBe(ErrorCode.PasswordFormat);
    expect((await login(h, 'abcd', '1234567890123456789')).body.code).toBe(ErrorCode.PasswordFormat);
    const missing = await h.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      payload: { Username: 'abcd' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(ErrorCode.PasswordFormat);
  });

  it('refuses accounts of a role that cannot sign in', async () => {
    await seedTenant(h, 'acme');
    await h.store.db.updateTable('users').set({ role: 3 }).where('username', '=', 'acmesub').execute();
    const { status, body } = await login(h, 'acmesub');
    expect(status).toBe(403);
    expect(body.code).toBe(ErrorCode.LoginRoleNotAllowed);
  });

  it('refuses a blocked user (11019), a blocked tenant (11017) and an expired one (11012)', async () => {
    const { tenant } = await seedTenant(h, 'acme');
    await h.store.db.updateTable('users').set({ status: 2 }).where('username', '=', 'acmesub').execute();
    expect((await login(h, 'acmesub')).body.code).toBe(11019);
    await h.store.db
      .updateTable('tenants')
      .set({ service_end: h.clock.now - 1000 })
      .where('id', '=', tenant.id)
      .execute();
    expect((await login(h, 'acmeown')).body.code).toBe(11012);
    await h.store.db.updateTable('tenants').set({ status: 2 }).where('id', '=', tenant.id).execute();
    expect((await login(h, 'acmeown')).body.code).toBe(11017);
  });
});

describe('sessions', () => {
  it('stores only a hash of the token', async () => {
    await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmeown');
    const rows = await h.store.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(body.Token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ends the first session when the same account signs in again (4011)', async () => {
    await seedTenant(h, 'acme');
    const first = await login(h, 'acmeown');
    const second = await login(h, 'acmeown');
    const old = await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(first.body.Token) });
    expect(old.statusCode).toBe(401);
    expect(old.json().code).toBe(4011);
    const cur = await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(second.body.Token) });
    expect(cur.statusCode).toBe(200);
    expect(cur.json()).toMatchObject({ Username: 'acmeown', Password: true });
  });

  it('refuses calls without a token or with an unknown one (4010)', async () => {
    expect((await h.app.inject({ url: '/v1/user/getCurrentUser' })).json().code).toBe(4010);
    const res = await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer('x'.repeat(43)) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(4010);
  });

  it('slides the lifetime with activity and ends it after the timeout', async () => {
    await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmeown');
    const call = () => h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(body.Token) });
    h.clock.advance(2 * 60_000);
    const keep = await h.app.inject({
      method: 'POST',
      url: '/v1/user/changeOnlineTime',
      headers: bearer(body.Token),
    });
    expect(keep.json()).toEqual({ ok: true, expiresAt: h.clock.now + 3 * 60_000 });
    h.clock.advance(2 * 60_000); // 4 minutes after sign-in, 2 after the keep-alive
    expect((await call()).statusCode).toBe(200);
    h.clock.advance(3 * 60_000 + 1);
    const late = await call();
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe(4010);
  });

  it('signs out with changeOnline: no onlineTime in the reply, offline, token dead', async () => {
    const { owner } = await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmeown');
    let row = await h.store.db
      .selectFrom('users')
      .select('online')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.online).toBe(1);
    const out = await h.app.inject({
      method: 'POST',
      url: '/v1/user/changeOnline',
      headers: bearer(body.Token),
    });
    expect(out.json()).toEqual({ ok: true });
    row = await h.store.db
      .selectFrom('users')
      .select('online')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.online).toBe(0);
    const after = await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(body.Token) });
    expect(after.json().code).toBe(4010);
  });

  it('lets a timed-out session still sign out (the kk marker), but nothing else', async () => {
    await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmeown');
    h.clock.advance(10 * 60_000);
    const out = await h.app.inject({
      method: 'POST',
      url: '/v1/user/changeOnline',
      headers: bearer(body.Token),
    });
    expect(out.statusCode).toBe(200);
  });

  it('ends the session of an account disabled meanwhile with 4012', async () => {
    await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmesub');
    await h.store.db.updateTable('users').set({ status: 2 }).where('username', '=', 'acmesub').execute();
    const res = await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(body.Token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(4012);
  });
});

describe('failed sign-ins', () => {
  it('locks an account after repeated failures, with the minutes left, and unlocks later', async () => {
    await seedTenant(h, 'acme');
    const lockAfter = h.config.loginThrottle.lockAccountAfter;
    for (let i = 0; i < lockAfter; i++)
      expect((await login(h, 'acmeown', 'wrongpass')).body.code).toBe(11005);
    const locked = await login(h, 'acmeown', 'pass1234');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({
      code: 11020,
      message: 'Too many failed sign-ins; try again in 15 minute(s)',
    });
    // Another account from the same address is not locked by it.
    expect((await login(h, 'acmesub')).status).toBe(200);
    h.clock.advance(15 * 60_000 + 1);
    expect((await login(h, 'acmeown')).status).toBe(200);
  });

  it('counts failures per address across accounts', async () => {
    await seedTenant(h, 'acme');
    const lockAddressAfter = h.config.loginThrottle.lockAddressAfter;
    for (let i = 0; i < lockAddressAfter; i++) await login(h, `ghost${i % 20}`, 'wrongpass', '10.7.7.7');
    expect((await login(h, 'acmeown', 'pass1234', '10.7.7.7')).body.code).toBe(11020);
    expect((await login(h, 'acmeown', 'pass1234', '10.7.7.8')).status).toBe(200);
  });

  it('holds the reply of repeated failures longer (slow-down)', async () => {
    const slow = await startHarness({
      loginThrottle: {
        ...h.config.loginThrottle,
        slowAfter: 1,
        slowStepMs: 150,
        slowMaxMs: 150,
        lockAccountAfter: 50,
      },
    });
    try {
      await seedTenant(slow, 'acme');
      await login(slow, 'acmeown', 'wrongpass');
      const t0 = performance.now();
      await login(slow, 'acmeown', 'wrongpass');
      expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    } finally {
      await slow.close();
    }
  });
});

describe('POST /v1/user/setLan', () => {
  it('sets the language cookie and remembers the choice of a signed-in account', async () => {
    const { owner } = await seedTenant(h, 'acme');
    const { body } = await login(h, 'acmeown');
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/user/setLan',
      headers: bearer(body.Token),
      payload: { language: 'zh' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'language')?.value).toBe('zh');
    const row = await h.store.db
      .selectFrom('users')
      .select('language')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('zh');
    const bad = await h.app.inject({ method: 'POST', url: '/v1/user/setLan', payload: { language: 'fr' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(4000);
  });
});
