/**
 * The behaviour domain's queries. Every read of tenant data takes the caller's Scope and filters by
 * it in SQL (the administrator's holds every tenant's).
 */
import type { Insertable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import { bulkInsert } from '../../platform/store/bulk.ts';
import type { Db } from '../../platform/store/db.ts';
import type {} from '../device/tables.ts';
import type {} from '../network/tables.ts';
import type {
  BehaviourSettingsRow,
  DnsCatalogueEditRow,
  DnsClientHourTable,
  DnsWatchRow,
  DnsWatchTable,
} from './tables.ts';

export type { BehaviourSettingsRow, DnsWatchRow };

/** The tenants' own network key for their totals over every network. */
export const ALL_NETWORKS = '*';
/** Devices in no network. */
export const NO_NETWORK = '';

export type BucketTable = 'dns_domain_hours' | 'dns_domain_days';

function tenantOf(scope: Scope): string {
  return scope.tenantId ?? '';
}

// ---- settings ----

export function readSettings(db: Db): Promise<BehaviourSettingsRow[]> {
  return db.selectFrom('behaviour_settings').selectAll().execute();
}

export async function upsertSettings(db: Db, row: BehaviourSettingsRow): Promise<void> {
  await db
    .insertInto('behaviour_settings')
    .values(row)
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        privacy: row.privacy,
        retention_days: row.retention_days,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

// ---- the watch list ----

function watchOf(db: Db, scope: Scope) {
  let q = db.selectFrom('dns_watch');
  if (!scope.admin) q = q.where('tenant_id', '=', tenantOf(scope));
  return q;
}

export async function insertWatch(db: Db, row: Insertable<DnsWatchTable>): Promise<boolean> {
  const r = await db
    .insertInto('dns_watch')
    .values(row)
    .onConflict((oc) => oc.columns(['tenant_id', 'domain']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function countWatch(db: Db, tenantId: string): Promise<number> {
  const r = await db
    .selectFrom('dns_watch')
    .where('tenant_id', '=', tenantId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findWatch(
  db: Db,
  scope: Scope,
  by: { id?: string; domain?: string; tenantId?: string },
): Promise<DnsWatchRow | undefined> {
  let q = watchOf(db, scope);
  if (by.id !== undefined) q = q.where('id', '=', by.id);
  if (by.domain !== undefined) q = q.where('domain', '=', by.domain);
  if (by.tenantId !== undefined) q = q.where('tenant_id', '=', by.tenantId);
  return q.selectAll().executeTakeFirst();
}

export async function deleteWatch(db: Db, scope: Scope, id: string): Promise<number> {
  let q = db.deleteFrom('dns_watch').where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', tenantOf(scope));
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function pageWatch(
  db: Db,
  scope: Scope,
  offset: number,
  limit: number,
): Promise<{ rows: DnsWatchRow[]; count: number }> {
  const [rows, n] = await Promise.all([
    watchOf(db, scope)
      .selectAll()
      .orderBy('domain')
      .orderBy('tenant_id')
      .offset(offset)
      .limit(limit)
      .execute(),
    watchOf(db, scope)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(n.n) };
}

/** Every watched domain of the scope (for marking rows). */
export async function watchedDomains(db: Db, scope: Scope): Promise<string[]> {
  return (await watchOf(db, scope).select('domain').execute()).map((r) => r.domain);
}

// ---- buckets ----

// A type, not an interface: bulkInsert takes records.
export type BucketDelta = {
  tenant_id: string;
  network_id: string;
  domain: string;
  bucket: number;
  queries: number;
  clients: number;
  last_at: number;
};

/** Adds queries, keeps the highest distinct-client count and the latest time, per bucket. */
export async function upsertBuckets(db: Db, table: BucketTable, rows: readonly BucketDelta[]): Promise<void> {
  // Written as SQL here (bulkInsert), not built value by value by the query builder: a minute's
  // flush at 6,700 entries/s is ~200,000 rows, whose statements took seconds of the event loop to
  // build and held every request meanwhile (bench:analytics run 9: stalls of 4-5 s each minute).
  await bulkInsert(
    db,
    table,
    ['tenant_id', 'network_id', 'domain', 'bucket', 'queries', 'clients', 'last_at'],
    rows,
    `on conflict (tenant_id, network_id, bucket, domain) do update set
      queries = ${table}.queries + excluded.queries,
      clients = case when excluded.clients > ${table}.clients then excluded.clients else ${table}.clients end,
      last_at = case when excluded.last_at > ${table}.last_at then excluded.last_at else ${table}.last_at end`,
  );
}

export async function upsertClientHours(
  db: Db,
  rows: readonly Insertable<DnsClientHourTable>[],
): Promise<void> {
  await bulkInsert(
    db,
    'dns_client_hours',
    ['tenant_id', 'network_id', 'mac', 'domain', 'bucket', 'queries', 'last_at'],
    rows,
    `on conflict (tenant_id, mac, bucket, network_id, domain) do update set
      queries = dns_client_hours.queries + excluded.queries,
      last_at = case when excluded.last_at > dns_client_hours.last_at then excluded.last_at else dns_client_hours.last_at end`,
  );
}

export interface DomainTotal {
  domain: string;
  queries: number;
  clients: number;
  last_at: number;
}

/** Per domain over bucket ranges of one table: queries summed, the highest client count, the last time. */
export async function domainTotals(
  db: Db,
  scope: Scope,
  table: BucketTable,
  network: string,
  ranges: readonly [number, number][],
  domains?: readonly string[],
): Promise<DomainTotal[]> {
  if (ranges.length === 0) return [];
  let q = db.selectFrom(table).where('network_id', '=', network);
  if (!scope.admin) q = q.where('tenant_id', '=', tenantOf(scope));
  q = q.where((eb) => eb.or(ranges.map(([a, b]) => eb.and([eb('bucket', '>=', a), eb('bucket', '<', b)]))));
  if (domains) q = q.where('domain', 'in', domains.length > 0 ? [...domains] : ['']);
  const rows = await q
    .select((eb) => [
      'domain',
      eb.fn.sum<number>('queries').as('queries'),
      eb.fn.max<number>('clients').as('clients'),
      eb.fn.max<number>('last_at').as('last_at'),
    ])
    .groupBy('domain')
    .execute();
  return rows.map((r) => ({
    domain: r.domain,
    queries: Number(r.queries),
    clients: Number(r.clients),
    last_at: Number(r.last_at),
  }));
}

/** The networks (not the totals' key) where these domains were asked for on the days [from, to). */
export async function networksOfDomains(
  db: Db,
  scope: Scope,
  from: number,
  to: number,
  domains: readonly string[],
): Promise<{ tenant_id: string; domain: string; network_id: string }[]> {
  if (domains.length === 0) return [];
  let q = db
    .selectFrom('dns_domain_days')
    .where('domain', 'in', [...domains])
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .where('network_id', '<>', ALL_NETWORKS);
  if (!scope.admin) q = q.where('tenant_id', '=', tenantOf(scope));
  return q.select(['tenant_id', 'domain', 'network_id']).distinct().execute();
}

/** One client's queries per domain in [from, to) (full privacy only). */
export async function clientTotals(
  db: Db,
  scope: Scope,
  mac: string,
  network: string | null,
  from: number,
  to: number,
): Promise<DomainTotal[]> {
  let q = db
    .selectFrom('dns_client_hours')
    .where('mac', '=', mac)
    .where('bucket', '>=', from)
    .where('bucket', '<', to);
  if (!scope.admin) q = q.where('tenant_id', '=', tenantOf(scope));
  if (network !== null) q = q.where('network_id', '=', network);
  const rows = await q
    .select((eb) => [
      'domain',
      eb.fn.sum<number>('queries').as('queries'),
      eb.fn.max<number>('last_at').as('last_at'),
    ])
    .groupBy('domain')
    .execute();
  return rows.map((r) => ({
    domain: r.domain,
    queries: Number(r.queries),
    clients: 1,
    last_at: Number(r.last_at),
  }));
}

/** Distinct clients that asked for any of these domains in [from, to) (full privacy only). */
export async function distinctClients(
  db: Db,
  scope: Scope,
  network: string | null,
  from: number,
  to: number,
  domains: readonly string[],
): Promise<number> {
  if (domains.length === 0) return 0;
  let q = db
    .selectFrom('dns_client_hours')
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .where('domain', 'in', [...domains]);
  if (!scope.admin) q = q.where('tenant_id', '=', tenantOf(scope));
  if (network !== null) q = q.where('network_id', '=', network);
  const r = await q.select((eb) => eb.fn.count<number>('mac').distinct().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

// ---- retention ----

export async function pruneBuckets(db: Db, table: BucketTable, before: number): Promise<number> {
  const r = await db.deleteFrom(table).where('bucket', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A tenant's per-client rows before `before`; with `before` null, all of them (privacy no longer full). */
export async function pruneClientHours(db: Db, tenantId: string, before: number | null): Promise<number> {
  let q = db.deleteFrom('dns_client_hours').where('tenant_id', '=', tenantId);
  if (before !== null) q = q.where('bucket', '<', before);
  const r = await q.executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Tenants holding per-client rows. */
export async function tenantsWithClientRows(db: Db): Promise<string[]> {
  return (await db.selectFrom('dns_client_hours').select('tenant_id').distinct().execute()).map(
    (r) => r.tenant_id,
  );
}

// ---- devices and networks (read-only) ----

/** Registered devices' network ('' none), by SN. */
export async function deviceNetworks(
  db: Db,
  sns?: readonly string[],
): Promise<{ sn: string; tenant_id: string | null; parent: string | null }[]> {
  let q = db.selectFrom('devices').where('tenant_id', 'is not', null);
  if (sns) q = q.where('sn', 'in', sns.length > 0 ? [...sns] : ['']);
  return q.select(['sn', 'tenant_id', 'parent']).execute();
}

/** The time zone of a tenant's first network (null: none, or no zone set). */
export async function firstNetworkZone(db: Db, tenantId: string): Promise<string | null> {
  const r = await db
    .selectFrom('networks')
    .where('tenant_id', '=', tenantId)
    .orderBy('created_at')
    .orderBy('id')
    .select('time_zone')
    .limit(1)
    .executeTakeFirst();
  return r?.time_zone ?? null;
}

// ---- the catalogue's edits ----

export function readCatalogueEdits(db: Db): Promise<DnsCatalogueEditRow[]> {
  return db.selectFrom('dns_catalogue_edits').selectAll().execute();
}

export async function upsertCatalogueEdit(
  db: Db,
  domain: string,
  category: string | null,
  now: number,
): Promise<void> {
  await db
    .insertInto('dns_catalogue_edits')
    .values({ domain, category, updated_at: now })
    .onConflict((oc) => oc.column('domain').doUpdateSet({ category, updated_at: now }))
    .execute();
}

export async function deleteCatalogueEdit(db: Db, domain: string): Promise<void> {
  await db.deleteFrom('dns_catalogue_edits').where('domain', '=', domain).execute();
}
