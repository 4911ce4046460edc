/**
 * The ranked clients of migration 0029 (rank.ts) on the store itself, both engines: for seeded
 * traffic and sessions of two tenants (one in Shanghai's days), every order, direction, page and a
 * search answer exactly as the period summed from scratch (clientPage) — after a build, with an
 * hour and more since it, after a fold, and after a rebuild at the next local midnight — and each
 * tenant's rows stay its own. Hundreds of rankings each: up to ~15 s on PostgreSQL alone, hence
 * the longer timeouts.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import {
  rankedClientPage,
  rankedDevicePage,
  rankState,
  refreshRanks,
  SESSION_LAG,
  spanStart,
  type RankSpan,
} from './rank.ts';
import { clientPage, deviceTrafficPage, rollClientDays, type DeviceFilter } from './store.ts';

const H = 3_600_000;
const DAY = 24 * H;
const SH = 'Asia/Shanghai';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(async () => {
  await h?.close();
});

/** A small deterministic generator (the fixtures are the same on every run and engine). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

interface Tenant {
  id: string;
  zone: string | null;
  clients: string[];
}

async function seedTenant(db: Db, t: Tenant, now: number, seed: number) {
  // The columns a tenant needs; the others have their defaults.
  await sql`insert into tenants (id, name, status, created_at, updated_at) values (${t.id}, ${t.id}, 1, 0, 0)`.execute(
    db,
  );
  if (t.zone) {
    await db
      .insertInto('networks')
      .values({
        id: `${t.id}-net`,
        tenant_id: t.id,
        name: 'Site',
        name_key: 'site',
        longitude: 0,
        latitude: 0,
        logo_path: null,
        time_zone: t.zone,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
  }
  const r = rng(seed);
  const clients = t.clients.map((id, i) => ({
    id,
    tenant_id: t.id,
    mac: `020000${seed.toString(16).padStart(2, '0')}00${i.toString(16).padStart(2, '0')}`,
    name: i % 4 === 0 ? `phone-${i}` : '',
    ip: null,
    device_id: null,
    device_type: null,
    ac_sn: null,
    phy: null,
    ssid: null,
    band: null,
    channel: null,
    rssi: null,
    snr: null,
    tx_link: null,
    rx_link: null,
    port: null,
    vlan: null,
    authorized: null,
    session_id: null,
    session_start: null,
    first_seen: now - 40 * DAY,
    last_seen: now,
    cmd_id: null,
    cmd_kind: null,
    cmd_status: null,
    cmd_code: null,
    cmd_at: null,
  }));
  if (clients.length === 0) return;
  await db.insertInto('clients').values(clients).execute();
  await addHours(db, t, now - 33 * DAY, now, r, 0.08);
  await addSessions(db, t, now - 33 * DAY, now, r, 40);
}

/** Client_flow hours in [from, to): each client in an hour with probability `p`; equal sizes on ties. */
async function addHours(db: Db, t: Tenant, from: number, to: number, r: () => number, p: number) {
  const rows: { client_id: string; tenant_id: string; hour: number; tx_bytes: number; rx_bytes: number }[] =
    [];
  for (let hour = Math.ceil(from / H) * H; hour < to; hour += H) {
    for (const id of t.clients) {
      if (r() > p) continue;
      // Round sizes, so some clients tie and the order falls to the MAC.
      const tx = Math.round(r() * 8) * 1000;
      rows.push({ client_id: id, tenant_id: t.id, hour, tx_bytes: tx, rx_bytes: tx * 3 });
    }
  }
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('client_flow')
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(['client_id', 'hour']).doUpdateSet((eb) => ({
          tx_bytes: eb('client_flow.tx_bytes', '+', eb.ref('excluded.tx_bytes')),
          rx_bytes: eb('client_flow.rx_bytes', '+', eb.ref('excluded.rx_bytes')),
        })),
      )
      .execute();
  }
}

let sessionNo = 0;
/** `n` sessions starting in [from, to): closed ones of up to `hours`, and every tenth still open. */
async function addSessions(
  db: Db,
  t: Tenant,
  from: number,
  to: number,
  r: () => number,
  n: number,
  hours = 30,
) {
  const rows = [];
  for (let i = 0; i < n; i++) {
    const start = Math.round(from + r() * (to - from));
    const open = i % 10 === 0;
    const end = open ? null : Math.min(to, start + Math.round(r() * hours * H));
    rows.push({
      id: `${t.id}-s${sessionNo++}`,
      tenant_id: t.id,
      client_id: t.clients[Math.floor(r() * t.clients.length)]!,
      device_id: null,
      device_sn: 'SN',
      link: 1,
      ssid: null,
      band: null,
      start_at: start,
      end_at: end,
      end_reason: open ? null : 'leave',
    });
  }
  await db.insertInto('client_sessions').values(rows).execute();
}

const ORDERS = [
  { by: 'traffic', dir: 'desc' },
  { by: 'traffic', dir: 'asc' },
  { by: 'online', dir: 'desc' },
  { by: 'online', dir: 'asc' },
  { by: 'connections', dir: 'desc' },
  { by: 'connections', dir: 'asc' },
] as const;
const PAGES = [
  { offset: 0, limit: 10 },
  { offset: 7, limit: 7 },
  { offset: 0, limit: 200 },
];

/** Every order, page and a search of a span: the ranked answer equals the summed one. */
async function expectSame(db: Db, t: Tenant, span: RankSpan, zone: string, now: number) {
  const scope: Scope = { tenantId: t.id, admin: false };
  const from = spanStart(zone, span, now);
  let compared = 0;
  for (const search of [undefined, 'phone']) {
    for (const order of ORDERS) {
      for (const page of PAGES) {
        const ranked = await rankedClientPage(db, {
          tenantId: t.id,
          span,
          zone,
          from,
          to: now,
          now,
          search,
          order,
          page,
        });
        const summed = await clientPage(db, scope, { search }, from, now, now, order, page);
        expect(ranked, `${span} ${order.by} ${order.dir} ${page.offset}/${page.limit} ${search}`).toEqual(
          summed,
        );
        compared += summed.rows.length;
      }
    }
  }
  // The fixtures rank something on every page size.
  expect(compared).toBeGreaterThan(100);
}

describe('ranked clients (analytics_client_rank)', () => {
  it('answer as the summed period: built, an hour on, folded, rebuilt at midnight; per tenant', async () => {
    const db = h.store.db;
    // 15:20 in Shanghai on 25 Nov 2026 (07:20 UTC).
    let now = Date.UTC(2026, 10, 25, 7, 20);
    const a: Tenant = { id: 'rank-a', zone: SH, clients: [...Array(60)].map((_, i) => `ra-${i}`) };
    const b: Tenant = { id: 'rank-b', zone: null, clients: [...Array(25)].map((_, i) => `rb-${i}`) };
    await seedTenant(db, a, now, 1);
    await seedTenant(db, b, now, 2);
    // The clients' day roll-up is done up to yesterday (UTC), as the job leaves it.
    const mark = Math.floor(now / DAY) * DAY - DAY;
    await rollClientDays(db, mark - 31 * DAY, mark);

    // Before any build there is nothing to read: the caller sums.
    expect(
      await rankedClientPage(db, {
        tenantId: a.id,
        span: 30,
        zone: SH,
        from: spanStart(SH, 30, now),
        to: now,
        now,
        order: ORDERS[0],
        page: PAGES[0]!,
      }),
    ).toBeUndefined();

    const until = (t: number) => Math.floor((t - 5 * 60_000) / H) * H;
    await refreshRanks(db, now, until(now));
    for (const [t, zone] of [
      [a, SH],
      [b, 'UTC'],
    ] as const) {
      for (const span of [7, 30] as const) {
        const s = await rankState(db, t.id, span);
        expect(s).toMatchObject({ gen: 1, zone, start: spanStart(zone, span, now), until: until(now) });
        await expectSame(db, t, span, zone, now);
      }
    }
    // Another zone's or another day's period is not what the rows hold.
    expect(
      await rankedClientPage(db, {
        tenantId: a.id,
        span: 7,
        zone: 'UTC',
        from: spanStart('UTC', 7, now),
        to: now,
        now,
        order: ORDERS[0],
        page: PAGES[0]!,
      }),
    ).toBeUndefined();

    // Two hours later, with new traffic and sessions (some ending inside the lag): not folded yet,
    // then folded.
    const later = now + 2 * H + 13 * 60_000;
    await addHours(db, a, now, later, rng(3), 0.5);
    // (Connections are written as they begin: none begins before what the rows hold of sessions.)
    await addSessions(db, a, until(now) - SESSION_LAG, later, rng(4), 40, 2);
    await db
      .updateTable('client_sessions')
      .set({ end_at: later - 10 * 60_000, end_reason: 'leave' })
      .where('tenant_id', '=', a.id)
      .where('end_at', 'is', null)
      .where('start_at', '<', later - 10 * 60_000)
      .execute();
    // A client new since the rows, online for the last 90 minutes: no row, only its connection.
    const model = await db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', 'ra-1')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('clients')
      .values({
        ...model,
        id: 'ra-new',
        mac: '0200000100FE',
        name: 'phone-new',
        first_seen: later - 90 * 60_000,
      })
      .execute();
    a.clients = [...a.clients, 'ra-new'];
    await db
      .insertInto('client_sessions')
      .values({
        id: 'ra-new-s',
        tenant_id: a.id,
        client_id: 'ra-new',
        device_id: null,
        device_sn: 'SN',
        link: 1,
        ssid: null,
        band: null,
        start_at: later - 90 * 60_000,
        end_at: null,
        end_reason: null,
      })
      .execute();
    now = later;
    await expectSame(db, a, 30, SH, now);
    await refreshRanks(db, now, until(now), [a.id]);
    expect(await rankState(db, a.id, 30)).toMatchObject({ gen: 1, until: until(now) });
    await expectSame(db, a, 7, SH, now);
    await expectSame(db, a, 30, SH, now);
    // A second run at the same time changes nothing (a repeat, or another node's).
    await refreshRanks(db, now, until(now), [a.id]);
    await expectSame(db, a, 30, SH, now);
    // A client removed takes its rows along (and its hours and sessions): the count follows.
    await db.deleteFrom('clients').where('id', '=', 'ra-3').execute();
    a.clients = a.clients.filter((id) => id !== 'ra-3');
    expect(
      await db
        .selectFrom('analytics_client_rank')
        .select('client_id')
        .where('client_id', '=', 'ra-3')
        .execute(),
    ).toEqual([]);
    await expectSame(db, a, 30, SH, now);

    // Past Shanghai's midnight the periods move: a new generation, the former one gone.
    now = Date.UTC(2026, 10, 25, 16, 40);
    await addHours(db, a, later, now, rng(5), 0.3);
    await refreshRanks(db, now, until(now), [a.id]);
    const s30 = await rankState(db, a.id, 30);
    expect(s30).toMatchObject({ gen: 2, start: spanStart(SH, 30, now) });
    const gens = await db
      .selectFrom('analytics_client_rank')
      .select('gen')
      .distinct()
      .where('tenant_id', '=', a.id)
      .execute();
    expect(gens.map((g) => Number(g.gen))).toEqual([2]);
    await expectSame(db, a, 7, SH, now);
    await expectSame(db, a, 30, SH, now);

    // Each tenant's rows name only its clients, and B's answer is still B's own.
    const rows = await db.selectFrom('analytics_client_rank').select(['tenant_id', 'client_id']).execute();
    for (const row of rows)
      expect(row.client_id.startsWith(row.tenant_id === a.id ? 'ra-' : 'rb-')).toBe(true);
    const bPage = await rankedClientPage(db, {
      tenantId: b.id,
      span: 30,
      zone: 'UTC',
      from: spanStart('UTC', 30, Date.UTC(2026, 10, 25, 7, 20)),
      to: Date.UTC(2026, 10, 25, 7, 20),
      now: Date.UTC(2026, 10, 25, 7, 20),
      order: ORDERS[0],
      page: PAGES[2]!,
    });
    expect(bPage!.rows.length).toBeGreaterThan(0);
    expect(bPage!.rows.every((c) => c.id.startsWith('rb-'))).toBe(true);
  }, 90_000);
});

// ——— devices ———

/** Telemetry spans of [from, to) for each device: 5-minute rows, and hour and UTC-day sums of them. */
async function addTelemetry(
  db: Db,
  tenant: string,
  ids: string[],
  from: number,
  to: number,
  r: () => number,
) {
  const five: Record<string, number | string>[] = [];
  for (let t = from; t < to; t += 5 * 60_000) {
    for (const id of ids) {
      if (r() > 0.15) continue;
      const tx = Math.round(r() * 6) * 100;
      five.push({
        device_id: id,
        tenant_id: tenant,
        type: 2,
        bucket: t,
        n: 1,
        tx_bytes: tx,
        rx_bytes: tx * 2,
      });
    }
  }
  const sum = (rows: typeof five, size: number) => {
    const m = new Map<string, Record<string, number | string>>();
    for (const row of rows) {
      const bucket = Math.floor(Number(row.bucket) / size) * size;
      const key = `${row.device_id}|${bucket}`;
      const had = m.get(key);
      if (had) {
        had.tx_bytes = Number(had.tx_bytes) + Number(row.tx_bytes);
        had.rx_bytes = Number(had.rx_bytes) + Number(row.rx_bytes);
      } else m.set(key, { ...row, bucket });
    }
    return [...m.values()];
  };
  for (const [table, rows] of [
    ['telemetry_5m', five],
    ['telemetry_1h', sum(five, H)],
    ['telemetry_1d', sum(five, DAY)],
  ] as const) {
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insertInto(table)
        .values(rows.slice(i, i + 500) as never)
        .execute();
    }
  }
}

async function telemetryMarksAt(db: Db, hour: number) {
  for (const [res, until] of [
    ['1h', hour],
    ['1d', Math.floor(hour / DAY) * DAY],
  ] as const) {
    await db.updateTable('telemetry_rollups').set({ done_until: until }).where('res', '=', res).execute();
  }
}

/** Every order and page, by type, network and search: the ranked devices equal the summed ones. */
async function expectSameDevices(db: Db, tenant: string, span: RankSpan, zone: string, now: number) {
  const scope: Scope = { tenantId: tenant, admin: false };
  const from = spanStart(zone, span, now);
  let compared = 0;
  const filters: DeviceFilter[] = [{}, { type: 2 }, { network: `${tenant}-net` }, { search: 'ap-1' }];
  for (const filter of filters) {
    for (const by of ['total', 'tx', 'rx'] as const) {
      for (const dir of ['desc', 'asc'] as const) {
        for (const page of PAGES) {
          const ranked = await rankedDevicePage(db, {
            tenantId: tenant,
            span,
            zone,
            from,
            to: now,
            filter,
            order: { by, dir },
            page,
          });
          const summed = await deviceTrafficPage(db, scope, filter, from, now, { by, dir }, page);
          expect(ranked, `${span} ${JSON.stringify(filter)} ${by} ${dir} ${page.offset}`).toEqual({
            rows: summed.rows,
            count: summed.count,
          });
          compared += summed.rows.length;
        }
      }
    }
  }
  expect(compared).toBeGreaterThan(100);
}

describe('ranked devices (analytics_device_rank)', () => {
  it('answer as the summed period: built, with telemetry since, folded, rebuilt at midnight; per tenant', async () => {
    const db = h.store.db;
    let now = Date.UTC(2026, 10, 25, 7, 20);
    const tenants = [
      { id: 'drank-a', zone: SH, n: 30 },
      { id: 'drank-b', zone: null, n: 12 },
    ];
    const ids = new Map<string, string[]>();
    for (const [k, t] of tenants.entries()) {
      await seedTenant(db, { id: t.id, zone: t.zone, clients: [] }, now, 10 + k);
      const list = [...Array(t.n)].map((_, i) => `${t.id}-d${i}`);
      ids.set(t.id, list);
      await db
        .insertInto('devices')
        .values(
          list.map((id, i) => ({
            id,
            sn: `${t.id.slice(-1).toUpperCase()}SN${String(i).padStart(6, '0')}`,
            tenant_id: t.id,
            type: i % 5 === 0 ? 4 : 2,
            parent: i % 2 === 0 ? `${t.id}-net` : null,
            alias: `ap-${i}`,
            created_at: 0,
            updated_at: 0,
          })) as never,
        )
        .execute();
      await addTelemetry(db, t.id, list, now - 32 * DAY, now, rng(20 + k));
    }
    const hourMark = (t: number) => Math.floor((t - 10 * 60_000) / H) * H;
    await telemetryMarksAt(db, hourMark(now));
    await refreshRanks(db, now, Math.floor(now / H) * H);
    expect(await rankState(db, 'drank-a', 30, 'device')).toMatchObject({ gen: 1, until: hourMark(now) });
    await expectSameDevices(db, 'drank-a', 30, SH, now);
    await expectSameDevices(db, 'drank-b', 7, 'UTC', now);

    // Two hours on: new spans, the hourly mark moved; summed right before and after the fold.
    const later = now + 2 * H + 25 * 60_000;
    await addTelemetry(db, 'drank-a', ids.get('drank-a')!, now, later, rng(30));
    await telemetryMarksAt(db, hourMark(later));
    now = later;
    await expectSameDevices(db, 'drank-a', 7, SH, now);
    await refreshRanks(db, now, Math.floor(now / H) * H, ['drank-a']);
    expect(await rankState(db, 'drank-a', 7, 'device')).toMatchObject({ gen: 1, until: hourMark(now) });
    await expectSameDevices(db, 'drank-a', 7, SH, now);
    await expectSameDevices(db, 'drank-a', 30, SH, now);

    // Past Shanghai's midnight: rebuilt, the former generation gone; B's rows are still B's.
    now = Date.UTC(2026, 10, 25, 16, 50);
    await telemetryMarksAt(db, hourMark(now));
    await refreshRanks(db, now, Math.floor(now / H) * H, ['drank-a']);
    expect(await rankState(db, 'drank-a', 30, 'device')).toMatchObject({ gen: 2 });
    await expectSameDevices(db, 'drank-a', 30, SH, now);
    const rows = await db
      .selectFrom('analytics_device_rank')
      .select(['tenant_id', 'device_id', 'gen'])
      .execute();
    for (const row of rows) {
      expect(row.device_id.startsWith(`${row.tenant_id}-`)).toBe(true);
      if (row.tenant_id === 'drank-a') expect(Number(row.gen)).toBe(2);
    }
  }, 90_000);
});
