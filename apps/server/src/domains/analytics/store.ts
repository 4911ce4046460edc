/**
 * The analytics queries (docs/analytics.md). They read the telemetry, client, device and network
 * tables (read-only) and the analytics roll-ups; every function over tenant data takes the caller's
 * Scope first and filters by it in SQL. Traffic of a span comes from the coarsest table that holds
 * it whole: the network roll-up, telemetry's days (UTC), hours, then its networks' 5-minute spans
 * after the roll-up marks (`segments`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import { bulkInsert } from '../../platform/store/bulk.ts';
import type { Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import type {} from '../client/tables.ts';
import type {} from '../device/tables.ts';
import type {} from '../network/tables.ts';
import type {} from '../telemetry/tables.ts';
import type {} from './tables.ts';
import { addDays, bucketIndex, datesIn, startOfDay } from './zone.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Device types whose uplinks measure a network's traffic: gateways (routers), else access points. */
export const GATEWAY_TYPE = 4;
export const AP_TYPE = 2;

type Frag = RawBuilder<unknown>;

/** `column = tenant` unless the scope is the administrator's. */
function tenantIs(scope: Scope, column: string): Frag {
  return scope.admin ? sql`1 = 1` : sql`${sql.ref(column)} = ${scope.tenantId ?? ''}`;
}

/**
 * The scope's rows, checked row by row rather than offered to the planner as an index: for the
 * queries given a short list of devices, whose own index is the selective one. Without statistics,
 * or with sampled ones (`analysis_limit`: a tenant's 7.2 M hours and a device's 720 rated within a
 * factor of two), SQLite plans through the tenant's index: listDev took 2-3 s a request in the
 * bench run that loaded its store, 5-13 ms on a copy of that store (bench:analytics run 7).
 */
function tenantRowIs(scope: Scope, column: string): Frag {
  return scope.admin ? sql`1 = 1` : sql`${sql.ref(column)} || '' = ${scope.tenantId ?? ''}`;
}

function inList(column: string, values: readonly string[]): Frag {
  if (values.length === 0) return sql`1 = 0`;
  return sql`${sql.ref(column)} in (${sql.join(values)})`;
}

const num = (v: unknown): number => (v == null ? 0 : Number(v));

/**
 * The sessions open now or ended at or after `since` (begun at or after `startedFrom`, if given),
 * as a derived table of the columns the reads use: two ranges of the covering `end_at` index
 * (migration 0032), read from the index alone. Written as `end_at is null or end_at >= …`,
 * SQLite's planner walked the whole connect log by another index instead (578 ms → 18 ms at
 * 190,000 sessions); picked by id from those ranges, each was a table lookup (docs/performance.md,
 * "Analytics and DNS behaviour", runs 5 and 8).
 */
export function sessionsOpenOrEndedSince(since: Frag | number, startedFrom?: Frag | number): Frag {
  const started = startedFrom === undefined ? sql`1 = 1` : sql`start_at >= ${startedFrom}`;
  const cols = sql`tenant_id, client_id, device_id, start_at, end_at`;
  return sql`(select ${cols} from client_sessions where end_at is null and ${started}
    union all select ${cols} from client_sessions where end_at >= ${since} and ${started})`;
}

/**
 * Sessions that started this long before the `seen` mark can still be missing from the roll-up
 * (written after it ran): the users' live part looks at them too.
 */
const LATE_START_MS = 3_600_000;

/**
 * Sessions written since `loggedFrom` that began before it, open or ended since `since`: a device
 * reports a client with the time it connected, hours back after the console's restart or the
 * device's outage, and such a connection is written after the roll-up passed its start (index
 * client_sessions_logged: a range of write times, the start filtered inside the index).
 */
function loggedLate(since: number, loggedFrom: number): Frag {
  return sql`(select tenant_id, client_id, device_id, start_at, end_at from client_sessions
    where logged_at >= ${loggedFrom} and start_at < ${loggedFrom}
      and (end_at is null or end_at >= ${since}))`;
}

// ——— marks ———

export type MarkName = 'traffic' | 'users' | 'clients' | 'netdays' | 'seen' | 'tenantflow' | 'seenrev';

export async function markOf(db: Db, name: MarkName): Promise<number | null> {
  const row = await db
    .selectFrom('analytics_marks')
    .select('done_until')
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? Number(row.done_until) : null;
}

/** Several marks in one read (0 for one never set). */
export async function marksOf<N extends MarkName>(db: Db, names: readonly N[]): Promise<Record<N, number>> {
  const rows = await db
    .selectFrom('analytics_marks')
    .select(['name', 'done_until'])
    .where('name', 'in', [...names])
    .execute();
  return Object.fromEntries(names.map((n) => [n, num(rows.find((r) => r.name === n)?.done_until)])) as Record<
    N,
    number
  >;
}

export async function setMark(db: Db, name: MarkName, value: number): Promise<void> {
  await db
    .insertInto('analytics_marks')
    .values({ name, done_until: value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ done_until: value }))
    .execute();
}

/** How far telemetry's hour and day roll-ups went (0: never). */
export async function telemetryMarks(db: Db): Promise<{ hour: number; day: number }> {
  const rows = await db.selectFrom('telemetry_rollups').select(['res', 'done_until']).execute();
  const of = (res: string) => num(rows.find((r) => r.res === res)?.done_until);
  return { hour: of('1h'), day: of('1d') };
}

/** The first span telemetry_1h holds at or after `from` (null: none). */
export async function firstTelemetryHour(db: Db, from = 0): Promise<number | null> {
  const row = await db
    .selectFrom('telemetry_1h')
    .where('bucket', '>=', from)
    .select((eb) => eb.fn.min('bucket').as('first'))
    .executeTakeFirst();
  return row?.first == null ? null : Number(row.first);
}

// ——— segments ———

export type SeriesTable = 'telemetry_5m' | 'telemetry_1h' | 'telemetry_1d';
export interface Segment {
  table: SeriesTable;
  from: number;
  to: number;
}

/**
 * The telemetry tables covering [from, to): whole UTC days from telemetry_1d when `daily` (and
 * rolled up), hours from telemetry_1h up to its mark, 5-minute spans after it. Rows are taken by
 * their start, so a boundary inside an hour (a custom period) counts that hour's row on the side
 * its start is.
 */
export function segments(
  from: number,
  to: number,
  marks: { hour: number; day: number },
  daily: boolean,
): Segment[] {
  const out: Segment[] = [];
  let a = from;
  if (daily) {
    const firstDay = Math.ceil(from / DAY) * DAY;
    const lastDay = Math.floor(Math.min(to, marks.day) / DAY) * DAY;
    if (firstDay < lastDay) {
      if (a < firstDay) out.push({ table: 'telemetry_1h', from: a, to: firstDay });
      out.push({ table: 'telemetry_1d', from: firstDay, to: lastDay });
      a = lastDay;
    }
  }
  const hourEnd = Math.min(to, marks.hour);
  if (a < hourEnd) {
    out.push({ table: 'telemetry_1h', from: a, to: hourEnd });
    a = hourEnd;
  }
  if (a < to) out.push({ table: 'telemetry_5m', from: a, to });
  return out;
}

// ——— networks and devices ———

export interface NetworkRef {
  id: string;
  tenant_id: string;
  name: string;
  time_zone: string | null;
}

/** The scope's networks (optionally those whose name holds `search`), oldest first. */
export async function networksOf(db: Db, scope: Scope, search?: string): Promise<NetworkRef[]> {
  let q = db
    .selectFrom('networks')
    .select(['id', 'tenant_id', 'name', 'time_zone'])
    .where(tenantIs(scope, 'tenant_id') as RawBuilder<boolean>);
  if (search) q = q.where(sql<boolean>`lower(name) like ${likePattern(search.toLowerCase())} escape '\\'`);
  return q.orderBy('created_at').orderBy('id').execute();
}

export async function networkOf(db: Db, scope: Scope, id: string): Promise<NetworkRef | undefined> {
  return db
    .selectFrom('networks')
    .select(['id', 'tenant_id', 'name', 'time_zone'])
    .where('id', '=', id)
    .where(tenantIs(scope, 'tenant_id') as RawBuilder<boolean>)
    .executeTakeFirst();
}

/** The zone of tenant-wide periods: the scope's first network's (null: the server's); none → 'UTC'. */
export async function firstNetworkZone(db: Db, scope: Scope): Promise<string | null | undefined> {
  if (scope.admin) return 'UTC';
  const row = await db
    .selectFrom('networks')
    .select('time_zone')
    .where('tenant_id', '=', scope.tenantId ?? '')
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row ? row.time_zone : 'UTC';
}

/** Devices of each network, and those online now. */
export async function deviceCounts(
  db: Db,
  scope: Scope,
  networkIds: readonly string[] | null,
): Promise<Map<string, { devices: number; online: number }>> {
  const rows = await sql<{ parent: string; devices: unknown; online: unknown }>`
    select parent, count(*) as devices, sum(online) as online from devices
    where parent is not null and ${tenantIs(scope, 'tenant_id')}
      and ${networkIds ? inList('parent', networkIds) : sql`1 = 1`}
    group by parent`.execute(db);
  return new Map(rows.rows.map((r) => [r.parent, { devices: num(r.devices), online: num(r.online) }]));
}

/** The networks among these that have a gateway (router): their traffic is their gateways'. */
async function gatewayNetworks(db: Db, networkIds: readonly string[] | null): Promise<Set<string>> {
  const rows = await sql<{ parent: string }>`
    select distinct parent from devices where type = ${GATEWAY_TYPE} and parent is not null
      and ${networkIds ? inList('parent', networkIds) : sql`1 = 1`}`.execute(db);
  return new Set(rows.rows.map((r) => r.parent));
}

export interface NetHour {
  network_id: string;
  tenant_id: string;
  hour: number;
  tx: number;
  rx: number;
}

/**
 * Per network and hour from telemetry rows of [from, to): the gateways' uplinks, else the APs'.
 * Hours and days count a device at the network it is in now; 5-minute spans (not rolled up yet) at
 * the one it was in when they were written (telemetry_net_5m: a network's sums, not its devices').
 */
async function telemetryNetHours(
  db: Db,
  scope: Scope,
  table: SeriesTable,
  networkIds: readonly string[] | null,
  from: number,
  to: number,
): Promise<NetHour[]> {
  if (from >= to) return [];
  type Row = { parent: string; tenant_id: string; type: number; hour: unknown; tx: unknown; rx: unknown };
  const hourOf = sql`bucket - (bucket % ${sql.lit(HOUR)})`;
  // The spans not rolled up yet: their networks' sums, written with the devices' rows.
  const query =
    table === 'telemetry_5m'
      ? sql<Row>`
    select network_id as parent, tenant_id, type, ${hourOf} as hour, sum(tx_bytes) as tx, sum(rx_bytes) as rx
    from telemetry_net_5m
    where bucket >= ${from} and bucket < ${to} and ${tenantIs(scope, 'tenant_id')}
      and ${networkIds ? inList('network_id', networkIds) : sql`1 = 1`}
    group by network_id, tenant_id, type, ${hourOf}`
      : sql<Row>`
    select d.parent as parent, d.tenant_id as tenant_id, d.type as type,
      t.bucket - (t.bucket % ${sql.lit(HOUR)}) as hour, sum(t.tx_bytes) as tx, sum(t.rx_bytes) as rx
    from ${sql.table(table)} t join devices d on d.id = t.device_id
    where t.bucket >= ${from} and t.bucket < ${to} and ${tenantIs(scope, 't.tenant_id')}
      and d.tenant_id = t.tenant_id and d.parent is not null and d.type in (${GATEWAY_TYPE}, ${AP_TYPE})
      and ${networkIds ? inList('d.parent', networkIds) : sql`1 = 1`}
    group by d.parent, d.tenant_id, d.type, t.bucket - (t.bucket % ${sql.lit(HOUR)})`;
  const rows = await query.execute(db);
  if (rows.rows.length === 0) return [];
  const gateways = await gatewayNetworks(db, [...new Set(rows.rows.map((r) => r.parent))]);
  const merged = new Map<string, NetHour>();
  for (const r of rows.rows) {
    const want = gateways.has(r.parent) ? GATEWAY_TYPE : AP_TYPE;
    if (Number(r.type) !== want) continue;
    const hour = num(r.hour);
    const key = `${r.parent}|${hour}`;
    const m = merged.get(key) ?? { network_id: r.parent, tenant_id: r.tenant_id, hour, tx: 0, rx: 0 };
    m.tx += num(r.tx);
    m.rx += num(r.rx);
    merged.set(key, m);
  }
  return [...merged.values()];
}

/** Networks' traffic per hour over [from, to): the roll-up, then telemetry after its mark. */
export async function netHours(
  db: Db,
  scope: Scope,
  networkIds: readonly string[] | null,
  from: number,
  to: number,
): Promise<NetHour[]> {
  if (from >= to) return [];
  const [mark, marks] = await Promise.all([markOf(db, 'traffic'), telemetryMarks(db)]);
  const rolled = Math.max(from, Math.min(to, mark ?? 0));
  const out: NetHour[] = [];
  if (from < rolled) {
    const rows = await sql<{
      network_id: string;
      tenant_id: string;
      hour: unknown;
      tx: unknown;
      rx: unknown;
    }>`
      select network_id, tenant_id, hour, tx_bytes as tx, rx_bytes as rx from analytics_net_hour
      where ${tenantIs(scope, 'tenant_id')} and hour >= ${from} and hour < ${rolled}
        and ${networkIds ? inList('network_id', networkIds) : sql`1 = 1`}`.execute(db);
    for (const r of rows.rows) {
      out.push({
        network_id: r.network_id,
        tenant_id: r.tenant_id,
        hour: num(r.hour),
        tx: num(r.tx),
        rx: num(r.rx),
      });
    }
  }
  for (const s of segments(rolled, to, marks, false)) {
    out.push(...(await telemetryNetHours(db, scope, s.table, networkIds, s.from, s.to)));
  }
  return out;
}

/** Networks whose days are those of one zone; `ids` null: all the scope's networks. */
export interface ZoneGroup {
  zone: string;
  ids: readonly string[] | null;
}

/** Days of analytics_net_seen: date numbers `first`..`last` of the networks `ids` (null: all). */
export interface SeenWindow {
  ids: readonly string[] | null;
  first: number;
  last: number;
}

/** analytics_net_seen's bits (62: bits 0-61, bit i = last_day - i) and their mask, 2^62 - 1. */
const SEEN_BITS = 62;
const SEEN_MASK = '4611686018427387903';

/**
 * Rows of `x` (analytics_net_seen) with a day in one of the windows: bits [lo, hi] of `days`, lo =
 * last_day - last (at least 0), hi = last_day - first (at most 61).
 */
function seenIn(x: string, windows: readonly SeenWindow[]): Frag {
  const parts = windows
    .filter((w) => w.first <= w.last)
    .map((w) => {
      const last = sql.ref(`${x}.last_day`);
      const days = sql.ref(`${x}.days`);
      const lo = sql`(case when ${last} > ${sql.lit(w.last)} then ${last} - ${sql.lit(w.last)} else 0 end)`;
      const hi = sql`(case when ${last} - ${sql.lit(w.first)} < ${sql.lit(SEEN_BITS - 1)} then ${last} - ${sql.lit(w.first)} else ${sql.lit(SEEN_BITS - 1)} end)`;
      return sql`(${w.ids ? inList(`${x}.network_id`, w.ids) : sql`1 = 1`} and ${last} >= ${sql.lit(w.first)}
        and ${last} - ${sql.lit(w.last)} < ${sql.lit(SEEN_BITS)}
        and ((${days} >> cast(${lo} as integer)) & ((cast(1 as bigint) << cast(${hi} - ${lo} + 1 as integer)) - 1)) <> 0)`;
    });
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`1 = 0`;
}

/**
 * Answers kept per database handle and key while their version holds (a few hundred at most, the
 * oldest let go first); a request for the same key and version while one is read waits for it.
 */
class VersionedCache {
  private readonly byDb = new WeakMap<object, Map<string, { version: string; value: Promise<unknown> }>>();

  constructor(private readonly max: number) {}

  get<T>(db: object, key: string, version: string, run: () => Promise<T>): Promise<T> {
    let m = this.byDb.get(db);
    if (!m) this.byDb.set(db, (m = new Map()));
    const hit = m.get(key);
    if (hit && hit.version === version) return hit.value as Promise<T>;
    const value = run();
    m.delete(key);
    m.set(key, { version, value });
    // A failed read is not kept.
    value.catch(() => {
      if (m.get(key)?.value === value) m.delete(key);
    });
    if (m.size > this.max) m.delete(m.keys().next().value!);
    return value;
  }
}

/**
 * The distinct users of analytics_net_seen's part of a period, per scope, days and networks. A
 * period's rolled-up days change only when the roll-up adds or prunes rows (once an hour), but
 * were counted again on every request: over 100,000 rows, twice a ranking (the period and the one
 * before), ~40-60 ms of each network call (bench:analytics runs 8-9).
 */
const seenCounts = new VersionedCache(500);

/**
 * The users' connect-log part (after the `seen` mark), per scope, window and networks: the sessions
 * begun in the last hour and a half (~12,000 at 100,000 clients) joined to their devices and looked
 * up in analytics_net_seen, ~50 ms of every network call (bench:analytics run 12). At that size
 * connections begin and end every second, so it is kept for a while rather than per version of
 * the connect log (which would change with every flush of the clients' tracker).
 */
const liveCounts = new VersionedCache(500);
/**
 * How long the connect-log part is kept: a ranking's users lag the connect log by at most this (its
 * traffic lags telemetry by up to 5 minutes; docs/analytics.md).
 */
export const LIVE_USERS_MAX_AGE_MS = 60_000;

/**
 * The scope's devices in two numbers, ~1 ms: how many, and their latest change (every placement and
 * registration sets updated_at; the gateway's reports do not): a device placed elsewhere shows in
 * the next answer.
 */
async function devicesVersion(db: Db, scope: Scope): Promise<string> {
  const r = await sql<{ n: unknown; at: unknown }>`select count(*) as n, max(updated_at) as at from devices
    where ${tenantIs(scope, 'tenant_id')}`.execute(db);
  return `${num(r.rows[0]?.n)}/${num(r.rows[0]?.at)}`;
}

/**
 * Distinct clients connected at each network's devices over [from, to): the clients seen on the
 * networks' local days whose midnight falls in [dayFrom, to) (analytics_net_seen, one row per
 * network and client), and the connect log from the `seen` mark on. With `total`, distinct over all
 * the networks together (a client of two networks counts once); else per network (`total` is then
 * their sum). `groups` gives the networks' zones (their days). Given `now`, the connect log's part
 * may be one read up to LIVE_USERS_MAX_AGE_MS before (the same minute of `now`).
 */
export async function netUsers(
  db: Db,
  scope: Scope,
  groups: readonly ZoneGroup[],
  dayFrom: number,
  from: number,
  to: number,
  what: 'byNetwork' | 'total' = 'byNetwork',
  now?: number,
): Promise<{ byNetwork: Map<string, number>; total: number }> {
  const { seen: mark, seenrev } = await marksOf(db, ['seen', 'seenrev']);
  const liveFrom = Math.max(from, mark);
  const windows = groups.map((g) => ({ ids: g.ids, ...datesIn(g.zone, dayFrom, to) }));
  const netIds = groups.some((g) => g.ids === null) ? null : groups.flatMap((g) => g.ids ?? []);
  const rolled = sql`from analytics_net_seen x where ${tenantIs(scope, 'x.tenant_id')} and ${seenIn('x', windows)}`;
  // Clients connected after the mark that the roll-up does not hold yet (for those days).
  // A connection that began before the mark was rolled up for its days up to the mark's: only one
  // begun since (or a little before), or one still going past a midnight after the mark, can add a
  // client to the window's days. (Every open connection would be ~30,000 at 100,000 clients.)
  const nextMidnight = Math.min(...groups.map((g) => addDays(g.zone, startOfDay(g.zone, mark - 1), 1)));
  // Both sets when the window passes a midnight after the mark: a session in both counts once
  // (distinct clients below).
  const begunSince = sql`(select * from ${sessionsOpenOrEndedSince(liveFrom, mark - LATE_START_MS)} l
    union all select * from ${loggedLate(liveFrom, mark - LATE_START_MS)} w)`;
  const sessionsAfter =
    nextMidnight < to
      ? sql`(select * from ${begunSince} a
          union all select * from ${sessionsOpenOrEndedSince(Math.max(liveFrom, nextMidnight))} b)`
      : begunSince;
  const live =
    liveFrom < to
      ? sql`from ${sessionsAfter} s join devices d on d.id = s.device_id
      where ${tenantIs(scope, 's.tenant_id')} and d.tenant_id = s.tenant_id and d.parent is not null
        and s.start_at < ${to} and ${netIds ? inList('d.parent', netIds) : sql`1 = 1`}`
      : null;
  const scopeKey = scope.admin ? null : scope.tenantId;
  // The rolled-up part changes only with analytics_net_seen: kept per revision of it and mark.
  const rolledOnce = <T>(run: () => Promise<T>): Promise<T> =>
    seenCounts.get(db, JSON.stringify([scopeKey, windows, netIds, what]), `${mark}/${seenrev}`, run);
  // The connect log's part: kept within a minute of `now` while the rolled-up part and the devices
  // stay as they were. A period that ends now or later reads every connection begun so far: its
  // end is left out of the key (it would change with every request).
  const liveOnce = async <T>(run: () => Promise<T>): Promise<T> => {
    if (now === undefined) return run();
    const end = to >= now ? null : to;
    const key = JSON.stringify([scopeKey, windows, netIds, what, liveFrom, nextMidnight < to, end]);
    const minute = Math.floor(now / LIVE_USERS_MAX_AGE_MS);
    return liveCounts.get(db, key, `${mark}/${seenrev}/${await devicesVersion(db, scope)}/${minute}`, run);
  };
  if (what === 'total') {
    const [a, b] = await Promise.all([
      rolledOnce(() =>
        sql<{
          n: unknown;
        }>`select count(*) as n from (select x.client_id ${rolled} group by x.client_id) r`.execute(db),
      ),
      live
        ? liveOnce(() =>
            sql<{ n: unknown }>`select count(distinct s.client_id) as n ${live}
            and not exists (select 1 from analytics_net_seen x where x.tenant_id = s.tenant_id
              and x.client_id = s.client_id and ${seenIn('x', windows)})`.execute(db),
          )
        : Promise.resolve({ rows: [{ n: 0 }] }),
    ]);
    return { byNetwork: new Map(), total: num(a.rows[0]?.n) + num(b.rows[0]?.n) };
  }
  const [a, b] = await Promise.all([
    rolledOnce(() =>
      sql<{ network_id: string; n: unknown }>`select x.network_id as network_id, count(*) as n ${rolled}
        group by x.network_id`.execute(db),
    ),
    live
      ? liveOnce(() =>
          sql<{
            network_id: string;
            n: unknown;
          }>`select d.parent as network_id, count(distinct s.client_id) as n ${live}
          and not exists (select 1 from analytics_net_seen x where x.network_id = d.parent
            and x.client_id = s.client_id and ${seenIn('x', windows)})
          group by d.parent`.execute(db),
        )
      : Promise.resolve({ rows: [] as { network_id: string; n: unknown }[] }),
  ]);
  const byNetwork = new Map<string, number>();
  for (const r of [...a.rows, ...b.rows])
    byNetwork.set(r.network_id, (byNetwork.get(r.network_id) ?? 0) + num(r.n));
  return { byNetwork, total: [...byNetwork.values()].reduce((x, y) => x + y, 0) };
}

// ——— networks' days ———

/**
 * Networks' traffic over [from, to) in days of their zone where a whole rolled-up day fits (and,
 * with `time`, lies inside one bucket of that series), hours elsewhere: per network, or with
 * `byTime` per day or hour over the networks together (network_id '').
 */
export async function netTraffic(
  db: Db,
  scope: Scope,
  group: ZoneGroup,
  from: number,
  to: number,
  opts: { byTime: boolean; time?: readonly number[] | undefined },
): Promise<NetHour[]> {
  if (from >= to) return [];
  const dayMark = (await markOf(db, 'netdays')) ?? 0;
  const parts: { kind: 'day' | 'hour'; from: number; to: number }[] = [];
  for (let m = startOfDay(group.zone, from); m < to;) {
    const e = addDays(group.zone, m, 1);
    const whole = m >= from && e <= to && e <= dayMark;
    const aligned =
      !opts.time ||
      (bucketIndex(opts.time, m) >= 0 && bucketIndex(opts.time, m) === bucketIndex(opts.time, e - 1));
    const kind = whole && aligned ? 'day' : 'hour';
    const a = Math.max(m, from);
    const b = Math.min(e, to);
    const prev = parts.at(-1);
    if (prev && prev.kind === kind && prev.to === a) prev.to = b;
    else parts.push({ kind, from: a, to: b });
    m = e;
  }
  const out: NetHour[] = [];
  const ids = group.ids ? inList('network_id', group.ids) : sql`1 = 1`;
  for (const p of parts) {
    if (p.kind === 'hour') {
      const hours = await netHours(db, scope, group.ids, p.from, p.to);
      if (!opts.byTime) {
        for (const [id, t] of sumBy(hours, (r) => r.network_id))
          out.push({ network_id: id, tenant_id: '', hour: p.from, ...t });
      } else out.push(...hours);
      continue;
    }
    const key = opts.byTime ? sql`day` : sql`network_id`;
    const rows = await sql<{ k: unknown; tx: unknown; rx: unknown }>`
      select ${key} as k, sum(tx_bytes) as tx, sum(rx_bytes) as rx from analytics_net_day
      where ${tenantIs(scope, 'tenant_id')} and day >= ${p.from} and day < ${p.to} and ${ids}
      group by ${key}`.execute(db);
    for (const r of rows.rows) {
      out.push(
        opts.byTime
          ? { network_id: '', tenant_id: '', hour: num(r.k), tx: num(r.tx), rx: num(r.rx) }
          : { network_id: String(r.k), tenant_id: '', hour: p.from, tx: num(r.tx), rx: num(r.rx) },
      );
    }
  }
  return out;
}

function sumBy(
  rows: readonly NetHour[],
  key: (r: NetHour) => string,
): Map<string, { tx: number; rx: number }> {
  const out = new Map<string, { tx: number; rx: number }>();
  for (const r of rows) {
    const m = out.get(key(r)) ?? { tx: 0, rx: 0 };
    m.tx += r.tx;
    m.rx += r.rx;
    out.set(key(r), m);
  }
  return out;
}

/** The first hour analytics_net_hour holds (null: none). */
export async function firstNetHour(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('analytics_net_hour')
    .select((eb) => eb.fn.min('hour').as('first'))
    .executeTakeFirst();
  return row?.first == null ? null : Number(row.first);
}

/** Every network's id and zone (all tenants: the roll-up's). */
export async function networkZones(db: Db): Promise<{ id: string; time_zone: string | null }[]> {
  return db.selectFrom('networks').select(['id', 'time_zone']).execute();
}

/**
 * Rolls networks' local days (`ids` of one zone each, [day, end)) from analytics_net_hour into
 * analytics_net_day, replacing them, and moves the `netdays` mark: one transaction.
 */
export async function rollNetDays(
  db: Db,
  days: readonly { ids: readonly string[]; day: number; end: number }[],
  mark: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const d of days) {
      for (const ids of chunks(d.ids, 500)) {
        await trx
          .deleteFrom('analytics_net_day')
          .where('day', '=', d.day)
          .where('network_id', 'in', ids)
          .execute();
        await sql`insert into analytics_net_day (tenant_id, network_id, day, tx_bytes, rx_bytes)
          select tenant_id, network_id, ${d.day}, sum(tx_bytes), sum(rx_bytes) from analytics_net_hour
          where hour >= ${d.day} and hour < ${d.end} and ${inList('network_id', ids)}
          group by tenant_id, network_id`.execute(trx);
      }
    }
    await setMark(trx, 'netdays', mark);
  });
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

// ——— roll-ups (every tenant: maintenance, not a caller's read) ———

const ALL: Scope = { tenantId: null, admin: true };

/** Rolls networks' traffic of [from, to) (whole hours in telemetry_1h) into analytics_net_hour. */
export async function rollTraffic(db: Db, from: number, to: number): Promise<number> {
  const rows = await telemetryNetHours(db, ALL, 'telemetry_1h', null, from, to);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_net_hour').where('hour', '>=', from).where('hour', '<', to).execute();
    await bulkInsert(
      trx,
      'analytics_net_hour',
      ['tenant_id', 'network_id', 'hour', 'tx_bytes', 'rx_bytes'],
      rows.map((r) => ({
        tenant_id: r.tenant_id,
        network_id: r.network_id,
        hour: r.hour,
        tx_bytes: r.tx,
        rx_bytes: r.rx,
      })),
    );
    await setMark(trx, 'traffic', to);
  });
  return rows.length;
}

/** Connections overlapping [from, to) with their network and its zone. */
export async function sessionsOverlapping(
  db: Db,
  from: number,
  to: number,
): Promise<
  {
    tenant_id: string;
    network_id: string;
    zone: string | null;
    client_id: string;
    start: number;
    end: number;
  }[]
> {
  const rows = await sql<{
    tenant_id: string;
    network_id: string;
    zone: string | null;
    client_id: string;
    start_at: unknown;
    end_at: unknown;
  }>`
    select s.tenant_id as tenant_id, d.parent as network_id, n.time_zone as zone, s.client_id as client_id,
      s.start_at as start_at, s.end_at as end_at
    from ${sessionsOpenOrEndedSince(from)} s join devices d on d.id = s.device_id
      join networks n on n.id = d.parent
    where d.tenant_id = s.tenant_id and n.tenant_id = s.tenant_id and s.start_at < ${to}`.execute(db);
  return rows.rows.map((r) => ({
    tenant_id: r.tenant_id,
    network_id: r.network_id,
    zone: r.zone,
    client_id: r.client_id,
    start: Math.max(from, num(r.start_at)),
    end: Math.min(to, r.end_at == null ? to : num(r.end_at)),
  }));
}

// A type, not an interface: bulkInsert takes records.
export type SeenRow = {
  tenant_id: string;
  network_id: string;
  client_id: string;
  /** The latest day seen, and a bit per day up to it (bit i: last_day - i). */
  last_day: number;
  days: number;
};

/**
 * Adds clients' days to analytics_net_seen (one row per network and client in `rows`): the bits of
 * the later last day win, shifted so that bit 0 stays the last day; days over 61 before it drop
 * out. Moves the `seen` mark in the same transaction.
 */
export async function addSeen(db: Db, rows: readonly SeenRow[], mark: number): Promise<void> {
  const t = 'analytics_net_seen';
  const shift = (bits: string, by: string) =>
    `case when ${by} > ${SEEN_BITS - 1} then 0 else (${bits} << cast(${by} as integer)) & ${SEEN_MASK} end`;
  const conflict = `on conflict (network_id, client_id) do update set
    last_day = case when excluded.last_day > ${t}.last_day then excluded.last_day else ${t}.last_day end,
    days = case when excluded.last_day >= ${t}.last_day
      then (${shift(`${t}.days`, `excluded.last_day - ${t}.last_day`)}) | excluded.days
      else ${t}.days | (${shift('excluded.days', `${t}.last_day - excluded.last_day`)}) end`;
  await db.transaction().execute(async (trx) => {
    await bulkInsert(
      trx,
      'analytics_net_seen',
      ['tenant_id', 'network_id', 'client_id', 'last_day', 'days'],
      rows,
      conflict,
    );
    await setMark(trx, 'seen', mark);
    await bumpSeenRevision(trx);
  });
}

/**
 * Counts the changes to analytics_net_seen (mark `seenrev`), in the transaction of each: the
 * counts read from it are kept per revision (`netUsers`), and the `seen` mark alone does not move
 * on every change (a re-run over seeded history leaves it where it is).
 */
async function bumpSeenRevision(db: Db): Promise<void> {
  await db
    .insertInto('analytics_marks')
    .values({ name: 'seenrev', done_until: 1 })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ done_until: eb('analytics_marks.done_until', '+', 1) })),
    )
    .execute();
}

/** Retention of the roll-ups. */
export async function pruneRollups(db: Db, hoursBefore: number, daysBefore: number): Promise<void> {
  await db.deleteFrom('analytics_net_hour').where('hour', '<', hoursBefore).execute();
  await db.deleteFrom('analytics_net_day').where('day', '<', hoursBefore).execute();
  // A row whose last day is over the retention holds no day still kept (a day of slack for zones).
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('analytics_net_seen')
      .where('last_day', '<', Math.floor(daysBefore / DAY) - 1)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) await bumpSeenRevision(trx);
  });
  await db.deleteFrom('analytics_client_day').where('day', '<', daysBefore).execute();
  await db.deleteFrom('analytics_tenant_hour').where('hour', '<', hoursBefore).execute();
}

// ——— devices' traffic ———

export interface DeviceFilter {
  type?: number | undefined;
  network?: string | undefined;
  search?: string | undefined;
  ids?: readonly string[] | undefined;
}

function deviceWhere(scope: Scope, f: DeviceFilter, alias: string): Frag {
  const parts: Frag[] = [
    tenantIs(scope, `${alias}.tenant_id`),
    sql`${sql.ref(`${alias}.tenant_id`)} is not null`,
  ];
  if (f.type !== undefined) parts.push(sql`${sql.ref(`${alias}.type`)} = ${f.type}`);
  if (f.network !== undefined) parts.push(sql`${sql.ref(`${alias}.parent`)} = ${f.network}`);
  if (f.ids) parts.push(inList(`${alias}.id`, f.ids));
  if (f.search) {
    parts.push(
      sql`${sql.ref(`${alias}.search_key`)} like ${likePattern(f.search.toLowerCase())} escape '\\'`,
    );
  }
  return sql.join(parts, sql` and `);
}

export interface DeviceTraffic {
  id: string;
  sn: string;
  mac: string;
  hello_mac: string;
  alias: string;
  type: number | null;
  model: string;
  online: number;
  parent: string | null;
  network_name: string | null;
  tx: number;
  rx: number;
}

/**
 * The scope's devices (filtered) with their uplink bytes over [from, to), ranked; devices without
 * traffic count 0. One page (offset, limit) and the count.
 */
export async function deviceTrafficPage(
  db: Db,
  scope: Scope,
  f: DeviceFilter,
  from: number,
  to: number,
  order: { by: 'total' | 'tx' | 'rx'; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: DeviceTraffic[]; count: number }> {
  const traffic = deviceSums(scope, segments(from, to, await telemetryMarks(db), true));
  return devicePageOf(db, scope, f, traffic, sql`1 = 1`, order, page);
}

/** Devices' uplink bytes per device over telemetry segments, plus `more` rows (device_id, tx_bytes, rx_bytes). */
export function deviceSums(scope: Scope, segs: readonly Segment[], more: readonly Frag[] = []): Frag {
  const parts = [
    ...more,
    ...segs.map(
      (s) => sql`select device_id, tx_bytes, rx_bytes from ${sql.table(s.table)}
      where bucket >= ${s.from} and bucket < ${s.to} and ${tenantIs(scope, 'tenant_id')}`,
    ),
  ];
  return parts.length
    ? sql`select device_id, sum(tx_bytes) as tx, sum(rx_bytes) as rx from (${sql.join(parts, sql` union all `)}) x group by device_id`
    : sql`select '' as device_id, 0 as tx, 0 as rx where 1 = 0`;
}

/**
 * One page of the scope's devices (filtered) with the bytes of `traffic` (device_id, tx, rx),
 * ranked, and the count; `guard` must hold in each statement (else no rows, `ok` false).
 */
export async function devicePageOf(
  db: Db,
  scope: Scope,
  f: DeviceFilter,
  traffic: Frag,
  guard: Frag,
  order: { by: 'total' | 'tx' | 'rx'; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: DeviceTraffic[]; count: number; ok?: boolean }> {
  const by =
    order.by === 'total'
      ? sql`coalesce(t.tx, 0) + coalesce(t.rx, 0)`
      : order.by === 'tx'
        ? sql`coalesce(t.tx, 0)`
        : sql`coalesce(t.rx, 0)`;
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  const where = deviceWhere(scope, f, 'd');
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`
      select d.id as id, d.sn as sn, d.mac as mac, d.hello_mac as hello_mac, d.alias as alias, d.type as type,
        d.model as model, d.online as online, d.parent as parent, n.name as network_name,
        coalesce(t.tx, 0) as tx, coalesce(t.rx, 0) as rx
      from devices d left join (${traffic}) t on t.device_id = d.id
        left join networks n on n.id = d.parent and n.tenant_id = d.tenant_id
      where ${where} and ${guard}
      order by ${by} ${dir}, d.sn asc
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{
      n: unknown;
      ok: unknown;
    }>`select count(*) as n, (select count(*) from (select 1 as one where ${guard}) g) as ok
      from devices d where ${where}`.execute(db),
  ]);
  const n = num(count.rows[0]?.n);
  // A guard that failed in either statement: no rows though the page is inside the count.
  const ok = num(count.rows[0]?.ok) > 0 && (rows.rows.length > 0 || page.offset >= n);
  return {
    ok,
    rows: rows.rows.map((r) => ({
      id: String(r.id),
      sn: String(r.sn),
      mac: String(r.mac ?? ''),
      hello_mac: String(r.hello_mac ?? ''),
      alias: String(r.alias ?? ''),
      type: r.type == null ? null : Number(r.type),
      model: String(r.model ?? ''),
      online: num(r.online),
      parent: (r.parent as string | null) ?? null,
      network_name: (r.network_name as string | null) ?? null,
      tx: num(r.tx),
      rx: num(r.rx),
    })),
    count: n,
  };
}

export interface DeviceRef {
  id: string;
  sn: string;
  alias: string;
  type: number | null;
  parent: string | null;
  tenant_id: string | null;
}

export async function devicesByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<DeviceRef[]> {
  const rows = await sql<DeviceRef>`
    select id, sn, alias, type, parent, tenant_id from devices d
    where ${deviceWhere(scope, { ids }, 'd')}`.execute(db);
  return rows.rows;
}

/** Devices counted for a network's rates: its gateways, else its APs (as for its traffic). */
export async function rateDevicesOf(db: Db, scope: Scope, networkId: string): Promise<DeviceRef[]> {
  const rows = await sql<DeviceRef>`
    select id, sn, alias, type, parent, tenant_id from devices d
    where ${deviceWhere(scope, { network: networkId }, 'd')} and d.type in (${GATEWAY_TYPE}, ${AP_TYPE})`.execute(
    db,
  );
  const hasGateway = rows.rows.some((r) => Number(r.type) === GATEWAY_TYPE);
  return rows.rows.filter((r) => Number(r.type) === (hasGateway ? GATEWAY_TYPE : AP_TYPE));
}

/** Hourly uplink bytes of these devices over [from, to). */
export async function deviceHours(
  db: Db,
  scope: Scope,
  ids: readonly string[],
  from: number,
  to: number,
): Promise<{ device_id: string; hour: number; tx: number; rx: number }[]> {
  const marks = await telemetryMarks(db);
  const out: { device_id: string; hour: number; tx: number; rx: number }[] = [];
  for (const s of segments(from, to, marks, false)) {
    const rows = await sql<{ device_id: string; hour: unknown; tx: unknown; rx: unknown }>`
      select device_id, bucket - (bucket % ${sql.lit(HOUR)}) as hour, sum(tx_bytes) as tx, sum(rx_bytes) as rx
      from ${sql.table(s.table)}
      where bucket >= ${s.from} and bucket < ${s.to} and ${tenantRowIs(scope, 'tenant_id')} and ${inList('device_id', ids)}
      group by device_id, bucket - (bucket % ${sql.lit(HOUR)})`.execute(db);
    for (const r of rows.rows)
      out.push({ device_id: r.device_id, hour: num(r.hour), tx: num(r.tx), rx: num(r.rx) });
  }
  return out;
}

/** Average clients per device-hour summed per hour, over the devices of one network ([from, to)). */
export async function networkClientHours(
  db: Db,
  scope: Scope,
  networkId: string,
  from: number,
  to: number,
): Promise<Map<number, number>> {
  const marks = await telemetryMarks(db);
  const out = new Map<number, number>();
  for (const s of segments(from, to, marks, false)) {
    const rows = await sql<{ hour: unknown; value: unknown }>`
      select p.hour as hour, sum(p.avg) as value from (
        select t.device_id, t.bucket - (t.bucket % ${sql.lit(HOUR)}) as hour, sum(t.clients_sum) * 1.0 / sum(t.n) as avg
        from ${sql.table(s.table)} t join devices d on d.id = t.device_id
        where t.bucket >= ${s.from} and t.bucket < ${s.to} and ${tenantIs(scope, 't.tenant_id')}
          and d.parent = ${networkId} and d.tenant_id = t.tenant_id and (d.type is null or d.type != 1) and t.n > 0
        group by t.device_id, t.bucket - (t.bucket % ${sql.lit(HOUR)})
      ) p group by p.hour`.execute(db);
    for (const r of rows.rows) out.set(num(r.hour), (out.get(num(r.hour)) ?? 0) + num(r.value));
  }
  return out;
}

// ——— clients ———

export interface ClientFilter {
  /** Clients connected at this network's devices in [from, to). */
  network?: string | undefined;
  search?: string | undefined;
  ids?: readonly string[] | undefined;
}

function clientWhere(scope: Scope, f: ClientFilter, from: number, to: number): Frag {
  const parts: Frag[] = [tenantIs(scope, 'c.tenant_id')];
  if (f.ids) parts.push(inList('c.id', f.ids));
  if (f.search) {
    const p = likePattern(f.search.toLowerCase());
    parts.push(
      sql`(lower(c.mac) like ${p} escape '\\' or lower(c.name) like ${p} escape '\\' or lower(c.alias) like ${p} escape '\\')`,
    );
  }
  if (f.network !== undefined) {
    parts.push(sql`c.id in (select s.client_id from client_sessions s join devices d on d.id = s.device_id
      where s.tenant_id = c.tenant_id and d.parent = ${f.network} and d.tenant_id = s.tenant_id
        and s.start_at < ${to} and (s.end_at is null or s.end_at >= ${from}))`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * Clients' bytes over [from, to): whole UTC days before the `clients` mark from the day roll-up,
 * the edges and the days after it from client_flow's hours.
 */
export function flowSums(scope: Scope, from: number, to: number, mark: number): Frag {
  const firstDay = Math.ceil(from / DAY) * DAY;
  const lastDay = Math.floor(Math.min(to, mark) / DAY) * DAY;
  const hours = (a: number, b: number) =>
    sql`select client_id, tx_bytes, rx_bytes from client_flow
      where hour >= ${a} and hour < ${b} and ${tenantIs(scope, 'tenant_id')}`;
  const parts: Frag[] = [];
  if (firstDay < lastDay) {
    if (from < firstDay) parts.push(hours(from, firstDay));
    parts.push(sql`select client_id, tx_bytes, rx_bytes from analytics_client_day
      where day >= ${firstDay} and day < ${lastDay} and ${tenantIs(scope, 'tenant_id')}`);
    if (lastDay < to) parts.push(hours(lastDay, to));
  } else {
    parts.push(hours(from, to));
  }
  return sql`select client_id, sum(tx_bytes) as tx, sum(rx_bytes) as rx
    from (${sql.join(parts, sql` union all `)}) f group by client_id`;
}

/** The first hour client_flow holds at or after `from` (null: none). */
export async function firstClientHour(db: Db, from: number): Promise<number | null> {
  const row = await db
    .selectFrom('client_flow')
    .where('hour', '>=', from)
    .select((eb) => eb.fn.min('hour').as('first'))
    .executeTakeFirst();
  return row?.first == null ? null : Number(row.first);
}

/** Sums the tenants' clients' hours of [from, to) into analytics_tenant_hour, moving its mark. */
export async function rollTenantFlow(db: Db, from: number, to: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_tenant_hour').where('hour', '>=', from).where('hour', '<', to).execute();
    await sql`insert into analytics_tenant_hour (tenant_id, hour, tx_bytes, rx_bytes)
      select tenant_id, hour, sum(tx_bytes), sum(rx_bytes) from client_flow
      where hour >= ${from} and hour < ${to}
      group by tenant_id, hour`.execute(trx);
    await setMark(trx, 'tenantflow', to);
  });
}

/** Rolls clients' hours of [from, to) (whole UTC days) into analytics_client_day, moving the mark. */
export async function rollClientDays(db: Db, from: number, to: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('analytics_client_day').where('day', '>=', from).where('day', '<', to).execute();
    await sql`insert into analytics_client_day (tenant_id, client_id, day, tx_bytes, rx_bytes)
      select tenant_id, client_id, hour - (hour % ${sql.lit(DAY)}), sum(tx_bytes), sum(rx_bytes) from client_flow
      where hour >= ${from} and hour < ${to}
      group by tenant_id, client_id, hour - (hour % ${sql.lit(DAY)})`.execute(trx);
    await setMark(trx, 'clients', to);
  });
}

function sessionSums(scope: Scope, from: number, to: number, now: number): Frag {
  const end = sql`coalesce(end_at, ${now})`;
  return sql`select client_id,
      sum((case when ${end} < ${to} then ${end} else ${to} end) - (case when start_at > ${from} then start_at else ${from} end)) as online_ms,
      sum(case when start_at >= ${from} then 1 else 0 end) as conns
    from client_sessions
    where start_at < ${to} and (end_at is null or end_at >= ${from}) and ${tenantIs(scope, 'tenant_id')}
    group by client_id`;
}

export interface ClientFigures {
  id: string;
  mac: string;
  name: string;
  alias: string;
  status: string;
  device_id: string | null;
  device_sn: string;
  device_alias: string | null;
  parent: string | null;
  network_name: string | null;
  tx: number;
  rx: number;
  online_ms: number;
  conns: number;
}

/** A client page's row as both client rankings select it (the summed one here, rank.ts's). */
export function clientFigures(r: Record<string, unknown>): ClientFigures {
  return {
    id: String(r.id),
    mac: String(r.mac),
    name: String(r.name ?? ''),
    alias: String(r.alias ?? ''),
    status: String(r.status ?? ''),
    device_id: (r.device_id as string | null) ?? null,
    device_sn: String(r.device_sn ?? ''),
    device_alias: (r.device_alias as string | null) ?? null,
    parent: (r.parent as string | null) ?? null,
    network_name: (r.network_name as string | null) ?? null,
    tx: num(r.tx),
    rx: num(r.rx),
    online_ms: num(r.online_ms),
    conns: num(r.conns),
  };
}

/**
 * Clients with traffic or connections in [from, to), ranked by traffic, online time or connections;
 * one page and the count. Traffic counts the hours starting in the period (client_flow).
 */
export async function clientPage(
  db: Db,
  scope: Scope,
  f: ClientFilter,
  from: number,
  to: number,
  now: number,
  order: { by: 'traffic' | 'online' | 'connections'; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
): Promise<{ rows: ClientFigures[]; count: number }> {
  const flows = flowSums(scope, from, to, (await markOf(db, 'clients')) ?? 0);
  const sess = sessionSums(scope, Math.max(0, from), to, Math.min(now, to));
  const by =
    order.by === 'traffic'
      ? sql`coalesce(fl.tx, 0) + coalesce(fl.rx, 0)`
      : order.by === 'online'
        ? sql`coalesce(se.online_ms, 0)`
        : sql`coalesce(se.conns, 0)`;
  const dir = order.dir === 'asc' ? sql`asc` : sql`desc`;
  const where = sql`${clientWhere(scope, f, from, to)} and (fl.client_id is not null or se.client_id is not null)`;
  const body = sql`from clients c left join (${flows}) fl on fl.client_id = c.id left join (${sess}) se on se.client_id = c.id`;
  const [rows, count] = await Promise.all([
    sql<Record<string, unknown>>`
      select c.id as id, c.mac as mac, c.name as name, c.alias as alias, c.status as status,
        c.device_id as device_id, c.device_sn as device_sn, dv.alias as device_alias, dv.parent as parent,
        n.name as network_name, coalesce(fl.tx, 0) as tx, coalesce(fl.rx, 0) as rx,
        coalesce(se.online_ms, 0) as online_ms, coalesce(se.conns, 0) as conns
      ${body}
        left join devices dv on dv.id = c.device_id and dv.tenant_id = c.tenant_id
        left join networks n on n.id = dv.parent and n.tenant_id = c.tenant_id
      where ${where}
      order by ${by} ${dir}, c.mac asc, c.id asc
      limit ${page.limit} offset ${page.offset}`.execute(db),
    sql<{ n: unknown }>`select count(*) as n ${body} where ${where}`.execute(db),
  ]);
  return {
    rows: rows.rows.map(clientFigures),
    count: num(count.rows[0]?.n),
  };
}

/** A client of the scope by id or MAC (normalized, lower-case colon form as stored). */
export async function clientOf(
  db: Db,
  scope: Scope,
  ref: { id?: string | undefined; mac?: string | undefined },
): Promise<{ id: string; mac: string } | undefined> {
  let q = db
    .selectFrom('clients')
    .select(['id', 'mac'])
    .where(tenantIs(scope, 'tenant_id') as RawBuilder<boolean>);
  if (ref.id) q = q.where('id', '=', ref.id);
  if (ref.mac) q = q.where('mac', '=', ref.mac);
  return q.executeTakeFirst();
}

/** Clients' traffic per hour over [from, to): one client, a network's clients of the period, or all. */
export async function clientHours(
  db: Db,
  scope: Scope,
  target: { client?: string | undefined; network?: string | undefined },
  from: number,
  to: number,
): Promise<{ hour: number; tx: number; rx: number }[]> {
  const network =
    target.network === undefined
      ? sql`1 = 1`
      : sql`f.client_id in (select s.client_id from client_sessions s join devices d on d.id = s.device_id
          where s.tenant_id = f.tenant_id and d.parent = ${target.network} and d.tenant_id = s.tenant_id
            and s.start_at < ${to} and (s.end_at is null or s.end_at >= ${from}))`;
  // The tenant's (or every tenant's) clients together: the hours rolled up per tenant before the
  // mark, the clients' hours after it.
  const whole = target.client === undefined && target.network === undefined;
  const mark = whole ? Math.min(Math.max((await markOf(db, 'tenantflow')) ?? from, from), to) : from;
  const rolled =
    mark > from
      ? sql`select hour, sum(tx_bytes) as tx, sum(rx_bytes) as rx from analytics_tenant_hour
          where hour >= ${from} and hour < ${mark} and ${tenantIs(scope, 'tenant_id')}
          group by hour union all `
      : sql``;
  const rows = await sql<{ hour: unknown; tx: unknown; rx: unknown }>`${rolled}
    select f.hour as hour, sum(f.tx_bytes) as tx, sum(f.rx_bytes) as rx from client_flow f
    where f.hour >= ${mark} and f.hour < ${to} and ${tenantIs(scope, 'f.tenant_id')}
      and ${target.client === undefined ? sql`1 = 1` : sql`f.client_id = ${target.client}`} and ${network}
    group by f.hour`.execute(db);
  return rows.rows.map((r) => ({ hour: num(r.hour), tx: num(r.tx), rx: num(r.rx) }));
}

/** Online clients' current rates summed: one client, a network's, or all. */
export async function clientRates(
  db: Db,
  scope: Scope,
  target: { client?: string | undefined; network?: string | undefined },
): Promise<{ tx: number; rx: number; n: number }> {
  const rows = await sql<{ tx: unknown; rx: unknown; n: unknown }>`
    select sum(c.tx_rate) as tx, sum(c.rx_rate) as rx, count(*) as n from clients c
    where c.status = 'online' and ${tenantIs(scope, 'c.tenant_id')}
      and ${target.client === undefined ? sql`1 = 1` : sql`c.id = ${target.client}`}
      and ${
        target.network === undefined
          ? sql`1 = 1`
          : sql`c.device_id in (select d.id from devices d where d.parent = ${target.network} and d.tenant_id = c.tenant_id)`
      }`.execute(db);
  const r = rows.rows[0];
  return { tx: num(r?.tx), rx: num(r?.rx), n: num(r?.n) };
}

export interface OnlineGroups {
  byNetwork: { id: string; name: string; n: number }[];
  byDevice: { id: string; sn: string; alias: string; parent: string | null; n: number }[];
  byBand: { band: string; n: number }[];
  bySsid: { ssid: string; n: number }[];
  total: number;
}

/**
 * Clients online now, grouped by network, device (top `deviceLimit`), band and SSID: two passes over
 * the online clients' index (clients_online: per device, then its network; per band, link and
 * SSID), the rest summed here.
 */
export async function onlineGroups(
  db: Db,
  scope: Scope,
  network: string | undefined,
  deviceLimit: number,
): Promise<OnlineGroups> {
  const where = sql`where c.status = 'online' and ${tenantIs(scope, 'c.tenant_id')}
      and ${network === undefined ? sql`1 = 1` : sql`d.parent = ${network}`}`;
  const [devs, kinds] = await Promise.all([
    // Counted per device from the online clients' index first, then each device and its network
    // looked up once (24 ms against 48 ms joining every client, at 30,000 online).
    sql<{
      id: string | null;
      sn: string | null;
      alias: string | null;
      parent: string | null;
      name: string | null;
      n: unknown;
    }>`
      select d.id as id, d.sn as sn, d.alias as alias, d.parent as parent, n.name as name, g.n as n
      from (select c.tenant_id, c.device_id, count(*) as n from clients c
          where c.status = 'online' and ${tenantIs(scope, 'c.tenant_id')}
          group by c.tenant_id, c.device_id) g
        left join devices d on d.id = g.device_id and d.tenant_id = g.tenant_id
        left join networks n on n.id = d.parent and n.tenant_id = g.tenant_id
      where ${network === undefined ? sql`1 = 1` : sql`d.parent = ${network}`}`.execute(db),
    sql<{ band: string | null; link: unknown; ssid: string | null; n: unknown }>`
      select c.band as band, c.link as link, c.ssid as ssid, count(*) as n
      from clients c ${network === undefined ? sql`` : sql`left join devices d on d.id = c.device_id and d.tenant_id = c.tenant_id`}
      ${where}
      group by c.band, c.link, c.ssid`.execute(db),
  ]);
  const nets = new Map<string, { id: string; name: string; n: number }>();
  const byDevice: OnlineGroups['byDevice'] = [];
  for (const r of devs.rows) {
    const n = num(r.n);
    if (r.id === null || r.sn === null) continue;
    byDevice.push({ id: r.id, sn: r.sn, alias: r.alias ?? '', parent: r.parent ?? null, n });
    if (r.parent !== null && r.name !== null) {
      const net = nets.get(r.parent);
      if (net) net.n += n;
      else nets.set(r.parent, { id: r.parent, name: r.name, n });
    }
  }
  const band = new Map<string, number>();
  const ssid = new Map<string, number>();
  let total = 0;
  for (const r of kinds.rows) {
    const n = num(r.n);
    total += n;
    const key = num(r.link) === 0 ? 'wired' : (r.band ?? 'unknown');
    band.set(key, (band.get(key) ?? 0) + n);
    ssid.set(r.ssid ?? '', (ssid.get(r.ssid ?? '') ?? 0) + n);
  }
  // Most first; ties by the key in code-unit order (the same on both engines, whatever the
  // PostgreSQL collation), a network's by its name then id (names repeat across tenants).
  const byCount =
    <T extends { n: number }>(key: (x: T) => string) =>
    (a: T, b: T) =>
      b.n - a.n || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return {
    byNetwork: [...nets.values()].sort(byCount((x) => `${x.name}\u0000${x.id}`)),
    byDevice: byDevice.sort(byCount((x) => x.sn)).slice(0, deviceLimit),
    byBand: [...band].map(([b, n]) => ({ band: b, n })).sort(byCount((x) => x.band)),
    bySsid: [...ssid].map(([s, n]) => ({ ssid: s, n })).sort(byCount((x) => x.ssid)),
    total,
  };
}
