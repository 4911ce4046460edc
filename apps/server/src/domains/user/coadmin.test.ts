import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let alfa: Awaited<ReturnType<typeof seedTenant>>;
let bravo: Awaited<ReturnType<typeof seedTenant>>;
let alfaToken: string;
let bravoToken: string;

const newSub = {
  Username: 'alfaops2',
  Password: 'ops2pass!',
  Name: 'Night shift',
  Email: 'night@alfa.example',
  Phone: '13912345678',
  Operation: { Certified: true, Analysis: false, Financial: true },
};

beforeEach(async () => {
  h = await startHarness();
  alfa = await seedTenant(h, 'alfa');
  bravo = await seedTenant(h, 'bravo');
  alfaToken = (await login(h, 'alfaown')).body.Token;
  bravoToken = (await login(h, 'bravoown')).body.Token;
});
afterEach(async () => {
  await h.close();
});

const add = (token: string, payload: object) =>
  h.app.inject({ method: 'POST', url: '/v1/user/addteUser', headers: bearer(token), payload });

describe('co-administrators', () => {
  it('adds one that signs in with the roles of its own Operation', async () => {
    const res = await add(alfaToken, newSub);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      Username: 'alfaops2',
      Name: 'Night shift',
      Status: 1,
      Online: false,
      Operation: newSub.Operation,
    });
    const signed = await login(h, 'alfaops2', 'ops2pass!');
    expect(signed.body.Roles).toEqual(['user', 'certified', 'financial']);
    expect(signed.body.Type).toBe(2);
  });

  it('lists them paged with the list conventions, newest first by default', async () => {
    for (let i = 0; i < 12; i++) {
      h.clock.advance(1000);
      expect(
        (
          await add(alfaToken, {
            ...newSub,
            Username: `alfa${String(i).padStart(3, '0')}`,
            Name: `Op ${i}`,
            Email: '',
            Phone: '',
          })
        ).statusCode,
      ).toBe(200);
    }
    const first = (await h.app.inject({ url: '/v1/user/tenantUser', headers: bearer(alfaToken) })).json();
    expect(first).toMatchObject({ count: 13, limit: 10, page: 1, sort: '-CreateTime' });
    expect(first.list).toHaveLength(10);
    expect(first.list[0].Username).toBe('alfa011');
    const second = (
      await h.app.inject({
        url: '/v1/user/tenantUser?page=2&limit=10&sort=Username',
        headers: bearer(alfaToken),
      })
    ).json();
    expect(second.list.map((u: { Username: string }) => u.Username)).toEqual([
      'alfa010',
      'alfa011',
      'alfasub',
    ]);
    const found = (
      await h.app.inject({ url: '/v1/user/tenantUser?search=Op%201', headers: bearer(alfaToken) })
    ).json();
    expect(found.list.map((u: { Name: string }) => u.Name).sort()).toEqual(['Op 1', 'Op 10', 'Op 11']);
  });

  it('never shows or touches another tenant’s co-administrators', async () => {
    const list = (await h.app.inject({ url: '/v1/user/tenantUser', headers: bearer(bravoToken) })).json();
    expect(list.list.map((u: { Username: string }) => u.Username)).toEqual(['bravosub']);
    const upd = await h.app.inject({
      method: 'PUT',
      url: '/v1/user/update',
      headers: bearer(bravoToken),
      payload: { _id: alfa.sub.id, Name: 'pwned' },
    });
    expect(upd.statusCode).toBe(404);
    expect(upd.json().code).toBe(ErrorCode.UserNotExist);
    const del = await h.app.inject({
      method: 'DELETE',
      url: `/v1/user/disabled/${alfa.sub.id}`,
      headers: bearer(bravoToken),
    });
    expect(del.json().code).toBe(ErrorCode.UserNotExist);
    const row = await h.store.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', alfa.sub.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'alfa Sub', status: 1 });
  });

  it('lets the administrator manage a named tenant’s co-administrators, without ending its session', async () => {
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    const root = (await login(h, 'root')).body.Token;
    const none = await h.app.inject({ url: '/v1/user/tenantUser', headers: bearer(root) });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe(ErrorCode.TenantNotFound);
    const list = await h.app.inject({
      url: `/v1/user/tenantUser?TenantId=${bravo.tenant.id}`,
      headers: bearer(root),
    });
    expect(list.json().list.map((u: { Username: string }) => u.Username)).toEqual(['bravosub']);
    expect((await add(root, { ...newSub, TenantId: bravo.tenant.id })).statusCode).toBe(200);
    expect(
      (await add(root, { ...newSub, Username: 'ghostops', TenantId: 'no-such-tenant' })).json().code,
    ).toBe(ErrorCode.TenantNotFound);
    expect((await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(root) })).statusCode).toBe(
      200,
    );
  });

  it('never gives a co-administrator more than its tenant holds', async () => {
    const lite = await seedTenant(
      h,
      'lite',
      { Certified: false, Analysis: true, Financial: false, AddUser: true },
      { Certified: true, Analysis: true, Financial: true },
    );
    expect(lite.sub.username).toBe('litesub');
    expect((await login(h, 'litesub')).body.Roles).toEqual(['user', 'analysis']);
  });

  it('cannot be managed by a co-administrator (no adduser) nor reach the tenant owner', async () => {
    const subToken = (await login(h, 'alfasub')).body.Token;
    const res = await add(subToken, newSub);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(4012);
    const owner = await h.app.inject({
      method: 'PUT',
      url: '/v1/user/update',
      headers: bearer(alfaToken),
      payload: { _id: alfa.owner.id, Status: 2 },
    });
    expect(owner.json().code).toBe(ErrorCode.UserNotExist);
    expect(bravo.owner.id).not.toBe(alfa.owner.id);
  });

  it('refuses taken account names (11011), duplicate names in the tenant (11027) and taken contacts, changing nothing', async () => {
    expect((await add(alfaToken, { ...newSub, Username: 'bravosub' })).json().code).toBe(11011);
    expect((await add(alfaToken, { ...newSub, Name: 'alfa Sub' })).json().code).toBe(11027);
    await h.store.db
      .updateTable('users')
      .set({ phone: '13700000001', email: 'owner@alfa.example' })
      .where('id', '=', alfa.owner.id)
      .execute();
    expect((await add(alfaToken, { ...newSub, Phone: '+86 13700000001' })).json().code).toBe(
      ErrorCode.PhoneBound,
    );
    expect((await add(alfaToken, { ...newSub, Email: 'OWNER@alfa.example' })).json().code).toBe(
      ErrorCode.EmailRegistered,
    );
    // The same display name in another tenant is fine.
    expect((await add(alfaToken, { ...newSub, Name: 'bravo Sub' })).statusCode).toBe(200);
    const count = await h.store.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });

  it('validates every field with its own code', async () => {
    expect((await add(alfaToken, { ...newSub, Username: 'abc' })).json().code).toBe(
      ErrorCode.AccountNameFormat,
    );
    expect((await add(alfaToken, { ...newSub, Password: 'abcdefgh' })).json().code).toBe(
      ErrorCode.PasswordWeak,
    );
    expect((await add(alfaToken, { ...newSub, Email: 'not-mail' })).json().code).toBe(ErrorCode.EmailFormat);
    expect((await add(alfaToken, { ...newSub, Phone: '12345' })).json().code).toBe(ErrorCode.PhoneFormat);
    const noOp = await add(alfaToken, { ...newSub, Operation: undefined });
    expect(noOp.json().code).toBe(4000);
    expect(
      await h.store.db.selectFrom('users').select('id').where('username', '=', 'alfaops2').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('blocking or a new password ends the co-administrator’s session; removal abandons it', async () => {
    const subToken = (await login(h, 'alfasub')).body.Token;
    const upd = await h.app.inject({
      method: 'PUT',
      url: '/v1/user/update',
      headers: bearer(alfaToken),
      payload: {
        _id: alfa.sub.id,
        Operation: { Certified: true, Analysis: true, Financial: true },
        Status: 2,
      },
    });
    expect(upd.json()).toMatchObject({
      Status: 2,
      Operation: { Certified: true, Analysis: true, Financial: true },
    });
    const ended = await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(subToken) });
    expect(ended.statusCode).toBe(403);
    expect(ended.json().code).toBe(4012);
    const row = await h.store.db
      .selectFrom('users')
      .select('online')
      .where('id', '=', alfa.sub.id)
      .executeTakeFirstOrThrow();
    expect(row.online).toBe(0);
    expect((await login(h, 'alfasub')).body.code).toBe(11019);

    await h.app.inject({
      method: 'PUT',
      url: '/v1/user/update',
      headers: bearer(alfaToken),
      payload: { _id: alfa.sub.id, Status: 1, Password: 'fresh-pass1' },
    });
    expect((await login(h, 'alfasub', 'fresh-pass1')).status).toBe(200);

    const del = await h.app.inject({
      method: 'DELETE',
      url: `/v1/user/disabled/${alfa.sub.id}`,
      headers: bearer(alfaToken),
    });
    expect(del.json()).toEqual({ ok: true, message: 'Delete success' });
    expect(
      (await h.app.inject({ url: '/v1/user/tenantUser', headers: bearer(alfaToken) })).json().count,
    ).toBe(0);
    expect((await login(h, 'alfasub', 'fresh-pass1')).body.code).toBe(11019);
  });
});
