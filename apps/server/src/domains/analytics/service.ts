/**
 * Traffic analytics (issue 19; docs/analytics.md): network rankings, tenant totals, device and
 * client traffic, users online now, and the roll-ups that keep long periods cheap.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  FLOW_DEV_MAX,
  FLOW_LIST_ALL_MAX,
  isLocalMac,
  normalizeMac,
  type FlowAggQuery,
  type FlowAggReply,
  type FlowApItem,
  type FlowApQuery,
  type FlowApReply,
  type FlowClientItem,
  type FlowClientQuery,
  type FlowClientReply,
  type FlowDevQuery,
  type FlowDevReply,
  type FlowListAllQuery,
  type FlowListAllReply,
  type FlowListQuery,
  type FlowListReply,
  type FlowNetworkItem,
  type FlowRateQuery,
  type FlowRateReply,
  type FlowTopQuery,
  type FlowTopReply,
  type FlowTotalQuery,
  type FlowTotalReply,
  type FlowUserRealtimeQuery,
  type FlowUserRealtimeReply,
  type HourCountReply,
  type TelemetryCountQuery,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { background, type Db } from '../../platform/store/db.ts';
import { vendorOf } from '../client/vendor.ts';
import {
  addSeen,
  clientHours,
  clientOf,
  clientPage,
  clientRates,
  deviceCounts,
  deviceHours,
  devicesByIds,
  deviceTrafficPage,
  firstNetworkZone,
  firstClientHour,
  firstTelemetryHour,
  firstNetHour,
  markOf,
  netTraffic,
  netUsers,
  networkZones,
  rollNetDays,
  networkClientHours,
  networkOf,
  networksOf,
  onlineGroups,
  pruneRollups,
  rollClientDays,
  rollTenantFlow,
  rollTraffic,
  sessionsOverlapping,
  setMark,
  telemetryMarks,
  type ClientFigures,
  type MarkName,
  type NetHour,
  type NetworkRef,
  type SeenRow,
  type ZoneGroup,
} from './store.ts';
import { dropRanks, rankedClientPage, rankedDevicePage, rankSpanOf, refreshRanks } from './rank.ts';
import {
  DAY_MS,
  HOUR_MS,
  addDays,
  bucketIndex,
  changePct,
  checkPeriod,
  dateNumber,
  offsetAt,
  periodBounds,
  startOfDay,
  zoneOf,
  type Bounds,
  type PeriodInput,
} from './zone.ts';

export const ROLLUP_JOB = 'analytics.rollup';
export const ROLLUP_CRON = '2-59/5 * * * *';
/** Roll-up steps: at most this much history per transaction, and per run. */
const STEP_MS = 7 * DAY_MS;
const RUN_MS = 60 * DAY_MS;
/** Connections are rolled up to the hour that ended this long ago (the client tracker's writes). */
const USERS_GRACE_MS = 5 * 60_000;
/** Retention: networks' hours and days 400 days; users' days 62 (30 days and the 30 before). */
export const RETENTION = { hours: 400 * DAY_MS, userDays: 62 * DAY_MS } as const;

/** What the service needs of the telemetry domain: the fleet's hourly user counts (reclcount). */
export interface ClientCounts {
  clientCount(scope: Scope, q: TelemetryCountQuery): Promise<HourCountReply>;
}

export interface AnalyticsOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  counts: ClientCounts;
}

interface NetFigures {
  tx: number;
  rx: number;
  users: number;
}

const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;

/** Networks by the zone of their days; one group of all (`ids` null) when they share one. */
function zoneGroups(nets: readonly { id: string; time_zone: string | null }[]): ZoneGroup[] {
  const byZone = new Map<string, string[]>();
  for (const n of nets) {
    const z = zoneOf(n.time_zone);
    byZone.set(z, [...(byZone.get(z) ?? []), n.id]);
  }
  if (byZone.size <= 1) return [{ zone: [...byZone.keys()][0] ?? 'UTC', ids: null }];
  return [...byZone].map(([zone, ids]) => ({ zone, ids }));
}

function sumByNetwork(rows: readonly NetHour[]): Map<string, { tx: number; rx: number }> {
  const out = new Map<string, { tx: number; rx: number }>();
  for (const r of rows) {
    const m = out.get(r.network_id) ?? { tx: 0, rx: 0 };
    m.tx += r.tx;
    m.rx += r.rx;
    out.set(r.network_id, m);
  }
  return out;
}

/** Hourly rows into the buckets of `time` (null for buckets starting after `now`). */
function bucketSeries(
  time: readonly number[],
  rows: readonly { hour: number; tx: number; rx: number }[],
  now: number,
): { tx: (number | null)[]; rx: (number | null)[] } {
  const tx: (number | null)[] = time.map((t) => (t > now ? null : 0));
  const rx: (number | null)[] = time.map((t) => (t > now ? null : 0));
  for (const r of rows) {
    const i = bucketIndex(time, r.hour);
    if (i < 0 || tx[i] === null) continue;
    tx[i] = tx[i]! + r.tx;
    rx[i] = rx[i]! + r.rx;
  }
  return { tx, rx };
}

function bounds(b: Bounds) {
  return {
    Period: b.Period,
    Start: b.Start,
    End: b.End,
    PrevStart: b.PrevStart,
    PrevEnd: b.PrevEnd,
    TimeZone: b.TimeZone,
  };
}

export class AnalyticsService {
  private maintaining: Promise<void> | null = null;

  constructor(private readonly o: AnalyticsOptions) {
    o.jobs.define(ROLLUP_JOB, () => this.maintainOrThrow(), {
      attempts: 3,
      backoff: { baseMs: 30_000, maxMs: 120_000 },
    });
    o.jobs.every(ROLLUP_JOB, { cron: ROLLUP_CRON, timeZone: 'UTC' });
  }

  // ——— zones ———

  private async tenantZone(scope: Scope): Promise<string> {
    return zoneOf(await firstNetworkZone(this.o.db, scope));
  }

  private async network(scope: Scope, id: string): Promise<NetworkRef> {
    const n = await networkOf(this.o.db, scope, id);
    if (!n) throw new AppError(ErrorCode.FlowNetworkNotExist);
    return n;
  }

  /** The zone of a call: the network's when it names one, else the tenant's. */
  private async zoneFor(scope: Scope, networkId: string | undefined): Promise<string> {
    return networkId ? zoneOf((await this.network(scope, networkId)).time_zone) : this.tenantZone(scope);
  }

  // ——— rankings ———

  /** Every network of the scope with its period's figures, ranked (list, listAll). */
  private async ranking(scope: Scope, q: FlowListAllQuery): Promise<FlowNetworkItem[]> {
    checkPeriod(q);
    const { db } = this.o;
    const now = this.o.clock();
    const nets = await networksOf(db, scope, q.search);
    const byZone = new Map<string, NetworkRef[]>();
    for (const n of nets) {
      const z = zoneOf(n.time_zone);
      byZone.set(z, [...(byZone.get(z) ?? []), n]);
    }
    const counts = await deviceCounts(db, scope, null);
    const items: Omit<FlowNetworkItem, 'Rank'>[] = [];
    for (const [zone, members] of byZone) {
      const b = periodBounds(q, now, zone);
      // All the scope's networks in one zone (the usual case): no id list in the queries.
      const ids = byZone.size === 1 && !q.search ? null : members.map((n) => n.id);
      const [cur, prev] = await Promise.all([
        this.netFigures(scope, ids, b.Start, b.End, zone),
        this.netFigures(scope, ids, b.PrevStart, b.PrevEnd, zone),
      ]);
      for (const n of members) {
        const c = cur.get(n.id) ?? { tx: 0, rx: 0, users: 0 };
        const p = prev.get(n.id) ?? { tx: 0, rx: 0, users: 0 };
        const d = counts.get(n.id) ?? { devices: 0, online: 0 };
        items.push({
          _id: n.id,
          Name: n.name,
          ...bounds(b),
          TxBytes: c.tx,
          RxBytes: c.rx,
          Total: c.tx + c.rx,
          Users: c.users,
          Online: d.online,
          Devices: d.devices,
          PrevTxBytes: p.tx,
          PrevRxBytes: p.rx,
          PrevTotal: p.tx + p.rx,
          PrevUsers: p.users,
          TotalChange: changePct(c.tx + c.rx, p.tx + p.rx),
          UsersChange: changePct(c.users, p.users),
        });
      }
    }
    const key = q.Sort === 'users' ? 'Users' : q.Sort === 'online' ? 'Online' : 'Total';
    const sign = q.Order === 'asc' ? 1 : -1;
    items.sort(
      (a, b) => sign * (a[key] - b[key]) || a.Name.localeCompare(b.Name) || a._id.localeCompare(b._id),
    );
    return items.map((it, i) => ({ Rank: i + 1, ...it }));
  }

  private async netFigures(
    scope: Scope,
    ids: readonly string[] | null,
    from: number,
    to: number,
    zone: string,
  ): Promise<Map<string, NetFigures>> {
    const { db } = this.o;
    const group = { zone, ids };
    const [hours, users] = await Promise.all([
      netTraffic(db, scope, group, from, to, { byTime: false }),
      netUsers(db, scope, [group], startOfDay(zone, from), from, to, 'byNetwork', this.o.clock()),
    ]);
    const out = new Map<string, NetFigures>();
    for (const [id, t] of sumByNetwork(hours)) out.set(id, { ...t, users: 0 });
    for (const [id, n] of users.byNetwork) out.set(id, { ...(out.get(id) ?? { tx: 0, rx: 0 }), users: n });
    return out;
  }

  async list(scope: Scope, q: FlowListQuery): Promise<FlowListReply> {
    const all = await this.ranking(scope, q);
    const offset = (q.page - 1) * q.limit;
    return {
      list: all.slice(offset, offset + q.limit),
      count: all.length,
      limit: q.limit,
      page: q.page,
      sort: `${q.Order === 'asc' ? '' : '-'}${q.Sort}`,
    };
  }

  async listAll(scope: Scope, q: FlowListAllQuery): Promise<FlowListAllReply> {
    const all = await this.ranking(scope, q);
    return {
      list: all.slice(0, FLOW_LIST_ALL_MAX),
      count: all.length,
      Truncated: all.length > FLOW_LIST_ALL_MAX,
    };
  }

  async agg(scope: Scope, q: FlowAggQuery): Promise<FlowAggReply> {
    checkPeriod(q);
    const { db } = this.o;
    const now = this.o.clock();
    const zone = await this.zoneFor(scope, q.Network);
    const b = periodBounds(q, now, zone);
    const shift = b.Start - b.PrevStart;
    const nets = q.Network ? [] : await networksOf(db, scope);
    // Tenant-wide: each network's days are its zone's (users are counted on them as in the rankings).
    const groups = q.Network ? [{ zone, ids: [q.Network] }] : zoneGroups(nets);
    const traffic = async (from: number, to: number, time: readonly number[]) =>
      (
        await Promise.all(
          groups.map((g) =>
            netTraffic(db, scope, g, from, to, { byTime: true, time: g.zone === zone ? time : [] }),
          ),
        )
      ).flat();
    const [cur, prev, users, prevUsers, counts] = await Promise.all([
      traffic(b.Start, b.End, b.Time),
      traffic(
        b.PrevStart,
        b.PrevEnd,
        b.Time.map((t) => t - shift),
      ),
      netUsers(db, scope, groups, startOfDay(zone, b.Start), b.Start, b.End, 'total', now),
      netUsers(db, scope, groups, startOfDay(zone, b.PrevStart), b.PrevStart, b.PrevEnd, 'total', now),
      deviceCounts(db, scope, q.Network ? [q.Network] : null),
    ]);
    const sum = (rows: NetHour[]) =>
      rows.reduce((a, r) => ({ tx: a.tx + r.tx, rx: a.rx + r.rx }), { tx: 0, rx: 0 });
    const c = sum(cur);
    const p = sum(prev);
    let devices = 0;
    let online = 0;
    for (const d of counts.values()) {
      devices += d.devices;
      online += d.online;
    }
    const series = bucketSeries(b.Time, cur, now);
    const prevTime = b.Time.map((t) => t - shift);
    const prevSeries = bucketSeries(prevTime, prev, b.PrevEnd);
    // Buckets to come this period have none to compare with either.
    const pending = b.Time.map((t) => t > now);
    return {
      ...bounds(b),
      Network: q.Network ?? null,
      Networks: q.Network ? 1 : nets.length,
      TxBytes: c.tx,
      RxBytes: c.rx,
      Total: c.tx + c.rx,
      Users: users.total,
      Online: online,
      Devices: devices,
      PrevTxBytes: p.tx,
      PrevRxBytes: p.rx,
      PrevTotal: p.tx + p.rx,
      PrevUsers: prevUsers.total,
      TotalChange: changePct(c.tx + c.rx, p.tx + p.rx),
      UsersChange: changePct(users.total, prevUsers.total),
      Bucket: b.Bucket,
      Time: b.Time,
      TxSeries: series.tx,
      RxSeries: series.rx,
      PrevTxSeries: prevSeries.tx.map((v, i) => (pending[i] ? null : v)),
      PrevRxSeries: prevSeries.rx.map((v, i) => (pending[i] ? null : v)),
    };
  }

  // ——— devices ———

  async listAP(scope: Scope, q: FlowApQuery): Promise<FlowApReply> {
    checkPeriod(q);
    const zone = await this.zoneFor(scope, q.Network);
    const b = periodBounds(q, this.o.clock(), zone);
    const offset = (q.page - 1) * q.limit;
    const filter = { type: q.Type, network: q.Network, search: q.search };
    const order = { by: q.Sort === 'traffic' ? ('total' as const) : q.Sort, dir: q.Order };
    const span = rankSpanOf(b.Period);
    // A tenant's 7 and 30 days from the ranked rows (rank.ts) when they hold that period.
    const ranked =
      span !== null && !scope.admin && scope.tenantId
        ? await rankedDevicePage(this.o.db, {
            tenantId: scope.tenantId,
            span,
            zone: b.TimeZone,
            from: b.Start,
            to: b.End,
            filter,
            order,
            page: { offset, limit: q.limit },
          })
        : undefined;
    const page =
      ranked ??
      (await deviceTrafficPage(this.o.db, scope, filter, b.Start, b.End, order, { offset, limit: q.limit }));
    const list: FlowApItem[] = page.rows.map((d, i) => ({
      Rank: offset + i + 1,
      _id: d.id,
      SN: d.sn,
      MAC: d.mac || d.hello_mac,
      Alias: d.alias,
      Type: d.type ?? q.Type,
      Model: d.model,
      Online: d.online === 1,
      Network: d.parent,
      NetworkName: d.network_name,
      TxBT: d.tx,
      RxBT: d.rx,
      Total: d.tx + d.rx,
    }));
    return {
      list,
      count: page.count,
      limit: q.limit,
      page: q.page,
      sort: `${q.Order === 'asc' ? '' : '-'}${q.Sort}`,
      ...bounds(b),
    };
  }

  async listDev(scope: Scope, q: FlowDevQuery): Promise<FlowDevReply> {
    checkPeriod(q);
    const ids = [
      ...new Set(
        q.Devices.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || ids.length > FLOW_DEV_MAX) throw new AppError(ErrorCode.FlowTooManyDevices);
    const { db } = this.o;
    const devices = await devicesByIds(db, scope, ids);
    if (devices.length !== ids.length) throw new AppError(ErrorCode.FlowDeviceNotExist);
    const parents = [...new Set(devices.map((d) => d.parent))];
    // Devices of one network: its days; else the tenant's.
    const zone =
      parents.length === 1 && parents[0]
        ? await this.zoneFor(scope, parents[0])
        : await this.tenantZone(scope);
    const now = this.o.clock();
    const b = periodBounds(q, now, zone);
    const rows = await deviceHours(db, scope, ids, b.Start, b.End);
    const byId = new Map(devices.map((d) => [d.id, d]));
    return {
      ...bounds(b),
      Bucket: b.Bucket,
      Time: b.Time,
      list: ids.map((id) => {
        const d = byId.get(id)!;
        const mine = rows.filter((r) => r.device_id === id);
        const s = bucketSeries(b.Time, mine, now);
        return {
          _id: d.id,
          SN: d.sn,
          Alias: d.alias ?? '',
          TxBytes: s.tx,
          RxBytes: s.rx,
          TotalTx: mine.reduce((a, r) => a + r.tx, 0),
          TotalRx: mine.reduce((a, r) => a + r.rx, 0),
        };
      }),
    };
  }

  // ——— users now ———

  async userRealtime(scope: Scope, q: FlowUserRealtimeQuery): Promise<FlowUserRealtimeReply> {
    const zone = await this.zoneFor(scope, q.Network);
    const now = this.o.clock();
    const groups = await onlineGroups(this.o.db, scope, q.Network, q.APLimit);
    const today = periodBounds({ Period: 'today' }, now, zone);
    const values = new Map<number, number>();
    if (q.Network) {
      for (const [hour, v] of await networkClientHours(
        this.o.db,
        scope,
        q.Network,
        today.Start,
        today.until,
      )) {
        values.set(hour, Math.round(v * 10) / 10);
      }
    } else {
      const tz = Math.round(offsetAt(zone, now) / 60_000);
      const day = await this.o.counts.clientCount(scope, { range: 'day', tz });
      day.Time.forEach((t, i) => {
        const v = day.HourNumber[i];
        if (v !== null && v !== undefined) values.set(t, v);
      });
    }
    return {
      Network: q.Network ?? null,
      Time: now,
      TimeZone: zone,
      Total: groups.total,
      ByNetwork: groups.byNetwork.map((n) => ({ _id: n.id, Name: n.name, Online: n.n })),
      ByAP: groups.byDevice.map((d) => ({
        _id: d.id,
        SN: d.sn,
        Alias: d.alias,
        Network: d.parent,
        Online: d.n,
      })),
      ByBand: groups.byBand.map((g) => ({ Band: g.band, Online: g.n })),
      BySSID: groups.bySsid.map((g) => ({ SSID: g.ssid, Online: g.n })),
      Hours: {
        Time: today.Time,
        HourNumber: today.Time.map((t) => (t > now ? null : (values.get(t) ?? null))),
      },
    };
  }

  // ——— clients ———

  private clientItem(c: ClientFigures, rank: number): FlowClientItem {
    return {
      Rank: rank,
      _id: c.id,
      MAC: c.mac,
      Name: c.name,
      Alias: c.alias,
      Vendor: vendorOf(c.mac),
      RandomMAC: isLocalMac(c.mac),
      Status: c.status,
      Network: c.parent,
      NetworkName: c.network_name,
      Device: c.device_id,
      DeviceSN: c.device_sn,
      DeviceAlias: c.device_alias ?? '',
      TxBytes: c.tx,
      RxBytes: c.rx,
      Total: c.tx + c.rx,
      OnlineTime: Math.max(0, Math.round(c.online_ms / 1000)),
      Connections: c.conns,
    };
  }

  /**
   * Clients ranked over a period: a tenant's 7 and 30 days from the ranked rows (rank.ts) when they
   * hold that period, else summed here (a network's clients, another period, the administrator).
   */
  private async clients(
    scope: Scope,
    f: { network?: string | undefined; search?: string | undefined },
    b: Bounds,
    now: number,
    order: { by: 'traffic' | 'online' | 'connections'; dir: 'asc' | 'desc' },
    page: { offset: number; limit: number },
  ): Promise<{ rows: ClientFigures[]; count: number }> {
    const span = rankSpanOf(b.Period);
    if (span !== null && f.network === undefined && !scope.admin && scope.tenantId) {
      const ranked = await rankedClientPage(this.o.db, {
        tenantId: scope.tenantId,
        span,
        zone: b.TimeZone,
        from: b.Start,
        to: b.End,
        now,
        search: f.search,
        order,
        page,
      });
      if (ranked) return ranked;
    }
    return clientPage(this.o.db, scope, f, b.Start, b.End, now, order, page);
  }

  async clientList(scope: Scope, q: FlowClientQuery): Promise<FlowClientReply> {
    checkPeriod(q);
    const zone = await this.zoneFor(scope, q.Network);
    const now = this.o.clock();
    const b = periodBounds(q, now, zone);
    const offset = (q.page - 1) * q.limit;
    const page = await this.clients(
      scope,
      { network: q.Network, search: q.search },
      b,
      now,
      { by: q.Sort, dir: q.Order },
      { offset, limit: q.limit },
    );
    return {
      list: page.rows.map((c, i) => this.clientItem(c, offset + i + 1)),
      count: page.count,
      limit: q.limit,
      page: q.page,
      sort: `${q.Order === 'asc' ? '' : '-'}${q.Sort}`,
      ...bounds(b),
    };
  }

  async topClients(scope: Scope, q: FlowTopQuery): Promise<FlowTopReply> {
    checkPeriod(q);
    const zone = await this.zoneFor(scope, q.Network);
    const now = this.o.clock();
    const b = periodBounds(q, now, zone);
    const page = await this.clients(
      scope,
      { network: q.Network },
      b,
      now,
      { by: 'traffic', dir: 'desc' },
      { offset: 0, limit: q.Top },
    );
    return { ...bounds(b), list: page.rows.map((c, i) => this.clientItem(c, i + 1)) };
  }

  /** The client of `_id` or `MAC`, or undefined when the query names none (29006 when not the caller's). */
  private async client(scope: Scope, q: { _id?: string | undefined; MAC?: string | undefined }) {
    if (!q._id && !q.MAC) return undefined;
    const mac = q.MAC ? normalizeMac(q.MAC) : undefined;
    if (mac === null) throw new AppError(ErrorCode.FlowClientNotExist);
    const c = await clientOf(this.o.db, scope, { id: q._id, mac });
    if (!c) throw new AppError(ErrorCode.FlowClientNotExist);
    return c;
  }

  async totalFlow(scope: Scope, q: FlowTotalQuery): Promise<FlowTotalReply> {
    checkPeriod(q);
    const client = await this.client(scope, q);
    const zone = await this.zoneFor(scope, q.Network);
    const now = this.o.clock();
    const b = periodBounds(q, now, zone);
    const rows = await clientHours(
      this.o.db,
      scope,
      { client: client?.id, network: q.Network },
      b.Start,
      b.End,
    );
    const s = bucketSeries(b.Time, rows, now);
    const tx = rows.reduce((a, r) => a + r.tx, 0);
    const rx = rows.reduce((a, r) => a + r.rx, 0);
    return {
      ...bounds(b),
      Client: client?.id ?? null,
      MAC: client?.mac ?? null,
      Network: q.Network ?? null,
      TxBytes: tx,
      RxBytes: rx,
      Total: tx + rx,
      Bucket: b.Bucket,
      Time: b.Time,
      TxSeries: s.tx,
      RxSeries: s.rx,
    };
  }

  async totalRate(scope: Scope, q: FlowRateQuery): Promise<FlowRateReply> {
    const client = await this.client(scope, q);
    if (q.Network) await this.network(scope, q.Network);
    const r = await clientRates(this.o.db, scope, { client: client?.id, network: q.Network });
    return {
      Client: client?.id ?? null,
      MAC: client?.mac ?? null,
      Network: q.Network ?? null,
      Time: this.o.clock(),
      TxRate: r.tx,
      RxRate: r.rx,
      Clients: r.n,
    };
  }

  // ——— roll-ups ———

  /** The job's pass (tests call it after moving the clock). */
  async maintain(): Promise<void> {
    await this.maintainOrThrow().catch((err: unknown) =>
      this.o.log.error({ err }, 'analytics roll-up failed'),
    );
  }

  private async maintainOrThrow(): Promise<void> {
    while (this.maintaining) await this.maintaining.catch(() => undefined);
    this.maintaining = this.maintainOnce().finally(() => {
      this.maintaining = null;
    });
    await this.maintaining;
  }

  private async maintainOnce(): Promise<void> {
    const { db } = this.o;
    const now = this.o.clock();
    // Traffic: the hours telemetry rolled up (its hourly mark).
    await this.rollSteps('traffic', floorHour((await telemetryMarks(db)).hour), {
      first: firstTelemetryHour,
      align: floorHour,
      roll: rollTraffic,
    });
    await this.rollNetDays((await markOf(db, 'traffic')) ?? 0);
    await this.rollUsers(floorHour(now - USERS_GRACE_MS), now);
    // Clients' whole UTC days from client_flow (a day's last figures are in 5 minutes after it).
    await this.rollSteps('clients', Math.floor((now - USERS_GRACE_MS) / DAY_MS) * DAY_MS, {
      first: firstClientHour,
      align: (t) => Math.floor(t / DAY_MS) * DAY_MS,
      roll: rollClientDays,
    });
    // The tenants' clients' hours up to the one that ended 5 minutes ago (analytics_tenant_hour).
    await this.rollSteps('tenantflow', floorHour(now - USERS_GRACE_MS), {
      first: firstClientHour,
      align: floorHour,
      roll: rollTenantFlow,
    });
    // The tenants' client rankings of 7 and 30 days, up to the hour whose traffic is all written.
    await refreshRanks(background(db), now, floorHour(now - USERS_GRACE_MS));
    await pruneRollups(db, now - RETENTION.hours, now - RETENTION.userDays);
  }

  /**
   * Clients seen per network and local day (analytics_net_seen), from the connect log, up to
   * `target`, a day per step; from the `seen` mark, else from the retention's start.
   */
  async rollUsers(target: number, now: number, from?: number): Promise<void> {
    const { db } = this.o;
    let mark = from ?? (await markOf(db, 'seen')) ?? floorHour(now - RETENTION.userDays);
    while (mark < target) {
      const to = Math.min(target, mark + DAY_MS);
      const rows = new Map<string, SeenRow>();
      for (const s of await sessionsOverlapping(db, mark, to)) {
        const zone = zoneOf(s.zone);
        const key = `${s.network_id}|${s.client_id}`;
        for (
          let day = startOfDay(zone, s.start);
          day < Math.max(s.end, s.start + 1) && day < to;
          day = addDays(zone, day, 1)
        ) {
          const date = dateNumber(zone, day);
          const r = rows.get(key);
          if (!r) {
            rows.set(key, {
              tenant_id: s.tenant_id,
              network_id: s.network_id,
              client_id: s.client_id,
              last_day: date,
              days: 1,
            });
          } else if (date > r.last_day) {
            r.days = date - r.last_day > 61 ? 1 : r.days * 2 ** (date - r.last_day) + 1;
            r.last_day = date;
          } else if (r.last_day - date <= 61) {
            r.days = r.days | (2 ** (r.last_day - date));
          }
        }
      }
      // A mark given by the caller (a re-run over seeded history) is not moved back.
      const stored = (await markOf(db, 'seen')) ?? 0;
      await addSeen(db, [...rows.values()], Math.max(stored, to));
      mark = to;
    }
  }

  /** Networks' local days that ended by `target` (the traffic mark) into analytics_net_day. */
  private async rollNetDays(target: number): Promise<void> {
    const { db } = this.o;
    let mark = await markOf(db, 'netdays');
    if (mark === null) {
      const first = await firstNetHour(db);
      if (first === null || first >= target) {
        await setMark(db, 'netdays', target);
        return;
      }
      mark = first;
    }
    const byZone = new Map<string, string[]>();
    for (const n of await networkZones(db)) {
      const z = zoneOf(n.time_zone);
      byZone.set(z, [...(byZone.get(z) ?? []), n.id]);
    }
    while (mark < target) {
      const to = Math.min(target, mark + STEP_MS);
      const days: { ids: string[]; day: number; end: number }[] = [];
      for (const [zone, ids] of byZone) {
        // Days ending in (mark, to].
        for (let day = startOfDay(zone, mark - 1); ;) {
          const end = addDays(zone, day, 1);
          if (end > to) break;
          if (end > mark) days.push({ ids, day, end });
          day = end;
        }
      }
      await rollNetDays(db, days, to);
      mark = to;
    }
  }

  /**
   * A roll-up from its mark up to `target`: a week per step (each step's transaction moves the
   * mark), at most RUN_MS of it a run; empty stretches (before the first row, a quiet fleet) pass in
   * one step, the first row found starting the next one (`align`ed to the roll-up's unit).
   */
  private async rollSteps(
    name: MarkName,
    target: number,
    step: {
      first: (db: Db, from: number) => Promise<number | null>;
      align: (t: number) => number;
      roll: (db: Db, from: number, to: number) => Promise<unknown>;
    },
  ): Promise<void> {
    const { db } = this.o;
    let mark = await markOf(db, name);
    for (let spent = 0; spent < RUN_MS;) {
      const next = await step.first(db, mark ?? 0);
      if (next === null || next >= target) {
        if (mark !== null && mark < target) await setMark(db, name, target);
        break;
      }
      const from = mark === null || next > mark ? step.align(next) : mark;
      const to = Math.min(target, from + STEP_MS);
      await step.roll(db, from, to);
      spent += to - from;
      mark = to;
    }
  }

  /** Re-rolls traffic and clients' days from `from` up to their marks (history written after them). */
  async reroll(from: number): Promise<void> {
    const { db } = this.o;
    const traffic = await markOf(db, 'traffic');
    if (traffic !== null) {
      for (let a = floorHour(from); a < traffic; a += STEP_MS) {
        await rollTraffic(db, a, Math.min(traffic, a + STEP_MS));
      }
      await setMark(db, 'traffic', traffic);
      // The networks' days over those hours (a day before `from`: the zones' midnights).
      const days = await markOf(db, 'netdays');
      if (days !== null && days > from - DAY_MS) await setMark(db, 'netdays', from - DAY_MS);
      await this.rollNetDays(traffic);
    }
    const clients = await markOf(db, 'clients');
    if (clients !== null) {
      for (let a = Math.floor(from / DAY_MS) * DAY_MS; a < clients; a += STEP_MS) {
        await rollClientDays(db, a, Math.min(clients, a + STEP_MS));
      }
      await setMark(db, 'clients', clients);
    }
    const tenants = await markOf(db, 'tenantflow');
    if (tenants !== null) {
      for (let a = floorHour(from); a < tenants; a += STEP_MS) {
        await rollTenantFlow(db, a, Math.min(tenants, a + STEP_MS));
      }
      await setMark(db, 'tenantflow', tenants);
    }
    // The ranked clients summed the history before it: the next run rebuilds them.
    await dropRanks(db);
  }
}

export type { PeriodInput };
