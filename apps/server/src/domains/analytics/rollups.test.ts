/**
 * The roll-ups of migration 0028 on the store itself (both engines): the clients-seen bits
 * (analytics_net_seen: shifts, late days, days falling out) and the networks' local days
 * (analytics_net_day), each over hand-computed rows, and each kept to its tenant.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scope } from '../../platform/auth/guard.ts';
import { ADMIN_SCOPE, startHarness, type Harness } from '../../test/harness.ts';
import { addSeen, markOf, netTraffic, netUsers, pruneRollups, rollNetDays, setMark } from './store.ts';

const H = 3_600_000;
const DAY = 24 * H;
const A: Scope = { tenantId: 'tenant-a', admin: false };
const B: Scope = { tenantId: 'tenant-b', admin: false };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 30_000);
afterAll(async () => {
  await h?.close();
});

const seen = (tenant: string, network: string, client: string, last: number, days = 1) => ({
  tenant_id: tenant,
  network_id: network,
  client_id: client,
  last_day: last,
  days,
});

describe('clients seen per network (analytics_net_seen)', () => {
  it('keeps a bit per day up to the last day seen, late days included, and counts a window', async () => {
    const db = h.store.db;
    // Day numbers 20,000 + n: UTC midnights, so a window is [first midnight, last midnight + 1 ms).
    const d = (n: number) => 20_000 + n;
    await addSeen(db, [seen('tenant-a', 'na', 'c1', d(0)), seen('tenant-b', 'nb', 'cb', d(3))], 5);
    await addSeen(db, [seen('tenant-a', 'na', 'c1', d(3)), seen('tenant-a', 'na', 'c2', d(3))], 6);
    // A late day (d(1)) lands below the last day; a later run's mark is kept as given.
    await addSeen(db, [seen('tenant-a', 'na', 'c1', d(1))], 7);
    const rows = await db.selectFrom('analytics_net_seen').selectAll().orderBy('client_id').execute();
    expect(rows.map((r) => [r.client_id, Number(r.last_day), Number(r.days)])).toEqual([
      ['c1', d(3), 0b1101], // days 3 (bit 0), 1 (bit 2), 0 (bit 3)
      ['c2', d(3), 1],
      ['cb', d(3), 1],
    ]);
    expect(await markOf(db, 'seen')).toBe(7);

    // The mark is ahead of every window: no connections are read.
    const count = async (scope: Scope, first: number, last: number) =>
      (await netUsers(db, scope, [{ zone: 'UTC', ids: null }], d(first) * DAY, 0, d(last) * DAY + 1, 'total'))
        .total;
    await addSeen(db, [], d(100) * DAY);
    expect(await count(A, 0, 0)).toBe(1);
    expect(await count(A, 2, 2)).toBe(0);
    expect(await count(A, 1, 3)).toBe(2);
    expect(await count(A, 4, 9)).toBe(0);
    // Another tenant's client of the same days is not counted, and is counted for its own.
    expect(await count(B, 3, 3)).toBe(1);
    expect(await count(ADMIN_SCOPE, 3, 3)).toBe(3);
    const perNet = await netUsers(db, A, [{ zone: 'UTC', ids: ['na'] }], d(0) * DAY, 0, d(3) * DAY + 1);
    expect([...perNet.byNetwork]).toEqual([['na', 2]]);

    // 62 days later the old bits fall out: only the new day is left.
    await addSeen(db, [seen('tenant-a', 'na', 'c1', d(65))], d(100) * DAY);
    const c1 = await db.selectFrom('analytics_net_seen').selectAll().where('client_id', '=', 'c1').execute();
    expect(c1.map((r) => [Number(r.last_day), Number(r.days)])).toEqual([[d(65), 1]]);
    // 61 days later the oldest (day 3 → bit 61) is still there; shifted past 62 bits it is gone.
    await addSeen(db, [seen('tenant-a', 'na', 'c2', d(64))], d(100) * DAY);
    expect(await count(A, 3, 3)).toBe(1);
    await addSeen(db, [seen('tenant-a', 'na', 'c2', d(65))], d(100) * DAY);
    expect(await count(A, 3, 3)).toBe(0);
    expect(await count(A, 64, 65)).toBe(2);
    // The retention's prune (the mark not moved): the counts kept for the window go with the rows.
    await pruneRollups(db, 0, (d(65) + 2) * DAY);
    expect(await count(A, 64, 65)).toBe(0);
    expect(await markOf(db, 'seen')).toBe(d(100) * DAY);
  });
});

describe('networks per local day (analytics_net_day)', () => {
  it('sums a network’s hours of its local day and keeps the rows to their tenant', async () => {
    const db = h.store.db;
    // Shanghai's 21 Nov 2026 is [20 Nov 16:00 UTC, 21 Nov 16:00 UTC).
    const day = Date.UTC(2026, 10, 20, 16);
    const hour = (network: string, tenant: string, t: number, tx: number) => ({
      tenant_id: tenant,
      network_id: network,
      hour: t,
      tx_bytes: tx,
      rx_bytes: tx * 2,
    });
    await db
      .insertInto('analytics_net_hour')
      .values([
        hour('sh', 'tenant-a', day - H, 1000), // the day before
        hour('sh', 'tenant-a', day, 10),
        hour('sh', 'tenant-a', day + 23 * H, 20),
        hour('sh', 'tenant-a', day + 24 * H, 4000), // the day after
        hour('nb', 'tenant-b', day + 5 * H, 7),
      ])
      .execute();
    await rollNetDays(db, [{ ids: ['sh', 'nb'], day, end: day + DAY }], day + DAY);
    const rows = await db.selectFrom('analytics_net_day').selectAll().orderBy('network_id').execute();
    expect(
      rows.map((r) => [r.tenant_id, r.network_id, Number(r.day), Number(r.tx_bytes), Number(r.rx_bytes)]),
    ).toEqual([
      ['tenant-b', 'nb', day, 7, 14],
      ['tenant-a', 'sh', day, 30, 60],
    ]);
    expect(await markOf(db, 'netdays')).toBe(day + DAY);

    // A ranking's read over two days takes the day row, then the hours of the day not rolled.
    await setMark(db, 'traffic', day + 2 * DAY);
    const group = { zone: 'Asia/Shanghai', ids: null };
    const a = await netTraffic(db, A, group, day, day + 2 * DAY, { byTime: false });
    expect(a.reduce((s, r) => s + r.tx, 0)).toBe(30 + 4000);
    expect(a.every((r) => r.network_id === 'sh')).toBe(true);
    const b = await netTraffic(db, B, group, day, day + DAY, { byTime: true });
    expect(b.map((r) => [r.hour, r.tx])).toEqual([[day, 7]]);
    // Re-rolling the day replaces its row.
    await db
      .updateTable('analytics_net_hour')
      .set({ tx_bytes: 11 })
      .where('network_id', '=', 'sh')
      .where('hour', '=', day)
      .execute();
    await rollNetDays(db, [{ ids: ['sh'], day, end: day + DAY }], day + DAY);
    const again = await db
      .selectFrom('analytics_net_day')
      .select('tx_bytes')
      .where('network_id', '=', 'sh')
      .execute();
    expect(again.map((r) => Number(r.tx_bytes))).toEqual([31]);
  });
});
