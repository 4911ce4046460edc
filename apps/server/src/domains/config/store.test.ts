import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import {
  deleteProfile,
  findProfile,
  findVersion,
  insertProfile,
  insertVersion,
  listProfiles,
  listVersions,
  pageProfiles,
  profileNameTaken,
  updateProfile,
} from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const order = { orderBy: 'name_key', direction: 'asc' } as const;

describe('tenant isolation in the configuration store', () => {
  it('neither returns, counts nor changes another tenant’s profiles and versions', async () => {
    const a = await seedTenant(h, 'alfa');
    const b = await seedTenant(h, 'bravo');
    const scopeA = { tenantId: a.tenant.id, admin: false };
    const scopeB = { tenantId: b.tenant.id, admin: false };
    const admin = { tenantId: null, admin: true };
    const now = h.clock.now;
    const profile = async (id: string, tenantId: string, name: string) => {
      await insertProfile(h.store.db, {
        id,
        tenant_id: tenantId,
        device_type: 2,
        controller_id: '',
        source: 'settings',
        name,
        name_key: name.toLowerCase(),
        description: '',
        cycle_time: 5,
        body: '{}',
        revision: 1,
        created_by: 'u',
        created_at: now,
        updated_by: 'u',
        updated_at: now,
      });
      await insertVersion(h.store.db, {
        id: `v-${id}`,
        tenant_id: tenantId,
        profile_id: id,
        revision: 1,
        action: 'created',
        name,
        description: '',
        cycle_time: 5,
        body: '{}',
        changes: '[]',
        user_id: 'u',
        user_name: 'someone',
        created_at: now,
      });
    };
    await profile('pa', a.tenant.id, 'Office');
    await profile('pb', b.tenant.id, 'Office');

    expect((await listProfiles(h.store.db, scopeA, {}, 100)).map((r) => r.id)).toEqual(['pa']);
    const pageA = await pageProfiles(h.store.db, scopeA, { search: 'off' }, order, 0, 10);
    expect([pageA.count, pageA.rows.map((r) => r.id)]).toEqual([1, ['pa']]);
    expect((await pageProfiles(h.store.db, admin, {}, order, 0, 10)).count).toBe(2);
    expect(await findProfile(h.store.db, scopeA, 'pb')).toBeUndefined();
    expect(await findVersion(h.store.db, scopeA, 'pb', 1)).toBeUndefined();
    expect(await listVersions(h.store.db, scopeA, 'pb')).toEqual([]);
    expect((await listVersions(h.store.db, scopeB, 'pb')).map((v) => v.id)).toEqual(['v-pb']);
    // The same name in another tenant does not count as taken; in the own tenant it does, any case.
    const key = { deviceType: 2, controllerId: '', nameKey: 'office' };
    expect(await profileNameTaken(h.store.db, scopeA, { ...key, tenantId: b.tenant.id }, null)).toBe(false);
    expect(await profileNameTaken(h.store.db, scopeA, { ...key, tenantId: a.tenant.id }, null)).toBe(true);
    expect(await profileNameTaken(h.store.db, scopeA, { ...key, tenantId: a.tenant.id }, 'pa')).toBe(false);

    // Writes through A's scope leave B's profile as it was.
    expect(await updateProfile(h.store.db, scopeA, 'pb', 1, { name: 'Taken', revision: 2 })).toBe(0);
    expect(await deleteProfile(h.store.db, scopeA, 'pb')).toBe(0);
    expect(await findProfile(h.store.db, scopeB, 'pb')).toMatchObject({ name: 'Office', revision: 1 });

    // A stale revision changes nothing either (the service reports the conflict).
    expect(await updateProfile(h.store.db, scopeA, 'pa', 7, { name: 'Stale' })).toBe(0);
    expect(await updateProfile(h.store.db, scopeA, 'pa', 1, { name: 'Head office', revision: 2 })).toBe(1);
    expect(await deleteProfile(h.store.db, scopeA, 'pa')).toBe(1);
    // Its versions outlive it.
    expect((await listVersions(h.store.db, scopeA, 'pa')).map((v) => v.revision)).toEqual([1]);
  });
});
