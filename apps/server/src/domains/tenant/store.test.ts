import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { findTenant, findTenantByName, listTenantNames, pageTenants, updateTenant } from './store.ts';

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

  it('shows a tenant only itself; the administrator sees all', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const scopeA = { tenantId: a.tenant.id, admin: false };
    expect(await findTenant(h.store.db, scopeA, b.tenant.id)).toBeUndefined();
    expect(await findTenantByName(h.store.db, scopeA, 'bravo Tenant')).toBeUndefined();
    expect(await findTenant(h.store.db, scopeA, a.tenant.id)).toMatchObject({ name: 'alfa Tenant' });
    expect(await findTenant(h.store.db, { tenantId: null, admin: true }, b.tenant.id)).toMatchObject({
      name: 'bravo Tenant',
    });
  });
});
