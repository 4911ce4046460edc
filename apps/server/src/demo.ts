import { newId } from './platform/ids.ts';
import type { Services } from './app.ts';
import type { Db } from './platform/store/db.ts';
import { insertRelease } from './domains/app/store.ts';
import { withStartLock } from './bootstrap.ts';

export const DEMO_TENANT = { username: 'demo', password: 'demo1234' };
export const DEMO_COADMIN = { username: 'demoops', password: 'demo1234' };

const ADMIN = { tenantId: null, admin: true };

/**
 * Demo mode: a tenant with every permission and a co-administrator with fewer, made through the
 * same services the console's own screens call. Runs once: an existing demo tenant is left as is,
 * also when several nodes start together (the check and the seed run under the start lock).
 */
export async function seedDemo(db: Db, services: Services, now: number): Promise<boolean> {
  return withStartLock(db, () => seed(db, services, now));
}

async function seed(db: Db, services: Services, now: number): Promise<boolean> {
  if (await services.tenants.findByName(ADMIN, 'Demo Networks')) return false;
  const tenant = await services.tenants.create(ADMIN, {
    name: 'Demo Networks',
    phone: '13800138000',
    email: 'demo@example.com',
    operation: { Certified: true, Analysis: true, Financial: true, AddUser: true },
  });
  // Demo sessions last 30 idle minutes, so a visitor reading a page is not signed out.
  await services.users.createTenantOwner(tenant.id, {
    ...DEMO_TENANT,
    name: 'Demo Tenant',
    email: 'demo@example.com',
    phone: '13800138000',
    timeoutMinutes: 30,
  });
  await services.users.createCoAdministrator({ tenantId: tenant.id, admin: false }, tenant.id, {
    ...DEMO_COADMIN,
    name: 'Demo Operator',
    timeoutMinutes: 30,
    operation: { Certified: false, Analysis: true, Financial: false },
  });
  for (const [platform, url] of [
    ['android', 'https://downloads.example.com/netconsole/android/netconsole-2.4.0.apk'],
    ['ios', 'https://apps.example.com/netconsole-ios'],
  ] as const) {
    await insertRelease(db, {
      id: newId(),
      platform,
      version: '2.4.0',
      url,
      notes: 'Demo release',
      active: 1,
      created_at: now,
    });
  }
  return true;
}
