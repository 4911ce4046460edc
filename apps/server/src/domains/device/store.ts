import { sql, type Insertable, type SelectQueryBuilder, type Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Database, Db } from '../../platform/store/db.ts';
import { bulkUpdate } from '../../platform/store/bulk.ts';
import { holds, isPostgres } from '../../platform/store/like.ts';
import { countOf, type RowPage } from '../../platform/store/page.ts';
import type { ConfigProfileRow } from '../config/tables.ts';
import type { DeviceRow, DeviceTable } from './tables.ts';

export type { DeviceRow };

/**
 * Devices named one by one past which a read goes to the store's background lane (db.ts): a
 * delivery's targets, 1,000 a request, read while the fleet is listed (docs/performance.md,
 * "Configuration delivery").
 */
export const BULK_IDS = 100;

/** What selects devices in lists, counts and searches. */
export interface DeviceFilter {
  /** Network ids; null in the list selects devices in no network. */
  parent?: (string | null)[] | undefined;
  status?: string | undefined;
  type?: number | undefined;
  search?: string | undefined;
  registered?: boolean | undefined;
  sns?: string[] | undefined;
  model?: string | undefined;
  hwVersion?: string | undefined;
  /** APs managed by this access controller (its SN). */
  acSn?: string | undefined;
  /** Devices whose running configuration differs from the one assigned (true), or not (false). */
  drift?: boolean | undefined;
}

export interface DevicePageQuery extends DeviceFilter {
  offset: number;
  limit: number;
  orderBy: 'created_at' | 'sn' | 'alias' | 'type' | 'status';
  direction: 'asc' | 'desc';
}

/**
 * The devices a scope may see: a tenant its own (which are all registered), the administrator every
 * device, the unregistered ones included.
 */
function visible(db: Db, scope: Scope, f: DeviceFilter = {}) {
  let q = db.selectFrom('devices');
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  if (f.registered !== undefined) q = q.where('registered', '=', f.registered ? 1 : 0);
  // Filtered by networks (a few dozen devices each), the parent index goes first: on SQLite the
  // status and type terms are kept from competing for an index (`+column`), which the planner,
  // with no statistics or outdated ones, preferred (8,000 APs read for a network's 17).
  const byNetwork = f.parent !== undefined && f.parent.length > 0 && !f.parent.includes(null);
  const term = (column: 'status' | 'type') =>
    byNetwork && !isPostgres(db) ? sql`+${sql.ref(column)}` : sql.ref(column);
  if (f.status !== undefined) q = q.where(term('status'), '=', f.status);
  if (f.type !== undefined) q = q.where(term('type'), '=', f.type);
  if (f.sns !== undefined) q = q.where('sn', 'in', f.sns.length > 0 ? f.sns : ['']);
  if (f.model !== undefined) q = q.where('model', '=', f.model);
  if (f.hwVersion !== undefined) q = q.where('hw_version', '=', f.hwVersion);
  if (f.acSn !== undefined) q = q.where('ac_sn', '=', f.acSn);
  if (f.drift !== undefined) {
    const drift = sql<boolean>`(assigned_config_id is not null and (config_id is null
      or config_revision is null or config_id <> assigned_config_id or config_revision <> assigned_revision))`;
    q = q.where(f.drift ? drift : sql<boolean>`not ${drift}`);
  }
  if (f.parent !== undefined) {
    const ids = f.parent.filter((p): p is string => p !== null);
    const none = f.parent.includes(null);
    q = q.where((eb) =>
      eb.or([
        ...(ids.length > 0 ? [eb('parent', 'in', ids)] : []),
        ...(none ? [eb('parent', 'is', null)] : []),
        ...(ids.length === 0 && !none ? [sql<boolean>`1 = 0`] : []),
      ]),
    );
  }
  if (f.search) {
    // SN and alias hold the text as typed; MACs are kept as bare hex, so a MAC typed with
    // separators (0C:1A-2B) is looked for without them.
    const text = f.search.toLowerCase();
    const bare = text.replace(/[:\-\s]/g, '');
    const patterns = /^[0-9a-f]+$/.test(bare) && bare !== text ? [text, bare] : [text];
    q = q.where((eb) => eb.or(patterns.map((p) => holds(db, 'search_key', p))));
  }
  return q;
}

export async function findDevice(
  db: Db,
  scope: Scope,
  ref: { id?: string | undefined; sn?: string | undefined },
): Promise<DeviceRow | undefined> {
  let q = visible(db, scope).selectAll();
  if (ref.id !== undefined) q = q.where('id', '=', ref.id);
  if (ref.sn !== undefined) q = q.where('sn', '=', ref.sn);
  if (ref.id === undefined && ref.sn === undefined) return undefined;
  return q.executeTakeFirst();
}

export async function pageDevices(db: Db, scope: Scope, q: DevicePageQuery): Promise<RowPage<DeviceRow>> {
  const base = visible(db, scope, q);
  const order = <T extends SelectQueryBuilder<Database, 'devices', object>>(query: T): T =>
    query
      .orderBy((eb) => (q.orderBy === 'alias' ? eb.fn('lower', ['alias']) : eb.ref(q.orderBy)), q.direction)
      .orderBy('id') as T;
  if (q.search) {
    // A search looks at every device's key anyway: its page and its total in one pass of the index
    // (a count beside the page was a second pass, half of a search's time), then the page's rows.
    const found = await order(base.select((eb) => ['id', eb.fn.countAll<number>().over().as('n')]))
      .limit(q.limit)
      .offset(q.offset)
      .execute();
    if (found.length === 0) {
      const total = q.offset === 0 ? 0 : await countDevices(db, scope, q);
      return { rows: [], count: total };
    }
    const ids = found.map((r) => r.id);
    return {
      rows: await order(db.selectFrom('devices').selectAll().where('id', 'in', ids)).execute(),
      count: Number(found[0]!.n),
    };
  }
  // The page's ids first, then their rows: a filter the index answers alone reads only the rows
  // it returns.
  const page = order(base.select('id')).limit(q.limit).offset(q.offset);
  const [rows, count] = await Promise.all([
    order(db.selectFrom('devices').selectAll().where('id', 'in', page)).execute(),
    countOf(base),
  ]);
  return { rows, count };
}

/** Every device of a filter, by SN, up to `max`. */
export async function listDevices(db: Db, scope: Scope, f: DeviceFilter, max: number): Promise<DeviceRow[]> {
  return visible(db, scope, f).selectAll().orderBy('sn').limit(max).execute();
}

export async function countDevices(db: Db, scope: Scope, f: DeviceFilter): Promise<number> {
  return countOf(visible(db, scope, f));
}

/** Totals by type, status, registration and trust, in one pass. */
export async function tallyDevices(
  db: Db,
  scope: Scope,
  f: DeviceFilter,
): Promise<{ type: number | null; status: string; registered: number; trusted: number; n: number }[]> {
  const rows = await visible(db, scope, f)
    .select(['type', 'status', 'registered', 'trusted'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['type', 'status', 'registered', 'trusted'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

/** A change a tenant (or the administrator) makes to a device it sees: registration columns only. */
export async function updateDevice(
  db: Db,
  scope: Scope,
  id: string,
  patch: Updateable<DeviceTable>,
): Promise<number> {
  let q = db.updateTable('devices').set(patch).where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function aliasTaken(
  db: Db,
  scope: Scope,
  alias: string,
  exceptId: string | null,
): Promise<boolean> {
  let q = visible(db, scope).select('id').where('alias', '=', alias);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function tenantHasDevices(db: Db, scope: Scope, tenantId: string): Promise<boolean> {
  if (!scope.admin && scope.tenantId !== tenantId) return false;
  const row = await db
    .selectFrom('devices')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- unscoped: the device's own identity ----
// A device is its SN: the broker authenticated it, and SNs and MACs are unique across the platform,
// so these lookups establish whose device it is, the way the account name does at sign-in.

export async function findDeviceBySn(db: Db, sn: string): Promise<DeviceRow | undefined> {
  return db.selectFrom('devices').selectAll().where('sn', '=', sn).executeTakeFirst();
}

/** Another device already known by this MAC (registered, or reported by a hello)? */
export async function macInUse(db: Db, mac: string, exceptSn: string): Promise<boolean> {
  const row = await db
    .selectFrom('devices')
    .select('id')
    .where((eb) => eb.or([eb('mac', '=', mac), eb('hello_mac', '=', mac)]))
    .where('sn', '!=', exceptSn)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertDevice(db: Db, row: Insertable<DeviceTable>): Promise<void> {
  await db.insertInto('devices').values(row).execute();
}

/** The devices the store believes online (an external broker keeps them connected across a restart). */
export async function findOnlineDevices(db: Db): Promise<DeviceRow[]> {
  return db.selectFrom('devices').selectAll().where('online', '=', 1).execute();
}

/** The embedded broker died with the previous process: nobody is connected any more. */
export async function markAllOffline(db: Db, now: number, reason: string): Promise<number> {
  const res = await db
    .updateTable('devices')
    .set({ online: 0, offline_at: now, offline_reason: reason })
    .where('online', '=', 1)
    .executeTakeFirst();
  await db.updateTable('devices').set({ status: 'Offline' }).where('status', '=', 'Online').execute();
  return Number(res.numUpdatedRows);
}

/** The reported columns of a device row and their SQL types (casts keep PostgreSQL's types exact). */
const REPORTED_COLUMNS = {
  type: 'integer',
  model: 'varchar(32)',
  hw_version: 'varchar(32)',
  fw_version: 'varchar(16)',
  hello_mac: 'varchar(12)',
  trusted: 'integer',
  status: 'varchar(8)',
  online: 'integer',
  session: 'varchar(32)',
  boot_id: 'varchar(32)',
  online_at: 'bigint',
  offline_at: 'bigint',
  offline_reason: 'varchar(32)',
  last_seen_at: 'bigint',
  stats_interval_s: 'integer',
  capabilities: 'text',
  ac_sn: 'varchar(32)',
  ip: 'varchar(15)',
  mask: 'varchar(15)',
  gateway: 'varchar(15)',
  dns1: 'varchar(15)',
  dns2: 'varchar(15)',
  public_ip: 'varchar(15)',
  uptime_s: 'bigint',
  tx_bytes: 'bigint',
  rx_bytes: 'bigint',
  tx_rate: 'bigint',
  rx_rate: 'bigint',
  cpu_pct: 'double precision',
  mem_pct: 'double precision',
  config_id: 'varchar(64)',
  config_revision: 'integer',
} as const satisfies Partial<Record<keyof DeviceTable, string>>;
/** One device's reported facts, every column present. */
export type ReportedColumns = Pick<DeviceRow, keyof typeof REPORTED_COLUMNS>;
const REPORTED_NAMES = Object.keys(REPORTED_COLUMNS) as (keyof typeof REPORTED_COLUMNS)[];

/** The figures among them: written by themselves when nothing else of a device changed. */
const FIGURE_NAMES = [
  'last_seen_at',
  'uptime_s',
  'tx_bytes',
  'rx_bytes',
  'tx_rate',
  'rx_rate',
  'cpu_pct',
  'mem_pct',
] as const satisfies readonly (keyof typeof REPORTED_COLUMNS)[];
export type FigureColumns = Pick<DeviceRow, (typeof FIGURE_NAMES)[number]>;

/**
 * The facts devices reported, written in one batch (call inside a transaction): one bulk
 * `UPDATE … FROM (VALUES …)` per chunk of devices instead of a statement per device.
 */
export function writeReported(db: Db, batch: { id: string; values: ReportedColumns }[]): Promise<void> {
  return writeColumns(db, REPORTED_NAMES, batch);
}

/** Figures alone, in one batch (call inside a transaction). */
export function writeFigures(db: Db, batch: { id: string; values: FigureColumns }[]): Promise<void> {
  return writeColumns(db, FIGURE_NAMES, batch);
}

function writeColumns<N extends keyof typeof REPORTED_COLUMNS>(
  db: Db,
  names: readonly N[],
  batch: { id: string; values: Pick<ReportedColumns, N> }[],
): Promise<void> {
  return bulkUpdate(
    db,
    'devices',
    [{ name: 'id', type: 'varchar(36)' }],
    REPORTED_COLUMNS,
    names,
    batch.map((b) => ({ keys: [b.id], values: b.values })),
  );
}

/**
 * What a successful delivery gave a device of this tenant: its profile, revision and telemetry
 * settings (a device that left the tenant meanwhile is not touched); 0 when none changed.
 */
export async function assignConfig(
  db: Db,
  tenantId: string,
  id: string,
  patch: { assigned_config_id: string; assigned_revision: number; telemetry: string; updated_at: number },
): Promise<number> {
  const res = await db
    .updateTable('devices')
    .set(patch)
    .where('id', '=', id)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * The profiles of these ids the scope may see, with their tenant, name and revision now: what the
 * device items name as running and assigned. One read for a page of devices, by primary key; a
 * read of the config domain's table, as the device items are the device domain's and the config
 * module is built after it (no service of it to call).
 */
export async function findProfileRefs(
  db: Db,
  scope: Scope,
  ids: readonly string[],
): Promise<Pick<ConfigProfileRow, 'id' | 'tenant_id' | 'name' | 'revision'>[]> {
  if (ids.length === 0) return [];
  let q = db
    .selectFrom('config_profiles')
    .select(['id', 'tenant_id', 'name', 'revision'])
    .where('id', 'in', ids);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q.execute();
}

/** A tenant takes a device no tenant owns (seen connecting, or released); 0 if one took it meanwhile. */
export async function claimDevice(db: Db, sn: string, patch: Updateable<DeviceTable>): Promise<number> {
  const res = await db
    .updateTable('devices')
    .set(patch)
    .where('sn', '=', sn)
    .where('tenant_id', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

// ---- network membership (spec §3 Parent, IsMain) ----

/** Devices of a scope by _id (any order); ids the scope cannot see are simply absent. */
export async function findDevicesByIds(db: Db, scope: Scope, ids: string[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return [];
  return visible(db, scope).selectAll().where('id', 'in', ids).execute();
}

/** Totals per network, type and status, for the given networks. */
export async function tallyByParent(
  db: Db,
  scope: Scope,
  parents: string[],
): Promise<{ parent: string; type: number | null; status: string; n: number }[]> {
  if (parents.length === 0) return [];
  const rows = await visible(db, scope, { parent: parents })
    .select(['parent', 'type', 'status'])
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy(['parent', 'type', 'status'])
    .execute();
  return rows.map((r) => ({ parent: r.parent!, type: r.type, status: r.status, n: Number(r.n) }));
}

/** The main device of each of the given networks. */
export async function mainDevicesOf(db: Db, scope: Scope, parents: string[]): Promise<Map<string, string>> {
  if (parents.length === 0) return new Map();
  const rows = await visible(db, scope, { parent: parents })
    .select(['id', 'parent'])
    .where('is_main', '=', 1)
    .execute();
  return new Map(rows.map((r) => [r.parent!, r.id]));
}

/** Sets network and main flag of devices of the scope; returns how many changed. */
export async function placeDevices(
  db: Db,
  scope: Scope,
  ids: string[],
  patch: { parent: string | null; is_main: number; updated_at: number },
): Promise<number> {
  if (ids.length === 0) return 0;
  let q = db.updateTable('devices').set(patch).where('id', 'in', ids);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Every device of a network returns to no network (the network is being removed). */
export async function releaseNetworkDevices(
  db: Db,
  scope: Scope,
  parent: string,
  now: number,
): Promise<number> {
  let q = db
    .updateTable('devices')
    .set({ parent: null, is_main: 0, updated_at: now })
    .where('parent', '=', parent);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}
