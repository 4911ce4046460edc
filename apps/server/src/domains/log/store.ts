/**
 * The log domain's queries. Every function over tenant data takes the caller's Scope first and
 * filters by it in SQL: a tenant's accounts (owner and co-administrators) see their tenant's rows,
 * the administrator every tenant's.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AuditFilters, DeviceLogFilters } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import { countOf, pageRows, type PageWindow, type RowPage } from '../../platform/store/page.ts';
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

/** Audit entries oldest or newest first: by time, then id, so a page's edge holds still. */
const auditRows = (q: ReturnType<typeof auditBase>, dir: 'asc' | 'desc') =>
  q.selectAll('a').orderBy('a.created_at', dir).orderBy('a.id', dir);

export function pageAudit(db: Db, scope: Scope, f: AuditWhere, page: LogPage): Promise<RowPage<AuditLogRow>> {
  return pageRows(auditBase(db, scope, f), (q) => auditRows(q, page.asc ? 'asc' : 'desc'), page);
}

export function countAudit(db: Db, scope: Scope, f: AuditWhere): Promise<LevelsAndModules> {
  return levelsAndModules(auditBase(db, scope, f), 'a');
}

/** Newest first in slices by key (time, id): an export reads its rows without an offset. */
export function streamAudit(db: Db, scope: Scope, f: AuditWhere, max: number, slice = 1000) {
  return newestFirst(max, slice, (after, take) =>
    auditRows(auditBase(db, scope, f), 'desc')
      .$if(after !== null, (q) => q.where(olderThan(after!, 'a')))
      .limit(take)
      .execute(),
  );
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

/** Device entries with their device's alias and network's name, ordered as auditRows orders. */
const deviceRows = (q: ReturnType<typeof deviceBase>, dir: 'asc' | 'desc') =>
  q
    .selectAll('l')
    .select(['d.alias as alias', 'n.name as network_name'])
    .orderBy('l.created_at', dir)
    .orderBy('l.id', dir);

export function pageDeviceLogs(
  db: Db,
  scope: Scope,
  f: DeviceWhere,
  page: LogPage,
): Promise<RowPage<DeviceLogView>> {
  return pageRows(deviceBase(db, scope, f), (q) => deviceRows(q, page.asc ? 'asc' : 'desc'), page);
}

export function countDeviceLogs(db: Db, scope: Scope, f: DeviceWhere): Promise<LevelsAndModules> {
  return levelsAndModules(deviceBase(db, scope, f), 'l');
}

export function streamDeviceLogs(db: Db, scope: Scope, f: DeviceWhere, max: number, slice = 1000) {
  return newestFirst(max, slice, (after, take) =>
    deviceRows(deviceBase(db, scope, f), 'desc')
      .$if(after !== null, (q) => q.where(olderThan(after!, 'l')))
      .limit(take)
      .execute(),
  );
}

// ---- what both log tables' lists do alike ----

/** A page of a log list: its window and its direction in time. */
export type LogPage = PageWindow & { asc: boolean };

/** Entries counted by level and by module (the list's filter totals). */
export interface LevelsAndModules {
  levels: Map<number, number>;
  modules: Map<string, number>;
}

/** Where a newest-first read stopped: the last row's time and id. */
interface LogKey {
  at: number;
  id: string;
}

/** The filtered entries of either table (`t` its alias) counted by level and by module, at once. */
async function levelsAndModules<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, O>,
  t: 'a' | 'l',
): Promise<LevelsAndModules> {
  // Over either table's builder the selection's type is not known here: the rows are read as k, n.
  const by = (column: 'level' | 'module') =>
    base
      .select((eb) => [sql.ref(`${t}.${column}`).as('k'), eb.fn.countAll<number>().as('n')])
      .groupBy(sql.ref(`${t}.${column}`))
      .execute() as unknown as Promise<{ k: unknown; n: number | string }[]>;
  const [levels, modules] = await Promise.all([by('level'), by('module')]);
  return {
    levels: new Map(levels.map((r) => [Number(r.k), Number(r.n)])),
    modules: new Map(modules.map((r) => [String(r.k), Number(r.n)])),
  };
}

/**
 * The rows after `key` in newest-first order: older, or as old with a smaller id (of the table
 * aliased `t`, or of the statement's one table).
 */
function olderThan(key: LogKey, t?: 'a' | 'l'): Expression<SqlBool> {
  const at = sql.ref(t ? `${t}.created_at` : 'created_at');
  const id = sql.ref(t ? `${t}.id` : 'id');
  return sql<SqlBool>`(${at} < ${key.at} or (${at} = ${key.at} and ${id} < ${key.id}))`;
}

/**
 * Up to `max` rows newest first, `slice` at a time, each slice read after the last one's key by
 * `read` (no offset: an export of many rows reads each row once).
 */
async function* newestFirst<R extends { created_at: number | string; id: string }>(
  max: number,
  slice: number,
  read: (after: LogKey | null, take: number) => Promise<R[]>,
): AsyncGenerator<R[]> {
  let after: LogKey | null = null;
  let left = max;
  while (left > 0) {
    const rows = await read(after, Math.min(slice, left));
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
    if ((await countOf(seen)) !== unique.length) return null;
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
export function pageDeliveries(db: Db, deviceId: string, f: { From?: number; To?: number }, take: number) {
  let q = db
    .selectFrom('delivery_targets as t')
    .innerJoin('delivery_campaigns as c', 'c.id', 't.campaign_id')
    .where('t.device_id', '=', deviceId)
    .where('c.kind', 'in', ['apply_config', 'upgrade_firmware']);
  if (f.From !== undefined) q = q.where('c.created_at', '>=', f.From);
  if (f.To !== undefined) q = q.where('c.created_at', '<=', f.To);
  return pageRows(
    q,
    (base) =>
      base
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
        .orderBy('t.campaign_id', 'desc'),
    { offset: 0, limit: take },
  );
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
      .where(olderThan({ at, id: edge.id }))
      .executeTakeFirst();
    capped += Number(res.numDeletedRows);
  }
  return { audit, device, capped };
}
