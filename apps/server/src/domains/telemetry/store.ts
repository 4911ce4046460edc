/**
 * Telemetry tables (docs/telemetry.md). Writes come in batches: multi-row inserts, chunked under
 * the engines' parameter limits, inside the caller's transaction. Every read of a tenant's rows
 * takes its Scope: rows carry the tenant the device had when it reported.
 */
import { sql, type Insertable, type Selectable, type SqlBool } from 'kysely';
import { DeviceType } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { bulkInsert } from '../../platform/store/bulk.ts';
import type { Db } from '../../platform/store/db.ts';
import { ofScope } from '../../platform/store/scope.ts';
import { MAX_COLUMNS, SUM_COLUMNS, netSpans, round, type NetPlace } from './series.ts';
import type {} from '../device/tables.ts';
import type {
  LatestRow,
  NetSpanRow,
  SeriesRow,
  TelemetryLatestTable,
  TelemetrySeriesTable,
} from './tables.ts';

export type SeriesTable = 'telemetry_5m' | 'telemetry_1h' | 'telemetry_1d';
export type { LatestRow, NetSpanRow, SeriesRow };
export type RollupRes = '1h' | '1d';
/** What the fleet's hours count: clients (reclcount) or access points (reapcount). */
export type FleetMeasure = 'clients' | 'aps';

/** A series table's rows of the caller's scope with `from <= bucket < to`. */
function spanRows(db: Db, scope: Scope, table: SeriesTable, from: number, to: number) {
  return db.selectFrom(table).$call(ofScope(scope)).where('bucket', '>=', from).where('bucket', '<', to);
}

export async function insertSeries(db: Db, table: SeriesTable, rows: readonly SeriesRow[]): Promise<void> {
  if (rows.length === 0) return;
  // Every column any row has (a span without a kind of report leaves its columns out).
  const columns = new Set<string>();
  for (const row of rows) for (const c of Object.keys(row)) columns.add(c);
  await bulkInsert(db, table, [...columns] as (keyof SeriesRow & string)[], rows);
}

/** Device types whose uplinks make a network's spans (telemetry_net_5m): gateways, access points. */
const NET_SPAN_TYPES: readonly number[] = [DeviceType.Router, DeviceType.AP];
/** Devices looked up per query for their network. */
const DEVICE_READ_CHUNK = 500;

/**
 * Closed 5-minute spans, inside the caller's transaction: the devices' rows, and their gateways'
 * and access points' uplink bytes added into their networks' spans (telemetry_net_5m), by the
 * network each device is in now, when the row's tenant is still the device's.
 */
export async function insertFineSpans(db: Db, rows: readonly SeriesRow[]): Promise<void> {
  await insertSeries(db, 'telemetry_5m', rows);
  const ids = [...new Set(rows.filter((r) => r.tenant_id != null).map((r) => r.device_id))];
  const placed = new Map<string, NetPlace>();
  for (let i = 0; i < ids.length; i += DEVICE_READ_CHUNK) {
    const found = await db
      .selectFrom('devices')
      .select(['id', 'parent', 'type', 'tenant_id'])
      .where('id', 'in', ids.slice(i, i + DEVICE_READ_CHUNK))
      .where('parent', 'is not', null)
      .where('type', 'in', NET_SPAN_TYPES)
      .execute();
    for (const d of found) {
      if (d.parent && d.tenant_id && d.type != null)
        placed.set(d.id, { parent: d.parent, type: d.type, tenant: d.tenant_id });
    }
  }
  // One row per network, type and span in a statement (PostgreSQL updates a row once per statement).
  await addNetSpans(
    db,
    netSpans(rows, (id) => placed.get(id)),
  );
}

/** Network spans added to those already written (several flushes can close rows of one span). */
async function addNetSpans(db: Db, spans: readonly NetSpanRow[]): Promise<void> {
  if (spans.length === 0) return;
  await bulkInsert(
    db,
    'telemetry_net_5m',
    ['bucket', 'network_id', 'type', 'tenant_id', 'tx_bytes', 'rx_bytes'],
    spans,
    'on conflict ("bucket", "network_id", "type") do update set ' +
      '"tx_bytes" = "telemetry_net_5m"."tx_bytes" + excluded."tx_bytes", ' +
      '"rx_bytes" = "telemetry_net_5m"."rx_bytes" + excluded."rx_bytes"',
  );
}

type LatestPatch = Insertable<TelemetryLatestTable>;
export type LatestStats = Pick<
  LatestPatch,
  | 'device_id'
  | 'tenant_id'
  | 'stats_at'
  | 'cpu_pct'
  | 'mem_pct'
  | 'mem_total_kb'
  | 'temp_c'
  | 'clients'
  | 'poe_budget_w'
  | 'poe_used_w'
  | 'rx_rate'
  | 'tx_rate'
  | 'uptime_s'
  | 'radio_stats'
  | 'carry'
>;
export type LatestState = Pick<LatestPatch, 'device_id' | 'tenant_id' | 'state_at' | 'state'>;
export type LatestPorts = Pick<LatestPatch, 'device_id' | 'tenant_id' | 'ports_at' | 'ports'>;

/**
 * One kind of latest report per device, inserted or replaced in bulk; the other kinds' columns of
 * an existing row stay. All rows of a call carry the same columns, at most one row per device.
 */
export async function upsertLatest(
  db: Db,
  rows: readonly (LatestStats | LatestState | LatestPorts)[],
): Promise<void> {
  if (rows.length === 0) return;
  // SQL written directly (platform/store/bulk.ts): the query builder made a node of every value.
  const columns = Object.keys(rows[0]!) as (keyof LatestPatch & string)[];
  const set = columns
    .filter((c) => c !== 'device_id')
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(', ');
  await bulkInsert(
    db,
    'telemetry_latest',
    columns,
    rows as readonly LatestPatch[],
    `on conflict ("device_id") do update set ${set}`,
  );
}

/** Carries alone (devices whose span closed while they were silent); the reports' columns stay. */
export async function upsertCarries(db: Db, rows: readonly { device_id: string; carry: string }[]) {
  await bulkInsert(
    db,
    'telemetry_latest',
    ['device_id', 'carry'],
    rows,
    'on conflict ("device_id") do update set "carry" = excluded."carry"',
  );
}

/** The ingest's carries of these devices (device id → JSON), unscoped: the ingest serves every tenant. */
export async function findCarries(db: Db, deviceIds: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .selectFrom('telemetry_latest')
    .select(['device_id', 'carry'])
    .where('device_id', 'in', deviceIds)
    .where('carry', 'is not', null)
    .execute();
  for (const r of rows) if (r.carry) out.set(r.device_id, r.carry);
  return out;
}

export async function findLatest(db: Db, scope: Scope, deviceId: string): Promise<LatestRow | undefined> {
  return db
    .selectFrom('telemetry_latest')
    .selectAll()
    .$call(ofScope(scope))
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
}

/** A device's rows of one resolution with `from <= bucket < to`. */
export async function deviceSeries(
  db: Db,
  scope: Scope,
  table: SeriesTable,
  deviceId: string,
  from: number,
  to: number,
): Promise<Selectable<TelemetrySeriesTable>[]> {
  if (from >= to) return [];
  return spanRows(db, scope, table, from, to).selectAll().where('device_id', '=', deviceId).execute();
}

/** The hour a row's span starts in (buckets are ms; both engines divide integers exactly here). */
const hourOf = sql<number>`bucket - (bucket % 3600000)`;

/** Controllers are left out of client counts: the clients they report are their access points'. */
const notController = sql<SqlBool>`(${sql.ref('type')} is null or ${sql.ref('type')} != 1)`;

/** A device's average clients over its rows of a group (every row has n > 0 samples). */
const averageClients = sql<number>`sum(clients_sum) * 1.0 / sum(n)`;

/** Access points that reported in each hour (reapcount), over the caller's fleet. */
export async function apsPerHour(
  db: Db,
  scope: Scope,
  table: SeriesTable,
  from: number,
  to: number,
): Promise<{ hour: number; value: number }[]> {
  if (from >= to) return [];
  const rows = await spanRows(db, scope, table, from, to)
    .where('type', '=', 2)
    .select([hourOf.as('hour'), sql<number>`count(distinct device_id)`.as('value')])
    .groupBy(hourOf)
    .execute();
  return rows.map((r) => ({ hour: Number(r.hour), value: Number(r.value) }));
}

/**
 * Clients connected in each hour over the caller's fleet: per device the hour's average, summed.
 * Controllers are left out: the clients they report are their access points'.
 */
export async function clientsPerHour(
  db: Db,
  scope: Scope,
  table: SeriesTable,
  from: number,
  to: number,
): Promise<{ hour: number; value: number }[]> {
  if (from >= to) return [];
  const perDevice = spanRows(db, scope, table, from, to)
    .where(notController)
    .select(['device_id', hourOf.as('hour'), averageClients.as('avg')])
    .groupBy(['device_id', hourOf]);
  const rows = await db
    .selectFrom(perDevice.as('d'))
    .select(['d.hour', sql<number>`sum(d.avg)`.as('value')])
    .groupBy('d.hour')
    .execute();
  return rows.map((r) => ({ hour: Number(r.hour), value: round(Number(r.value), 1) }));
}

/**
 * The rolled-up hours of `from <= hour < to` from telemetry_fleet_1h: what clientsPerHour and
 * apsPerHour answer over the hourly rows, read from a row per tenant and hour. The administrator's
 * hour sums every tenant's row (unregistered devices' too); clients are rounded after that sum.
 */
export async function fleetPerHour(
  db: Db,
  scope: Scope,
  measure: FleetMeasure,
  from: number,
  to: number,
): Promise<{ hour: number; value: number }[]> {
  if (from >= to) return [];
  const rows = await db
    .selectFrom('telemetry_fleet_1h')
    .$call(ofScope(scope))
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    // A tenant's hour of switches alone has a row with no access point: reapcount has no figure
    // for that hour, as it had none when access points were counted from the devices' rows.
    .$if(measure === 'aps', (q) => q.where('aps', '>', 0))
    .select(['bucket', sql<number>`sum(${sql.ref(measure)})`.as('value')])
    .groupBy('bucket')
    .execute();
  return rows.map((r) => {
    const value = Number(r.value);
    return { hour: Number(r.bucket), value: measure === 'clients' ? round(value, 1) : value };
  });
}

/**
 * Writes the fleet's hours of `source` rows of [from, to) into telemetry_fleet_1h: per tenant and
 * hour, the devices' average clients summed (controllers left out) and the access points counted.
 * A tenant's hour with controllers alone gets no row: the per-device counts had no figure for it.
 */
async function insertFleetHours(db: Db, source: SeriesTable, from: number, to: number): Promise<void> {
  const perDevice = db
    .selectFrom(source)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .where(notController)
    .select([
      'tenant_id',
      hourOf.as('hour'),
      averageClients.as('clients'),
      sql<number>`max(case when type = 2 then 1 else 0 end)`.as('ap'),
    ])
    .groupBy(['tenant_id', 'device_id', hourOf]);
  await db
    .insertInto('telemetry_fleet_1h')
    .columns(['tenant_id', 'bucket', 'clients', 'aps'])
    .expression(
      db
        .selectFrom(perDevice.as('d'))
        .select([
          'd.tenant_id',
          'd.hour',
          sql<number>`sum(d.clients)`.as('clients'),
          sql<number>`sum(d.ap)`.as('aps'),
        ])
        .groupBy(['d.tenant_id', 'd.hour']),
    )
    .execute();
}

export async function rollupMark(db: Db, res: RollupRes): Promise<number> {
  const row = await db
    .selectFrom('telemetry_rollups')
    .select('done_until')
    .where('res', '=', res)
    .executeTakeFirst();
  return Number(row?.done_until ?? 0);
}

/** The first span at or after `from` a table holds, or null. */
export async function firstBucketFrom(db: Db, table: SeriesTable, from: number): Promise<number | null> {
  const row = await db
    .selectFrom(table)
    .where('bucket', '>=', from)
    .select((eb) => eb.fn.min('bucket').as('first'))
    .executeTakeFirst();
  return row?.first == null ? null : Number(row.first);
}

/**
 * Moves the roll-up mark from `from` to `to` and sums the finer rows of that span into the coarser
 * table, in one transaction; the hour roll-up writes the span's fleet hours with them, so each hour
 * gets its fleet rows once, when the mark passes it. False when the mark was not at `from`: another
 * node did this step.
 */
export async function rollUp(
  db: Db,
  res: RollupRes,
  source: SeriesTable,
  target: SeriesTable,
  unitMs: number,
  from: number,
  to: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // The mark's row lock serialises nodes that try the same step.
    const moved = await trx
      .updateTable('telemetry_rollups')
      .set({ done_until: to })
      .where('res', '=', res)
      .where('done_until', '=', from)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    const span = sql<number>`bucket - (bucket % ${sql.lit(unitMs)})`;
    const select = trx
      .selectFrom(source)
      .where('bucket', '>=', from)
      .where('bucket', '<', to)
      .select(['device_id', 'tenant_id', 'type', span.as('bucket')])
      .select(SUM_COLUMNS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c)))
      .select(MAX_COLUMNS.map((c) => sql<number>`max(${sql.ref(c)})`.as(c)))
      .groupBy(['device_id', 'tenant_id', 'type', span]);
    await trx
      .insertInto(target)
      .columns(['device_id', 'tenant_id', 'type', 'bucket', ...SUM_COLUMNS, ...MAX_COLUMNS])
      .expression(select)
      .execute();
    if (res === '1h') await insertFleetHours(trx, source, from, to);
    return true;
  });
}

/** Retention: rows of spans (or fleet hours) starting before `before` go. */
export async function deleteBefore(
  db: Db,
  table: SeriesTable | 'telemetry_fleet_1h' | 'telemetry_net_5m',
  before: number,
): Promise<number> {
  const r = await db.deleteFrom(table).where('bucket', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}
