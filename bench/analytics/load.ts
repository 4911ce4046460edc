/**
 * The bulk loader of `npm run bench:analytics`: the tables the analytics and behaviour calls read,
 * filled with multi-row inserts as the ingest and the roll-ups would have left them — devices and
 * networks through the API, the rest (clients, hourly device traffic, client traffic, the
 * analytics roll-ups, DNS hours and days) written directly, a chunk per statement.
 */
import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import { newId } from '../../apps/server/src/platform/ids.ts';
import { chunked } from '../../apps/server/src/platform/store/bulk.ts';
import type { Db } from '../../apps/server/src/platform/store/db.ts';
import { addSeen, type SeenRow } from '../../apps/server/src/domains/analytics/store.ts';
import type {} from '../../apps/server/src/domains/analytics/tables.ts';
import { dateNumber, zoneOf } from '../../apps/server/src/domains/analytics/zone.ts';
import type {} from '../../apps/server/src/domains/behaviour/tables.ts';
import type {} from '../../apps/server/src/domains/client/tables.ts';
import { insertFineSpans, type SeriesRow } from '../../apps/server/src/domains/telemetry/store.ts';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** Deterministic 0-1 numbers. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

export const macOf = (kind: string, i: number) =>
  createHash('sha256').update(`${kind}${i}`).digest('hex').slice(0, 12).toUpperCase().replace(/^(.)./, '$10');

/** Rows of one table in chunks of one statement each, `columns` values a row. */
export async function insertAll<T>(
  db: Db,
  table: string,
  rows: readonly T[],
  columns: number,
): Promise<void> {
  for (const chunk of chunked(rows, columns)) {
    await (db as unknown as Db)
      .insertInto(table as never)
      .values(chunk as never)
      .execute();
  }
}

/** 0-1: how busy an hour of the day is. */
export const busy = (t: number) => {
  const h = new Date(t).getUTCHours();
  return h < 1 || h > 15 ? 0.15 : 0.4 + 0.6 * Math.sin(((h - 1) / 14) * Math.PI);
};

export interface Fleet {
  tenantId: string;
  networks: string[];
  /** Device ids per network, the router first. */
  devices: string[][];
  /** Client ids with their device and network. */
  clients: { id: string; mac: string; device: string; network: number }[];
}

/** Clients: `perDevice` on each AP, seen across the last days. */
export async function loadClients(db: Db, fleet: Fleet, total: number, now: number): Promise<void> {
  const aps = fleet.devices.flatMap((ids, n) => ids.slice(1).map((id) => ({ id, n })));
  const rows: Record<string, unknown>[] = [];
  const open: Record<string, unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const ap = aps[i % aps.length]!;
    const mac = macOf('client', i);
    const id = newId();
    fleet.clients.push({ id, mac, device: ap.id, network: ap.n });
    // Three in ten online now, each with its open connection (client_sessions, below).
    const online = i % 10 < 3;
    const since = now - ((i * 7919) % 240) * 60_000 - 60_000;
    rows.push({
      id,
      tenant_id: fleet.tenantId,
      mac,
      device_id: ap.id,
      device_type: 2,
      ssid: i % 4 === 0 ? 'Guest' : 'Office',
      band: i % 3 === 0 ? '2.4' : '5',
      status: online ? 'online' : 'offline',
      session_start: online ? since : null,
      tx_rate: online ? (i % 50) * 1000 : 0,
      rx_rate: online ? (i % 50) * 4000 : 0,
      first_seen: now - 30 * DAY,
      last_seen: online ? now : now - (i % 100) * 60_000,
    });
    if (online) open.push(session(fleet.tenantId, id, ap.id, since, null));
  }
  await insertAll(db, 'clients', rows, 14);
  await insertAll(db, 'client_sessions', open.splice(0), 12);
}

/** A connection of a client at an AP, ended (`end`) or open (null). */
export function session(
  tenantId: string,
  clientId: string,
  deviceId: string,
  start: number,
  end: number | null,
) {
  return {
    id: newId(),
    tenant_id: tenantId,
    client_id: clientId,
    device_id: deviceId,
    device_sn: '',
    link: 1,
    ssid: 'Office',
    band: '5',
    start_at: start,
    // Written as it began (the flush writes a reported connection within seconds).
    logged_at: start,
    end_at: end,
    end_reason: end === null ? null : 'leave',
  };
}

/**
 * Hourly traffic: every device's hour (`telemetry_1h`, with the day rows, and the fleet's hours
 * the hour roll-up writes beside them, `telemetry_fleet_1h`), every device's 5-minute spans of the
 * current hour, not rolled up yet (`telemetry_5m`), every network's hour (`analytics_net_hour`; its
 * days are the roll-up job's, run by the bench after the load), each client's day
 * (`analytics_client_day`), the clients seen per network and day (`analytics_net_seen`) and each
 * client's hours of the last two days (`client_flow`).
 */
export async function loadTraffic(db: Db, fleet: Fleet, days: number, now: number, log: (s: string) => void) {
  const r = rng(19);
  // The current hour's spans draw from their own sequence, so every other table gets the figures
  // it got before they were loaded.
  const spanR = rng(23);
  const last = Math.floor(now / HOUR) * HOUR;
  const from = last - days * DAY;
  let deviceHours = 0;
  // Per hour, the tenant's devices' average clients summed (no controllers here) and its APs.
  const fleetHours = new Map<number, { clients: number; aps: number }>();
  for (const [n, ids] of fleet.devices.entries()) {
    const rows: Record<string, unknown>[] = [];
    const dayRows = new Map<string, Record<string, unknown>>();
    const net: Record<string, unknown>[] = [];
    for (let t = from; t < last; t += HOUR) {
      let ntx = 0;
      let nrx = 0;
      for (const [i, id] of ids.entries()) {
        const tx = Math.round((i === 0 ? 4e9 : 2e8) * busy(t) * (0.5 + r()));
        const rx = Math.round(tx * (3 + r()));
        ntx += i === 0 ? 0 : tx;
        nrx += i === 0 ? 0 : rx;
        const row = {
          device_id: id,
          tenant_id: fleet.tenantId,
          type: i === 0 ? 4 : 2,
          bucket: t,
          n: 360,
          rx_bytes: rx,
          tx_bytes: tx,
          span_s: 3600,
          clients_sum: 0,
          clients_max: 20,
        };
        rows.push(row);
        const f = fleetHours.get(t) ?? { clients: 0, aps: 0 };
        f.clients += row.clients_sum / row.n;
        if (row.type === 2) f.aps += 1;
        fleetHours.set(t, f);
        const day = Math.floor(t / DAY) * DAY;
        const key = `${id}:${day}`;
        const d = dayRows.get(key);
        if (d) {
          d.rx_bytes = (d.rx_bytes as number) + rx;
          d.tx_bytes = (d.tx_bytes as number) + tx;
          d.n = (d.n as number) + 360;
          d.span_s = (d.span_s as number) + 3600;
        } else dayRows.set(key, { ...row, bucket: day });
      }
      net.push({
        tenant_id: fleet.tenantId,
        network_id: fleet.networks[n],
        hour: t,
        tx_bytes: ntx,
        rx_bytes: nrx,
      });
    }
    // The current hour, after the roll-up mark: a span per device and 5 minutes up to now, each
    // of 10 stats (every 30 s), as the ingest writes them (with their networks' spans).
    const spans: SeriesRow[] = [];
    for (let t = last; t < now; t += 5 * 60_000) {
      for (const [i, id] of ids.entries()) {
        const clients = Math.round(20 * busy(t) * (0.5 + spanR()));
        const tx = Math.round(((i === 0 ? 4e9 : 2e8) / 12) * busy(t) * (0.5 + spanR()));
        spans.push({
          device_id: id,
          tenant_id: fleet.tenantId,
          type: i === 0 ? 4 : 2,
          bucket: t,
          n: 10,
          tx_bytes: tx,
          rx_bytes: Math.round(tx * (3 + spanR())),
          span_s: 300,
          clients_sum: clients * 10,
          clients_max: clients + 2,
        });
      }
    }
    await insertAll(db, 'telemetry_1h', rows, 10);
    await insertAll(db, 'telemetry_1d', [...dayRows.values()], 10);
    await insertFineSpans(db, spans);
    await insertAll(db, 'analytics_net_hour', net, 5);
    deviceHours += rows.length;
    if (n % 50 === 49)
      log(`  traffic: ${n + 1}/${fleet.networks.length} networks, ${deviceHours} device hours`);
  }
  const fleetRows = [...fleetHours].map(([bucket, f]) => ({ tenant_id: fleet.tenantId, bucket, ...f }));
  await insertAll(db, 'telemetry_fleet_1h', fleetRows, 4);
  // Clients: each day's traffic, the networks' users per day (~60% of the clients come each day),
  // written as the users' roll-up writes them (addSeen: a row per network and client, a bit a day;
  // the networks have no zone of their own: the server's, UTC here, so a day is a UTC day).
  const seen = new Map<string, SeenRow>();
  let users = 0;
  const clientDays: Record<string, unknown>[] = [];
  const sessions: Record<string, unknown>[] = [];
  for (let day = Math.floor(from / DAY) * DAY; day < last; day += DAY) {
    const date = dateNumber(zoneOf(null), day);
    for (const c of fleet.clients) {
      if (r() > 0.6) continue;
      users++;
      const s = seen.get(c.id);
      if (s) {
        s.days = s.days * 2 ** (date - s.last_day) + 1;
        s.last_day = date;
      } else {
        seen.set(c.id, {
          tenant_id: fleet.tenantId,
          network_id: fleet.networks[c.network]!,
          client_id: c.id,
          last_day: date,
          days: 1,
        });
      }
      const tx = Math.round(5e7 * (0.2 + r() * 3));
      clientDays.push({ tenant_id: fleet.tenantId, client_id: c.id, day, tx_bytes: tx, rx_bytes: tx * 4 });
      // The day's connection: 10 minutes to 4 hours, inside the day and before now.
      const start = day + Math.floor(r() * 19 * HOUR);
      const end = Math.min(last, start + 600_000 + Math.floor(r() * 4 * HOUR));
      if (start < end) sessions.push(session(fleet.tenantId, c.id, c.device, start, end));
    }
    await insertAll(db, 'analytics_client_day', clientDays.splice(0), 5);
    await insertAll(db, 'client_sessions', sessions.splice(0), 12);
  }
  await addSeen(db, [...seen.values()], last);
  const flow: Record<string, unknown>[] = [];
  // The tenant's hours as the roll-up job sums them from the clients' (analytics_tenant_hour).
  const tenantHours: Record<string, unknown>[] = [];
  for (let t = last - 2 * DAY; t < last; t += HOUR) {
    let htx = 0;
    for (const c of fleet.clients) {
      if (r() > busy(t) * 0.3) continue;
      const tx = Math.round(2e6 * (0.2 + r() * 3));
      htx += tx;
      flow.push({ client_id: c.id, tenant_id: fleet.tenantId, hour: t, tx_bytes: tx, rx_bytes: tx * 4 });
    }
    await insertAll(db, 'client_flow', flow.splice(0), 5);
    tenantHours.push({ tenant_id: fleet.tenantId, hour: t, tx_bytes: htx, rx_bytes: htx * 4 });
  }
  await insertAll(db, 'analytics_tenant_hour', tenantHours, 4);
  // The roll-ups are done up to the last hour: the calls read them, nothing recomputes them.
  for (const res of ['1h', '1d']) {
    await db
      .updateTable('telemetry_rollups')
      .set({ done_until: res === '1h' ? last : Math.floor(last / DAY) * DAY })
      .where('res', '=', res)
      .execute();
  }
  for (const name of ['traffic', 'seen', 'clients', 'tenantflow'] as const) {
    await db
      .insertInto('analytics_marks')
      .values({ name, done_until: last })
      .onConflict((oc) => oc.column('name').doUpdateSet({ done_until: last }))
      .execute();
  }
  return { deviceHours, users };
}

/** A pool of names, some in the catalogue, most not; drawn with a Zipf-like skew. */
export function domainPool(size: number): string[] {
  const known = [
    'www.google.com',
    'www.youtube.com',
    'r1---sn-a.googlevideo.com',
    'weixin.qq.com',
    'outlook.office365.com',
    'www.baidu.com',
    'api.github.com',
    'www.bilibili.com',
    'www.tiktok.com',
    'www.taobao.com',
    'open.spotify.com',
    'ctldl.windowsupdate.com',
  ];
  const out = [...known];
  for (let i = out.length; i < size; i++)
    out.push(`host${i % 7}.site${i}.example.${['com', 'net', 'org', 'cn'][i % 4]}`);
  return out;
}

export function zipf(r: () => number, n: number): number {
  return Math.min(n - 1, Math.floor(Math.pow(n + 1, r()) - 1));
}

/**
 * DNS counts of `days` days as the ingest writes them under `aggregated`: per network, domain and
 * hour (`perHour` names each), the tenant's `*` totals, and the day rows of both.
 */
export async function loadDns(
  db: Db,
  fleet: Fleet,
  days: number,
  perHour: number,
  now: number,
  log: (s: string) => void,
) {
  const r = rng(7);
  const pool = domainPool(2000);
  const last = Math.floor(now / HOUR) * HOUR;
  let hourRows = 0;
  const daysOf = new Map<string, Record<string, number | string>>();
  const addDay = (row: Record<string, number | string>) => {
    const day = Math.floor((row.bucket as number) / DAY) * DAY;
    const key = `${row.network_id}\u0000${row.domain}\u0000${day}`;
    const d = daysOf.get(key);
    if (!d) daysOf.set(key, { ...row, bucket: day });
    else {
      d.queries = (d.queries as number) + (row.queries as number);
      d.clients = Math.max(d.clients as number, row.clients as number);
      d.last_at = Math.max(d.last_at as number, row.last_at as number);
    }
  };
  for (let t = last - days * DAY; t < last; t += HOUR) {
    const rows: Record<string, number | string>[] = [];
    const all = new Map<string, Record<string, number | string>>();
    for (const network of fleet.networks) {
      const seen = new Set<number>();
      while (seen.size < perHour) seen.add(zipf(r, pool.length));
      for (const d of seen) {
        const clients = 1 + Math.floor(r() * 20 * busy(t));
        const row = {
          tenant_id: fleet.tenantId,
          network_id: network,
          domain: pool[d]!,
          bucket: t,
          queries: clients * (1 + Math.floor(r() * 12)),
          clients,
          last_at: t + 3_000_000,
        };
        rows.push(row);
        const a = all.get(row.domain);
        if (!a) all.set(row.domain, { ...row, network_id: '*' });
        else {
          a.queries = (a.queries as number) + row.queries;
          a.clients = Math.max(a.clients as number, clients);
        }
      }
    }
    rows.push(...all.values());
    for (const row of rows) addDay(row);
    await insertAll(db, 'dns_domain_hours', rows, 7);
    hourRows += rows.length;
    if ((t / HOUR) % 24 === 0) log(`  dns: ${hourRows} hour rows`);
  }
  await insertAll(db, 'dns_domain_days', [...daysOf.values()], 7);
  return { hourRows, dayRows: daysOf.size, pool };
}

export type { Insertable };
