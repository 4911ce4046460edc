import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { endTenantSessions, findTenantOwners, findUser, listTenantUsers, updateUser } from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('tenant isolation in the user store', () => {
  it('does not return, list or change another tenant’s users', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const scopeA = { tenantId: a.tenant.id, admin: false };

    expect(await findUser(h.store.db, scopeA, a.sub.id)).toMatchObject({ username: 'alfasub' });
    expect(await findUser(h.store.db, scopeA, b.sub.id)).toBeUndefined();
    expect((await listTenantUsers(h.store.db, scopeA, a.tenant.id)).map((u) => u.username).sort()).toEqual([
      'alfaown',
      'alfasub',
    ]);
    expect(await listTenantUsers(h.store.db, scopeA, b.tenant.id)).toEqual([]);

    expect(await updateUser(h.store.db, scopeA, b.sub.id, { name: 'hijacked' })).toBe(0);
    const bSub = await findUser(h.store.db, { tenantId: b.tenant.id, admin: false }, b.sub.id);
    expect(bSub?.name).toBe('bravo Sub');
    expect(await updateUser(h.store.db, scopeA, a.sub.id, { name: 'renamed' })).toBe(1);
  });

  it('shows owners and ends sessions of the caller’s own tenant only', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const scopeA = { tenantId: a.tenant.id, admin: false };
    const owners = await findTenantOwners(h.store.db, scopeA, [a.tenant.id, b.tenant.id]);
    expect(owners.map((u) => u.username)).toEqual(['alfaown']);

    const bToken = (await login(h, 'bravoown')).body.Token;
    expect(await endTenantSessions(h.store.db, scopeA, b.tenant.id, 'disabled', h.clock.now)).toBe(0);
    expect((await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(bToken) })).statusCode).toBe(
      200,
    );
  });

  it('refuses a co-administrator for another tenant', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    await expect(
      h.services.users.createCoAdministrator({ tenantId: a.tenant.id, admin: false }, b.tenant.id, {
        username: 'intruder',
        password: 'pass1234',
        name: 'x',
      }),
    ).rejects.toMatchObject({ code: 4012 });
  });

  it('refuses a second account with a taken name (11011)', async () => {
    await seedTenant(h, 'alfa');
    await expect(
      h.services.users.createAdministrator({ username: 'alfaown', password: 'pass1234', name: 'x' }),
    ).rejects.toMatchObject({
      code: 11011,
    });
  });
});
