/**
 * The log domain's queries. Every function over tenant data takes the caller's Scope first and
 * filters by it in SQL: a tenant's accounts (owner and co-administrators) see their tenant's rows,
 * the administrator every tenant's.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import type { AuditFilters, DeviceLogFilters } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import type { AuditLogRow, DeviceLogRow } from './tables.ts';

/** Filter values the audit queries read; `Module` as a module of spec §3. */
export type AuditWhere = Partial<AuditFilters>;
/** Filter values the device queries read; `Module` a subsystem or event type. */
export type DeviceWhere = Partial<DeviceLogFilters> & {
  /** Switch events only (types 1-7). */
  switchOnly?: boolean;
};

/** `lower(column)` holds `text` (a literal, case folded), on both engines. */
function holdsText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text.toLowerCase())} escape '\\'`;
}

export function auditBase(db: Db, scope: Scope, f: AuditWhere) {
  let q = db.selectFrom('audit_logs as a');
  if (!scope.admin) q = q.where('a.tenant_id', '=', scope.tenantId ?? '');
  else if (f.Tenant === 'none') q = q.where('a.tenant_id', 'is', null);
  else if (f.Tenant !== undefined) q = q.where('a.tenant_id', '=', f.Tenant);
  if (f.From !== undefined) q = q.where('a.created_at', '>=', f.From);
  if (f.To !== undefined) q = q.where('a.created_at', '<=', f.To);
  if (f.Module !== undefined) q = q.where('a.module', '=', f.Module);
  if (f.Code !== undefined) q = q.where('a.code', '=', f.Code);
  if (f.Level !== undefined) q = q.where('a.level', '=', f.Level);
  if (f.Source !== undefined) q = q.where('a.source', '=', f.Source);
  if (f.Outcome === 'ok') q = q.where('a.outcome', '=', 0);
  if (f.Outcome === 'error') q = q.where('a.outcome', '<>', 0);
  if (f.Account) q = q.where(holdsText('a.account_name', f.Account));
  if (f.search) {
    const s = f.search;
    q = q.where((eb) => eb.or([holdsText('a.object', s), holdsText('a.path', s)]));
  }
  return q;
}

export async function pageAudit(
  db: Db,
  scope: Scope,
  f: AuditWhere,
  page: { offset: number; limit: number; asc: boolean },
): Promise<{ rows: AuditLogRow[]; count: number }> {
  const base = auditBase(db, scope, f);
  const dir = page.asc ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    base
      .selectAll('a')
      .orderBy('a.created_at', dir)
      .orderBy('a.id', dir)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export async function countAudit(
  db: Db,
  scope: Scope,
  f: AuditWhere,
): Promise<{ levels: Map<number, number>; modules: Map<string, number> }> {
  const base = auditBase(db, scope, f);
  const [levels, modules] = await Promise.all([
    base
      .select(['a.level as k', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('a.level')
      .execute(),
    base
      .select(['a.module as k', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('a.module')
      .execute(),
  ]);
  return {
    levels: new Map(levels.map((r) => [Number(r.k), Number(r.n)])),
    modules: new Map(modules.map((r) => [String(r.k), Number(r.n)])),
  };
}

/** Newest first in slices by key (time, id): an export reads its rows without an offset. */
export async function* streamAudit(db: Db, scope: Scope, f: AuditWhere, max: number, slice = 1000) {
  let after: { at: number; id: string } | null = null;
  let left = max;
  while (left > 0) {
    let q = auditBase(db, scope, f);
    if (after) {
      const { at, id } = after;
      q = q.where((eb) =>
        eb.or([eb('a.created_at', '<', at), eb.and([eb('a.created_at', '=', at), eb('a.id', '<', id)])]),
      );
    }
    const rows = await q
      .selectAll('a')
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(Math.min(slice, left))
      .execute();
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { at: Number(last.created_at), id: last.id };
  }
}

export type DeviceLogView = DeviceLogRow & {
  alias: string | null;
  network_name: string | null;
};

export function deviceBase(db: Db, scope: Scope, f: DeviceWhere) {
  let q = db
    .selectFrom('device_logs as l')
    .leftJoin('devices as d', 'd.id', 'l.device_id')
    .leftJoin('networks as n', 'n.id', 'l.network_id');
  if (!scope.admin) q = q.where('l.tenant_id', '=', scope.tenantId ?? '');
  if (f.From !== undefined) q = q.where('l.created_at', '>=', f.From);
  if (f.To !== undefined) q = q.where('l.created_at', '<=', f.To);
  if (f.Network !== undefined) q = q.where('l.network_id', '=', f.Network);
  if (f.SN !== undefined) q = q.where('l.sn', '=', f.SN.toUpperCase());
  if (f.Level !== undefined) q = q.where('l.level', '=', f.Level);
  if (f.Module !== undefined) q = q.where('l.module', '=', f.Module);
  if (f.Kind !== undefined) q = q.where('l.kind', '=', f.Kind);
  if (f.Type !== undefined) q = q.where('l.type', '=', f.Type);
  if (f.switchOnly) q = q.where('l.type', 'is not', null);
  if (f.Status !== undefined) q = q.where('l.status', '=', f.Status);
  if (f.search) q = q.where(holdsText('l.text', f.search));
  return q;
}

const deviceColumns = (q: ReturnType<typeof deviceBase>) =>
  q.selectAll('l').select(['d.alias as alias', 'n.name as network_name']);

export async function pageDeviceLogs(
  db: Db,
  scope: Scope,
  f: DeviceWhere,
  page: { offset: number; limit: number; asc: boolean },
): Promise<{ rows: DeviceLogView[]; count: number }> {
  const base = deviceBase(db, scope, f);
  const dir = page.asc ? 'asc' : 'desc';
  const [rows, total] = await Promise.all([
    deviceColumns(base)
      .orderBy('l.created_at', dir)
      .orderBy('l.id', dir)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export async function countDeviceLogs(
  db: Db,
  scope: Scope,
  f: DeviceWhere,
): Promise<{ levels: Map<number, number>; modules: Map<string, number> }> {
  const base = deviceBase(db, scope, f);
  const [levels, modules] = await Promise.all([
    base
      .select(['l.level as k', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('l.level')
      .execute(),
    base
      .select(['l.module as k', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('l.module')
      .execute(),
  ]);
  return {
    levels: new Map(levels.map((r) => [Number(r.k), Number(r.n)])),
    modules: new Map(modules.map((r) => [String(r.k), Number(r.n)])),
  };
}

export async function* streamDeviceLogs(db: Db, scope: Scope, f: DeviceWhere, max: number, slice = 1000) {
  let after: { at: number; id: string } | null = null;
  let left = max;
  while (left > 0) {
    let q = deviceBase(db, scope, f);
    if (after) {
      const { at, id } = after;
      q = q.where((eb) =>
        eb.or([eb('l.created_at', '<', at), eb.and([eb('l.created_at', '=', at), eb('l.id', '<', id)])]),
      );
    }
    const rows = await deviceColumns(q)
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(Math.min(slice, left))
      .execute();
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    const last = rows[rows.length - 1]!;
    after = { at: Number(last.created_at), id: last.id };
  }
}

/** Marks device entries; the number changed, or null when one of them is not the caller's. */
export async function setDeviceLogStatus(
  db: Db,
  scope: Scope,
  ids: string[],
  status: number,
): Promise<number | null> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (tx) => {
    let seen = tx.selectFrom('device_logs').where('id', 'in', unique);
    if (!scope.admin) seen = seen.where('tenant_id', '=', scope.tenantId ?? '');
    const found = await seen.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(found.n) !== unique.length) return null;
    let upd = tx.updateTable('device_logs').set({ status }).where('id', 'in', unique);
    if (!scope.admin) upd = upd.where('tenant_id', '=', scope.tenantId ?? '');
    const res = await upd.executeTakeFirst();
    return Number(res.numUpdatedRows);
  });
}

/** A registered device of the caller's by SN, or null. */
export async function findDevice(db: Db, scope: Scope, sn: string) {
  let q = db
    .selectFrom('devices')
    .select(['id', 'sn', 'tenant_id', 'parent', 'alias', 'type'])
    .where('sn', '=', sn.toUpperCase())
    .where('registered', '=', 1);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return (await q.executeTakeFirst()) ?? null;
}

/** A device's delivery items (targets), newest first, with what each delivered. */
export async function pageDeliveries(
  db: Db,
  deviceId: string,
  f: { From?: number; To?: number },
  take: number,
) {
  let q = db
    .selectFrom('delivery_targets as t')
    .innerJoin('delivery_campaigns as c', 'c.id', 't.campaign_id')
    .where('t.device_id', '=', deviceId)
    .where('c.kind', 'in', ['apply_config', 'upgrade_firmware']);
  if (f.From !== undefined) q = q.where('c.created_at', '>=', f.From);
  if (f.To !== undefined) q = q.where('c.created_at', '<=', f.To);
  const [rows, total] = await Promise.all([
    q
      .select([
        't.campaign_id',
        't.status',
        't.stage',
        't.code',
        't.detail',
        't.updated_at',
        'c.kind',
        'c.ref_name',
        'c.created_at',
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('t.campaign_id', 'desc')
      .limit(take)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export interface Retention {
  auditDays: number;
  deviceDays: number;
}

export async function readRetention(db: Db, tenantId: string): Promise<Retention | null> {
  const row = await db
    .selectFrom('log_settings')
    .select(['audit_days', 'device_days'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row ? { auditDays: row.audit_days, deviceDays: row.device_days } : null;
}

export async function writeRetention(db: Db, tenantId: string, r: Retention, now: number): Promise<void> {
  await db
    .insertInto('log_settings')
    .values({ tenant_id: tenantId, audit_days: r.auditDays, device_days: r.deviceDays, updated_at: now })
    .onConflict((oc) =>
      oc
        .column('tenant_id')
        .doUpdateSet({ audit_days: r.auditDays, device_days: r.deviceDays, updated_at: now }),
    )
    .execute();
}

export async function allRetention(db: Db): Promise<Map<string, Retention>> {
  const rows = await db
    .selectFrom('log_settings')
    .select(['tenant_id', 'audit_days', 'device_days'])
    .execute();
  return new Map(rows.map((r) => [r.tenant_id, { auditDays: r.audit_days, deviceDays: r.device_days }]));
}

/**
 * The retention pass (system, every tenant): entries older than their tenant's days go, those of
 * tenants without settings (and of no tenant) after the defaults; then each device keeps its newest
 * `rowsPerDevice` rows. Returns how many rows went.
 */
export async function prune(
  db: Db,
  now: number,
  defaults: Retention,
  rowsPerDevice: number,
): Promise<{ audit: number; device: number; capped: number }> {
  const settings = await allRetention(db);
  const day = 24 * 3600 * 1000;
  let audit = 0;
  let device = 0;
  for (const [tenantId, r] of settings) {
    audit += Number(
      (
        await db
          .deleteFrom('audit_logs')
          .where('tenant_id', '=', tenantId)
          .where('created_at', '<', now - r.auditDays * day)
          .executeTakeFirst()
      ).numDeletedRows,
    );
    device += Number(
      (
        await db
          .deleteFrom('device_logs')
          .where('tenant_id', '=', tenantId)
          .where('created_at', '<', now - r.deviceDays * day)
          .executeTakeFirst()
      ).numDeletedRows,
    );
  }
  const custom = [...settings.keys()];
  let a = db.deleteFrom('audit_logs').where('created_at', '<', now - defaults.auditDays * day);
  if (custom.length > 0)
    a = a.where((eb) => eb.or([eb('tenant_id', 'is', null), eb('tenant_id', 'not in', custom)]));
  audit += Number((await a.executeTakeFirst()).numDeletedRows);
  let d = db.deleteFrom('device_logs').where('created_at', '<', now - defaults.deviceDays * day);
  if (custom.length > 0) d = d.where('tenant_id', 'not in', custom);
  device += Number((await d.executeTakeFirst()).numDeletedRows);

  // The per-device cap: the devices over it, then each one's rows past its newest `rowsPerDevice`.
  let capped = 0;
  const over = await db
    .selectFrom('device_logs')
    .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('device_id')
    .having((eb) => eb.fn.countAll(), '>', rowsPerDevice)
    .execute();
  for (const { device_id } of over) {
    const edge = await db
      .selectFrom('device_logs')
      .select(['created_at', 'id'])
      .where('device_id', '=', device_id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(rowsPerDevice - 1)
      .limit(1)
      .executeTakeFirst();
    if (!edge) continue;
    const at = Number(edge.created_at);
    const res = await db
      .deleteFrom('device_logs')
      .where('device_id', '=', device_id)
      .where((eb) =>
        eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', edge.id)])]),
      )
      .executeTakeFirst();
    capped += Number(res.numDeletedRows);
  }
  return { audit, device, capped };
}
