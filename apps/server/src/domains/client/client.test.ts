/**
 * Clients from what devices report, through the services the gateway hands messages to (the
 * broker's side is in client-broker.test.ts), with the controllable clock.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COMMAND_KINDS,
  ErrorCode,
  clientsMessage,
  eventsMessage,
  helloMessage,
  type ClientFlowReply,
  type ClientInfoReply,
  type ClientItem,
  type ClientStatisReply,
} from '@netconsole/contract';
import type { LiveMessage } from '../../platform/realtime/hub.ts';
import { FIGURES_EVERY_MS } from './live.ts';
import { apiCaller, login, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { call, read, signIn } = apiCaller(() => h);
const get = <T>(token: string, url: string) => read<T>(token, 'GET', url);

let seq = 1;
/** A registered device that said hello (online, its session open), as the gateway leaves it. */
async function device(token: string, sn: string, type: 2 | 4 = 2, commands: string[] = [...COMMAND_KINDS]) {
  const mac = createHash('sha256').update(sn).digest('hex').slice(0, 12).toUpperCase();
  const r = await call(token, 'POST', '/v1/device/add', { SN: sn, MAC: mac, Alias: `dev ${sn}`, Type: type });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await h.services.live.hello(
    sn,
    helloMessage.parse({
      v: 1,
      ts: h.clock.now,
      seq: seq++,
      bootId: `BOOT${sn}`,
      session: `S${sn}`,
      type,
      model: 'A1',
      hwVersion: 'HW1.0',
      fwVersion: 'v2.00.002',
      mac,
      ip: '10.1.1.9',
      uptimeS: 5,
      bootReason: 'power_on',
      capabilities: { commands },
    }),
    h.clock.now,
  );
  return r.body as { _id: string };
}

interface Row {
  mac: string;
  connectedS: number;
  [k: string]: unknown;
}
const wifi = (mac: string, connectedS: number, extra: Record<string, unknown> = {}): Row => ({
  mac,
  ip: '192.168.1.50',
  link: 1,
  ssid: 'Office',
  band: '5',
  channel: 149,
  rssiDbm: -58,
  phy: '11ax',
  txRateMbps: 1200,
  rxRateMbps: 864,
  connectedS,
  ...extra,
});

let snapshotId = 1;
/**
 * A page of a device's client table, handled as the gateway does (the device is alive), and
 * written to the store as the tracker's next flush does (reads never wait for it).
 */
async function page(sn: string, snapshot: number, p: number, pages: number, total: number, clients: Row[]) {
  await handOver(sn, snapshot, p, pages, total, clients);
  await h.services.liveClients.flush();
}
/** A page handed over as the gateway does, left to the tracker's timer. */
async function handOver(
  sn: string,
  snapshot: number,
  p: number,
  pages: number,
  total: number,
  clients: Row[],
) {
  await h.services.live.accept(sn, 'clients', seq++, h.clock.now);
  const m = clientsMessage.parse({
    v: 1,
    ts: h.clock.now,
    seq: seq++,
    snapshot,
    page: p,
    pages,
    total,
    clients,
  });
  await h.services.liveClients.clients(sn, m, h.clock.now);
}
/** A whole table in one page. */
const table = (sn: string, clients: Row[]) => page(sn, snapshotId++, 1, 1, clients.length, clients);
/** A whole table handed over, then the timer's pass (not a full flush: figures alone may wait). */
async function timedTable(sn: string, clients: Row[]) {
  await handOver(sn, snapshotId++, 1, 1, clients.length, clients);
  await h.services.liveClients.flushDue();
}

async function events(sn: string, list: Record<string, unknown>[]) {
  await h.services.live.accept(sn, 'events', seq++, h.clock.now);
  const m = eventsMessage.parse({ v: 1, ts: h.clock.now, seq: seq++, events: list });
  await h.services.liveClients.events(sn, m, h.clock.now);
  await h.services.liveClients.flush();
}

const clients = (token: string, query = '') =>
  get<{ list: ClientItem[]; count: number; page: number; limit: number; sort: string }>(
    token,
    `/v1/client/getAll${query}`,
  );
const info = (token: string, mac: string, query = '') =>
  get<ClientInfoReply>(token, `/v1/client/searchInfo?MAC=${mac}${query}`);

const A = 'A4C3F0112233';
const B = '3C22FB445566';

describe('client tables from snapshots', () => {
  it('joins the clients of a table with what the device reported, and lists them', async () => {
    const { token, tenant } = await signIn('acme');
    const ap = await device(token, 'AP2024000001');
    const t0 = h.clock.now;
    await table('AP2024000001', [
      wifi(A, 120, { name: 'alice-phone', snrDb: 43, txBytes: 5000, rxBytes: 1000, authorized: true }),
      wifi(B, 30, { band: '2.4', channel: 6, name: 'bob-laptop' }),
    ]);
    const list = await clients(token);
    expect(list).toMatchObject({ count: 2, page: 1, limit: 10, sort: '-LastSeen' });
    const alice = list.list.find((c) => c.MAC === A)!;
    expect(alice).toMatchObject({
      Name: 'alice-phone',
      Alias: '',
      // The maker by the MAC's IEEE prefix (A4:C3:F0 is registered to Intel).
      Vendor: 'Intel Corporate',
      IP: '192.168.1.50',
      Tenant: tenant.id,
      Status: 'online',
      Device: ap._id,
      SN: 'AP2024000001',
      DeviceType: 2,
      DeviceAlias: 'dev AP2024000001',
      Link: 1,
      Mode: '11ax',
      SSID: 'Office',
      Band: '5',
      Channel: 149,
      RSSI: -58,
      SNR: 43,
      TxLinkRate: 1200,
      RxLinkRate: 864,
      TxBytes: 5000,
      RxBytes: 1000,
      Authorized: true,
      ConnectCount: 1,
      OnlineTime: 120,
      ConnectTime: t0 - 120_000,
      FirstSeen: t0,
      LastSeen: t0,
      LastCommand: null,
    });
    const details = await info(token, 'a4:c3:f0:11:22:33');
    expect(details.Client.MAC).toBe(A);
    expect(details.list).toEqual([
      expect.objectContaining({
        SN: 'AP2024000001',
        DeviceAlias: 'dev AP2024000001',
        SSID: 'Office',
        Band: '5',
        StartTime: t0 - 120_000,
        EndTime: null,
        OnlineTime: 120,
        Reason: null,
      }),
    ]);
  });

  it('ends the connection of a client missing from the next complete table; online time adds up', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    await table('AP2024000001', [wifi(A, 100), wifi(B, 10)]);
    h.clock.advance(60_000);
    await table('AP2024000001', [wifi(A, 160)]);
    const bob = (await clients(token, '?Status=offline')).list;
    expect(bob.map((c) => c.MAC)).toEqual([B]);
    expect(bob[0]).toMatchObject({ OnlineTime: 70, ConnectTime: null, TxRate: 0, ConnectCount: 1 });
    expect((await info(token, B)).list[0]).toMatchObject({
      EndTime: h.clock.now,
      OnlineTime: 70,
      Reason: 'missing',
    });
    // It comes back: a second connection, the totals carry on.
    h.clock.advance(60_000);
    await table('AP2024000001', [wifi(A, 220), wifi(B, 20)]);
    const back = (await info(token, B)).Client;
    expect(back).toMatchObject({ Status: 'online', ConnectCount: 2, OnlineTime: 90 });
    expect((await info(token, B)).count).toBe(2);
  });

  it('follows a client roaming to another AP, and ignores an older report of the first AP', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    const ap2 = await device(token, 'AP2024000002');
    await table('AP2024000001', [wifi(A, 300)]);
    h.clock.advance(30_000);
    await table('AP2024000002', [wifi(A, 5, { channel: 36 })]);
    const roamed = (await info(token, A)).Client;
    expect(roamed).toMatchObject({
      Status: 'online',
      Device: ap2._id,
      SN: 'AP2024000002',
      Channel: 36,
      ConnectCount: 2,
    });
    const log = (await info(token, A)).list;
    expect(log.map((l) => [l.SN, l.Reason])).toEqual([
      ['AP2024000002', null],
      ['AP2024000001', 'roamed'],
    ]);
    // The first AP's table still lists the older connection: it changes nothing.
    await table('AP2024000001', [wifi(A, 330)]);
    expect((await info(token, A)).Client).toMatchObject({ SN: 'AP2024000002', ConnectCount: 2 });
  });

  it('assembles a table from its pages and drops an incomplete one', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    const macs = Array.from({ length: 150 }, (_, i) => `02AA00${String(i).padStart(6, '0')}`);
    await page(
      'AP2024000001',
      7,
      1,
      2,
      150,
      macs.slice(0, 100).map((m) => wifi(m, 50)),
    );
    expect((await clients(token)).count).toBe(0);
    await page(
      'AP2024000001',
      7,
      2,
      2,
      150,
      macs.slice(100).map((m) => wifi(m, 50)),
    );
    expect((await clients(token, '?Status=online&limit=50')).count).toBe(150);

    // A table whose second page never comes removes nobody.
    h.clock.advance(60_000);
    await page(
      'AP2024000001',
      8,
      1,
      2,
      150,
      macs.slice(0, 100).map((m) => wifi(m, 110)),
    );
    h.clock.advance(31_000);
    await h.services.liveClients.sweep(h.clock.now);
    await page(
      'AP2024000001',
      8,
      2,
      2,
      150,
      macs.slice(100, 110).map((m) => wifi(m, 141)),
    );
    expect((await clients(token, '?Status=online')).count).toBe(150);
    // The next complete table does.
    await page('AP2024000001', 9, 1, 1, 1, [wifi(macs[0]!, 141)]);
    expect((await clients(token, '?Status=online')).count).toBe(1);
    expect((await clients(token, '?Status=offline')).count).toBe(149);
  });

  it('takes exact times from client events, and a late event corrects what a table concluded', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    const t0 = h.clock.now;
    await events('AP2024000001', [{ ts: t0 - 5000, type: 'client_connected', mac: A, name: 'Guest' }]);
    let alice = (await info(token, A)).Client;
    expect(alice).toMatchObject({ Status: 'online', SSID: 'Guest', ConnectTime: t0 - 5000, ConnectCount: 1 });
    h.clock.advance(30_000);
    await events('AP2024000001', [{ ts: t0 + 25_000, type: 'client_disconnected', mac: A, code: 'idle' }]);
    expect((await info(token, A)).list[0]).toMatchObject({ OnlineTime: 30, Reason: 'idle' });

    // The table saw it gone before the event said when and why.
    await events('AP2024000001', [{ ts: h.clock.now, type: 'client_connected', mac: A, name: 'Guest' }]);
    h.clock.advance(60_000);
    await table('AP2024000001', []);
    expect((await info(token, A)).list[0]).toMatchObject({ Reason: 'missing', OnlineTime: 60 });
    await events('AP2024000001', [
      { ts: h.clock.now - 40_000, type: 'client_disconnected', mac: A, code: 'left' },
    ]);
    alice = (await info(token, A)).Client;
    expect((await info(token, A)).list[0]).toMatchObject({ Reason: 'left', OnlineTime: 20 });
    expect(alice).toMatchObject({ Status: 'offline', ConnectCount: 2, OnlineTime: 50 });
  });

  it('ends the connections of a device that went offline, or was unregistered', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    await device(token, 'AP2024000002');
    await table('AP2024000001', [wifi(A, 10)]);
    await table('AP2024000002', [wifi(B, 10)]);
    h.clock.advance(20_000);
    await h.services.live.offline('AP2024000001', 'SAP2024000001', 'reboot', h.clock.now);
    await call(token, 'PUT', '/v1/device/unregister', { SN: 'AP2024000002' });
    await h.services.liveClients.sweep(h.clock.now);
    await h.services.liveClients.flush();
    expect((await info(token, A)).list[0]).toMatchObject({ Reason: 'device_offline', OnlineTime: 10 });
    expect((await info(token, B)).list[0]).toMatchObject({ Reason: 'unregistered', OnlineTime: 10 });
    expect((await clients(token, '?Status=online')).count).toBe(0);
  });

  it("counts each network's online users as clients join, roam and leave, per tenant", async () => {
    const { token } = await signIn('acme');
    const other = await signIn('beta');
    const onlineUsers = async (t: string) => {
      const list = (await get<{ list: { netName: string; OnlineUsers: number }[] }>(t, '/v1/network/getAll'))
        .list;
      return Object.fromEntries(list.map((n) => [n.netName, n.OnlineUsers]));
    };
    let routers = 0;
    const site = async (t: string, Name: string, aps: string[]) => {
      const router = await device(t, `RT202400000${++routers}`, 4);
      const devices = [router._id, ...aps];
      const r = await call(t, 'POST', '/v1/network/createNet', {
        Name,
        Location: { longitude: 116.404, latitude: 39.915, address: 'Dongcheng, Beijing' },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = (r.body.list as { _id: string })._id;
      const placed = await call(t, 'PUT', '/v1/device/netlist', { Parent: id, devices, Main: devices[0] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    };
    const ap1 = await device(token, 'AP2024000001');
    const ap2 = await device(token, 'AP2024000002');
    const ap3 = await device(other.token, 'AP2024000003');
    await site(token, 'North', [ap1._id]);
    await site(token, 'South', [ap2._id]);
    await site(other.token, 'North', [ap3._id]);
    expect(await onlineUsers(token)).toEqual({ North: 0, South: 0 });

    await table('AP2024000001', [wifi(A, 10), wifi(B, 10)]);
    await table('AP2024000003', [wifi('0A0B0C0D0E0F', 10)]);
    expect(await onlineUsers(token)).toEqual({ North: 2, South: 0 });
    expect(await onlineUsers(other.token)).toEqual({ North: 1 });
    // B roams to the other network's AP; then A leaves the first one.
    h.clock.advance(20_000);
    await table('AP2024000002', [wifi(B, 5)]);
    expect(await onlineUsers(token)).toEqual({ North: 1, South: 1 });
    h.clock.advance(20_000);
    await table('AP2024000001', []);
    expect(await onlineUsers(token)).toEqual({ North: 0, South: 1 });
    // The second AP goes offline: its clients' connections end with it.
    await h.services.live.offline('AP2024000002', 'SAP2024000002', 'reboot', h.clock.now);
    await h.services.liveClients.sweep(h.clock.now);
    await h.services.liveClients.flush();
    expect(await onlineUsers(token)).toEqual({ North: 0, South: 0 });
    expect(await onlineUsers(other.token)).toEqual({ North: 1 });
  });

  it('counts clients by status, link, band and device; filters and searches', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    const rt = await device(token, 'RT2024000001', 4);
    await table('AP2024000001', [wifi(A, 10, { name: 'alice-phone' }), wifi(B, 10, { band: '2.4' })]);
    await table('RT2024000001', [
      {
        mac: '001122334455',
        ip: '192.168.1.7',
        name: 'printer',
        link: 0,
        phy: 'eth',
        connectedS: 99,
        port: 3,
      },
    ]);
    await table('AP2024000001', [wifi(A, 20, { name: 'alice-phone' })]);
    const s = await get<ClientStatisReply>(token, '/v1/client/getAllStatis');
    expect(s).toMatchObject({ Total: 3, Online: 2, Offline: 1, Kicked: 0, Wired: 1, Wireless: 1 });
    expect(s.Bands).toEqual([{ Band: '5', Online: 1 }]);
    expect(s.Devices.map((d) => [d.SN, d.Online])).toEqual([
      ['AP2024000001', 1],
      ['RT2024000001', 1],
    ]);
    expect((await clients(token, '?Link=0')).list.map((c) => c.MAC)).toEqual(['001122334455']);
    expect((await clients(token, `?Device=${rt._id}`)).count).toBe(1);
    expect((await clients(token, '?SN=ap2024000001')).count).toBe(2);
    expect((await clients(token, '?search=alice')).list.map((c) => c.MAC)).toEqual([A]);
    expect((await clients(token, '?search=3c-22-fb')).list.map((c) => c.MAC)).toEqual([B]);
    expect((await clients(token, '?search=192.168.1.7')).count).toBe(1);
    expect((await clients(token, '?Parent=null')).count).toBe(3);
    expect((await clients(token, '?Parent=no-such-network')).count).toBe(0);
    expect((await clients(token, '?sort=MAC')).list.map((c) => c.MAC)).toEqual(['001122334455', B, A]);
    const all = await get<{ list: ClientItem[]; count: number }>(
      token,
      '/v1/client/getAllClients?Status=online',
    );
    expect(all.count).toBe(2);
  });

  it("reports a client's traffic by hour from the byte counters, and its rate", async () => {
    await device((await signIn('acme')).token, 'AP2024000001');
    h.clock.now = Date.UTC(2026, 10, 21, 8, 30, 0);
    await table('AP2024000001', [wifi(A, 60, { txBytes: 1000, rxBytes: 100 })]);
    h.clock.advance(10_000);
    await table('AP2024000001', [wifi(A, 70, { txBytes: 51_000, rxBytes: 5100 })]);
    h.clock.advance(3_600_000);
    await table('AP2024000001', [wifi(A, 3670, { txBytes: 61_000, rxBytes: 6100 })]);
    // An hour later the session of the sign-in has lapsed (3 minutes): sign in again.
    const token = (await login(h, 'acmeown')).body.Token;
    const f = await get<ClientFlowReply>(token, `/v1/client/getClientFlow?MAC=${A}`);
    expect(f).toMatchObject({ MAC: A, Range: 'day', Unit: 'hour', TxBytes: 61_000, RxBytes: 6100 });
    expect(f.list).toHaveLength(24);
    // The last reading's 10,000 bytes flowed from 08:30:10 to 09:30:10: 1,790 s of it in hour 8.
    expect(f.list.slice(-2)).toEqual([
      { Time: Date.UTC(2026, 10, 21, 8), TxBytes: 51_000 + 4972, RxBytes: 5100 + 497 },
      { Time: Date.UTC(2026, 10, 21, 9), TxBytes: 10_000 - 4972, RxBytes: 1000 - 497 },
    ]);
    const week = await get<ClientFlowReply>(token, `/v1/client/getClientFlow?MAC=${A}&Range=week`);
    expect(week).toMatchObject({ Unit: 'day', TxBytes: 61_000 });
    expect(week.list).toHaveLength(7);
    expect(week.list[6]!.TxBytes).toBe(61_000);
    expect((await info(token, A)).Client).toMatchObject({ TxRate: 3, RxRate: 0 });
  });

  it('spreads a first reading over the hours since the client connected (at most a day)', async () => {
    await device((await signIn('acme')).token, 'AP2024000001');
    h.clock.now = Date.UTC(2026, 10, 21, 10, 0, 0);
    // Seen first two hours into its connection: its counters hold both hours.
    await table('AP2024000001', [wifi(A, 7200, { txBytes: 7200, rxBytes: 720 })]);
    // A client connected for two days: its bytes fall into the last 24 hours.
    await table('AP2024000001', [
      wifi(A, 7210, { txBytes: 7210, rxBytes: 721 }),
      wifi(B, 172_800, { txBytes: 2400, rxBytes: 0 }),
    ]);
    await h.services.liveClients.flush();
    const rows = await h.store.db
      .selectFrom('client_flow')
      .innerJoin('clients', 'clients.id', 'client_flow.client_id')
      .select(['clients.mac', 'client_flow.hour', 'client_flow.tx_bytes', 'client_flow.rx_bytes'])
      .orderBy('clients.mac')
      .orderBy('client_flow.hour')
      .execute();
    const of = (mac: string) =>
      rows.filter((r) => r.mac === mac).map((r) => [r.hour, Number(r.tx_bytes), Number(r.rx_bytes)]);
    expect(of(A)).toEqual([
      [Date.UTC(2026, 10, 21, 8), 3600, 360],
      [Date.UTC(2026, 10, 21, 9), 3600, 360],
      // The next reading's 10 bytes at 10:00:00 exactly: the hour that begins then.
      [Date.UTC(2026, 10, 21, 10), 10, 1],
    ]);
    const b = of(B);
    expect(b).toHaveLength(24);
    expect(b[0]![0]).toBe(Date.UTC(2026, 10, 20, 10));
    expect(b.reduce((sum, r) => sum + r[1]!, 0)).toBe(2400);
  });

  it('writes joins and leaves with the next timer pass, figures alone only after FIGURES_EVERY_MS', async () => {
    await device((await signIn('acme')).token, 'AP2024000001');
    const live = h.services.liveClients;
    const report = (rows: Row[]) => timedTable('AP2024000001', rows);
    const stored = (mac: string) =>
      h.store.db.selectFrom('clients').select(['status', 'rssi']).where('mac', '=', mac).executeTakeFirst();
    await report([wifi(A, 10, { rssiDbm: -60, txBytes: 1000 })]);
    expect(await stored(A)).toMatchObject({ status: 'online', rssi: -60 });
    h.clock.advance(10_000);
    await report([wifi(A, 20, { rssiDbm: -70, txBytes: 5000 }), wifi(B, 5)]);
    // B's join is written; A's new figures wait.
    expect(await stored(B)).toMatchObject({ status: 'online' });
    expect(await stored(A)).toMatchObject({ rssi: -60 });
    h.clock.advance(FIGURES_EVERY_MS);
    await live.flushDue();
    expect(await stored(A)).toMatchObject({ rssi: -70 });
    h.clock.advance(10_000);
    await report([wifi(B, 15)]);
    expect(await stored(A)).toMatchObject({ status: 'offline' });
  });

  it("adds each client's traffic FIGURES_EVERY_MS after its first bytes, not every client's at once", async () => {
    await device((await signIn('acme')).token, 'AP2024000001');
    const live = h.services.liveClients;
    // Half a minute into the hour: the first readings' bytes (since connecting) stay in it.
    h.clock.now = Date.UTC(2026, 10, 21, 8, 0, 30);
    const report = (rows: Row[]) => timedTable('AP2024000001', rows);
    const traffic = async (mac: string) => {
      const row = await h.store.db
        .selectFrom('client_flow')
        .innerJoin('clients', 'clients.id', 'client_flow.client_id')
        .select((eb) => eb.fn.sum<number>('client_flow.tx_bytes').as('tx'))
        .where('clients.mac', '=', mac)
        .executeTakeFirst();
      return Number(row?.tx ?? 0);
    };
    await report([wifi(A, 10, { txBytes: 1000, rxBytes: 10 })]);
    h.clock.advance(20_000);
    await report([wifi(A, 30, { txBytes: 5000, rxBytes: 50 }), wifi(B, 5, { txBytes: 2000, rxBytes: 20 })]);
    expect([await traffic(A), await traffic(B)]).toEqual([0, 0]);
    // A's bytes are due (its first came FIGURES_EVERY_MS ago), with what it added since; B's wait.
    h.clock.advance(FIGURES_EVERY_MS - 20_000);
    await live.flushDue();
    expect([await traffic(A), await traffic(B)]).toEqual([5000, 0]);
    h.clock.advance(20_000);
    await live.flushDue();
    expect([await traffic(A), await traffic(B)]).toEqual([5000, 2000]);
  });
});

describe('aliases', () => {
  it('sets, checks and removes an alias', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001');
    await table('AP2024000001', [wifi(A, 10, { name: 'alice-phone' }), wifi(B, 10)]);
    const set = (MAC: unknown, Alias: unknown) =>
      call(token, 'POST', '/v1/client/updateAlias', { MAC, Alias });
    const r = await set('a4-c3-f0-11-22-33', '  Alice  ');
    expect(r).toMatchObject({ status: 200, body: { MAC: A, Alias: 'Alice', Name: 'alice-phone' } });
    expect((await clients(token, '?search=ALICE')).count).toBe(1);
    expect((await set('A4C3F01122', 'x')).body.code).toBe(ErrorCode.ClientMacFormat);
    expect((await set(undefined, 'x')).body.code).toBe(ErrorCode.ClientMacFormat);
    expect((await set('A4:C3-F0:11:22:33', 'x')).body.code).toBe(ErrorCode.ClientMacFormat);
    const long = await set(B, 'x'.repeat(65));
    expect(long.body).toMatchObject({
      code: ErrorCode.ClientAliasTooLong,
      message: expect.stringContaining('64'),
    });
    expect((await set(B, 'a\u0007b')).body.code).toBe(ErrorCode.ClientAliasInvalidChars);
    expect((await set(B, 'Alice')).body.code).toBe(ErrorCode.ClientNameDuplicated);
    expect((await set('0A0B0C0D0E0F', 'x')).body).toMatchObject({ code: ErrorCode.ClientNotExist });
    expect((await set(A, '')).body).toMatchObject({ Alias: '' });
    // In Chinese too.
    const zh = await call(token, 'POST', '/v1/client/updateAlias', {
      MAC: 'bad',
      Alias: 'x',
      language: 'zh',
    });
    expect(zh.body.message).toBe('终端 MAC 地址格式错误');
  });
});

describe('tenant isolation and bad input', () => {
  it("never shows, changes or commands another tenant's client", async () => {
    const a = await signIn('alfa');
    const b = await signIn('bravo');
    await device(a.token, 'AP2024000001');
    await table('AP2024000001', [wifi(A, 10)]);
    expect((await clients(b.token)).count).toBe(0);
    expect((await get<{ count: number }>(b.token, '/v1/client/getAllClients')).count).toBe(0);
    expect((await get<ClientStatisReply>(b.token, '/v1/client/getAllStatis')).Total).toBe(0);
    for (const url of [`/v1/client/searchInfo?MAC=${A}`, `/v1/client/getClientFlow?MAC=${A}`]) {
      expect(await call(b.token, 'GET', url)).toMatchObject({
        status: 404,
        body: { code: ErrorCode.ClientNotExist },
      });
    }
    const id = (await clients(a.token)).list[0]!._id;
    expect((await call(b.token, 'GET', `/v1/client/searchInfo?_id=${id}`)).body.code).toBe(
      ErrorCode.ClientNotExist,
    );
    expect((await call(b.token, 'POST', '/v1/client/updateAlias', { MAC: A, Alias: 'mine' })).body.code).toBe(
      ErrorCode.ClientNotExist,
    );
    expect(
      (await call(b.token, 'POST', '/v1/controller/clientCtrl', { MAC: A, command: 'kick' })).body.code,
    ).toBe(ErrorCode.ClientNotExist);
    // The same MAC at a device of the other tenant is that tenant's own client.
    await device(b.token, 'AP2024000009');
    await table('AP2024000009', [wifi(A, 10)]);
    expect((await clients(b.token)).list.map((c) => c.SN)).toEqual(['AP2024000009']);
    expect((await clients(a.token)).list.map((c) => [c.SN, c.Alias])).toEqual([['AP2024000001', '']]);
    // The administrator sees both.
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    const root = (await login(h, 'root')).body.Token;
    expect((await clients(root)).count).toBe(2);
  });

  it('refuses malformed queries and bodies with 4000, and an unknown client with 13005', async () => {
    const { token } = await signIn('acme');
    for (const url of [
      '/v1/client/getAll?Status=gone',
      '/v1/client/getAll?Link=3',
      '/v1/client/getAll?sort=Password',
      '/v1/client/getAll?limit=0',
      '/v1/client/getClientFlow?MAC=A4C3F0112233&Range=year',
    ]) {
      expect((await call(token, 'GET', url)).body.code, url).toBe(ErrorCode.ValidationFailed);
    }
    expect((await call(token, 'GET', '/v1/client/searchInfo')).body.code).toBe(ErrorCode.ClientMacFormat);
    const ctrl = (body: object) => call(token, 'POST', '/v1/controller/clientCtrl', body);
    expect((await ctrl({ MAC: A, command: 'nuke' })).body.code).toBe(ErrorCode.ValidationFailed);
    expect((await ctrl({ MAC: A, command: 'kick', blockS: -1 })).body.code).toBe(ErrorCode.ValidationFailed);
    expect((await ctrl({ MAC: 'zz', command: 'kick' })).body.code).toBe(ErrorCode.ClientMacFormat);
    expect((await ctrl({ MAC: A, command: 'release' })).body.code).toBe(ErrorCode.ClientNotExist);
    expect((await call(token, 'GET', '/v1/client/getAll?search=%25')).body.count).toBe(0);
  });

  it('refuses to kick at a device that does not implement it (13003)', async () => {
    const { token } = await signIn('acme');
    await device(token, 'AP2024000001', 2, ['reboot', 'reset']);
    await table('AP2024000001', [wifi(A, 10)]);
    const r = await call(token, 'POST', '/v1/controller/clientCtrl', { MAC: A, command: 'kick' });
    expect(r).toMatchObject({ status: 400, body: { code: ErrorCode.ClientKickFailed } });
    const rel = await call(token, 'POST', '/v1/controller/clientCtrl', { MAC: A, command: 'release' });
    expect(rel.body.code).toBe(ErrorCode.ClientReleaseFailed);
  });

  it('tells the browsers of the tenant what happened to its clients', async () => {
    const { token, tenant } = await signIn('acme');
    const other = await signIn('other');
    await device(token, 'AP2024000001');
    const mine: LiveMessage[] = [];
    const theirs: LiveMessage[] = [];
    h.services.hub.subscribe(
      { tenantId: tenant.id, admin: false },
      (m) => m.topic === 'client' && mine.push(m),
    );
    h.services.hub.subscribe(
      { tenantId: other.tenant.id, admin: false },
      (m) => m.topic === 'client' && theirs.push(m),
    );
    await table('AP2024000001', [wifi(A, 10)]);
    await table('AP2024000001', []);
    expect(mine.map((m) => [m.topic, (m.data as { event: string }).event])).toEqual([
      ['client', 'join'],
      ['client', 'update'],
      ['client', 'leave'],
      ['client', 'update'],
    ]);
    expect(mine[0]!.data).toEqual({ event: 'join', MAC: A, SN: 'AP2024000001', Tenant: tenant.id });
    expect(theirs).toEqual([]);
  });
});
