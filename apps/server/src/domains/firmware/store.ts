/**
 * The queries of the image library. Every function over tenant data takes the caller's Scope first
 * and filters by it in SQL (docs/firmware.md, "Who sees which image"):
 * - a tenant sees its own images and the administrator's published ones, and changes only its own;
 * - the administrator sees and changes every image.
 */
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import type { Order } from '../../platform/store/order.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import type { FirmwareImageRow, FirmwareImageTable } from './tables.ts';

export type { FirmwareImageRow };

export interface ImageFilter {
  model?: string | undefined;
  hwVersion?: string | undefined;
  /** 'admin': the administrator's images; 'tenant': tenants' (for a tenant: its own). */
  owner?: 'admin' | 'tenant' | undefined;
  /** Part of the model, a version, the file name, the operator or the description, any case. */
  search?: string | undefined;
}

export type ImageOrder = Order<'created_at' | 'updated_at' | 'model' | 'fw_version'>;

/** The images a scope may see. */
function visible(db: Db, scope: Scope, f: ImageFilter = {}) {
  let q = db.selectFrom('firmware_images');
  if (!scope.admin) {
    const tenant = scope.tenantId ?? '';
    q = q.where((eb) =>
      eb.or([eb('tenant_id', '=', tenant), eb.and([eb('tenant_id', 'is', null), eb('published', '=', 1)])]),
    );
  }
  if (f.model !== undefined) q = q.where('model', '=', f.model);
  if (f.hwVersion !== undefined) q = q.where('hw_version', '=', f.hwVersion);
  if (f.owner === 'admin') q = q.where('tenant_id', 'is', null);
  if (f.owner === 'tenant') q = q.where('tenant_id', 'is not', null);
  if (f.search) {
    const pattern = likePattern(f.search.toLowerCase());
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    q = q.where((eb) =>
      eb.or(['model', 'hw_version', 'fw_version', 'file_name', 'operator', 'description'].map(like)),
    );
  }
  return q;
}

export async function pageImages(
  db: Db,
  scope: Scope,
  f: ImageFilter,
  order: ImageOrder,
  offset: number,
  limit: number,
): Promise<RowPage<FirmwareImageRow>> {
  return pageRows(
    visible(db, scope, f),
    (b) => b.selectAll().orderBy(order.orderBy, order.direction).orderBy('id'),
    { offset, limit },
  );
}

/** Every image of the filter (at most `max`), in no particular order. */
export async function listImages(
  db: Db,
  scope: Scope,
  f: ImageFilter,
  max: number,
): Promise<FirmwareImageRow[]> {
  return visible(db, scope, f).selectAll().orderBy('created_at', 'desc').orderBy('id').limit(max).execute();
}

export async function findImage(db: Db, scope: Scope, id: string): Promise<FirmwareImageRow | undefined> {
  return visible(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * An image with this identity among those the uploader would then see beside its own: a tenant's
 * own and the administrator's published ones; for the administrator, its own.
 */
export async function identityTaken(
  db: Db,
  scope: Scope,
  key: { model: string; hwVersion: string; fwVersion: string },
): Promise<boolean> {
  let q = visible(db, scope, { model: key.model, hwVersion: key.hwVersion })
    .select('id')
    .where('fw_version', '=', key.fwVersion);
  if (scope.admin) q = q.where('tenant_id', 'is', null);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertImage(db: Db, row: Insertable<FirmwareImageTable>): Promise<void> {
  await db.insertInto('firmware_images').values(row).execute();
}

/** Changes an image the scope owns (the administrator: any); the number of rows changed. */
export async function updateImage(
  db: Db,
  scope: Scope,
  id: string,
  patch: Updateable<FirmwareImageTable>,
): Promise<number> {
  let q = db.updateTable('firmware_images').set(patch).where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteImage(db: Db, scope: Scope, id: string): Promise<number> {
  let q = db.deleteFrom('firmware_images').where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** An image by id for a device's download: the signature was the credential, not a scope. */
export async function findImageForDownload(db: Db, id: string): Promise<FirmwareImageRow | undefined> {
  return db.selectFrom('firmware_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface VersionTally {
  model: string;
  hw_version: string;
  fw_version: string;
  devices: number;
  online: number;
}

/**
 * The devices a scope sees, counted by model, hardware and firmware version (devices that never
 * said hello, with no model yet, are left out). `models` narrows to some models.
 */
export async function tallyDeviceVersions(
  db: Db,
  scope: Scope,
  f: { model?: string | undefined; hwVersion?: string | undefined; models?: string[] | undefined },
): Promise<VersionTally[]> {
  let q = db.selectFrom('devices').where('model', '!=', '');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  if (f.model !== undefined) q = q.where('model', '=', f.model);
  if (f.hwVersion !== undefined) q = q.where('hw_version', '=', f.hwVersion);
  if (f.models !== undefined) q = q.where('model', 'in', f.models.length > 0 ? f.models : ['']);
  const rows = await q
    .select(['model', 'hw_version', 'fw_version'])
    .select((eb) => [
      eb.fn.countAll<number>().as('devices'),
      eb.fn.sum<number>(sql`case when ${sql.ref('online')} = 1 then 1 else 0 end`).as('online'),
    ])
    .groupBy(['model', 'hw_version', 'fw_version'])
    .execute();
  return rows.map((r) => ({ ...r, devices: Number(r.devices), online: Number(r.online ?? 0) }));
}
