/**
 * Users online now (flow/userrealtime) and their rates (client/getTotalRate) over a hand-counted
 * fleet: two networks, three APs, wired and wireless clients on two bands and SSIDs, offline ones
 * and another tenant's, read from the online clients' index (migration 0030) on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { TestDevice, get, signIn, type Reply } from '../telemetry/testing.ts';

let h: Harness;
let tokenA: string;
let tokenB: string;
let tenantA: string;
let tenantB: string;
let north: string;
let south: string;
let ap1: TestDevice;
let ap2: TestDevice;
let ap3: TestDevice;
let bp: TestDevice;
/** The SNs of ap1 and ap3 (tied at 3 users each), set against the order of their ids. */
let snOf: Map<string, string>;

const ok = async (token: string, url: string): Promise<Reply['body']> => {
  const r = await get(h, token, url);
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

async function createNet(token: string, Name: string): Promise<string> {
  const r = await h.app.inject({
    method: 'POST',
    url: '/v1/network/createNet',
    headers: bearer(token),
    payload: { Name, TimeZone: 'UTC', Location: { longitude: 121.47, latitude: 31.23, address: Name } },
  });
  expect(r.statusCode, r.body).toBe(200);
  return (r.json() as { list: { _id: string } }).list._id;
}

/** The network's router (its main device) and its APs. */
async function place(token: string, network: string, aps: TestDevice[]): Promise<void> {
  const router = await TestDevice.add(h, token, 4, 'C1');
  const r = await h.app.inject({
    method: 'POST',
    url: '/v1/dashboard/addDevToNet',
    headers: bearer(token),
    payload: { _id: network, gateWayList: [router.id], mainList: [router.id], apList: aps.map((a) => a.id) },
  });
  expect(r.statusCode, r.body).toBe(200);
}

let n = 0;
async function client(
  tenant: string,
  ap: TestDevice,
  c: { status?: string; band?: string | null; link?: number; ssid?: string | null; tx?: number; rx?: number },
) {
  n++;
  await h.store.db
    .insertInto('clients')
    .values({
      id: `online-${n}`,
      tenant_id: tenant,
      mac: `F0D1A90100${String(n).padStart(2, '0')}`,
      device_id: ap.id,
      device_sn: ap.sn,
      status: c.status ?? 'online',
      band: c.band ?? null,
      link: c.link ?? 1,
      ssid: c.ssid ?? null,
      tx_rate: c.tx ?? 0,
      rx_rate: c.rx ?? 0,
      first_seen: h.clock.now,
      last_seen: h.clock.now,
    })
    .execute();
}

beforeAll(async () => {
  h = await startHarness();
  const a = await signIn(h, 'onl');
  tokenA = a.token;
  tenantA = a.tenant.id;
  north = await createNet(tokenA, 'North');
  south = await createNet(tokenA, 'South');
  ap1 = await TestDevice.add(h, tokenA, 2, 'A1');
  ap2 = await TestDevice.add(h, tokenA, 2, 'A1');
  ap3 = await TestDevice.add(h, tokenA, 2, 'A1');
  await place(tokenA, north, [ap1, ap2]);
  await place(tokenA, south, [ap3]);
  const b = await signIn(h, 'onb');
  tokenB = b.token;
  tenantB = b.tenant.id;
  const other = await createNet(tokenB, 'Elsewhere');
  bp = await TestDevice.add(h, tokenB, 2, 'A1');
  await place(tokenB, other, [bp]);
  // ap1 and ap3 tie on users: their SNs are set in the reverse order of their ids, so only the
  // SN can have put them in order (the grouping's own order follows the device id).
  const [low, high] = [ap1, ap3].sort((x, y) => (x.id < y.id ? -1 : 1));
  snOf = new Map([
    [high!.id, 'ONLINE-A'],
    [low!.id, 'ONLINE-B'],
  ]);
  for (const [id, sn] of snOf)
    await h.store.db.updateTable('devices').set({ sn }).where('id', '=', id).execute();

  // ap1: three online (two on 5 GHz "Office", one wired), one offline.
  await client(tenantA, ap1, { band: '5', ssid: 'Office', tx: 100, rx: 1000 });
  await client(tenantA, ap1, { band: '5', ssid: 'Office', tx: 10, rx: 20 });
  await client(tenantA, ap1, { link: 0, tx: 1, rx: 2 });
  await client(tenantA, ap1, { status: 'offline', band: '5', ssid: 'Office', tx: 9999, rx: 9999 });
  // ap2: one on 2.4 GHz "Guest". ap3 (South): three on 2.4 GHz, two "Guest" and one "Office".
  await client(tenantA, ap2, { band: '2.4', ssid: 'Guest', tx: 5, rx: 6 });
  await client(tenantA, ap3, { band: '2.4', ssid: 'Guest', tx: 1, rx: 1 });
  await client(tenantA, ap3, { band: '2.4', ssid: 'Guest', tx: 1, rx: 1 });
  await client(tenantA, ap3, { band: '2.4', ssid: 'Office', tx: 1, rx: 1 });
  // Online, but at a device since removed, and at another tenant's device (a stale row): they
  // count in the tenant's total, bands and rates, and at no AP or network of theirs or B's.
  await client(tenantA, { id: 'gone-device', sn: 'GONE' } as TestDevice, {
    band: '5',
    ssid: 'Office',
    tx: 2,
    rx: 2,
  });
  await client(tenantA, bp, { band: '5', ssid: 'Office', tx: 2, rx: 2 });
  // Another tenant's online clients count only for it.
  await client(tenantB, bp, { band: '5', ssid: 'Office', tx: 7777, rx: 7777 });
  await client(tenantB, bp, { band: '5', ssid: 'Office', tx: 7777, rx: 7777 });
});

afterAll(async () => {
  await h?.close();
});

describe('users online now', () => {
  it('counts them per network, AP, band and SSID, most first', async () => {
    const r = await ok(tokenA, '/v1/flow/userrealtime');
    expect(r.Total).toBe(9);
    // North has 4 (ap1 3, ap2 1), South 3; the two at a gone or foreign device in neither.
    expect(r.ByNetwork).toEqual([
      { _id: north, Name: 'North', Online: 4 },
      { _id: south, Name: 'South', Online: 3 },
    ]);
    // ap1 and ap3 both have 3: the SN decides between them.
    const tied = [ap1, ap3].sort((x, y) => (snOf.get(x.id)! < snOf.get(y.id)! ? -1 : 1));
    expect(r.ByAP.map((d: { _id: string; SN: string; Online: number }) => [d._id, d.SN, d.Online])).toEqual([
      [tied[0]!.id, 'ONLINE-A', 3],
      [tied[1]!.id, 'ONLINE-B', 3],
      [ap2.id, ap2.sn, 1],
    ]);
    expect(r.ByAP.find((d: { _id: string }) => d._id === ap3.id)).toMatchObject({ Network: south });
    expect(r.ByBand).toEqual([
      { Band: '2.4', Online: 4 },
      { Band: '5', Online: 4 },
      { Band: 'wired', Online: 1 },
    ]);
    expect(r.BySSID).toEqual([
      { SSID: 'Office', Online: 5 },
      { SSID: 'Guest', Online: 3 },
      { SSID: '', Online: 1 },
    ]);
  });

  it('keeps to the APs asked for, and to one network', async () => {
    const top = await ok(tokenA, '/v1/flow/userrealtime?APLimit=1');
    expect(top.ByAP.map((d: { SN: string }) => d.SN)).toEqual(['ONLINE-A']);
    expect(top.Total).toBe(9);
    const r = await ok(tokenA, `/v1/flow/userrealtime?Network=${north}`);
    expect(r.Total).toBe(4);
    expect(r.ByNetwork).toEqual([{ _id: north, Name: 'North', Online: 4 }]);
    expect(r.ByAP.map((d: { _id: string }) => d._id)).toEqual([ap1.id, ap2.id]);
    expect(r.ByBand).toEqual([
      { Band: '5', Online: 2 },
      { Band: '2.4', Online: 1 },
      { Band: 'wired', Online: 1 },
    ]);
  });

  it('sums the online clients’ rates, the offline and the other tenant’s left out', async () => {
    expect(await ok(tokenA, '/v1/client/getTotalRate')).toMatchObject({
      TxRate: 100 + 10 + 1 + 5 + 3 + 4,
      RxRate: 1000 + 20 + 2 + 6 + 3 + 4,
      Clients: 9,
    });
    expect(await ok(tokenA, `/v1/client/getTotalRate?Network=${south}`)).toMatchObject({
      TxRate: 3,
      RxRate: 3,
      Clients: 3,
    });
    const b = await ok(tokenB, '/v1/flow/userrealtime');
    expect(b).toMatchObject({ Total: 2, ByBand: [{ Band: '5', Online: 2 }] });
    expect(await ok(tokenB, '/v1/client/getTotalRate')).toMatchObject({ TxRate: 15554, Clients: 2 });
  });
});
