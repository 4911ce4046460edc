import type { Insertable, Updateable } from 'kysely';
import { ErrorCode } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/store/db.ts';
import { contains } from '../../platform/store/like.ts';
import { countOf, pageRows, type RowPage } from '../../platform/store/page.ts';
import type { NetworkRow, NetworkTable } from './tables.ts';

export type { NetworkRow };

export interface NetworkPageQuery {
  offset: number;
  limit: number;
  orderBy: 'created_at' | 'name_key';
  direction: 'asc' | 'desc';
  search?: string | undefined;
}

/** The networks a scope may see: a tenant its own, the administrator every tenant's. */
function visible(db: Db, scope: Scope) {
  let q = db.selectFrom('networks');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q;
}

export async function findNetwork(db: Db, scope: Scope, id: string): Promise<NetworkRow | undefined> {
  return visible(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A network the scope sees, or 12111 (the target network does not exist). */
export async function requireNetwork(db: Db, scope: Scope, id: string): Promise<NetworkRow> {
  const row = await findNetwork(db, scope, id);
  if (!row) throw new AppError(ErrorCode.TargetNetworkNotExist);
  return row;
}

/** A network of this tenant with this name (any case), other than `exceptId`. */
export async function networkNameTaken(
  db: Db,
  scope: Scope,
  tenantId: string,
  nameKey: string,
  exceptId: string | null,
): Promise<boolean> {
  let q = visible(db, scope).select('id').where('tenant_id', '=', tenantId).where('name_key', '=', nameKey);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertNetwork(db: Db, row: Insertable<NetworkTable>): Promise<void> {
  await db.insertInto('networks').values(row).execute();
}

export async function updateNetwork(
  db: Db,
  scope: Scope,
  id: string,
  patch: Updateable<NetworkTable>,
): Promise<number> {
  let q = db.updateTable('networks').set(patch).where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteNetwork(db: Db, scope: Scope, id: string): Promise<number> {
  let q = db.deleteFrom('networks').where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function pageNetworks(db: Db, scope: Scope, q: NetworkPageQuery): Promise<RowPage<NetworkRow>> {
  let base = visible(db, scope);
  if (q.search) base = base.where(contains('name_key', q.search.toLowerCase()));
  return pageRows(base, (b) => b.selectAll().orderBy(q.orderBy, q.direction).orderBy('id'), q);
}

export async function listNetworks(db: Db, scope: Scope, max: number): Promise<NetworkRow[]> {
  return visible(db, scope).selectAll().orderBy('created_at').orderBy('id').limit(max).execute();
}

/**
 * The time zones of these networks the scope sees (null: the server's zone). Ids of networks it
 * cannot see are absent from the answer.
 */
export async function networkTimeZones(
  db: Db,
  scope: Scope,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await visible(db, scope)
    .select(['id', 'time_zone'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.time_zone]));
}

export async function countNetworks(db: Db, scope: Scope): Promise<number> {
  return countOf(visible(db, scope));
}
