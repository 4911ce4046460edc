import type { Insertable, Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import type { TenantRow, TenantTable } from './tables.ts';

export type { TenantRow };

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

export async function updateTenant(
  db: Db,
  scope: Scope,
  id: string,
  patch: Updateable<TenantTable>,
): Promise<number> {
  if (!scope.admin && scope.tenantId !== id) return 0;
  const res = await db.updateTable('tenants').set(patch).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface TenantPageQuery {
  search?: string | undefined;
  /** One state only; without it every tenant but the abandoned ones. */
  status?: number | undefined;
  offset: number;
  limit: number;
  orderBy: 'created_at' | 'name' | 'service_end';
  direction: 'asc' | 'desc';
}

export async function pageTenants(db: Db, scope: Scope, q: TenantPageQuery): Promise<RowPage<TenantRow>> {
  let base = db.selectFrom('tenants');
  if (!scope.admin) base = base.where('id', '=', scope.tenantId ?? '');
  base = q.status === undefined ? base.where('status', '!=', 0) : base.where('status', '=', q.status);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([eb('name', 'like', like), eb('phone', 'like', like), eb('email', 'like', like)]),
    );
  }
  return pageRows(
    base,
    (b) =>
      b
        .selectAll()
        // Names sort without regard to case, alike on both engines whatever PostgreSQL's collation.
        .orderBy((eb) => (q.orderBy === 'name' ? eb.fn('lower', ['name']) : eb.ref(q.orderBy)), q.direction)
        .orderBy('id'),
    q,
  );
}

/** Ids and names of the live tenants, by name (pickers). */
export async function listTenantNames(db: Db, scope: Scope): Promise<{ id: string; name: string }[]> {
  let q = db.selectFrom('tenants').select(['id', 'name']).where('status', '!=', 0);
  if (!scope.admin) q = q.where('id', '=', scope.tenantId ?? '');
  return q
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}
