/**
 * The flow calls over hand-computed fixtures: device reports go through telemetry's ingest (counter
 * resets, gaps), clients are rows of the client tables; two networks in different zones (Shanghai,
 * UTC) so period boundaries differ per network. One harness for the file; the tests run in order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, FLOW_TOPICS, type FlowRatesData } from '@netconsole/contract';
import { ADMIN_SCOPE, bearer, login, startHarness, type Harness } from '../../test/harness.ts';
import { TestDevice, createNetwork, get, placeDevices, signIn, type Reply } from '../telemetry/testing.ts';
import { seedAnalyticsDemo } from './demo.ts';
import { rankState } from './rank.ts';
import { clientHours, markOf } from './store.ts';

const H = 3_600_000;
const SEC = 1000;
/** 2026-11-21 00:00 in Shanghai (UTC+8) = 2026-11-20 16:00 UTC. */
const S = Date.UTC(2026, 10, 20, 16, 0, 0);
/** The traffic hour: Shanghai 01:00 on the 21st, UTC 17:00 on the 20th. */
const T = S + H;
/** "Now": Shanghai 03:00 on the 22nd, UTC 19:00 on the 21st. */
const NOW = S + 27 * H;

let h: Harness;
let tokenA: string;
let tokenB: string;
let tenantA: string;
let tenantB: string;
let n1: string; // Shanghai office: router R1 and AP A1 (traffic = the router's)
let n2: string; // London shop, UTC: AP A2 alone (traffic = the AP's)
let nb: string;
let r1: TestDevice;
let a1: TestDevice;
let a2: TestDevice;
let b1: TestDevice;
const C1 = { id: 'c1-apple', mac: 'F0D1A9000001' };
const C2 = { id: 'c2-random', mac: '02AABBCC0002' };
const CB = { id: 'cb-beta', mac: 'F0D1A9000003' };

const at = (t: number) => {
  h.clock.now = t;
};
const read = async (token: string, url: string): Promise<Reply> => get(h, token, url);
const ok = async (token: string, url: string): Promise<Reply['body']> => {
  const r = await read(token, url);
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

const createNet = (token: string, name: string, zone: string) => createNetwork(h, token, name, zone);
const place = (token: string, network: string, body: object) => placeDevices(h, token, network, body);

async function longToken(username: string): Promise<string> {
  await h.store.db
    .updateTable('users')
    .set({ timeout_minutes: 4_000_000 })
    .where('username', '=', username)
    .execute();
  return (await login(h, username)).body.Token;
}

async function client(
  tenant: string,
  c: { id: string; mac: string },
  device: TestDevice,
  extra: object = {},
) {
  await h.store.db
    .insertInto('clients')
    .values({
      id: c.id,
      tenant_id: tenant,
      mac: c.mac,
      device_id: device.id,
      device_sn: device.sn,
      first_seen: S,
      last_seen: NOW,
      ...extra,
    })
    .execute();
}

async function session(
  tenant: string,
  id: string,
  clientId: string,
  d: TestDevice,
  start: number,
  end: number | null,
) {
  await h.store.db
    .insertInto('client_sessions')
    .values({
      id,
      tenant_id: tenant,
      client_id: clientId,
      device_id: d.id,
      device_sn: d.sn,
      link: 1,
      start_at: start,
      end_at: end,
    })
    .execute();
}

async function flow(tenant: string, clientId: string, hour: number, tx: number, rx: number) {
  await h.store.db
    .insertInto('client_flow')
    .values({ client_id: clientId, tenant_id: tenant, hour, tx_bytes: tx, rx_bytes: rx })
    .execute();
}

beforeAll(async () => {
  h = await startHarness();
  at(S - 2 * H);
  const a = await signIn(h, 'acme');
  tokenA = a.token;
  tenantA = a.tenant.id;
  n1 = await createNet(tokenA, 'Shanghai office', 'Asia/Shanghai');
  at(S - 2 * H + SEC);
  n2 = await createNet(tokenA, 'London shop', 'UTC');
  r1 = await TestDevice.add(h, tokenA, 4, 'C1');
  a1 = await TestDevice.add(h, tokenA, 2, 'A1');
  a2 = await TestDevice.add(h, tokenA, 2, 'A1');
  await place(tokenA, n1, { gateWayList: [r1.id], mainList: [r1.id], apList: [a1.id] });
  // The shop's main device is a switch: switches never count for traffic.
  const sw = await TestDevice.add(h, tokenA, 3, 'B1');
  await place(tokenA, n2, { mainList: [sw.id], switchList: [sw.id], apList: [a2.id] });

  const b = await signIn(h, 'beta');
  tokenB = b.token;
  tenantB = b.tenant.id;
  nb = await createNet(tokenB, 'Beta site', 'UTC');
  b1 = await TestDevice.add(h, tokenB, 2, 'A1');
  const swb = await TestDevice.add(h, tokenB, 3, 'B1');
  await place(tokenB, nb, { mainList: [swb.id], switchList: [swb.id], apList: [b1.id] });

  // R1: 1000/500, then a reboot (the first report of the new boot counts nothing), 2000/1000, then
  // 760 s of silence (a gap: nothing counted), then 100/40. Rx 3100, Tx 1540.
  at(T);
  for (const d of [r1, a1, a2, b1]) await d.stats({ uptimeS: 100, rxBytes: 0, txBytes: 0 });
  at(T + 10 * SEC);
  await r1.stats({ uptimeS: 110, rxBytes: 1000, txBytes: 500 });
  await a1.stats({ uptimeS: 110, rxBytes: 5000, txBytes: 4000 });
  await a2.stats({ uptimeS: 110, rxBytes: 7000, txBytes: 3000 });
  await b1.stats({ uptimeS: 110, rxBytes: 900_000, txBytes: 900_000 });
  at(T + 20 * SEC);
  await r1.hello({ reboot: true });
  at(T + 30 * SEC);
  await r1.stats({ uptimeS: 5, rxBytes: 10, txBytes: 10 });
  at(T + 40 * SEC);
  await r1.stats({ uptimeS: 15, rxBytes: 2010, txBytes: 1010 });
  at(T + 800 * SEC);
  await r1.stats({ uptimeS: 775, rxBytes: 10_000, txBytes: 5000 });
  at(T + 810 * SEC);
  await r1.stats({ uptimeS: 785, rxBytes: 10_100, txBytes: 5040 });

  // Clients: C1 (Apple) at A1 yesterday 01:00-02:00 and at A2 17:00-17:30 UTC; C2 (random MAC) at A1
  // since 01:00 today, online; CB is beta's.
  await client(tenantA, C1, a1, { status: 'offline' });
  await client(tenantA, C2, a1, {
    status: 'online',
    band: '5',
    ssid: 'Office',
    link: 1,
    tx_rate: 50,
    rx_rate: 70,
  });
  await client(tenantB, CB, b1, {
    status: 'online',
    band: '2.4',
    ssid: 'Beta',
    link: 1,
    tx_rate: 5,
    rx_rate: 5,
  });
  await session(tenantA, 's1', C1.id, a1, T, T + H);
  await session(tenantA, 's2', C1.id, a2, T, T + H / 2);
  await session(tenantA, 's3', C2.id, a1, S + 25 * H, null);
  await session(tenantB, 'sb', CB.id, b1, T, null);
  await flow(tenantA, C1.id, T, 100, 200);
  await flow(tenantA, C2.id, S + 25 * H, 1000, 3000);
  await flow(tenantA, C1.id, S + 26 * H, 10, 20);
  await flow(tenantB, CB.id, T, 5_000_000, 5_000_000);

  at(NOW);
  await h.services.telemetry.flush();
  await h.services.telemetry.maintain();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

const byId = (list: { _id: string }[], id: string) => list.find((x) => x._id === id)!;

describe('site rankings', () => {
  it('ranks networks in their own zones, with the previous period, the same before and after the roll-up', async () => {
    const before = await ok(tokenA, '/v1/flow/list?Period=7d');
    // The clients' hours of a tenant (getTotalFlow without client or network), hand-counted, the
    // same before the roll-up (client_flow) and after it (analytics_tenant_hour up to its mark,
    // S + 26 h: the hour that ended 5 minutes before now is the last one rolled).
    const hoursOf = async () =>
      Promise.all(
        [{ tenantId: tenantA, admin: false }, { tenantId: tenantB, admin: false }, ADMIN_SCOPE].map(
          async (scope) =>
            (await clientHours(h.store.db, scope, {}, S - 24 * H, NOW + H))
              .map((r) => [r.hour, r.tx, r.rx])
              .sort((x, y) => x[0]! - y[0]!),
        ),
      );
    const flows = [
      [
        [T, 100, 200],
        [S + 25 * H, 1000, 3000],
        [S + 26 * H, 10, 20],
      ],
      [[T, 5_000_000, 5_000_000]],
      [
        [T, 5_000_100, 5_000_200],
        [S + 25 * H, 1000, 3000],
        [S + 26 * H, 10, 20],
      ],
    ];
    expect(await hoursOf()).toEqual(flows);
    await h.services.analytics.maintain();
    expect(await markOf(h.store.db, 'tenantflow')).toBe(S + 26 * H);
    const tenantHours = await h.store.db
      .selectFrom('analytics_tenant_hour')
      .selectAll()
      .orderBy('hour')
      .execute();
    expect(
      tenantHours
        .filter((r) => r.tenant_id === tenantA || r.tenant_id === tenantB)
        .map((r) => [r.tenant_id === tenantA ? 'A' : 'B', Number(r.hour), Number(r.tx_bytes)])
        .sort(),
    ).toEqual(
      [
        ['A', T, 100],
        ['A', S + 25 * H, 1000],
        ['B', T, 5_000_000],
      ].sort(),
    );
    expect(await hoursOf()).toEqual(flows);
    const rolled = await h.store.db.selectFrom('analytics_net_hour').selectAll().execute();
    expect(rolled.filter((r) => r.network_id === n1 || r.network_id === n2)).toHaveLength(2);
    // Each network's local day of its hour (Shanghai's 21st, the UTC shop's 20th), and the clients
    // seen per network with their last local day (days since 1970-01-01) and one bit for it.
    const days = await h.store.db
      .selectFrom('analytics_net_day')
      .selectAll()
      .where('tenant_id', '=', tenantA)
      .orderBy('day')
      .execute();
    expect(days.map((r) => [r.network_id, Number(r.day), Number(r.tx_bytes), Number(r.rx_bytes)])).toEqual([
      [n2, Date.UTC(2026, 10, 20), 3000, 7000],
      [n1, S, 1540, 3100],
    ]);
    const dayNo = (d: number) => Date.UTC(2026, 10, d) / (24 * H);
    const seen = await h.store.db
      .selectFrom('analytics_net_seen')
      .selectAll()
      .where('tenant_id', '=', tenantA)
      .orderBy('last_day')
      .execute();
    expect(seen.map((r) => [r.network_id, r.client_id, Number(r.last_day), Number(r.days)])).toEqual([
      [n2, C1.id, dayNo(20), 1],
      [n1, C1.id, dayNo(21), 1],
      [n1, C2.id, dayNo(22), 1],
    ]);
    const week = await ok(tokenA, '/v1/flow/list?Period=7d');
    // The same figures; `Online` is the devices' state now, which the silence sweep (a timer) may
    // change between the two reads as the clock stands days after they last spoke.
    const figures = (r: Record<string, unknown>) => ({
      ...r,
      list: (r.list as Record<string, unknown>[]).map(({ Online: _online, ...rest }) => rest),
    });
    expect(figures(week)).toEqual(figures(before));
    expect(week.count).toBe(2);
    expect(week.sort).toBe('-traffic');
    expect(week.list.map((n: { _id: string }) => n._id)).toEqual([n2, n1]);
    // N1 has a gateway: the router's bytes (counter reset and gap skipped), not the AP's.
    expect(byId(week.list, n1)).toMatchObject({
      Rank: 2,
      Name: 'Shanghai office',
      TimeZone: 'Asia/Shanghai',
      TxBytes: 1540,
      RxBytes: 3100,
      Total: 4640,
      Users: 2,
      Devices: 2,
      PrevTotal: 0,
      TotalChange: null,
    });
    expect(byId(week.list, n2)).toMatchObject({
      Rank: 1,
      TimeZone: 'UTC',
      TxBytes: 3000,
      RxBytes: 7000,
      Users: 1,
    });

    // Today: Shanghai's day began at 00:00 +08 (its traffic was yesterday); the UTC shop's began
    // at 00:00 UTC (its traffic, 17:00 UTC on the 20th, was its yesterday too).
    const today = await ok(tokenA, '/v1/flow/list?Period=today&Sort=users');
    const t1 = byId(today.list, n1);
    expect(t1).toMatchObject({ Start: S + 24 * H, End: NOW, PrevStart: S, PrevEnd: S + 3 * H });
    expect(t1).toMatchObject({
      Total: 0,
      Users: 1,
      PrevTotal: 4640,
      PrevUsers: 1,
      TotalChange: -100,
      UsersChange: 0,
    });
    const t2 = byId(today.list, n2);
    expect(t2).toMatchObject({ Start: Date.UTC(2026, 10, 21), PrevStart: Date.UTC(2026, 10, 20) });
    expect(t2).toMatchObject({ Total: 0, Users: 0, PrevTxBytes: 3000, PrevRxBytes: 7000, PrevUsers: 1 });
    expect(today.list[0]._id).toBe(n1);

    const page = await ok(tokenA, '/v1/flow/list?Period=7d&limit=1&page=2&Order=asc');
    expect(page).toMatchObject({ count: 2, limit: 1, page: 2, sort: 'traffic' });
    expect(page.list.map((n: { _id: string; Rank: number }) => [n._id, n.Rank])).toEqual([[n2, 2]]);
    const named = await ok(tokenA, '/v1/flow/list?Period=7d&search=london');
    expect(named.list.map((n: { _id: string }) => n._id)).toEqual([n2]);

    const all = await ok(tokenA, '/v1/flow/listAll?Period=7d');
    expect(all).toMatchObject({ count: 2, Truncated: false });
    expect(all.list.map((n: { _id: string }) => n._id)).toEqual([n2, n1]);

    // A custom span of the traffic hour alone, and one before it.
    const custom = await ok(tokenA, `/v1/flow/list?Period=custom&Start=${T}&End=${T + H}`);
    expect(byId(custom.list, n1)).toMatchObject({ Total: 4640, PrevTotal: 0, PrevStart: T - H, PrevEnd: T });
  });

  it('agg: tenant totals in the first network’s zone, the previous period and the buckets', async () => {
    const week = await ok(tokenA, '/v1/flow/agg?Period=7d');
    expect(week).toMatchObject({
      Network: null,
      Networks: 2,
      TimeZone: 'Asia/Shanghai',
      TxBytes: 4540,
      RxBytes: 10_100,
      Total: 14_640,
      Users: 2,
      Devices: 4,
      Bucket: 'day',
    });
    expect(week.Time).toHaveLength(7);
    expect(week.Time[5]).toBe(S);
    expect(week.TxSeries).toEqual([0, 0, 0, 0, 0, 4540, 0]);

    const today = await ok(tokenA, '/v1/flow/agg?Period=today');
    // Users compare whole days: the 21st's in Shanghai saw C1 (the UTC shop's visit was its 20th).
    expect(today).toMatchObject({ Bucket: 'hour', Total: 0, PrevTotal: 14_640, PrevUsers: 1, Users: 1 });
    expect(today.Time).toHaveLength(24);
    expect(today.TxSeries.slice(0, 5)).toEqual([0, 0, 0, 0, null]);
    expect(today.PrevTxSeries.slice(0, 5)).toEqual([0, 4540, 0, 0, null]);
    expect(today.PrevRxSeries[1]).toBe(10_100);

    const shop = await ok(tokenA, `/v1/flow/agg?Period=7d&Network=${n2}`);
    expect(shop).toMatchObject({
      Network: n2,
      Networks: 1,
      TimeZone: 'UTC',
      Total: 10_000,
      Users: 1,
      Devices: 2,
    });
  });
});

describe('traffic statistics', () => {
  it('listAP: the AP traffic list ranked (Alias, TxBT, MAC), by type and network; listDev: series', async () => {
    await h.app.inject({
      method: 'PUT',
      url: '/v1/device/update',
      headers: bearer(tokenA),
      payload: { SN: a2.sn, Alias: 'Shop AP' },
    });
    const aps = await ok(tokenA, '/v1/flow/listAP?Period=7d');
    expect(aps).toMatchObject({ count: 2, sort: '-traffic', TimeZone: 'Asia/Shanghai' });
    expect(aps.list.map((d: { _id: string }) => d._id)).toEqual([a2.id, a1.id]);
    expect(aps.list[0]).toMatchObject({
      Rank: 1,
      SN: a2.sn,
      Alias: 'Shop AP',
      TxBT: 3000,
      RxBT: 7000,
      Total: 10_000,
      Network: n2,
      NetworkName: 'London shop',
      Type: 2,
    });
    expect(aps.list[0].MAC).toBe(a2.mac);
    expect(aps.list[1]).toMatchObject({ TxBT: 4000, RxBT: 5000 });
    const byTx = await ok(tokenA, '/v1/flow/listAP?Period=7d&Sort=tx');
    expect(byTx.list.map((d: { _id: string }) => d._id)).toEqual([a1.id, a2.id]);
    const routers = await ok(tokenA, `/v1/flow/listAP?Period=7d&Type=4&Network=${n1}`);
    expect(routers.list).toHaveLength(1);
    expect(routers.list[0]).toMatchObject({ _id: r1.id, TxBT: 1540, RxBT: 3100 });
    const today = await ok(tokenA, '/v1/flow/listAP?Period=today&limit=1');
    expect(today).toMatchObject({ count: 2, limit: 1 });
    expect(today.list[0].Total).toBe(0);

    const dev = await ok(tokenA, `/v1/flow/listDev?Period=7d&Devices=${r1.id},${a2.id}`);
    expect(dev).toMatchObject({ Bucket: 'day', TimeZone: 'Asia/Shanghai' });
    expect(dev.list.map((d: { _id: string }) => d._id)).toEqual([r1.id, a2.id]);
    expect(dev.list[0]).toMatchObject({ TotalTx: 1540, TotalRx: 3100 });
    expect(dev.list[0].RxBytes).toEqual([0, 0, 0, 0, 0, 3100, 0]);
    // One device: its network's zone (UTC for the shop): the hour is the 20th's.
    const shop = await ok(tokenA, `/v1/flow/listDev?Period=7d&Devices=${a2.id}`);
    expect(shop.TimeZone).toBe('UTC');
    expect(shop.Time[5]).toBe(Date.UTC(2026, 10, 20));
    expect(shop.list[0].TxBytes[5]).toBe(3000);
    const hours = await ok(
      tokenA,
      `/v1/flow/listDev?Period=custom&Start=${S}&End=${S + 2 * H}&Devices=${r1.id}`,
    );
    expect(hours).toMatchObject({ Bucket: 'hour', Time: [S, S + H] });
    expect(hours.list[0].TxBytes).toEqual([0, 1540]);
  });
});

describe('device analysis', () => {
  it('clients ranked by traffic, online time and connections, with OUI maker and random MAC', async () => {
    const today = await ok(tokenA, '/v1/flow/clientlist?Period=today');
    expect(today).toMatchObject({ count: 2, sort: '-traffic' });
    expect(today.list[0]).toMatchObject({
      Rank: 1,
      _id: C2.id,
      MAC: C2.mac,
      Vendor: null,
      RandomMAC: true,
      TxBytes: 1000,
      RxBytes: 3000,
      Total: 4000,
      OnlineTime: 7200,
      Connections: 1,
      Network: n1,
      NetworkName: 'Shanghai office',
      Device: a1.id,
      DeviceSN: a1.sn,
    });
    expect(today.list[1]).toMatchObject({
      _id: C1.id,
      Vendor: 'Apple, Inc.',
      RandomMAC: false,
      Total: 30,
      OnlineTime: 0,
      Connections: 0,
    });

    // The roll-up run above ranked the tenant's 7 days (rank.ts): these answers come from its rows.
    expect(await rankState(h.store.db, tenantA, 7)).toMatchObject({ gen: 1 });
    const online = await ok(tokenA, '/v1/flow/clientlist?Period=7d&Sort=online');
    expect(online.list.map((c: { _id: string; OnlineTime: number }) => [c._id, c.OnlineTime])).toEqual([
      [C2.id, 7200],
      [C1.id, 5400],
    ]);
    // C1's 7 days: yesterday's hour from the clients' day roll-up (a whole UTC day), today's from its hours.
    const days = await h.store.db
      .selectFrom('analytics_client_day')
      .selectAll()
      .where('client_id', '=', C1.id)
      .execute();
    expect(days.map((d) => [Number(d.day), Number(d.tx_bytes)])).toEqual([[Date.UTC(2026, 10, 20), 100]]);
    expect(online.list[1]).toMatchObject({ TxBytes: 110, RxBytes: 220, Total: 330 });
    const conns = await ok(tokenA, '/v1/flow/clientlist?Period=7d&Sort=connections');
    expect(conns.list.map((c: { _id: string; Connections: number }) => [c._id, c.Connections])).toEqual([
      [C1.id, 2],
      [C2.id, 1],
    ]);
    const shop = await ok(tokenA, `/v1/flow/clientlist?Period=7d&Network=${n2}`);
    expect(shop.list.map((c: { _id: string }) => c._id)).toEqual([C1.id]);
    const found = await ok(tokenA, '/v1/flow/clientlist?Period=7d&search=f0d1a9');
    expect(found.list.map((c: { _id: string }) => c._id)).toEqual([C1.id]);

    const top = await ok(tokenA, '/v1/flow/getTerminalTrafficRank?Period=7d&Top=1');
    expect(top.list.map((c: { _id: string; Total: number }) => [c._id, c.Total])).toEqual([[C2.id, 4000]]);

    const c1 = await ok(tokenA, '/v1/client/getTotalFlow?Period=7d&MAC=f0:d1:a9:00:00:01');
    expect(c1).toMatchObject({
      Client: C1.id,
      MAC: C1.mac,
      TxBytes: 110,
      RxBytes: 220,
      Total: 330,
      Bucket: 'day',
    });
    expect(c1.TxSeries).toEqual([0, 0, 0, 0, 0, 100, 10]);
    const all = await ok(tokenA, '/v1/client/getTotalFlow?Period=today');
    expect(all).toMatchObject({ Client: null, TxBytes: 1010, RxBytes: 3020 });
    expect(all.TxSeries.slice(0, 4)).toEqual([0, 1000, 10, 0]);

    expect(await ok(tokenA, '/v1/client/getTotalRate')).toMatchObject({
      Client: null,
      TxRate: 50,
      RxRate: 70,
      Clients: 1,
      Time: NOW,
    });
    expect(await ok(tokenA, `/v1/client/getTotalRate?_id=${C1.id}`)).toMatchObject({
      Client: C1.id,
      TxRate: 0,
      Clients: 0,
    });
    expect(await ok(tokenA, `/v1/client/getTotalRate?Network=${n2}`)).toMatchObject({ Clients: 0 });
  });

  it('userrealtime: users online now per network, AP, band and SSID, and today’s hours', async () => {
    const now = await ok(tokenA, '/v1/flow/userrealtime');
    expect(now).toMatchObject({
      Network: null,
      Time: NOW,
      TimeZone: 'Asia/Shanghai',
      Total: 1,
      ByNetwork: [{ _id: n1, Name: 'Shanghai office', Online: 1 }],
      ByAP: [{ _id: a1.id, SN: a1.sn, Network: n1, Online: 1 }],
      ByBand: [{ Band: '5', Online: 1 }],
      BySSID: [{ SSID: 'Office', Online: 1 }],
    });
    expect(now.Hours.Time).toHaveLength(24);
    expect(now.Hours.Time[0]).toBe(S + 24 * H);
    expect(now.Hours.HourNumber.slice(4)).toEqual(Array(20).fill(null));
    const shop = await ok(tokenA, `/v1/flow/userrealtime?Network=${n2}`);
    expect(shop).toMatchObject({ Network: n2, TimeZone: 'UTC', Total: 0, ByNetwork: [], ByAP: [] });
  });
});

describe('access', () => {
  const CALLS = [
    '/v1/flow/list',
    '/v1/flow/listAll',
    '/v1/flow/agg',
    '/v1/flow/listAP',
    '/v1/flow/listDev?Devices=x',
    '/v1/flow/userrealtime',
    '/v1/flow/clientlist',
    '/v1/flow/getTerminalTrafficRank',
    '/v1/client/getTotalFlow',
    '/v1/client/getTotalRate',
  ];

  it('a co-administrator without analysis gets 4012 on every call; one with it sees its tenant only', async () => {
    await h.services.users.createCoAdministrator(ADMIN_SCOPE, tenantA, {
      username: 'acmeplain',
      password: 'pass1234',
      name: 'Plain',
      operation: { Certified: true, Analysis: false, Financial: true },
    });
    const plain = await longToken('acmeplain');
    for (const url of CALLS) {
      const r = await read(plain, url);
      expect([url, r.status, r.body.code]).toEqual([url, 403, ErrorCode.NoAccessRights]);
    }
    const analyst = await longToken('acmesub');
    const list = await ok(analyst, '/v1/flow/list?Period=7d');
    expect(list.list.map((n: { _id: string }) => n._id).sort()).toEqual([n1, n2].sort());
  });

  it('every call keeps to the caller’s tenant', async () => {
    const list = await ok(tokenB, '/v1/flow/listAll?Period=7d');
    expect(list.list.map((n: { _id: string }) => n._id)).toEqual([nb]);
    expect(list.list[0]).toMatchObject({ Total: 1_800_000, Users: 1 });
    expect(
      (await ok(tokenA, '/v1/flow/listAll?Period=7d')).list.map((n: { _id: string }) => n._id),
    ).not.toContain(nb);
    expect(await ok(tokenB, '/v1/flow/agg?Period=7d')).toMatchObject({
      Networks: 1,
      Total: 1_800_000,
      Users: 1,
      Devices: 2,
    });
    const aps = await ok(tokenB, '/v1/flow/listAP?Period=7d');
    expect(aps.list.map((d: { _id: string }) => d._id)).toEqual([b1.id]);
    const clients = await ok(tokenB, '/v1/flow/clientlist?Period=7d');
    expect(clients.list.map((c: { _id: string }) => c._id)).toEqual([CB.id]);
    expect((await ok(tokenB, '/v1/flow/getTerminalTrafficRank?Period=7d')).list).toHaveLength(1);
    expect(await ok(tokenB, '/v1/client/getTotalFlow?Period=7d')).toMatchObject({ Total: 10_000_000 });
    expect(await ok(tokenB, '/v1/client/getTotalRate')).toMatchObject({ TxRate: 5, Clients: 1 });
    expect(await ok(tokenB, '/v1/flow/userrealtime')).toMatchObject({
      Total: 1,
      BySSID: [{ SSID: 'Beta', Online: 1 }],
    });

    const refused: [string, number][] = [
      [`/v1/flow/agg?Network=${n1}`, ErrorCode.FlowNetworkNotExist],
      [`/v1/flow/listAP?Network=${n1}`, ErrorCode.FlowNetworkNotExist],
      [`/v1/flow/clientlist?Network=${n1}`, ErrorCode.FlowNetworkNotExist],
      [`/v1/flow/userrealtime?Network=${n1}`, ErrorCode.FlowNetworkNotExist],
      [`/v1/flow/listDev?Devices=${r1.id}`, ErrorCode.FlowDeviceNotExist],
      [`/v1/client/getTotalFlow?MAC=${C1.mac}`, ErrorCode.FlowClientNotExist],
      [`/v1/client/getTotalRate?_id=${C1.id}`, ErrorCode.FlowClientNotExist],
    ];
    for (const [url, code] of refused) {
      const r = await read(tokenB, url);
      expect([url, r.status, r.body.code]).toEqual([url, 404, code]);
    }
  });

  it('refuses bad periods and device lists with coded, localized errors', async () => {
    const cases: [string, number][] = [
      ['/v1/flow/list?Period=custom', ErrorCode.FlowPeriodRequired],
      [`/v1/flow/agg?Period=custom&Start=${NOW}&End=${NOW}`, ErrorCode.FlowPeriodInvalid],
      [`/v1/flow/clientlist?Period=custom&Start=0&End=${40 * 24 * H}`, ErrorCode.FlowPeriodInvalid],
      [
        `/v1/flow/listDev?Devices=${Array.from({ length: 11 }, (_, i) => `d${i}`).join(',')}`,
        ErrorCode.FlowTooManyDevices,
      ],
      ['/v1/flow/list?Period=year', ErrorCode.ValidationFailed],
      ['/v1/flow/getTerminalTrafficRank?Top=500', ErrorCode.ValidationFailed],
    ];
    for (const [url, code] of cases) {
      const r = await read(tokenA, url);
      expect([url, r.status, r.body.code]).toEqual([url, 400, code]);
    }
    const zh = await h.app.inject({
      method: 'GET',
      url: '/v1/flow/list?Period=custom',
      headers: { ...bearer(tokenA), cookie: 'language=zh' },
    });
    expect(zh.json().message).toBe('自定义时段需要开始和结束时间');
  });
});

describe('real-time data', () => {
  it('pushes a network’s and a device’s rates at 1000 ms and 30 s; other tenants are refused', async () => {
    const rates = h.services.flowRates;
    const uptime = 785 + (NOW - (T + 810 * SEC)) / SEC;
    await r1.stats({ uptimeS: uptime, rxBytes: 20_000, txBytes: 9000 });
    at(NOW + 10 * SEC);
    await r1.stats({ uptimeS: uptime + 10, rxBytes: 21_000, txBytes: 9500 });
    const scopeA = { tenantId: tenantA, admin: false };
    const fast: FlowRatesData[] = [];
    const slow: FlowRatesData[] = [];
    const stopFast = await rates.subscribe(scopeA, { Network: n1, IntervalMs: 1000 }, (d) => fast.push(d));
    const stopSlow = await rates.subscribe(scopeA, { Device: r1.id, IntervalMs: 30_000 }, (d) =>
      slow.push(d),
    );
    expect(fast).toEqual([
      {
        Network: n1,
        Device: null,
        IntervalMs: 1000,
        Points: [{ Time: NOW + 10 * SEC, RxRate: 100, TxRate: 50, Online: 1 }],
      },
    ]);
    expect(slow[0]).toMatchObject({ Network: null, Device: r1.id, IntervalMs: 30_000 });
    at(NOW + 11 * SEC);
    await rates.tick();
    expect(fast).toHaveLength(2);
    expect(fast[1]!.Points).toEqual([{ Time: NOW + 11 * SEC, RxRate: 100, TxRate: 50, Online: 1 }]);
    expect(slow).toHaveLength(1);
    at(NOW + 40 * SEC);
    await rates.tick();
    expect(slow).toHaveLength(2);
    // A later 1 s subscriber to the network gets the points sampled so far.
    const late: FlowRatesData[] = [];
    const stopLate = await rates.subscribe(scopeA, { Network: n1, IntervalMs: 1000 }, (d) => late.push(d));
    expect(late[0]!.Points.map((p) => p.Time)).toEqual([NOW + 10 * SEC, NOW + 11 * SEC, NOW + 40 * SEC]);
    stopFast();
    stopSlow();
    stopLate();
    expect(rates.size).toBe(0);

    const scopeB = { tenantId: tenantB, admin: false };
    await expect(rates.subscribe(scopeB, { Network: n1 }, () => undefined)).rejects.toMatchObject({
      code: ErrorCode.FlowNetworkNotExist,
    });
    await expect(rates.subscribe(scopeB, { Device: r1.id }, () => undefined)).rejects.toMatchObject({
      code: ErrorCode.FlowDeviceNotExist,
    });
    await expect(
      rates.subscribe(scopeA, { Network: n1, Device: r1.id }, () => undefined),
    ).rejects.toMatchObject({ code: ErrorCode.FlowRealtimeTarget });
    await expect(
      rates.subscribe(scopeA, { Network: n1, IntervalMs: 5000 }, () => undefined),
    ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });

    // Over a socket's handler: a refusal comes back as flow.error in the socket's language.
    const sent: { topic: string; data: unknown }[] = [];
    const closers: (() => void)[] = [];
    const handle = rates.socket({
      scope: scopeB,
      lang: 'zh',
      send: (m) => sent.push(m),
      onClose: (fn) => closers.push(fn),
    });
    await handle(FLOW_TOPICS.Subscribe, { Network: n1 });
    expect(sent).toEqual([
      {
        topic: FLOW_TOPICS.Error,
        data: { code: ErrorCode.FlowNetworkNotExist, message: '要分析的网络不存在' },
      },
    ]);
    const own = rates.socket({
      scope: scopeA,
      lang: 'en',
      send: (m) => sent.push(m),
      onClose: (fn) => closers.push(fn),
    });
    await own(FLOW_TOPICS.Subscribe, { Device: a1.id, IntervalMs: 1000 });
    expect(sent.at(-1)!.topic).toBe(FLOW_TOPICS.Rates);
    expect(rates.size).toBe(1);
    for (const close of closers) close();
    expect(rates.size).toBe(0);
  });
});

describe('demo history', () => {
  it('a month of traffic and past clients at first visit', async () => {
    const d = await signIn(h, 'dmo');
    const net = await createNet(d.token, 'Demo HQ', 'Asia/Shanghai');
    const gw = await TestDevice.add(h, d.token, 4, 'C1');
    const ap = await TestDevice.add(h, d.token, 2, 'A1');
    await place(d.token, net, { gateWayList: [gw.id], mainList: [gw.id], apList: [ap.id] });
    await seedAnalyticsDemo(h.store.db, h.services.analytics, d.tenant.id, h.clock.now);
    // Today's chart has traffic in every complete hour, the last one too, and none yet after.
    const today = await ok(d.token, '/v1/flow/agg?Period=today');
    const now = h.clock.now;
    const hourly = (today.Time as number[]).map((t, i) => ({
      t,
      bytes: (today.TxSeries[i] ?? 0) + (today.RxSeries[i] ?? 0),
    }));
    const complete = hourly.filter((x) => x.t + 3_600_000 <= now);
    expect(complete.map((x) => x.t)).toContain(Math.floor(now / 3_600_000) * 3_600_000 - 3_600_000);
    expect(complete.filter((x) => x.bytes === 0)).toEqual([]);
    expect(hourly.filter((x) => x.t > now && x.bytes > 0)).toEqual([]);
    const month = await ok(d.token, '/v1/flow/agg?Period=30d');
    expect(month.Time).toHaveLength(30);
    expect(month.TxSeries.filter((v: number | null) => (v ?? 0) > 0).length).toBeGreaterThanOrEqual(29);
    expect(month.Users).toBeGreaterThan(20);
    const clients = await ok(d.token, '/v1/flow/clientlist?Period=30d&limit=50');
    expect(clients.count).toBe(40);
    expect(clients.list.filter((c: { RandomMAC: boolean }) => c.RandomMAC)).toHaveLength(10);
    expect(clients.list.filter((c: { Vendor: string | null }) => c.Vendor !== null).length).toBe(30);
    const aps = await ok(d.token, '/v1/flow/listAP?Period=7d');
    expect(aps.list[0].Total).toBeGreaterThan(0);
    // The fleet's hourly user counts of the seeded week, hours behind telemetry's roll-up mark
    // (telemetry_fleet_1h): a figure for every day.
    const users = await ok(d.token, '/v1/device/reclcount?range=week');
    expect(users.HourNumber.filter((v: number | null) => (v ?? 0) > 0).length).toBeGreaterThanOrEqual(6);
  });
});
