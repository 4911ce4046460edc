/**
 * Client and device rankings over a tenant's standard periods (the last 7 or 30 of its local days)
 * without summing every client's days per request (docs/analytics.md, "Client and device
 * rankings"). A table holds each client's figures over the period up to `until` (an hour's start a
 * few minutes back): traffic of the hours before it, online time and connections of the sessions
 * that ended before `until - SESSION_LAG`. A request adds what came after (`d`: an hour or so of
 * client_flow, the sessions open or ended since) and ranks only the clients that can be on the
 * page: the first `offset + limit` of those with nothing after `until` in index order (their
 * figures are final), and those with something after it whose whole figure reaches the last of
 * them. Devices (flow/listAP) keep their bytes up to telemetry's hourly mark the same way.
 *
 * The refresh (`refreshRanks`, from the roll-up job) folds the hours and sessions that became final
 * into the rows (one transaction, guarded by the state's `until`), and rebuilds a span when its
 * first midnight moves (once a local day) or the tenant's zone changes: the new generation's rows
 * are written in chunks and become visible with the state row; the former generation is deleted
 * after (each statement of a ranking keeps the snapshot it started with, on both engines).
 */
import { sql, type RawBuilder } from 'kysely';
import { bulkInsert } from '../../platform/store/bulk.ts';
import type { Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import type {} from '../client/tables.ts';
import type {} from '../device/tables.ts';
import type {} from '../network/tables.ts';
import {
  deviceSums,
  devicePageOf,
  firstNetworkZone,
  flowSums,
  markOf,
  sessionsOpenOrEndedSince,
  segments,
  telemetryMarks,
  clientFigures,
  type ClientFigures,
  type DeviceFilter,
  type DeviceTraffic,
} from './store.ts';
import type { AnalyticsClientRankTable } from './tables.ts';
import { addDays, startOfDay, zoneOf } from './zone.ts';

const HOUR = 3_600_000;
/**
 * Sessions count as final an hour later than traffic: a connection's end can be written after the
 * fact (a device that went silent: its clients' sessions end when it was last heard, found minutes
 * later), so the rows take sessions that ended before `until - SESSION_LAG`.
 */
export const SESSION_LAG = HOUR;
/** The periods kept ranked, in days (the `7d` and `30d` of the flow calls). */
export const RANK_SPANS = [7, 30] as const;
export type RankSpan = (typeof RANK_SPANS)[number];

type Frag = RawBuilder<unknown>;
const num = (v: unknown): number => (v == null ? 0 : Number(v));

export interface RankState {
  gen: number;
  zone: string;
  start: number;
  until: number;
}

/** What is ranked: clients (flow/clientlist, getTerminalTrafficRank) or devices (flow/listAP). */
export type RankKind = 'client' | 'device';
const STATE = { client: 'analytics_client_rank_state', device: 'analytics_device_rank_state' } as const;

export async function rankState(
  db: Db,
  tenantId: string,
  span: RankSpan,
  kind: RankKind = 'client',
): Promise<RankState | undefined> {
  const row = await db
    .selectFrom(STATE[kind] as 'analytics_client_rank_state')
    .select(['gen', 'zone', 'start', 'until'])
    .where('tenant_id', '=', tenantId)
    .where('span', '=', span)
    .executeTakeFirst();
  return row
    ? { gen: num(row.gen), zone: row.zone, start: num(row.start), until: num(row.until) }
    : undefined;
}

/** The ranked span of a flow period, or null (today, custom: summed per request). */
export function rankSpanOf(period: string): RankSpan | null {
  return period === '7d' ? 7 : period === '30d' ? 30 : null;
}

/** A span's rows must be written again: another zone, or its first midnight moved. */
function stale(s: RankState, zone: string, start: number): boolean {
  return s.zone !== zone || s.start !== start || s.until < start;
}

/** Names generation `s.gen` in the state row, unless a later one is named already (another node). */
async function publish(db: Db, kind: RankKind, tenantId: string, span: RankSpan, s: RankState) {
  const row = { gen: s.gen, zone: s.zone, start: s.start, until: s.until };
  await db
    .insertInto(STATE[kind] as 'analytics_client_rank_state')
    .values({ tenant_id: tenantId, span, ...row })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'span'])
        .doUpdateSet(row)
        .where(sql<boolean>`${sql.ref(`${STATE[kind]}.gen`)} < ${s.gen}`),
    )
    .execute();
}

/**
 * Moves the state's `until` from `s.until` inside a fold's transaction; false when another node
 * folded or rebuilt first (then the fold adds nothing).
 */
async function advance(
  trx: Db,
  kind: RankKind,
  tenantId: string,
  span: RankSpan,
  s: RankState,
  until: number,
): Promise<boolean> {
  const moved = await trx
    .updateTable(STATE[kind] as 'analytics_client_rank_state')
    .set({ until })
    .where('tenant_id', '=', tenantId)
    .where('span', '=', span)
    .where('gen', '=', s.gen)
    .where('until', '=', s.until)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** The first midnight of a span's period at `now` in `zone` (as periodBounds puts it). */
export function spanStart(zone: string, span: RankSpan, now: number): number {
  return addDays(zone, startOfDay(zone, now), 1 - span);
}

/**
 * Sessions' pieces inside [low, b): each overlapping session's online time there (an open one up to
 * `openEnd`) and a connection for each begun there. `low` is at least the period's start. Sessions
 * of one client (`client`, a correlated reference) by its own index; else those open or ended since
 * `low` (begun since `startedFrom`, if given) by the end index.
 */
function sessionPieces(
  tenantId: string,
  low: Frag,
  b: number,
  openEnd: number,
  opts: { client?: Frag; startedFrom?: Frag } = {},
): Frag {
  const lo = sql`(case when start_at > ${low} then start_at else ${low} end)`;
  const hi = sql`(case when coalesce(end_at, ${openEnd}) < ${b} then coalesce(end_at, ${openEnd}) else ${b} end)`;
  const from = opts.client
    ? sql`client_sessions`
    : sql`${sessionsOpenOrEndedSince(low, opts.startedFrom)} client_sessions`;
  const which = opts.client
    ? sql`client_id = ${opts.client} and (end_at is null or end_at >= ${low})`
    : sql`1 = 1`;
  return sql`select client_id, 0 as tx, 0 as rx,
      case when ${hi} > ${lo} then ${hi} - ${lo} else 0 end as online_ms,
      case when start_at >= ${low} then 1 else 0 end as conns
    from ${from}
    where tenant_id = ${tenantId} and start_at < ${b} and ${which}`;
}

/** Client_flow's hours of [a, b) of a tenant, as figure rows. */
function flowHours(tenantId: string, a: Frag | number, b: number): Frag {
  return sql`select client_id, tx_bytes as tx, rx_bytes as rx, 0 as online_ms, 0 as conns
    from client_flow where tenant_id = ${tenantId} and hour >= ${a} and hour < ${b}`;
}

type BaseRow = AnalyticsClientRankTable & Record<string, unknown>;

const COLUMNS = [
  'tenant_id',
  'span',
  'gen',
  'client_id',
  'tx_bytes',
  'rx_bytes',
  'total',
  'online_ms',
  'conns',
] as const;

/** Writes generation `gen` of a span from scratch: [start, until), then names it in the state. */
async function rebuild(
  db: Db,
  tenantId: string,
  span: RankSpan,
  zone: string,
  start: number,
  until: number,
  gen: number,
): Promise<void> {
  const scope = { tenantId, admin: false };
  const flows = flowSums(scope, start, until, (await markOf(db, 'clients')) ?? 0);
  const res = await sql<{ client_id: string; tx: unknown; rx: unknown; online_ms: unknown; conns: unknown }>`
    select client_id, sum(tx) as tx, sum(rx) as rx, sum(online_ms) as online_ms, sum(conns) as conns from (
      select client_id, tx, rx, 0 as online_ms, 0 as conns from (${flows}) f
      union all ${sessionPieces(tenantId, sql`${start}`, until - SESSION_LAG, until - SESSION_LAG)}
    ) x
    -- The clients' days outlive a client removed (they go with the retention): not its rows.
    where client_id in (select id from clients where tenant_id = ${tenantId})
    group by client_id`.execute(db);
  const rows: BaseRow[] = res.rows.map((r) => ({
    tenant_id: tenantId,
    span,
    gen,
    client_id: r.client_id,
    tx_bytes: num(r.tx),
    rx_bytes: num(r.rx),
    total: num(r.tx) + num(r.rx),
    online_ms: num(r.online_ms),
    conns: num(r.conns),
  }));
  // A race with another node writes the same rows: the later one replaces.
  await bulkInsert(
    db,
    'analytics_client_rank',
    COLUMNS,
    rows,
    'on conflict (tenant_id, span, gen, client_id) do update set tx_bytes = excluded.tx_bytes, ' +
      'rx_bytes = excluded.rx_bytes, total = excluded.total, online_ms = excluded.online_ms, conns = excluded.conns',
  );
  await publish(db, 'client', tenantId, span, { gen, zone, start, until });
}

/** Adds [state.until, until) to the rows of the state's generation and moves its `until`. */
async function fold(db: Db, tenantId: string, span: RankSpan, s: RankState, until: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await advance(trx, 'client', tenantId, span, s, until))) return;
    await sql`insert into analytics_client_rank (tenant_id, span, gen, client_id, tx_bytes, rx_bytes, total, online_ms, conns)
      select ${tenantId}, ${span}, ${s.gen}, client_id, sum(tx), sum(rx), sum(tx) + sum(rx), sum(online_ms), sum(conns)
      from (${flowHours(tenantId, s.until, until)}
        union all ${sessionPieces(tenantId, sql`${Math.max(s.start, s.until - SESSION_LAG)}`, until - SESSION_LAG, until - SESSION_LAG)}) x
      where 1 = 1 group by client_id
      on conflict (tenant_id, span, gen, client_id) do update set
        tx_bytes = analytics_client_rank.tx_bytes + excluded.tx_bytes,
        rx_bytes = analytics_client_rank.rx_bytes + excluded.rx_bytes,
        total = analytics_client_rank.total + excluded.total,
        online_ms = analytics_client_rank.online_ms + excluded.online_ms,
        conns = analytics_client_rank.conns + excluded.conns`.execute(trx);
  });
}

/** Deletes a span's generations before `gen`, a few thousand rows per statement. */
async function dropFormer(db: Db, kind: RankKind, tenantId: string, span: RankSpan, gen: number) {
  const table = sql.table(kind === 'client' ? 'analytics_client_rank' : 'analytics_device_rank');
  const id = sql.ref(kind === 'client' ? 'client_id' : 'device_id');
  for (;;) {
    const old = await sql<{ gen: unknown; id: string }>`select gen, ${id} as id from ${table}
      where tenant_id = ${tenantId} and span = ${span} and gen < ${gen} limit 2000`.execute(db);
    if (old.rows.length === 0) return;
    for (const g of new Set(old.rows.map((r) => num(r.gen)))) {
      const ids = old.rows.filter((r) => num(r.gen) === g).map((r) => r.id);
      await sql`delete from ${table} where tenant_id = ${tenantId} and span = ${span} and gen = ${g}
        and ${id} in (${sql.join(ids)})`.execute(db);
    }
  }
}

/**
 * Brings every tenant's spans up to `until` (an hour's start whose client figures are final):
 * folds, or rebuilds when a span's first midnight or the tenant's zone moved; then drops former
 * generations. `tenants` limits it (tests); by default every tenant with clients or devices.
 */
export async function refreshRanks(db: Db, now: number, until: number, tenants?: readonly string[]) {
  const ids =
    tenants ??
    (
      await sql<{ id: string }>`select tenant_id as id from clients
        union select tenant_id as id from devices where tenant_id is not null`.execute(db)
    ).rows.map((r) => r.id);
  const deviceUntil = Math.floor((await telemetryMarks(db)).hour / HOUR) * HOUR;
  for (const tenantId of ids) {
    const zone = zoneOf(await firstNetworkZone(db, { tenantId, admin: false }));
    for (const span of RANK_SPANS) {
      const start = spanStart(zone, span, now);
      const s = await rankState(db, tenantId, span);
      if (!s || stale(s, zone, start)) {
        await rebuild(db, tenantId, span, zone, start, Math.max(start, until), (s?.gen ?? 0) + 1);
      } else if (s.until < until) {
        await fold(db, tenantId, span, s, until);
      }
      const cur = await rankState(db, tenantId, span);
      if (cur) await dropFormer(db, 'client', tenantId, span, cur.gen);
      await refreshDevices(db, tenantId, span, zone, start, deviceUntil);
    }
  }
}

// ——— devices ———

/** Devices' uplink rows of [from, to) of a tenant, as (device_id, tx_bytes, rx_bytes) per span. */
async function deviceSegments(db: Db, tenantId: string, from: number, to: number) {
  const scope = { tenantId, admin: false };
  return deviceSums(scope, from < to ? segments(from, to, await telemetryMarks(db), true) : []);
}

/** A tenant's span of devices up to `until` (telemetry's hourly mark): rebuilt, folded or left. */
async function refreshDevices(
  db: Db,
  tenantId: string,
  span: RankSpan,
  zone: string,
  start: number,
  until: number,
): Promise<void> {
  const s = await rankState(db, tenantId, span, 'device');
  if (!s || stale(s, zone, start)) {
    const gen = (s?.gen ?? 0) + 1;
    const to = Math.max(start, until);
    const res = await sql<{ device_id: string; tx: unknown; rx: unknown }>`${await deviceSegments(
      db,
      tenantId,
      start,
      to,
    )}`.execute(db);
    await bulkInsert(
      db,
      'analytics_device_rank',
      ['tenant_id', 'span', 'gen', 'device_id', 'tx_bytes', 'rx_bytes'],
      res.rows.map((r) => ({
        tenant_id: tenantId,
        span,
        gen,
        device_id: r.device_id,
        tx_bytes: num(r.tx),
        rx_bytes: num(r.rx),
      })),
      'on conflict (tenant_id, span, gen, device_id) do update set tx_bytes = excluded.tx_bytes, rx_bytes = excluded.rx_bytes',
    );
    await publish(db, 'device', tenantId, span, { gen, zone, start, until: to });
  } else if (s.until < until) {
    const more = await deviceSegments(db, tenantId, s.until, until);
    await db.transaction().execute(async (trx) => {
      if (!(await advance(trx, 'device', tenantId, span, s, until))) return;
      await sql`insert into analytics_device_rank (tenant_id, span, gen, device_id, tx_bytes, rx_bytes)
        select ${tenantId}, ${span}, ${s.gen}, device_id, tx, rx from (${more}) x where 1 = 1
        on conflict (tenant_id, span, gen, device_id) do update set
          tx_bytes = analytics_device_rank.tx_bytes + excluded.tx_bytes,
          rx_bytes = analytics_device_rank.rx_bytes + excluded.rx_bytes`.execute(trx);
    });
  }
  const cur = await rankState(db, tenantId, span, 'device');
  if (cur) await dropFormer(db, 'device', tenantId, span, cur.gen);
}

/**
 * A page of a tenant's devices ranked by uplink bytes over a standard period: the ranked rows and
 * telemetry after their `until`; undefined when the rows do not hold this period (the caller sums).
 */
export async function rankedDevicePage(
  db: Db,
  q: {
    tenantId: string;
    span: RankSpan;
    zone: string;
    from: number;
    to: number;
    filter: DeviceFilter;
    order: { by: 'total' | 'tx' | 'rx'; dir: 'asc' | 'desc' };
    page: { offset: number; limit: number };
  },
): Promise<{ rows: DeviceTraffic[]; count: number } | undefined> {
  const s = await rankState(db, q.tenantId, q.span, 'device');
  if (!s || s.zone !== q.zone || s.start !== q.from || s.until > q.to) return undefined;
  const scope = { tenantId: q.tenantId, admin: false };
  const base = sql`select device_id, tx_bytes, rx_bytes from analytics_device_rank
    where tenant_id = ${q.tenantId} and span = ${q.span} and gen = ${s.gen}`;
  const traffic = deviceSums(scope, segments(s.until, q.to, await telemetryMarks(db), true), [base]);
  // The rows as read: the same generation, not folded since (else the bytes after `until` twice).
  const guard = sql`exists (select 1 from analytics_device_rank_state
    where tenant_id = ${q.tenantId} and span = ${q.span} and gen = ${s.gen} and until = ${s.until})`;
  const page = await devicePageOf(db, scope, q.filter, traffic, guard, q.order, q.page);
  return page.ok ? { rows: page.rows, count: page.count } : undefined;
}

/** Forgets every span's rows (history was rewritten before their `until`): the next refresh rebuilds. */
export async function dropRanks(db: Db): Promise<void> {
  await db.deleteFrom('analytics_client_rank_state').execute();
  await db.deleteFrom('analytics_client_rank').execute();
  await db.deleteFrom('analytics_device_rank_state').execute();
  await db.deleteFrom('analytics_device_rank').execute();
}

export interface RankQuery {
  tenantId: string;
  span: RankSpan;
  zone: string;
  from: number;
  to: number;
  now: number;
  search?: string | undefined;
  order: { by: 'traffic' | 'online' | 'connections'; dir: 'asc' | 'desc' };
  page: { offset: number; limit: number };
}

/**
 * A page of the clients ranked over a standard period and their count, from the ranked rows and
 * what came after them; undefined when the rows do not hold this period (not built yet, another
 * zone or first midnight), for the caller to sum the period itself.
 */
export async function rankedClientPage(
  db: Db,
  q: RankQuery,
): Promise<{ rows: ClientFigures[]; count: number } | undefined> {
  const t = q.tenantId;
  const st = sql`select gen, until from analytics_client_rank_state
    where tenant_id = ${t} and span = ${q.span} and zone = ${q.zone} and start = ${q.from} and until <= ${q.to}`;
  const gen = sql`(select gen from st)`;
  const until = sql`(select until from st)`;
  // Sessions' figures are in the rows up to `lag`, traffic up to `until`.
  const lag = sql`(select until from st) - ${SESSION_LAG}`;
  const low = sql`(case when ${lag} > ${q.from} then ${lag} else ${q.from} end)`;
  const openEnd = Math.min(q.now, q.to);
  const matching = q.search
    ? (column: string) => {
        const p = likePattern(q.search!.toLowerCase());
        return sql`${sql.ref(column)} in (select c.id from clients c where c.tenant_id = ${t}
          and (lower(c.mac) like ${p} escape '\\' or lower(c.name) like ${p} escape '\\' or lower(c.alias) like ${p} escape '\\'))`;
      }
    : () => sql`1 = 1`;
  const grouped = (rows: Frag) =>
    sql`select client_id, sum(tx) as tx, sum(rx) as rx, sum(online_ms) as online_ms, sum(conns) as conns
      from (${rows}) x where ${matching('client_id')} group by client_id`;
  // What moves the order after the rows: traffic since `until`; connections begun since `lag`; the
  // online time of every connection since `lag` (open ones grow: every client online now).
  const moving =
    q.order.by === 'traffic'
      ? flowHours(t, until, q.to)
      : sessionPieces(t, low, q.to, openEnd, q.order.by === 'connections' ? { startedFrom: low } : {});
  const col = sql.ref(
    `r.${q.order.by === 'traffic' ? 'total' : q.order.by === 'online' ? 'online_ms' : 'conns'}`,
  );
  const asc = q.order.dir === 'asc';
  const mine = sql`r.tenant_id = ${t} and r.span = ${q.span} and r.gen = ${gen}`;
  // Clients with something after the rows but no row: their traffic since `until`, or a connection
  // the rows cannot hold yet (begun since `lag`; every one overlapping when `lag` is before the
  // period, as just after a local midnight).
  const started = sql`(case when ${lag} > ${q.from} then ${lag} else 0 end)`;
  const rowless = (x: string) =>
    sql`not exists (select 1 from analytics_client_rank r where ${mine} and r.client_id = ${sql.ref(`${x}.client_id`)})`;
  const settled = sql`${mine} and not exists (select 1 from d where d.client_id = r.client_id)
    and ${matching('r.client_id')}`;
  const k = q.page.offset + q.page.limit;
  // The k-th of the clients whose place nothing after the rows moves: no other of them can be on
  // the page, nor a moved client whose figure stays below (above, ascending) this one.
  const edge = sql`(select ${col} from analytics_client_rank r where ${settled}
    order by ${col} ${asc ? sql`asc` : sql`desc`} limit 1 offset ${k - 1})`;
  const cmp = asc ? sql`<=` : sql`>=`;
  // No edge (fewer settled clients than the page reaches): every client qualifies. Written as one
  // comparison, not `edge is null or …`, so that the settled rows are read as a range of the order's
  // index (with the `or`, SQLite walked the span's 100,000 rows: ~100 ms at full scale).
  const bound = sql`coalesce(${edge}, ${asc ? sql`9223372036854775807` : sql`-1`})`;
  const movedKey =
    q.order.by === 'traffic'
      ? sql`d.tx + d.rx + coalesce(r.total, 0)`
      : q.order.by === 'online'
        ? sql`d.online_ms + coalesce(r.online_ms, 0)`
        : sql`d.conns + coalesce(r.conns, 0)`;
  // A page client's whole figures: its row, the hours since `until`, its sessions since `lag`.
  const flowAfter = (col: 'tx_bytes' | 'rx_bytes') =>
    sql`coalesce((select sum(${sql.ref(`f.${col}`)}) from client_flow f
      where f.client_id = pg.id and f.hour >= ${until} and f.hour < ${q.to}), 0)`;
  const sessAfterOf = (client: Frag, col: 'online_ms' | 'conns') =>
    sql`coalesce((select sum(${sql.ref(`p.${col}`)}) from (${sessionPieces(t, low, q.to, openEnd, {
      client,
    })}) p), 0)`;
  const sessAfter = (col: 'online_ms' | 'conns') => sessAfterOf(sql.ref('pg.id'), col);
  const withs = sql`with st as (${st}), d as (${grouped(moving)})`;
  const whole = sql`select pg.id as id, coalesce(r.tx_bytes, 0) + ${flowAfter('tx_bytes')} as tx,
      coalesce(r.rx_bytes, 0) + ${flowAfter('rx_bytes')} as rx,
      coalesce(r.online_ms, 0) + ${sessAfter('online_ms')} as online_ms,
      coalesce(r.conns, 0) + ${sessAfter('conns')} as conns
    from pg left join analytics_client_rank r on ${mine} and r.client_id = pg.id`;
  const by =
    q.order.by === 'traffic' ? sql`w.tx + w.rx` : q.order.by === 'online' ? sql`w.online_ms` : sql`w.conns`;
  // Counted distinct over a "union all": a "union" made SQLite read each side in client order,
  // the sessions' side by the client index over the whole connect log (170 ms against 25).
  const newcomers = sql`select client_id from (${flowHours(t, until, q.to)}) f
    union all select client_id from (${sessionPieces(t, low, q.to, openEnd, { startedFrom: started })}) s`;
  // By online time, most first, every client online now moves (~30,000 at full scale): weighing
  // each against the edge took ~100 ms. Figures only grow after the rows, so the k-th of all the
  // rows' figures (`top`) is at most the k-th whole one, and a client on the page has a whole figure
  // of `top` at least: a row within the most any client gained since `lag` (`gain`) of it, or a
  // client without a row that gained `top` on its own (only possible when `gain` reaches `top`).
  // Only those get their whole figure. `top` and `gain` are read first, beside the count: the
  // sessions since `lag` grouped per client cost ~35 ms a reading, and SQLite read them again for
  // each use in one statement. A fold in between only moves `lag` later, so gains only shrink.
  const onlineTop = q.order.by === 'online' && !asc;
  const topOf = sql`(select coalesce((select r.online_ms from analytics_client_rank r
    where ${mine} and ${matching('r.client_id')}
    order by r.online_ms desc limit 1 offset ${k - 1}), -1))`;
  const candidates = (top: number, gain: number) =>
    onlineTop
      ? sql`cand as materialized (
          select x.id as id, coalesce(r.online_ms, 0) + ${sessAfterOf(sql.ref('x.id'), 'online_ms')} as k
          from (
            select r.client_id as id from analytics_client_rank r
            where ${mine} and ${matching('r.client_id')} and r.online_ms >= ${top - gain}
            ${gain >= top ? sql`union select d.client_id as id from d where d.online_ms >= ${top}` : sql``}
          ) x
          left join analytics_client_rank r on ${mine} and r.client_id = x.id
        )`
      : sql`cand as materialized (
          select r.client_id as id, ${col} as k from analytics_client_rank r
          where ${settled} and ${col} ${cmp} ${bound}
          union all
          select d.client_id as id, ${movedKey} as k from d
            left join analytics_client_rank r on ${mine} and r.client_id = d.client_id
          where ${movedKey} ${cmp} ${bound}
          ${
            q.order.by === 'traffic'
              ? // By traffic, clients without a row whose only news is a connection (no bytes): on
                // the page when no bytes reach the edge (else the page left them out, though the
                // count had them). The constant comparison first: most first, rarely read at all.
                sql`union all select distinct s.client_id as id, 0 as k
                  from (${sessionPieces(t, low, q.to, openEnd, { startedFrom: started })}) s
                  where 0 ${cmp} ${bound} and ${rowless('s')}
                    and not exists (select 1 from d where d.client_id = s.client_id)`
              : sql``
          }
        )`;
  const pageOf = (top = 0, gain = 0) =>
    sql<Record<string, unknown>>`${withs},
      ${candidates(top, gain)},
      -- The page among the candidates by their figure of the order (a settled client's is its row's,
      -- a moved one's the row and what moved it: what the whole figures below order by), so that
      -- only the page's clients get their whole figures (page 50: 10 of 500 candidates).
      pg as materialized (
        select cand.id as id from cand cross join clients c
        where c.id = cand.id and c.tenant_id = ${t}
        order by cand.k ${asc ? sql`asc` : sql`desc`}, c.mac asc, c.id asc
        limit ${q.page.limit} offset ${q.page.offset}
      ),
      w as materialized (${whole})
      select c.id as id, c.mac as mac, c.name as name, c.alias as alias, c.status as status,
        c.device_id as device_id, c.device_sn as device_sn, dv.alias as device_alias, dv.parent as parent,
        n.name as network_name, w.tx as tx, w.rx as rx, w.online_ms as online_ms, w.conns as conns
      -- The page's few clients first: joined by "join … on", SQLite 3.53 walked the tenant's
      -- 100,000 clients and looked each up in w (37 ms of the 40; a cross join keeps this order).
      from w cross join clients c
        left join devices dv on dv.id = c.device_id and dv.tenant_id = c.tenant_id
        left join networks n on n.id = dv.parent and n.tenant_id = c.tenant_id
      where c.id = w.id and c.tenant_id = ${t} and exists (select 1 from st)
      order by ${by} ${asc ? sql`asc` : sql`desc`}, c.mac asc, c.id asc
      `.execute(db);
  const topAndGain = async () => {
    const r = await sql<{
      top: unknown;
      gain: unknown;
    }>`${withs} select ${topOf} as top, coalesce(max(online_ms), 0) as gain from d`.execute(db);
    return pageOf(num(r.rows[0]?.top), num(r.rows[0]?.gain));
  };
  const [page, count] = await Promise.all([
    onlineTop ? topAndGain() : pageOf(),
    // Rows go with their clients (a foreign key), and so do hours and sessions: no client is
    // looked up to count.
    sql<{ ok: unknown; n: unknown; m: unknown }>`with st as (${st})
      select (select count(*) from st) as ok,
        (select count(*) from analytics_client_rank r where ${mine} and ${matching('r.client_id')}) as n,
        (select count(distinct x.client_id) from (${newcomers}) x where ${matching('x.client_id')}
          and ${rowless('x')}) as m`.execute(db),
  ]);
  const c = count.rows[0];
  if (!c || num(c.ok) === 0) return undefined;
  return {
    rows: page.rows.map(clientFigures),
    count: num(c.n) + num(c.m),
  };
}

export { HOUR as RANK_HOUR };
