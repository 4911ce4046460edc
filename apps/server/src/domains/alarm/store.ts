/**
 * Queries of the alarm domain. Every function over tenant data takes the caller's Scope first and
 * filters by it in SQL; the engine's start-up reads (every open alarm, every setting) run with the
 * system scope.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { contains } from '../../platform/store/like.ts';
import { pageRows, type RowPage } from '../../platform/store/page.ts';
import { ofScope } from '../../platform/store/scope.ts';
import type {
  AlarmRow,
  AlarmRuleRow,
  AlarmRuleTable,
  AlarmSettingRow,
  AlarmSettingTable,
  AlarmTable,
} from './tables.ts';

export type { AlarmRow, AlarmRuleRow, AlarmSettingRow };

// ---- settings ----

export async function settingsOf(
  db: Db,
  scope: Scope,
  networkIds: readonly string[],
): Promise<AlarmSettingRow[]> {
  if (networkIds.length === 0) return [];
  return db
    .selectFrom('alarm_settings')
    .selectAll()
    .$call(ofScope(scope))
    .where('network_id', 'in', networkIds)
    .orderBy('type')
    .execute();
}

/** Every network's settings (the engine's start). */
export async function allSettings(db: Db): Promise<AlarmSettingRow[]> {
  return db.selectFrom('alarm_settings').selectAll().execute();
}

/** Replaces the rows of these types of a network (all inside the caller's transaction). */
export async function writeSettings(
  db: Db,
  scope: Scope,
  networkId: string,
  rows: Insertable<AlarmSettingTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .deleteFrom('alarm_settings')
    .$call(ofScope(scope))
    .where('network_id', '=', networkId)
    .where(
      'type',
      'in',
      rows.map((r) => r.type),
    )
    .execute();
  await db.insertInto('alarm_settings').values(rows).execute();
}

/** A removed network's settings and rules go with it. */
export async function deleteNetworkSettings(db: Db, scope: Scope, networkId: string): Promise<void> {
  await db.deleteFrom('alarm_settings').$call(ofScope(scope)).where('network_id', '=', networkId).execute();
  await deleteRulesOf(db, scope, networkId);
}

// ---- custom and limit alarms ----

export async function rulesOf(
  db: Db,
  scope: Scope,
  kind: 'custom' | 'limit',
  networkIds: readonly string[],
): Promise<AlarmRuleRow[]> {
  if (networkIds.length === 0) return [];
  return db
    .selectFrom('alarm_rules')
    .selectAll()
    .$call(ofScope(scope))
    .where('kind', '=', kind)
    .where('network_id', 'in', networkIds)
    .orderBy('code')
    .execute();
}

export async function allRules(db: Db): Promise<AlarmRuleRow[]> {
  return db.selectFrom('alarm_rules').selectAll().execute();
}

export async function findRule(
  db: Db,
  scope: Scope,
  kind: 'custom' | 'limit',
  id: string,
): Promise<AlarmRuleRow | undefined> {
  return db
    .selectFrom('alarm_rules')
    .selectAll()
    .$call(ofScope(scope))
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The next free code of a kind in a network, and how many rules of that kind it has. */
export async function nextCode(
  db: Db,
  networkId: string,
  kind: 'custom' | 'limit',
  base: number,
): Promise<{ code: number; count: number }> {
  const r = await db
    .selectFrom('alarm_rules')
    .select((eb) => [eb.fn.max<number>('code').as('top'), eb.fn.countAll<number>().as('n')])
    .where('network_id', '=', networkId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return { code: r.top === null ? base : Number(r.top) + 1, count: Number(r.n) };
}

export async function insertRule(db: Db, row: Insertable<AlarmRuleTable>): Promise<void> {
  await db.insertInto('alarm_rules').values(row).execute();
}

export async function updateRule(
  db: Db,
  scope: Scope,
  id: string,
  patch: Updateable<AlarmRuleTable>,
): Promise<number> {
  const r = await db
    .updateTable('alarm_rules')
    .set(patch)
    .$call(ofScope(scope))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteRule(db: Db, scope: Scope, id: string): Promise<number> {
  const r = await db.deleteFrom('alarm_rules').$call(ofScope(scope)).where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteRulesOf(db: Db, scope: Scope, networkId: string): Promise<void> {
  await db.deleteFrom('alarm_rules').$call(ofScope(scope)).where('network_id', '=', networkId).execute();
}

export async function pageLimitRules(
  db: Db,
  scope: Scope,
  networkId: string | undefined,
  offset: number,
  limit: number,
): Promise<RowPage<AlarmRuleRow>> {
  let base = db.selectFrom('alarm_rules').$call(ofScope(scope)).where('kind', '=', 'limit');
  if (networkId !== undefined) base = base.where('network_id', '=', networkId);
  return pageRows(base, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id'), { offset, limit });
}

// ---- networks and devices (read only: names for texts, membership for the engine) ----

export interface NetworkName {
  id: string;
  tenant_id: string;
  name: string;
}

export async function networkNames(
  db: Db,
  scope: Scope,
  ids?: readonly string[],
  search?: string,
): Promise<NetworkName[]> {
  if (ids && ids.length === 0) return [];
  let q = db.selectFrom('networks').select(['id', 'tenant_id', 'name']).$call(ofScope(scope));
  if (ids) q = q.where('id', 'in', ids);
  if (search) q = q.where(contains('name', search));
  return q.orderBy('name_key').orderBy('id').execute();
}

export interface MemberRow {
  id: string;
  sn: string;
  tenant_id: string | null;
  parent: string | null;
  alias: string;
  type: number | null;
  online: number;
  last_seen_at: number | null;
}

/** The registered devices placed in networks (all, or of these networks). */
export async function members(db: Db, networkIds?: readonly string[]): Promise<MemberRow[]> {
  if (networkIds && networkIds.length === 0) return [];
  let q = db
    .selectFrom('devices')
    .select(['id', 'sn', 'tenant_id', 'parent', 'alias', 'type', 'online', 'last_seen_at'])
    .where('registered', '=', 1)
    .where('parent', 'is not', null);
  if (networkIds) q = q.where('parent', 'in', networkIds);
  return q.execute();
}

// ---- alarms ----

/** Inserts an open alarm; false when one is already open under its key (another node, a restart). */
export async function insertAlarm(db: Db, row: Insertable<AlarmTable>): Promise<boolean> {
  const r = await db
    .insertInto('alarms')
    .values(row)
    .onConflict((oc) => oc.column('open_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function openAlarmByKey(db: Db, key: string): Promise<AlarmRow | undefined> {
  return db.selectFrom('alarms').selectAll().where('open_key', '=', key).executeTakeFirst();
}

/** Every open alarm (the engine's start). */
export async function openAlarms(db: Db): Promise<AlarmRow[]> {
  return db.selectFrom('alarms').selectAll().where('open_key', 'is not', null).execute();
}

export async function updateAlarm(db: Db, id: string, patch: Updateable<AlarmTable>): Promise<void> {
  await db.updateTable('alarms').set(patch).where('id', '=', id).execute();
}

export async function alarmsByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<AlarmRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('alarms').selectAll().$call(ofScope(scope)).where('id', 'in', ids).execute();
}

export async function openAlarmsOf(
  db: Db,
  scope: Scope,
  where: { networkId?: string; deviceIds?: readonly string[] },
): Promise<AlarmRow[]> {
  let q = db.selectFrom('alarms').selectAll().$call(ofScope(scope)).where('open_key', 'is not', null);
  if (where.networkId !== undefined) q = q.where('network_id', '=', where.networkId);
  if (where.deviceIds) {
    if (where.deviceIds.length === 0) return [];
    q = q.where('device_id', 'in', where.deviceIds);
  }
  return q.execute();
}

/** Marks alarms treated (untreated ones among them); returns how many changed. */
export async function treatAlarms(
  db: Db,
  scope: Scope,
  ids: readonly string[],
  by: { id: string; name: string },
  at: number,
): Promise<number> {
  const r = await db
    .updateTable('alarms')
    .set({ handle: 1, handled_by: by.id, handled_by_name: by.name, handled_at: at })
    .$call(ofScope(scope))
    .where('id', 'in', ids)
    .where('handle', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export interface AlarmFilter {
  networkId?: string | undefined;
  device?: string | undefined;
  type?: number | undefined;
  level?: number | undefined;
  open?: boolean | undefined;
  handle?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
  search?: string | undefined;
}

export async function pageAlarms(
  db: Db,
  scope: Scope,
  f: AlarmFilter,
  offset: number,
  limit: number,
): Promise<RowPage<AlarmRow>> {
  let base = db.selectFrom('alarms').$call(ofScope(scope));
  if (f.networkId !== undefined) base = base.where('network_id', '=', f.networkId);
  if (f.device !== undefined) {
    const d = f.device;
    base = base.where((eb) => eb.or([eb('device_id', '=', d), eb('sn', '=', d)]));
  }
  if (f.type !== undefined) base = base.where('type', '=', f.type);
  if (f.level !== undefined) base = base.where('level', '=', f.level);
  if (f.open !== undefined) base = base.where('open_key', f.open ? 'is not' : 'is', null);
  if (f.handle !== undefined) base = base.where('handle', '=', f.handle);
  if (f.from !== undefined) base = base.where('raised_at', '>=', f.from);
  if (f.to !== undefined) base = base.where('raised_at', '<=', f.to);
  if (f.search) {
    const s = f.search;
    base = base.where((eb) =>
      eb.or([
        contains('device_name', s),
        contains('sn', s),
        contains('network_name', s),
        contains('text_en', s),
      ]),
    );
  }
  return pageRows(base, (q) => q.selectAll().orderBy('raised_at', 'desc').orderBy('id', 'desc'), {
    offset,
    limit,
  });
}

export interface OpenCount {
  network_id: string | null;
  level: number;
  handle: number;
  n: number;
}

/** Open alarms counted by network, level and handling. */
export async function openCounts(db: Db, scope: Scope, networkIds?: readonly string[]): Promise<OpenCount[]> {
  if (networkIds && networkIds.length === 0) return [];
  let q = db.selectFrom('alarms').$call(ofScope(scope)).where('open_key', 'is not', null);
  if (networkIds) q = q.where('network_id', 'in', networkIds);
  const rows = await q
    .select((eb) => ['network_id', 'level', 'handle', eb.fn.countAll<number>().as('n')])
    .groupBy(['network_id', 'level', 'handle'])
    .execute();
  return rows.map((r) => ({
    network_id: r.network_id,
    level: r.level,
    handle: Number(r.handle),
    n: Number(r.n),
  }));
}

/** The newest open alarms of a scope (or of one network). */
export async function newestOpen(
  db: Db,
  scope: Scope,
  networkId: string | undefined,
  limit: number,
): Promise<AlarmRow[]> {
  let q = db.selectFrom('alarms').selectAll().$call(ofScope(scope)).where('open_key', 'is not', null);
  if (networkId !== undefined) q = q.where('network_id', '=', networkId);
  return q.orderBy('raised_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
