import { sql, type Insertable, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { contains, likePattern } from '../../platform/store/like.ts';
import type { Order } from '../../platform/store/order.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import type { ConfigProfileRow, ConfigProfileTable, ConfigVersionRow, ConfigVersionTable } from './tables.ts';

export type { ConfigProfileRow, ConfigVersionRow };

export interface ProfileFilter {
  deviceType?: number | undefined;
  /** An AC's profiles; '' the tenant's own. */
  controllerId?: string | undefined;
  source?: string | undefined;
  /** Part of the name or the description, any case. */
  search?: string | undefined;
}

export type ProfileOrder = Order<'updated_at' | 'created_at' | 'name_key' | 'device_type'>;

/** The profiles a scope may see: a tenant its own, the administrator every tenant's. */
function visible(db: Db, scope: Scope, f: ProfileFilter = {}) {
  let q = db.selectFrom('config_profiles');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  if (f.deviceType !== undefined) q = q.where('device_type', '=', f.deviceType);
  if (f.controllerId !== undefined) q = q.where('controller_id', '=', f.controllerId);
  if (f.source !== undefined) q = q.where('source', '=', f.source);
  if (f.search) {
    const text = f.search.toLowerCase();
    const inDescription = sql<boolean>`lower(${sql.ref('description')}) like ${likePattern(text)} escape '\\'`;
    q = q.where((eb) => eb.or([contains('name_key', text), inDescription]));
  }
  return q;
}

export async function pageProfiles(
  db: Db,
  scope: Scope,
  f: ProfileFilter,
  order: ProfileOrder,
  offset: number,
  limit: number,
): Promise<RowPage<ConfigProfileRow>> {
  return pageRows(
    visible(db, scope, f),
    (b) => b.selectAll().orderBy(order.orderBy, order.direction).orderBy('id'),
    { offset, limit },
  );
}

/** Every profile of the filter, by name (at most `max`). */
export async function listProfiles(
  db: Db,
  scope: Scope,
  f: ProfileFilter,
  max: number,
): Promise<ConfigProfileRow[]> {
  return visible(db, scope, f).selectAll().orderBy('name_key').orderBy('id').limit(max).execute();
}

export async function findProfile(db: Db, scope: Scope, id: string): Promise<ConfigProfileRow | undefined> {
  return visible(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/** A profile of this tenant, type and controller with this name (any case), other than `exceptId`. */
export async function profileNameTaken(
  db: Db,
  scope: Scope,
  key: { tenantId: string; deviceType: number; controllerId: string; nameKey: string },
  exceptId: string | null,
): Promise<boolean> {
  let q = visible(db, scope, { deviceType: key.deviceType, controllerId: key.controllerId })
    .select('id')
    .where('tenant_id', '=', key.tenantId)
    .where('name_key', '=', key.nameKey);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertProfile(db: Db, row: Insertable<ConfigProfileTable>): Promise<void> {
  await db.insertInto('config_profiles').values(row).execute();
}

/**
 * Changes a profile if it is still at `revision` (another save in between leaves it unchanged and
 * returns 0: the caller reports the conflict instead of losing that save).
 */
export async function updateProfile(
  db: Db,
  scope: Scope,
  id: string,
  revision: number,
  patch: Updateable<ConfigProfileTable>,
): Promise<number> {
  let q = db.updateTable('config_profiles').set(patch).where('id', '=', id).where('revision', '=', revision);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteProfile(db: Db, scope: Scope, id: string): Promise<number> {
  let q = db.deleteFrom('config_profiles').where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function insertVersion(db: Db, row: Insertable<ConfigVersionTable>): Promise<void> {
  await db.insertInto('config_versions').values(row).execute();
}

/** A profile's versions, newest first (also those of a deleted profile). */
export async function listVersions(db: Db, scope: Scope, profileId: string): Promise<ConfigVersionRow[]> {
  let q = db.selectFrom('config_versions').selectAll().where('profile_id', '=', profileId);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q.orderBy('revision', 'desc').execute();
}

/** One version of a profile. */
export async function findVersion(
  db: Db,
  scope: Scope,
  profileId: string,
  revision: number,
): Promise<ConfigVersionRow | undefined> {
  let q = db
    .selectFrom('config_versions')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('revision', '=', revision);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q.executeTakeFirst();
}

/**
 * The uploads (`File.Path`) the scope's versions name. Every profile save writes its version in the
 * same transaction, so the profiles' own bodies are among them, and a removed profile's versions
 * still count (a restore may bring them back).
 */
export async function referencedFiles(db: Db, scope: Scope): Promise<Set<string>> {
  let q = db.selectFrom('config_versions').select('body').where('body', 'like', '%"File":{%');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const paths = new Set<string>();
  for (const { body } of await q.execute()) {
    const path = (JSON.parse(body) as { File?: { Path?: unknown } | null }).File?.Path;
    if (typeof path === 'string') paths.add(path);
  }
  return paths;
}
