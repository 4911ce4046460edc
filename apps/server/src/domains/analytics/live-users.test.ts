/**
 * The rankings' users after the `seen` mark come from the connect log, kept for up to a minute
 * (LIVE_USERS_MAX_AGE_MS) while the devices and the rolled-up days stay as they were: a connection
 * begun, ended or deleted shows in the next minute's answer, a period ending before a connection
 * began leaves it out, a device placed elsewhere shows at once; each tenant its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { TestDevice, createNetwork, get, placeDevices, signIn } from '../telemetry/testing.ts';
import { LIVE_USERS_MAX_AGE_MS, setMark } from './store.ts';

const MIN = 60_000;
const H = 60 * MIN;
/** 08:00 UTC, the `seen` mark: the roll-up holds the days before it. */
const START = Date.UTC(2026, 10, 21, 8, 0, 0);
const DAY_START = Date.UTC(2026, 10, 21);

let h: Harness;
let tokenA: string;
let tokenB: string;
let tenantA: string;
let tenantB: string;
let office: string;
let shop: string;
let ap1: TestDevice; // the office's
let ap2: TestDevice; // the shop's
let bp: TestDevice; // tenant B's

const at = (t: number) => {
  h.clock.now = START + t;
};

/** A client and its open connection begun at START + `start`, written at START + `logged` (as the flush writes it). */
async function connect(
  tenant: string,
  id: string,
  ap: TestDevice,
  start: number,
  logged: number | null = start,
): Promise<void> {
  await h.store.db
    .insertInto('clients')
    .values({
      id,
      tenant_id: tenant,
      mac: `F0D1A9${id.replace(/\D/g, '').padStart(6, '0')}`,
      device_id: ap.id,
      device_sn: ap.sn,
      status: 'online',
      first_seen: START + start,
      last_seen: START + start,
    })
    .execute();
  await h.store.db
    .insertInto('client_sessions')
    .values({
      id: `s-${id}`,
      tenant_id: tenant,
      client_id: id,
      device_id: ap.id,
      device_sn: ap.sn,
      link: 1,
      start_at: START + start,
      logged_at: logged === null ? null : START + logged,
      end_at: null,
    })
    .execute();
}

/** Users per network name of the caller's ranking for `query`. */
async function users(token: string, query = 'Period=today'): Promise<Record<string, number>> {
  const r = await get(h, token, `/v1/flow/list?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Object.fromEntries((r.body.list as { Name: string; Users: number }[]).map((n) => [n.Name, n.Users]));
}

beforeAll(async () => {
  h = await startHarness();
  at(-H);
  const a = await signIn(h, 'acme');
  const b = await signIn(h, 'beta');
  [tokenA, tokenB, tenantA, tenantB] = [a.token, b.token, a.tenant.id, b.tenant.id];
  office = await createNetwork(h, tokenA, 'Office');
  shop = await createNetwork(h, tokenA, 'Shop');
  const beta = await createNetwork(h, tokenB, 'Beta');
  ap1 = await TestDevice.add(h, tokenA, 2, 'A1');
  ap2 = await TestDevice.add(h, tokenA, 2, 'A1');
  bp = await TestDevice.add(h, tokenB, 2, 'A1');
  const sw = await TestDevice.add(h, tokenA, 3, 'B1');
  const sw2 = await TestDevice.add(h, tokenA, 3, 'B1');
  const bsw = await TestDevice.add(h, tokenB, 3, 'B1');
  await placeDevices(h, tokenA, office, { mainList: [sw.id], switchList: [sw.id], apList: [ap1.id] });
  await placeDevices(h, tokenA, shop, { mainList: [sw2.id], switchList: [sw2.id], apList: [ap2.id] });
  await placeDevices(h, tokenB, beta, { mainList: [bsw.id], switchList: [bsw.id], apList: [bp.id] });
  await setMark(h.store.db, 'seen', START);
}, 60_000);

afterAll(async () => {
  await h?.close();
});

describe('users after the seen mark', () => {
  it('are kept within a minute, then follow every change of the connect log; a moved device at once; tenants apart', async () => {
    let minute = 30;
    /** The next minute of the clock: what the connect log holds now is what the next answer counts. */
    const nextMinute = () => at(++minute * MIN);
    at(minute * MIN);
    await connect(tenantA, 'c1', ap1, 10 * MIN);
    await connect(tenantB, 'cb', bp, 10 * MIN);
    expect(await users(tokenA)).toEqual({ Office: 1, Shop: 0 });

    // A connection begun: the answer of this minute stands, the next minute's has it.
    await connect(tenantA, 'c2', ap1, 15 * MIN);
    at(minute * MIN + LIVE_USERS_MAX_AGE_MS - 1);
    expect(await users(tokenA)).toEqual({ Office: 1, Shop: 0 });
    nextMinute();
    expect(await users(tokenA)).toEqual({ Office: 2, Shop: 0 });
    // One ended after the mark still counts; one deleted (its client gone) does not.
    await h.store.db
      .updateTable('client_sessions')
      .set({ end_at: START + 20 * MIN, end_reason: 'leave' })
      .where('id', '=', 's-c1')
      .execute();
    nextMinute();
    expect(await users(tokenA)).toEqual({ Office: 2, Shop: 0 });
    await h.store.db.deleteFrom('clients').where('id', '=', 'c2').execute();
    nextMinute();
    expect(await users(tokenA)).toEqual({ Office: 1, Shop: 0 });
    // Tenant B counts its own client alone, every time.
    expect(await users(tokenB)).toEqual({ Beta: 1 });

    // A connection begun after a custom period's end is not in that period.
    await connect(tenantA, 'c3', ap2, 25 * MIN);
    nextMinute();
    const custom = `Period=custom&Start=${DAY_START}&End=${START + 20 * MIN}`;
    expect(await users(tokenA, custom)).toEqual({ Office: 1, Shop: 0 });
    expect(await users(tokenA)).toEqual({ Office: 1, Shop: 1 });
    const agg = await get(h, tokenA, '/v1/flow/agg?Period=today');
    expect(agg.body.Users).toBe(2);

    // The office closes and its AP joins the shop: its client counts there at once.
    const closed = await h.app.inject({
      method: 'DELETE',
      url: '/v1/network/delNet',
      headers: bearer(tokenA),
      payload: { _id: office },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await placeDevices(h, tokenA, shop, { apList: [ap1.id] });
    expect(await users(tokenA)).toEqual({ Shop: 2 });
    expect(await users(tokenB)).toEqual({ Beta: 1 });
  });
});

describe('a connection reported late', () => {
  it('counts at once when it began hours before the mark but was written after it', async () => {
    at(50 * MIN);
    const before = await users(tokenA);
    // An AP back after an outage reports a client connected since 03:00, written now (08:50): the
    // roll-up up to 08:00 never saw it.
    await connect(tenantA, 'c7', ap2, -5 * H, 50 * MIN);
    // One begun as long ago whose row holds no write time (written before the column, so before
    // the roll-up that took it in) stays out of the connect log's part.
    await connect(tenantA, 'c8', ap2, -5 * H, null);
    at(51 * MIN);
    expect(await users(tokenA)).toEqual({ ...before, Shop: before.Shop! + 1 });
    expect((await get(h, tokenA, '/v1/flow/agg?Period=today')).body.Users).toBe(before.Shop! + 1);
    expect(await users(tokenB)).toEqual({ Beta: 1 });
  });
});
