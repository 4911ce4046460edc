import type { Insertable, Selectable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import type { TenantTable } from '../../platform/store/schema.ts';

export type TenantRow = Selectable<TenantTable>;

export async function insertTenant(db: Db, row: Insertable<TenantTable>): Promise<void> {
  await db.insertInto('tenants').values(row).execute();
}

/** A tenant-side caller sees only its own tenant; the administrator sees any. */
export async function findTenant(db: Db, scope: Scope, id: string): Promise<TenantRow | undefined> {
  if (!scope.admin && scope.tenantId !== id) return undefined;
  return db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findTenantByName(db: Db, scope: Scope, name: string): Promise<TenantRow | undefined> {
  let q = db.selectFrom('tenants').selectAll().where('name', '=', name);
  if (!scope.admin) q = q.where('id', '=', scope.tenantId ?? '');
  return q.executeTakeFirst();
}
