/**
 * The networks' traffic not rolled up yet comes from their 5-minute spans (telemetry_net_5m, written
 * by telemetry's flush), not from every device's rows: flow/list, listAll and agg give hand-counted
 * figures for today while nothing is rolled up, following those rows alone, and the same once
 * telemetry's and the analytics roll-ups have run; each tenant its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';
import { TestDevice, createNetwork, get, placeDevices, signIn } from '../telemetry/testing.ts';
import { setMark } from './store.ts';

const SEC = 1000;
const MIN = 60 * SEC;
const H = 60 * MIN;
/** 08:00 UTC; the networks keep UTC days. */
const START = Date.UTC(2026, 10, 21, 8, 0, 0);

let h: Harness;
let tokenA: string;
let tokenB: string;
let office: string; // router R (its bytes count) and AP P (not counted: the network has a gateway)
let shop: string; // AP Q alone
let beta: string; // tenant B: AP BP alone

const at = (t: number) => {
  h.clock.now = START + t;
};
const ok = async (token: string, url: string) => {
  const r = await get(h, token, url);
  expect(r.status, `${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
};

beforeAll(async () => {
  h = await startHarness();
  at(-H);
  const a = await signIn(h, 'acme');
  const b = await signIn(h, 'beta');
  tokenA = a.token;
  tokenB = b.token;
  office = await createNetwork(h, tokenA, 'Office');
  shop = await createNetwork(h, tokenA, 'Shop');
  beta = await createNetwork(h, tokenB, 'Beta');
  const r = await TestDevice.add(h, tokenA, 4, 'C1');
  const p = await TestDevice.add(h, tokenA, 2, 'A1');
  const q = await TestDevice.add(h, tokenA, 2, 'A1');
  const sw = await TestDevice.add(h, tokenA, 3, 'B1');
  const bp = await TestDevice.add(h, tokenB, 2, 'A1');
  const bsw = await TestDevice.add(h, tokenB, 3, 'B1');
  await placeDevices(h, tokenA, office, { gateWayList: [r.id], mainList: [r.id], apList: [p.id] });
  await placeDevices(h, tokenA, shop, { mainList: [sw.id], switchList: [sw.id], apList: [q.id] });
  await placeDevices(h, tokenB, beta, { mainList: [bsw.id], switchList: [bsw.id], apList: [bp.id] });

  at(0);
  for (const d of [r, p, q, bp]) await d.stats({ uptimeS: 100, rxBytes: 0, txBytes: 0 });
  at(10 * SEC);
  await r.stats({ uptimeS: 110, rxBytes: 1000, txBytes: 500 });
  await p.stats({ uptimeS: 110, rxBytes: 50_000, txBytes: 50_000 });
  await q.stats({ uptimeS: 110, rxBytes: 70, txBytes: 30 });
  await bp.stats({ uptimeS: 110, rxBytes: 40, txBytes: 20 });
  // The router's second span: 600 / 300 more.
  at(5 * MIN + 10 * SEC);
  await r.stats({ uptimeS: 410, rxBytes: 1600, txBytes: 800 });
  at(12 * MIN);
  await h.services.telemetry.flush();
  // No connections here: the users' roll-up starts at 08:00, not at its retention's start (62 days,
  // a step a day: over a minute on PostgreSQL with the whole API tier beside it).
  await setMark(h.store.db, 'seen', START);
}, 60_000);

// Closing waits for a roll-up job the clock's move set off (see the test's timeout).
afterAll(async () => {
  await h?.close();
}, 120_000);

/** Each network's figures of today, agg's totals and its 08:00 bucket, for both tenants. */
async function figures() {
  const list = async (token: string, call: string) =>
    ((await ok(token, `/v1/flow/${call}?Period=today`)).list as Record<string, unknown>[])
      .map((n) => `${String(n.Name)} ${String(n.TxBytes)} ${String(n.RxBytes)}`)
      .sort();
  const agg = await ok(tokenA, '/v1/flow/agg?Period=today');
  return {
    A: await list(tokenA, 'list'),
    allA: await list(tokenA, 'listAll'),
    B: await list(tokenB, 'list'),
    agg: [agg.TxBytes, agg.RxBytes, agg.TxSeries[8], agg.RxSeries[8]],
  };
}

const HAND_COUNTED = {
  A: ['Office 800 1600', 'Shop 30 70'],
  allA: ['Office 800 1600', 'Shop 30 70'],
  B: ['Beta 20 40'],
  agg: [830, 1670, 830, 1670],
};

describe('the networks’ current hour', () => {
  it('is read from the networks’ spans: hand-counted, following those rows alone, the same after the roll-ups', async () => {
    at(20 * MIN);
    const marks = await h.store.db.selectFrom('telemetry_rollups').selectAll().execute();
    expect(marks.filter((m) => m.res === '1h' && Number(m.done_until) > START)).toEqual([]);
    expect(await figures()).toEqual(HAND_COUNTED);

    // The networks' spans alone make the figures: doubled, they double; restored, as before.
    const spans = () => h.store.db.updateTable('telemetry_net_5m');
    await spans()
      .set((eb) => ({ tx_bytes: eb('tx_bytes', '*', 2), rx_bytes: eb('rx_bytes', '*', 2) }))
      .execute();
    const doubled = await figures();
    expect(doubled.A).toEqual(['Office 1600 3200', 'Shop 60 140']);
    expect(doubled.agg.slice(0, 2)).toEqual([1660, 3340]);
    await spans()
      .set((eb) => ({ tx_bytes: eb('tx_bytes', '/', 2), rx_bytes: eb('rx_bytes', '/', 2) }))
      .execute();
    expect(await figures()).toEqual(HAND_COUNTED);

    // The hour rolled up by telemetry, then into the networks' hours.
    at(H + 20 * MIN);
    await h.services.telemetry.maintain();
    await h.services.analytics.maintain();
    const rolled = await h.store.db.selectFrom('analytics_net_hour').selectAll().execute();
    expect(rolled.filter((x) => Number(x.hour) === START)).toHaveLength(3);
    expect(await figures()).toEqual(HAND_COUNTED);
  }, 60_000);
});
