import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorText } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { pageAccounts } from './store.ts';

/** POST /v1/user/add and GET /v1/user/list (spec §7; docs/conventions.md "Accounts"). */
let h: Harness;
let alfa: Awaited<ReturnType<typeof seedTenant>>;
let bravo: Awaited<ReturnType<typeof seedTenant>>;
let rootToken: string;
let alfaToken: string;
let alfaSubToken: string;

const newAdmin = {
  Username: 'ops2root',
  Password: 'root2pass!',
  Name: 'Second operator',
  Email: 'ops2@console.example',
  Phone: '13812345678',
};

beforeAll(async () => {
  h = await startHarness();
  alfa = await seedTenant(h, 'alfa');
  bravo = await seedTenant(h, 'bravo');
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  rootToken = (await login(h, 'root')).body.Token;
  alfaToken = (await login(h, 'alfaown')).body.Token;
  alfaSubToken = (await login(h, 'alfasub')).body.Token;
});
afterAll(async () => {
  await h.close();
});

const add = (token: string, payload: object, cookies: Record<string, string> = {}) =>
  h.app.inject({ method: 'POST', url: '/v1/user/add', headers: bearer(token), payload, cookies });
const list = (token: string, query: Record<string, string> = {}) =>
  h.app.inject({ url: '/v1/user/list', headers: bearer(token), query });
const usernames = (body: { list: { Username: string }[] }) => body.list.map((a) => a.Username).sort();

describe('POST /v1/user/add', () => {
  it('lets the administrator add another administrator, who signs in as one', async () => {
    const res = await add(rootToken, newAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Username: 'ops2root',
      Name: 'Second operator',
      Email: 'ops2@console.example',
      Role: 10,
      Type: 0,
      Status: 1,
      Tenant: null,
    });
    const signed = await login(h, 'ops2root', 'root2pass!');
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ Role: 10, Type: 0, Tenant: null });
  });

  it('refuses a taken account name, and bad fields with their own codes, in the caller’s language', async () => {
    const taken = await add(rootToken, { ...newAdmin, Username: 'alfaown', Email: '', Phone: '' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: ErrorCode.AccountExists,
      message: errorText(ErrorCode.AccountExists, 'en'),
    });
    const badName = await add(rootToken, { ...newAdmin, Username: 'ab' }, { language: 'zh' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().code).toBe(ErrorCode.AccountNameFormat);
    expect(badName.json().message).toBe(errorText(ErrorCode.AccountNameFormat, 'zh'));
    const weak = await add(rootToken, { ...newAdmin, Username: 'ops3root', Password: 'aaaaaaaa' });
    expect(weak.json().code).toBe(ErrorCode.PasswordWeak);
    const takenMail = await add(rootToken, { ...newAdmin, Username: 'ops4root', Phone: '' });
    expect(takenMail.json().code).toBe(ErrorCode.EmailRegistered);
  });

  it('is the administrator’s alone: a tenant owner or co-administrator is refused and nothing is added', async () => {
    for (const token of [alfaToken, alfaSubToken]) {
      const res = await add(token, { ...newAdmin, Username: 'sneaky1', Email: '', Phone: '' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(ErrorCode.NoAccessRights);
    }
    expect((await login(h, 'sneaky1', newAdmin.Password)).status).not.toBe(200);
  });
});

describe('GET /v1/user/list', () => {
  it('shows the administrator every account of the platform with the list conventions', async () => {
    const res = await list(rootToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ limit: 10, page: 1, sort: '-CreateTime' });
    expect(usernames(body)).toEqual(['alfaown', 'alfasub', 'bravoown', 'bravosub', 'ops2root', 'root']);
    expect(body.count).toBe(6);
    const owner = body.list.find((a: { Username: string }) => a.Username === 'bravoown');
    expect(owner).toMatchObject({ Type: 1, Role: 1, Tenant: { _id: bravo.tenant.id, Name: 'bravo Tenant' } });
  });

  it('filters by type, tenant and search, and pages', async () => {
    expect(usernames((await list(rootToken, { Type: '0' })).json())).toEqual(['ops2root', 'root']);
    expect(usernames((await list(rootToken, { TenantId: alfa.tenant.id })).json())).toEqual([
      'alfaown',
      'alfasub',
    ]);
    expect(usernames((await list(rootToken, { Type: '2', search: 'bra' })).json())).toEqual(['bravosub']);
    const page2 = (await list(rootToken, { limit: '4', page: '2', sort: 'Username' })).json();
    expect(page2.list.map((a: { Username: string }) => a.Username)).toEqual(['ops2root', 'root']);
    expect(page2.count).toBe(6);
    const bad = await list(rootToken, { Type: '7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCode.ValidationFailed);
  });

  it('shows a tenant its own accounts only, whichever tenant it names', async () => {
    expect(usernames((await list(alfaToken)).json())).toEqual(['alfaown', 'alfasub']);
    const other = (await list(alfaToken, { TenantId: bravo.tenant.id })).json();
    expect(other.list).toEqual([]);
    expect(other.count).toBe(0);
    expect(JSON.stringify(other)).not.toContain('bravo');
  });

  it('needs the adduser role: a co-administrator is refused', async () => {
    const res = await list(alfaSubToken);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ErrorCode.NoAccessRights);
  });
});

describe('pageAccounts (store)', () => {
  it('never returns another tenant’s accounts to a tenant scope', async () => {
    const scopeA = { tenantId: alfa.tenant.id, admin: false };
    const page = { offset: 0, limit: 50, orderBy: 'username', direction: 'asc' } as const;
    const own = await pageAccounts(h.store.db, scopeA, page);
    expect(own.rows.map((r) => r.username)).toEqual(['alfaown', 'alfasub']);
    const asked = await pageAccounts(h.store.db, scopeA, { ...page, tenantId: bravo.tenant.id });
    expect(asked).toEqual({ rows: [], count: 0 });
    const admins = await pageAccounts(h.store.db, scopeA, { ...page, type: 0 });
    expect(admins.rows).toEqual([]);
  });
});
