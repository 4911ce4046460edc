import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { endTenantSessions, findTenantOwners } from '../user/store.ts';
import { listTenantNames, pageTenants, updateTenant } from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const page = { offset: 0, limit: 10, orderBy: 'name', direction: 'asc' } as const;

describe('tenant isolation in the tenant store', () => {
  it('pages, names and changes only the caller’s own tenant', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const scopeA = { tenantId: a.tenant.id, admin: false };
    const admin = { tenantId: null, admin: true };

    expect((await pageTenants(h.store.db, scopeA, page)).rows.map((t) => t.name)).toEqual(['alfa Tenant']);
    expect((await pageTenants(h.store.db, scopeA, { ...page, search: 'bravo' })).count).toBe(0);
    expect((await pageTenants(h.store.db, admin, page)).count).toBe(2);
    expect(await listTenantNames(h.store.db, scopeA)).toEqual([{ id: a.tenant.id, name: 'alfa Tenant' }]);

    expect(await updateTenant(h.store.db, scopeA, b.tenant.id, { name: 'hijacked' })).toBe(0);
    const bRow = await h.store.db
      .selectFrom('tenants')
      .select('name')
      .where('id', '=', b.tenant.id)
      .executeTakeFirstOrThrow();
    expect(bRow.name).toBe('bravo Tenant');
    expect(await updateTenant(h.store.db, scopeA, a.tenant.id, { name: 'renamed' })).toBe(1);
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
});
