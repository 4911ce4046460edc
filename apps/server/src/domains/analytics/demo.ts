/**
 * Demo history of the /flow screens: 30 days of hourly uplink traffic for the demo tenant's placed
 * devices (a working-day curve, routers carrying the most) and 40 past clients of known makers and
 * random MACs with their connections and hourly traffic, so rankings, charts and the client
 * analysis open on a month of figures; the simulated fleet then reports live on top. Written into
 * the telemetry and client tables as their own writers would (hours not yet rolled up go in as
 * 5-minute rows, which telemetry's roll-up then carries on), then rolled up. Runs once, on the
 * demo's first start, after the fleet is registered and placed (demo-fleet.ts).
 */
import { newId } from '../../platform/ids.ts';
import { bulkInsert } from '../../platform/store/bulk.ts';
import type { Db } from '../../platform/store/db.ts';
import type {} from '../client/tables.ts';
import type {} from '../device/tables.ts';
import { netSpans, type NetPlace } from '../telemetry/series.ts';
import type { AnalyticsService } from './service.ts';
import { telemetryMarks } from './store.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAYS = 30;

/** A small deterministic generator, so every demo start tells the same story. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4_294_967_296;
  };
}

/** Busy in working hours (Beijing time, the demo's sites), quiet at night, lighter at weekends. */
function load(hour: number): number {
  const local = new Date(hour + 8 * HOUR);
  const h = local.getUTCHours();
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  const curve = h >= 9 && h < 18 ? 1 : h >= 7 && h < 22 ? 0.45 : 0.08;
  return curve * (weekend ? 0.35 : 1);
}

/** Bytes an hour at full load: routers carry their sites, APs their clients. */
const HOURLY_BYTES: Record<number, number> = { 4: 9 * 2 ** 30, 2: 1.5 * 2 ** 30, 1: 0.5 * 2 ** 30 };

const MAKERS: readonly [prefix: string, name: string][] = [
  ['F0D1A9', 'iPhone'],
  ['3C0754', 'MacBook'],
  ['AC1F74', 'iPad'],
  ['E8B4C8', 'Galaxy'],
  ['001632', 'Galaxy-Tab'],
  ['286C07', 'Redmi'],
  ['B0E5ED', 'HUAWEI-P'],
  ['A4C3F0', 'LAPTOP'],
  ['F4F5E8', 'Pixel'],
  ['3C5282', 'HP-Printer'],
];

export async function seedAnalyticsDemo(
  db: Db,
  analytics: AnalyticsService,
  tenantId: string,
  now: number,
): Promise<void> {
  const rnd = random(19);
  // Every complete hour up to the current one, which the running fleet fills (a gap at the last
  // hour would be the first thing a visitor of /flow sees).
  const end = Math.floor(now / HOUR) * HOUR;
  const start = end - DAYS * DAY;
  const marks = await telemetryMarks(db);
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'sn', 'type', 'parent'])
    .where('tenant_id', '=', tenantId)
    .where('parent', 'is not', null)
    .orderBy('sn')
    .execute();

  // Devices' hours: rolled-up hours (before telemetry's mark) as hours, later ones as 5-minute rows.
  const hours: Record<string, number | string | null>[] = [];
  const fine: Record<string, number | string | null>[] = [];
  const days = new Map<string, Record<string, number | string | null>>();
  for (const d of devices) {
    const full = HOURLY_BYTES[d.type ?? 0];
    if (!full) continue;
    const scale = 0.6 + rnd() * 0.8;
    for (let t = start; t < end; t += HOUR) {
      const f = load(t) * scale * (0.8 + rnd() * 0.4);
      const rx = Math.round(full * f);
      const tx = Math.round(rx * (0.12 + rnd() * 0.1));
      const clients = d.type === 2 ? Math.round(f * 14) : 0;
      const row = {
        device_id: d.id,
        tenant_id: tenantId,
        type: d.type,
        bucket: t,
        n: 360,
        rx_bytes: rx,
        tx_bytes: tx,
        span_s: 3600,
        rx_rate_max: Math.round((rx / 3600) * 2.5),
        tx_rate_max: Math.round((tx / 3600) * 2.5),
        clients_sum: clients * 360,
        clients_max: clients,
      };
      (t < marks.hour ? hours : fine).push(row);
      const day = Math.floor(t / DAY) * DAY;
      if (day + DAY <= marks.day) {
        const key = `${d.id}|${day}`;
        const sum = days.get(key) ?? {
          ...row,
          bucket: day,
          n: 0,
          rx_bytes: 0,
          tx_bytes: 0,
          span_s: 0,
          clients_sum: 0,
          clients_max: 0,
        };
        for (const c of ['n', 'rx_bytes', 'tx_bytes', 'span_s', 'clients_sum'] as const) {
          sum[c] = Number(sum[c]) + Number(row[c]);
        }
        sum.clients_max = Math.max(Number(sum.clients_max), clients);
        sum.rx_rate_max = Math.max(Number(sum.rx_rate_max), row.rx_rate_max);
        sum.tx_rate_max = Math.max(Number(sum.tx_rate_max), row.tx_rate_max);
        days.set(key, sum);
      }
    }
  }
  const columns = [
    'device_id',
    'tenant_id',
    'type',
    'bucket',
    'n',
    'rx_bytes',
    'tx_bytes',
    'span_s',
    'rx_rate_max',
    'tx_rate_max',
    'clients_sum',
    'clients_max',
  ];
  await bulkInsert(db, 'telemetry_1h', columns, hours);
  // The fleet's hours (telemetry_fleet_1h: reclcount, real-time users' hours) of these hours, as
  // the hour roll-up writes them (docs/telemetry.md): no roll-up passes hours behind its mark.
  const fleet = new Map<number, { clients: number; aps: number }>();
  for (const r of hours) {
    if (r.type === 1) continue;
    const bucket = Number(r.bucket);
    const f = fleet.get(bucket) ?? { clients: 0, aps: 0 };
    f.clients += Number(r.clients_sum) / Number(r.n);
    if (r.type === 2) f.aps += 1;
    fleet.set(bucket, f);
  }
  await bulkInsert(
    db,
    'telemetry_fleet_1h',
    ['tenant_id', 'bucket', 'clients', 'aps'],
    [...fleet].map(([bucket, f]) => ({ tenant_id: tenantId, bucket, ...f })),
  );
  await bulkInsert(db, 'telemetry_5m', columns, fine);
  // Their networks' spans, as telemetry's flush writes them beside (telemetry_net_5m).
  const placeOf = new Map(
    devices.flatMap((d) =>
      d.parent && (d.type === 2 || d.type === 4)
        ? [[d.id, { parent: d.parent, type: d.type, tenant: tenantId }]]
        : [],
    ) as [string, NetPlace][],
  );
  const spans = netSpans(
    fine.map((r) => ({
      device_id: String(r.device_id),
      tenant_id: tenantId,
      bucket: Number(r.bucket),
      tx_bytes: Number(r.tx_bytes),
      rx_bytes: Number(r.rx_bytes),
    })),
    (id) => placeOf.get(id),
  );
  await bulkInsert(
    db,
    'telemetry_net_5m',
    ['bucket', 'network_id', 'type', 'tenant_id', 'tx_bytes', 'rx_bytes'],
    spans,
  );
  await bulkInsert(db, 'telemetry_1d', columns, [...days.values()]);

  // Past clients at the APs and routers: a few connections a day each, traffic in their hours.
  const hosts = devices.filter((d) => d.type === 2 || d.type === 4);
  if (hosts.length > 0) {
    const clients: Record<string, unknown>[] = [];
    const sessions: Record<string, unknown>[] = [];
    const flows = new Map<string, Record<string, unknown>>();
    for (let i = 0; i < 40; i++) {
      const [prefix, name] = MAKERS[i % MAKERS.length]!;
      // One in four chose a private (random) MAC: locally administered, no maker.
      const randomMac = i % 4 === 3;
      const first = randomMac
        ? (((Math.floor(rnd() * 64) << 2) | 2) & 0xfe).toString(16).padStart(2, '0')
        : '';
      const tail = Array.from({ length: randomMac ? 5 : 3 }, () =>
        Math.floor(rnd() * 256)
          .toString(16)
          .padStart(2, '0'),
      ).join('');
      const mac = (randomMac ? first + tail : prefix + tail).toUpperCase();
      const id = newId();
      const home = hosts[i % hosts.length]!;
      const heavy = 0.2 + rnd() * 2;
      let connects = 0;
      let onlineS = 0;
      let lastSeen = start;
      for (let day = start; day < end; day += DAY) {
        if (rnd() < 0.35) continue;
        const from = day + Math.floor((1 + rnd() * 10) * HOUR);
        const to = Math.min(end, from + Math.floor((0.5 + rnd() * 7) * HOUR));
        if (to <= from) continue;
        const at = rnd() < 0.8 ? home : hosts[Math.floor(rnd() * hosts.length)]!;
        let sessionBytes = 0;
        for (let t = Math.floor(from / HOUR) * HOUR; t < to; t += HOUR) {
          const rx = Math.round(heavy * load(t) * 180 * 2 ** 20 * (0.5 + rnd()));
          const tx = Math.round(rx * 0.15);
          sessionBytes += rx + tx;
          const key = `${id}|${t}`;
          const f = flows.get(key) ?? {
            client_id: id,
            tenant_id: tenantId,
            hour: t,
            tx_bytes: 0,
            rx_bytes: 0,
          };
          // client_flow counts from the client's side of the AP: tx is sent to it (its download).
          f.tx_bytes = Number(f.tx_bytes) + rx;
          f.rx_bytes = Number(f.rx_bytes) + tx;
          flows.set(key, f);
        }
        sessions.push({
          id: newId(),
          tenant_id: tenantId,
          client_id: id,
          device_id: at.id,
          device_sn: at.sn,
          link: 1,
          ssid: 'Office',
          band: rnd() < 0.7 ? '5' : '2.4',
          start_at: from,
          end_at: to,
          end_reason: 'left',
          tx_bytes: Math.round(sessionBytes * 0.87),
          rx_bytes: Math.round(sessionBytes * 0.13),
        });
        connects++;
        onlineS += Math.round((to - from) / 1000);
        lastSeen = to;
      }
      clients.push({
        id,
        tenant_id: tenantId,
        mac,
        name: randomMac ? '' : `${name}-${(i + 1).toString().padStart(2, '0')}`,
        status: 'offline',
        device_id: home.id,
        device_sn: home.sn,
        device_type: home.type,
        link: 1,
        ssid: 'Office',
        band: '5',
        connect_count: connects,
        online_s: onlineS,
        first_seen: start,
        last_seen: lastSeen,
      });
    }
    // A client the fleet reports later with the same MAC would be another row: the MACs are made up.
    await bulkInsert(db, 'clients', Object.keys(clients[0]!), clients);
    await bulkInsert(db, 'client_sessions', Object.keys(sessions[0]!), sessions);
    await bulkInsert(
      db,
      'client_flow',
      ['client_id', 'tenant_id', 'hour', 'tx_bytes', 'rx_bytes'],
      [...flows.values()],
    );
  }

  // Roll-ups over the history just written (each step is safe to repeat).
  await analytics.reroll(start);
  await analytics.rollUsers(Math.floor(now / HOUR) * HOUR, now, start);
}
