/**
 * The tracker's writes at fleet size: well over one statement's chunk of clients, sessions and
 * traffic buckets in a flush, on both stores (the bulk statements of store.ts `writeBatch`).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMAND_KINDS, clientsMessage, helloMessage, PROTOCOL_LIMITS } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { writeBatch, type ClientColumns } from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

let seq = 1;
const PER_DEVICE = 300;
const SNS = ['AP2025000001', 'AP2025000002', 'AP2025000003', 'AP2025000004', 'AP2025000005'];
const macOf = (d: number, i: number) =>
  `02${d.toString(16).padStart(2, '0')}${i.toString(16).padStart(8, '0')}`.toUpperCase();

/** Registers a device through the API and lets it say hello, as the gateway would. */
async function addAp(token: string, sn: string, d: number): Promise<void> {
  const mac = `0A0000${d.toString(16).padStart(6, '0')}`.toUpperCase();
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/device/add',
    headers: bearer(token),
    payload: { SN: sn, MAC: mac, Alias: sn, Type: 2 },
  });
  expect(res.statusCode, res.body).toBe(200);
  const hello = helloMessage.parse({
    v: 1,
    ts: h.clock.now,
    seq: seq++,
    bootId: `B${sn}`,
    session: `S${sn}`,
    type: 2,
    model: 'A1',
    hwVersion: 'HW1.0',
    fwVersion: 'v2.00.002',
    mac,
    ip: '10.2.0.1',
    uptimeS: 1,
    bootReason: 'power_on',
    capabilities: { commands: [...COMMAND_KINDS] },
  });
  await h.services.live.hello(sn, hello, h.clock.now);
}

interface Station {
  i: number;
  ssid: string;
  tx: number;
  /** When its connection began. */
  start: number;
}

let snapshot = 1;
/** A device's whole table, in pages of the protocol's size. */
async function report(sn: string, d: number, stations: Station[]): Promise<void> {
  const size = PROTOCOL_LIMITS.maxClientsPerMessage;
  const pages = Math.max(1, Math.ceil(stations.length / size));
  const id = snapshot++;
  for (let p = 0; p < pages; p++) {
    await h.services.live.accept(sn, 'clients', seq++, h.clock.now);
    const rows = stations.slice(p * size, (p + 1) * size).map((s) => ({
      mac: macOf(d, s.i),
      ip: `10.${d}.${s.i >> 8}.${s.i & 255}`,
      link: 1,
      ssid: s.ssid,
      band: '5',
      channel: 36,
      rssiDbm: -40 - (s.i % 40),
      connectedS: Math.round((h.clock.now - s.start) / 1000),
      txBytes: s.tx,
      rxBytes: 2 * s.tx,
    }));
    const m = clientsMessage.parse({
      v: 1,
      ts: h.clock.now,
      seq: seq++,
      snapshot: id,
      page: p + 1,
      pages,
      total: stations.length,
      clients: rows,
    });
    await h.services.liveClients.clients(sn, m, h.clock.now);
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

async function clientOf(tenantId: string, d: number, i: number) {
  return h.store.db
    .selectFrom('clients')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('mac', '=', macOf(d, i))
    .executeTakeFirstOrThrow();
}

async function sessionsOf(clientId: string) {
  return h.store.db
    .selectFrom('client_sessions')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('start_at')
    .execute();
}

async function totals(tenantId: string) {
  const db = h.store.db;
  const count = async (q: Promise<{ n: number | string | bigint }>) => Number((await q).n);
  return {
    online: await count(
      db
        .selectFrom('clients')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('status', '=', 'online')
        .executeTakeFirstOrThrow(),
    ),
    sessions: await count(
      db
        .selectFrom('client_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    ),
    open: await count(
      db
        .selectFrom('client_sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tenant_id', '=', tenantId)
        .where('end_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ),
    flowTx: await count(
      db
        .selectFrom('client_flow')
        .select((eb) => eb.fn.sum('tx_bytes').as('n'))
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    ),
  };
}

describe('client writes at fleet size', () => {
  it('writes 1,500 clients of five APs, their counters, roams of SSID, leaves and returns', async () => {
    const { tenant } = await seedTenant(h, 'bulk');
    const token = (await login(h, 'bulkown')).body.Token;
    for (const [d, sn] of SNS.entries()) await addAp(token, sn, d);
    const t0 = h.clock.now;
    const first = (i: number): Station => ({ i, ssid: 'Office', tx: 1000 + i, start: t0 - 30_000 });
    for (const [d, sn] of SNS.entries()) await report(sn, d, range(PER_DEVICE).map(first));
    await h.services.liveClients.flush();

    const perDevice = range(PER_DEVICE).reduce((sum, i) => sum + 1000 + i, 0);
    expect(await totals(tenant.id)).toEqual({
      online: 1500,
      sessions: 1500,
      open: 1500,
      flowTx: 5 * perDevice,
    });
    for (const [d, i] of [
      [0, 0],
      [2, 150],
      [4, 299],
    ] as const) {
      const c = await clientOf(tenant.id, d, i);
      expect(c).toMatchObject({
        status: 'online',
        device_sn: SNS[d],
        ssid: 'Office',
        ip: `10.${d}.${i >> 8}.${i & 255}`,
        rssi: -40 - (i % 40),
        tx_bytes: 1000 + i,
        rx_bytes: 2000 + 2 * i,
        connect_count: 1,
        session_start: t0 - 30_000,
        first_seen: t0,
        last_seen: t0,
      });
      expect(await sessionsOf(c.id)).toEqual([
        expect.objectContaining({
          device_sn: SNS[d],
          start_at: t0 - 30_000,
          // Written by the flush at t0: the rankings' users read late-reported connections by it.
          logged_at: t0,
          end_at: null,
          tx_bytes: 1000 + i,
        }),
      ]);
    }

    // A minute on: every counter grows by 600; the second AP's clients move to another SSID; the
    // third AP's first 100 clients are gone from its table.
    h.clock.advance(60_000);
    const t1 = h.clock.now;
    const second =
      (d: number, back = 0) =>
      (i: number): Station => ({
        i,
        ssid: d === 1 ? 'Guest' : 'Office',
        tx: 1600 + i,
        start: d === 2 && i < 100 && back ? back : t0 - 30_000,
      });
    for (const [d, sn] of SNS.entries()) {
      const here = d === 2 ? range(PER_DEVICE).slice(100) : range(PER_DEVICE);
      await report(sn, d, here.map(second(d)));
    }
    await h.services.liveClients.flush();
    expect(await totals(tenant.id)).toEqual({
      online: 1400,
      sessions: 1500,
      open: 1400,
      flowTx: 5 * perDevice + 1400 * 600,
    });
    expect(await clientOf(tenant.id, 1, 7)).toMatchObject({
      ssid: 'Guest',
      tx_bytes: 1607,
      tx_rate: 10,
      rx_rate: 20,
      last_seen: t1,
    });
    expect(await clientOf(tenant.id, 3, 250)).toMatchObject({
      ssid: 'Office',
      tx_bytes: 1850,
      last_seen: t1,
    });
    const gone = await clientOf(tenant.id, 2, 42);
    expect(gone).toMatchObject({
      status: 'offline',
      session_id: null,
      online_s: 90,
      tx_rate: 0,
      last_seen: t0,
    });
    expect(await sessionsOf(gone.id)).toEqual([
      expect.objectContaining({ end_at: t1, end_reason: 'missing', tx_bytes: 1042 }),
    ]);

    // Another minute: the same counters (no traffic), and the 100 clients are back.
    h.clock.advance(60_000);
    const t2 = h.clock.now;
    for (const [d, sn] of SNS.entries()) await report(sn, d, range(PER_DEVICE).map(second(d, t2 - 30_000)));
    await h.services.liveClients.flush();
    expect(await totals(tenant.id)).toEqual({
      online: 1500,
      sessions: 1600,
      open: 1500,
      flowTx: 5 * perDevice + 1400 * 600 + 100 * 1600 + range(100).reduce((sum, i) => sum + i, 0),
    });
    expect(await clientOf(tenant.id, 0, 299)).toMatchObject({
      tx_bytes: 1899,
      tx_rate: 0,
      last_seen: t2,
      connect_count: 1,
    });
    const back = await clientOf(tenant.id, 2, 42);
    expect(back).toMatchObject({ status: 'online', connect_count: 2, online_s: 90, tx_bytes: 1642 });
    expect((await sessionsOf(back.id)).map((s) => [s.end_reason, s.end_at, s.tx_bytes])).toEqual([
      ['missing', t1, 1042],
      [null, null, 1642],
    ]);
  });

  it('writes a batch of 1,500 rows of each kind, only within each row’s tenant', async () => {
    const a = (await seedTenant(h, 'ta')).tenant.id;
    const b = (await seedTenant(h, 'tb')).tenant.id;
    const hour = Math.floor(h.clock.now / 3_600_000) * 3_600_000;
    const state = (i: number, round: number): ClientColumns => ({
      ip: `10.0.${i >> 8}.${i & 255}`,
      name: `host-${i}-${round}`,
      status: 'online',
      device_id: `dev-${i % 7}`,
      device_sn: `SN${i % 7}`,
      device_type: 2,
      ac_sn: null,
      link: 1,
      phy: '11ax',
      ssid: `ssid-${round}`,
      band: '5',
      channel: 36,
      rssi: -50,
      snr: 30,
      tx_link: 866.7,
      rx_link: 433.3,
      tx_bytes: 100 * round + i,
      rx_bytes: 200 * round + i,
      tx_rate: round,
      rx_rate: round,
      port: null,
      vlan: null,
      authorized: 1,
      connect_count: round,
      online_s: 10 * round,
      session_id: `s-${i}`,
      session_start: hour,
      last_seen: hour + round,
      cmd_id: null,
      cmd_kind: null,
      cmd_status: null,
      cmd_code: null,
      cmd_at: null,
    });
    const n = 1500;
    const id = (i: number) => `c-${String(i).padStart(5, '0')}`;
    await h.store.db.transaction().execute((trx) =>
      writeBatch(trx, {
        inserts: range(n).map((i) => ({
          id: id(i),
          tenant_id: a,
          mac: macOf(9, i),
          first_seen: hour,
          ...state(i, 1),
        })),
        updates: [],
        figures: [],
        sessionInserts: range(n).map((i) => ({
          id: `s-${i}`,
          tenant_id: a,
          client_id: id(i),
          device_id: `dev-${i % 7}`,
          device_sn: `SN${i % 7}`,
          link: 1,
          ssid: 'ssid-1',
          band: '5',
          start_at: hour,
          end_at: null,
          end_reason: null,
          tx_bytes: 0,
          rx_bytes: 0,
        })),
        sessionUpdates: [],
        // The same bucket twice in one batch adds up.
        flow: [
          ...range(n).map((i) => ({ clientId: id(i), tenantId: a, hour, tx: i, rx: 1 })),
          { clientId: id(3), tenantId: a, hour, tx: 1000, rx: 1 },
        ],
        recount: [],
      }),
    );
    // Even rows change whole, odd ones only their figures; rows named with the other tenant stay.
    const tenantOf = (i: number) => (i % 5 === 0 ? b : a);
    await h.store.db.transaction().execute((trx) =>
      writeBatch(trx, {
        inserts: [],
        updates: range(n)
          .filter((i) => i % 2 === 0)
          .map((i) => ({ id: id(i), tenantId: tenantOf(i), values: state(i, 2) })),
        figures: range(n)
          .filter((i) => i % 2 === 1)
          .map((i) => {
            const v = state(i, 2);
            const figures = {
              tx_bytes: v.tx_bytes,
              rx_bytes: v.rx_bytes,
              tx_rate: v.tx_rate,
              rx_rate: v.rx_rate,
              rssi: -60,
              snr: v.snr,
              tx_link: 1200.5,
              rx_link: v.rx_link,
              last_seen: v.last_seen,
            };
            return { id: id(i), tenantId: tenantOf(i), values: figures };
          }),
        sessionInserts: [],
        sessionUpdates: range(n).map((i) => ({
          id: `s-${i}`,
          tenantId: tenantOf(i),
          values: {
            end_at: hour + 5,
            end_reason: 'left',
            ssid: 'ssid-2',
            band: '2.4',
            link: 1,
            tx_bytes: i,
            rx_bytes: 2 * i,
          },
        })),
        flow: range(n).map((i) => ({ clientId: id(i), tenantId: a, hour, tx: 1, rx: 1 })),
        recount: [],
      }),
    );
    const rows = await h.store.db
      .selectFrom('clients')
      .selectAll()
      .where('tenant_id', '=', a)
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(n);
    const sessions = await h.store.db.selectFrom('client_sessions').selectAll().orderBy('id').execute();
    const sessionOf = new Map(sessions.map((s) => [s.id, s]));
    const flow = new Map(
      (await h.store.db.selectFrom('client_flow').selectAll().execute()).map((f) => [f.client_id, f]),
    );
    for (const i of [0, 1, 2, 3, 5, 404, 405, 406, 999, 1000, 1001, 1498, 1499]) {
      const row = rows[i]!;
      const other = tenantOf(i) === b;
      const round = other ? 1 : 2;
      expect(row).toMatchObject({ id: id(i), mac: macOf(9, i), first_seen: hour, tx_bytes: 100 * round + i });
      if (i % 2 === 0 || other) {
        expect(row).toMatchObject({
          name: `host-${i}-${round}`,
          ssid: `ssid-${round}`,
          connect_count: round,
        });
        expect(row).toMatchObject({ rssi: -50, tx_link: 866.7 });
      } else {
        expect(row).toMatchObject({
          name: `host-${i}-1`,
          ssid: 'ssid-1',
          connect_count: 1,
          last_seen: hour + 2,
        });
        expect(row).toMatchObject({ rssi: -60, tx_link: 1200.5 });
      }
      expect(sessionOf.get(`s-${i}`)).toMatchObject(
        other
          ? { end_at: null, end_reason: null, ssid: 'ssid-1', band: '5', tx_bytes: 0 }
          : {
              end_at: hour + 5,
              end_reason: 'left',
              ssid: 'ssid-2',
              band: '2.4',
              tx_bytes: i,
              rx_bytes: 2 * i,
            },
      );
      expect(flow.get(id(i))).toMatchObject({
        tx_bytes: i + 1 + (i === 3 ? 1000 : 0),
        rx_bytes: i === 3 ? 3 : 2,
      });
    }
    expect(rows.filter((r) => r.ssid === 'ssid-2')).toHaveLength(n / 2 - n / 10);
    expect(sessions.filter((s) => s.end_reason === 'left')).toHaveLength(n - n / 5);
    expect(flow.size).toBe(n);
  });
});
