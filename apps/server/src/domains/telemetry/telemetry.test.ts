import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_MODELS, ErrorCode, statsMessage } from '@netconsole/contract';
import { ADMIN_SCOPE, bearer, startHarness, type Harness } from '../../test/harness.ts';
import { FLUSH_AT_ROWS, TelemetryIngest } from './ingest.ts';
import * as fleetMigration from '../../platform/store/migrations/0031-telemetry-fleet-hours.ts';
import * as netSpansMigration from '../../platform/store/migrations/0034-telemetry-net-spans.ts';
import { DAY_MS, FINE_MS, HOUR_MS } from './series.ts';
import { deviceSeries, findLatest } from './store.ts';
import { ROLLUP_JOB } from './service.ts';
import { TestDevice, createNetwork, get, placeDevices, signIn, signInAdmin, type Reply } from './testing.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
// Closing waits for the jobs running then: a test that moves the clock days on with networks in
// the store sets off the analytics roll-up, seconds alone and beyond the 30 s default on PostgreSQL
// with the whole API tier beside it.
afterEach(async () => {
  await h.close();
}, 120_000);

const START = Date.UTC(2026, 10, 21, 8, 0, 0);
const SEC = 1000;

/** Moves the clock to `START + ms`. */
function at(ms: number): void {
  h.clock.now = START + ms;
}

/** Index of the bucket starting at `t` in a reply's Time list. */
function slot(body: Reply['body'], t: number): number {
  const i = (body.Time as number[]).indexOf(t);
  expect(i, `bucket ${new Date(t).toISOString()}`).toBeGreaterThanOrEqual(0);
  return i;
}

async function count(
  table: 'telemetry_5m' | 'telemetry_1h' | 'telemetry_1d' | 'telemetry_fleet_1h' | 'telemetry_net_5m',
): Promise<number> {
  const r = await h.store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('device charts over 24 hourly buckets', () => {
  it('CPU, memory and temperature: average and peak per hour; hours without samples are null', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, cpuPct: 10, memPct: 40, tempC: 50 });
    at(10 * SEC);
    await d.stats({ uptimeS: 20, rxBytes: 0, txBytes: 0, cpuPct: 30, memPct: 42, tempC: 52 });
    // The next hour, just after its start.
    at(HOUR_MS + 10 * SEC);
    await d.stats({ uptimeS: 3610, rxBytes: 0, txBytes: 0, cpuPct: 50, memPct: 44, tempC: 49.5 });
    // The open 5-minute span shows at once.
    const now = (await get(h, token, `/v1/device/getcpu?_id=${d.id}`)).body;
    expect(now.CPUUsed.at(-1)).toBe(50);
    at(HOUR_MS + FINE_MS);

    const cpu = (await get(h, token, `/v1/device/getcpu?_id=${d.id}`)).body;
    expect(cpu).toMatchObject({ _id: d.id, SN: d.sn, Range: 'day' });
    expect(cpu.Time).toHaveLength(24);
    expect(cpu.Time.at(-1)).toBe(START + HOUR_MS);
    const h8 = slot(cpu, START);
    const h9 = slot(cpu, START + HOUR_MS);
    expect([cpu.CPUUsed[h8], cpu.CPUMax[h8], cpu.MemoryUsed[h8], cpu.MemoryMax[h8]]).toEqual([
      20, 30, 41, 42,
    ]);
    expect([cpu.CPUUsed[h9], cpu.MemoryUsed[h9]]).toEqual([50, 44]);
    expect(cpu.CPUUsed.filter((v: number | null) => v === null)).toHaveLength(22);

    const temp = (await get(h, token, `/v1/device/getDeviceThermometer?SN=${d.sn.toLowerCase()}&range=day`))
      .body;
    expect([temp.Temperature[h8], temp.TemperatureMax[h8], temp.Temperature[h9]]).toEqual([51, 52, 49.5]);
  });

  it('bytes and rates come from counter differences; a reboot or a counter going back makes no spike', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 100, rxBytes: 50_000, txBytes: 20_000 });
    at(10 * SEC);
    await d.stats({ uptimeS: 110, rxBytes: 60_000, txBytes: 25_000 }); // +10 000 / +5 000 in 10 s
    at(20 * SEC);
    await d.hello({ reboot: true });
    await d.stats({ uptimeS: 5, rxBytes: 100, txBytes: 100 }); // new boot: no interval
    at(30 * SEC);
    await d.stats({ uptimeS: 15, rxBytes: 2100, txBytes: 1100 }); // +2000 / +1000
    at(40 * SEC);
    await d.stats({ uptimeS: 10, rxBytes: 50, txBytes: 50 }); // uptime went back without a hello
    at(50 * SEC);
    await d.stats({ uptimeS: 20, rxBytes: 1050, txBytes: 550 }); // +1000 / +500
    at(60 * SEC);
    await d.stats({ uptimeS: 30, rxBytes: 10, txBytes: 600 }); // rx counter went back: skipped
    at(FINE_MS);

    const flow = (await get(h, token, `/v1/device/getDeviceTotalFlow?_id=${d.id}`)).body;
    const i = slot(flow, START);
    expect([flow.RxBytes[i], flow.TxBytes[i]]).toEqual([13_000, 6500]);
    expect([flow.TotalRxBytes, flow.TotalTxBytes]).toEqual([13_000, 6500]);
    const rate = (await get(h, token, `/v1/device/getDeviceRate?_id=${d.id}`)).body;
    // 13 000 bytes over the 30 measured seconds; the fastest interval 1000 B/s.
    expect([rate.RxRate[i], rate.TxRate[i], rate.RxRateMax[i], rate.TxRateMax[i]]).toEqual([
      433, 217, 1000, 500,
    ]);
    for (const v of [...rate.RxRate, ...rate.TxRate, ...flow.RxBytes, ...flow.TxBytes]) {
      expect(v === null || v >= 0).toBe(true);
    }
  });

  it('an offline device leaves gaps, not zeros', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 100, rxBytes: 0, txBytes: 0, cpuPct: 5, clients: 2 });
    at(10 * SEC);
    await d.stats({ uptimeS: 110, rxBytes: 1000, txBytes: 1000, cpuPct: 5, clients: 2 });
    await d.goOffline();
    // Back three hours later with the same boot: the counters moved meanwhile, unmeasured.
    at(3 * HOUR_MS);
    await d.hello();
    await d.stats({
      uptimeS: 100 + 3 * 3600,
      rxBytes: 900_000_000,
      txBytes: 900_000_000,
      cpuPct: 7,
      clients: 1,
    });
    at(3 * HOUR_MS + FINE_MS);

    const flow = (await get(h, token, `/v1/device/getDeviceTotalFlow?_id=${d.id}`)).body;
    const cpu = (await get(h, token, `/v1/device/getcpu?_id=${d.id}`)).body;
    const clients = (await get(h, token, `/v1/device/reclcount?_id=${d.id}`)).body;
    const [h8, h9, h10, h11] = [0, 1, 2, 3].map((k) => slot(cpu, START + k * HOUR_MS)) as [
      number,
      number,
      number,
      number,
    ];
    expect([cpu.CPUUsed[h8], cpu.CPUUsed[h9], cpu.CPUUsed[h10], cpu.CPUUsed[h11]]).toEqual([
      5,
      null,
      null,
      7,
    ]);
    expect([flow.RxBytes[h8], flow.RxBytes[h9], flow.RxBytes[h10], flow.RxBytes[h11]]).toEqual([
      1000,
      null,
      null,
      null,
    ]);
    expect([clients.HourNumber[h8], clients.HourNumber[h9], clients.HourNumber[h11]]).toEqual([2, null, 1]);
  });
});

describe('roll-ups and retention', () => {
  it('rolls 5-minute spans into hours and days, keeps the charts, and deletes what retention drops', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, cpuPct: 10 });
    at(10 * SEC);
    await d.stats({ uptimeS: 20, rxBytes: 4000, txBytes: 2000, cpuPct: 30 });
    at(6 * 60 * SEC);
    await d.stats({ uptimeS: 380, rxBytes: 4000, txBytes: 2000, cpuPct: 20 });

    // Within the grace after 09:00 the 08:00 hour is not rolled up yet.
    at(HOUR_MS + 2 * 60 * SEC);
    await h.services.telemetry.maintain();
    expect(await count('telemetry_1h')).toBe(0);
    at(HOUR_MS + 20 * 60 * SEC);
    await h.services.telemetry.maintain();
    await h.services.telemetry.maintain(); // a second pass adds nothing
    expect([
      await count('telemetry_5m'),
      await count('telemetry_1h'),
      await count('telemetry_fleet_1h'),
    ]).toEqual([2, 1, 1]);
    const cpu = (await get(h, token, `/v1/device/getcpu?_id=${d.id}`)).body;
    expect([cpu.CPUUsed[slot(cpu, START)], cpu.CPUMax[slot(cpu, START)]]).toEqual([20, 30]);

    // Three days on: the fine rows are gone, the day is rolled up; the week still shows it.
    at(3 * DAY_MS);
    await h.services.telemetry.maintain();
    expect([
      await count('telemetry_5m'),
      await count('telemetry_1h'),
      await count('telemetry_1d'),
      await count('telemetry_fleet_1h'),
    ]).toEqual([0, 1, 1, 1]);
    const week = (await get(h, token, `/v1/device/getcpu?_id=${d.id}&range=week`)).body;
    expect(week.Time).toHaveLength(7);
    expect(week.CPUUsed[slot(week, Date.UTC(2026, 10, 21))]).toBe(20);
    const month = (await get(h, token, `/v1/device/getDeviceTotalFlow?_id=${d.id}&range=month`)).body;
    expect(month.Time).toHaveLength(30);
    expect(month.RxBytes[20]).toBe(4000);
    expect(month.TotalRxBytes).toBe(4000);
    const day = (await get(h, token, `/v1/device/getcpu?_id=${d.id}`)).body;
    expect(day.CPUUsed.every((v: number | null) => v === null)).toBe(true);

    // Past 40 days the hours go, and the fleet's hours with them; the day row stays (400 days).
    at(45 * DAY_MS);
    await h.services.telemetry.maintain();
    expect([
      await count('telemetry_1h'),
      await count('telemetry_fleet_1h'),
      await count('telemetry_1d'),
    ]).toEqual([0, 0, 1]);
    at(401 * DAY_MS);
    await h.services.telemetry.maintain();
    expect(await count('telemetry_1d')).toBe(0);
  });

  it('run as the recurring job telemetry.rollup every 5 minutes, once for a stretch the server was down', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, cpuPct: 10 });
    at(10 * SEC);
    await d.stats({ uptimeS: 20, rxBytes: 4000, txBytes: 2000, cpuPct: 30 });
    // Declared at start: the first slot after 08:00:10 is 08:05 (UTC).
    await h.services.jobs.runDue();
    const schedule = await h.store.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', ROLLUP_JOB)
      .executeTakeFirstOrThrow();
    expect(schedule).toMatchObject({ cron: '*/5 * * * *', time_zone: 'UTC', next_at: START + FINE_MS });

    // Hours later: one run rolls the finished hours up, then the schedule goes on from now.
    at(3 * HOUR_MS + 7 * 60 * SEC);
    await h.services.jobs.runDue();
    expect(await count('telemetry_1h')).toBe(1);
    const runs = await h.store.db
      .selectFrom('job_runs')
      .select(['status', 'run_at'])
      .where('name', '=', ROLLUP_JOB)
      .execute();
    expect(runs).toEqual([{ status: 'done', run_at: START + FINE_MS }]);
    const next = await h.store.db
      .selectFrom('job_schedules')
      .select('next_at')
      .where('name', '=', ROLLUP_JOB)
      .executeTakeFirstOrThrow();
    expect(next.next_at).toBe(START + 3 * HOUR_MS + 10 * 60 * SEC);
  });

  it('week and month days are those of the caller’s calendar (tz, minutes east of UTC)', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, cpuPct: 40 });
    // Now 10:05 UTC: 18:05 on the 21st in Beijing, 01:05 on the 21st in Alaska (UTC-9), where the
    // sample (08:00 UTC) was taken at 23:00 on the 20th.
    at(2 * HOUR_MS + FINE_MS);
    const cn = (await get(h, token, `/v1/device/getcpu?_id=${d.id}&range=week&tz=480`)).body;
    expect(cn.Time.at(-1)).toBe(Date.UTC(2026, 10, 20, 16));
    expect(cn.CPUUsed.at(-1)).toBe(40);
    const ak = (await get(h, token, `/v1/device/getcpu?_id=${d.id}&range=week&tz=-540`)).body;
    expect(ak.Time.at(-1)).toBe(Date.UTC(2026, 10, 21, 9));
    expect(ak.CPUUsed.at(-1)).toBeNull();
    expect(ak.CPUUsed.at(-2)).toBe(40);
  });
});

describe('fleet hours (telemetry_fleet_1h)', () => {
  const base = { rxBytes: 0, txBytes: 0 };
  /** The hours the devices below report in: 08:00, 09:00, 10:00. */
  const HOURS = [START, START + HOUR_MS, START + 2 * HOUR_MS];

  /**
   * Tenant A: an AP, a switch and a controller; tenant B: an AP. By hand, per hour:
   * - 08:00: A's AP 2, 4 and 8 clients over two 5-minute spans (average 14/3), the switch 3 once,
   *   the controller 50 (its APs' clients again: left out): A 7.67 → 7.7, one AP. B's AP 1, 0, 0, 0
   *   (0.25 → 0.3), one AP. The administrator 7.67 + 0.25 = 7.92 → 7.9 (not 7.7 + 0.3), two APs.
   * - 09:00: A's switch 6 and controller 40: A 6 clients and no AP (no figure); B nothing.
   * - 10:00: A's controller alone (no figure at all); B's AP 2.
   */
  async function twoTenants() {
    const a = await signIn(h, 'acme');
    const b = await signIn(h, 'beta');
    const admin = await signInAdmin(h);
    const ap = await TestDevice.add(h, a.token, 2, 'A1');
    const sw = await TestDevice.add(h, a.token, 3, 'B1');
    const ac = await TestDevice.add(h, a.token, 1, 'C3');
    const bAp = await TestDevice.add(h, b.token, 2, 'A1');
    await ap.stats({ ...base, uptimeS: 10, clients: 2 });
    await sw.stats({ ...base, uptimeS: 10, clients: 3 });
    await ac.stats({ ...base, uptimeS: 10, clients: 50 });
    await bAp.stats({ ...base, uptimeS: 10, clients: 1 });
    for (const [k, clients] of [0, 0, 0].entries()) {
      at((k + 1) * 10 * SEC);
      await bAp.stats({ ...base, uptimeS: 20 + k * 10, clients });
    }
    await ap.stats({ ...base, uptimeS: 40, clients: 4 });
    at(6 * 60 * SEC);
    await ap.stats({ ...base, uptimeS: 370, clients: 8 });
    at(HOUR_MS + 10 * SEC);
    await sw.stats({ ...base, uptimeS: 3610, clients: 6 });
    await ac.stats({ ...base, uptimeS: 3610, clients: 40 });
    at(2 * HOUR_MS + 10 * SEC);
    await ac.stats({ ...base, uptimeS: 7210, clients: 30 });
    await bAp.stats({ ...base, uptimeS: 7210, clients: 2 });
    return { a, b, admin };
  }

  const HAND_COUNTED = {
    A: { reclcount: [7.7, 6, null], reapcount: [1, null, null] },
    B: { reclcount: [0.3, null, 2], reapcount: [1, null, 1] },
    admin: { reclcount: [7.9, 6, 2], reapcount: [2, null, 1] },
  };

  /** Each caller's reclcount and reapcount at 08:00, 09:00 and 10:00, and their week replies. */
  async function figures(tokens: { A: string; B: string; admin: string }) {
    const hours: Record<string, Record<string, (number | null)[]>> = {};
    const weeks: Record<string, unknown> = {};
    for (const [who, token] of Object.entries(tokens)) {
      hours[who] = {};
      for (const call of ['reclcount', 'reapcount']) {
        const day = (await get(h, token, `/v1/device/${call}`)).body;
        hours[who][call] = HOURS.map((t) => day.HourNumber[slot(day, t)]);
        weeks[`${who} ${call}`] = (await get(h, token, `/v1/device/${call}?range=week`)).body;
      }
    }
    return { hours, weeks };
  }

  /** The fleet rows as `tenant hour aps clients` (clients to 6 places: sums may differ in the last bits). */
  async function fleetRows(tenants: { A: string; B: string }) {
    const rows = await h.store.db.selectFrom('telemetry_fleet_1h').selectAll().execute();
    const name = (id: string | null) => (id === tenants.A ? 'A' : id === tenants.B ? 'B' : String(id));
    return rows
      .map((r) => {
        const hour = new Date(Number(r.bucket)).toISOString().slice(11, 16);
        return `${name(r.tenant_id)} ${hour} ${r.aps} ${Number(r.clients).toFixed(6)}`;
      })
      .sort();
  }

  it('reclcount and reapcount: the same hand-counted figures before and after the roll-up; tenants apart, the administrator both', async () => {
    const { a, b, admin } = await twoTenants();
    const tokens = { A: a.token, B: b.token, admin };
    at(2 * HOUR_MS + FINE_MS);
    // Nothing rolled up yet: every hour is counted per device from the 5-minute rows.
    expect(await count('telemetry_fleet_1h')).toBe(0);
    const before = await figures(tokens);
    expect(before.hours).toEqual(HAND_COUNTED);

    at(3 * HOUR_MS + 20 * 60 * SEC);
    await h.services.telemetry.maintain();
    // A row per tenant and hour in which a device other than a controller reported.
    expect(await fleetRows({ A: a.tenant.id, B: b.tenant.id })).toEqual([
      'A 08:00 1 7.666667',
      'A 09:00 0 6.000000',
      'B 08:00 1 0.250000',
      'B 10:00 1 2.000000',
    ]);
    const after = await figures(tokens);
    expect(after).toEqual(before);

    // The rolled-up hours are the fleet rows' alone: without the devices' hour rows nothing changes.
    await h.store.db.deleteFrom('telemetry_1h').execute();
    expect((await figures(tokens)).hours).toEqual(HAND_COUNTED);
  });

  it('migration 0031 fills the table from the hour rows already rolled up, as the roll-up writes it', async () => {
    const { a, b, admin } = await twoTenants();
    const tenants = { A: a.tenant.id, B: b.tenant.id };
    at(3 * HOUR_MS + 20 * 60 * SEC);
    await h.services.telemetry.maintain();
    const written = await fleetRows(tenants);
    expect(written).toHaveLength(4);
    await fleetMigration.down(h.store.db);
    await fleetMigration.up(h.store.db);
    expect(await fleetRows(tenants)).toEqual(written);
    expect((await figures({ A: a.token, B: b.token, admin })).hours).toEqual(HAND_COUNTED);
  });
});

describe("networks' spans (telemetry_net_5m)", () => {
  const MIN = 60 * SEC;

  it('each flush adds the gateways’ and access points’ bytes of a network per span; switches, devices outside a network and tenants apart; a moved device counts where it was; retention with the fine rows', async () => {
    const a = await signIn(h, 'acme');
    const b = await signIn(h, 'beta');
    const n1 = await createNetwork(h, a.token, 'Office');
    const n2 = await createNetwork(h, a.token, 'Shop');
    const nb = await createNetwork(h, b.token, 'Beta');
    const r = await TestDevice.add(h, a.token, 4, 'C1');
    const p1 = await TestDevice.add(h, a.token, 2, 'A1');
    const p2 = await TestDevice.add(h, a.token, 2, 'A1');
    const sw = await TestDevice.add(h, a.token, 3, 'B1');
    const q = await TestDevice.add(h, a.token, 2, 'A1');
    const sw2 = await TestDevice.add(h, a.token, 3, 'B1');
    const outside = await TestDevice.add(h, a.token, 2, 'A1');
    const bp = await TestDevice.add(h, b.token, 2, 'A1');
    const bsw = await TestDevice.add(h, b.token, 3, 'B1');
    await placeDevices(h, a.token, n1, {
      gateWayList: [r.id],
      mainList: [r.id],
      apList: [p1.id, p2.id],
      switchList: [sw.id],
    });
    await placeDevices(h, a.token, n2, { mainList: [sw2.id], switchList: [sw2.id], apList: [q.id] });
    await placeDevices(h, b.token, nb, { mainList: [bsw.id], switchList: [bsw.id], apList: [bp.id] });
    const names = new Map([
      [n1, 'Office'],
      [n2, 'Shop'],
      [nb, 'Beta'],
      [a.tenant.id, 'A'],
      [b.tenant.id, 'B'],
    ]);
    /** The rows as `network type HH:MM tx rx tenant`. */
    const rowsOf = (
      list: {
        bucket: unknown;
        network_id: string;
        type: unknown;
        tenant_id: string;
        tx: unknown;
        rx: unknown;
      }[],
    ) =>
      list
        .map((x) => {
          const hhmm = new Date(Number(x.bucket)).toISOString().slice(11, 16);
          return `${names.get(x.network_id)} ${Number(x.type)} ${hhmm} ${Number(x.tx)} ${Number(x.rx)} ${names.get(x.tenant_id)}`;
        })
        .sort();
    const written = async () =>
      rowsOf(
        await h.store.db
          .selectFrom('telemetry_net_5m')
          .select(['bucket', 'network_id', 'type', 'tenant_id', 'tx_bytes as tx', 'rx_bytes as rx'])
          .execute(),
      );

    const all = [r, p1, p2, sw, q, sw2, outside, bp, bsw];
    for (const d of all) await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0 });
    at(10 * SEC);
    const bytes: [TestDevice, number, number][] = [
      [r, 1000, 500],
      [p1, 300, 100],
      [p2, 200, 50],
      [sw, 9999, 9999],
      [q, 70, 30],
      [sw2, 8888, 8888],
      [outside, 5, 5],
      [bp, 40, 20],
      [bsw, 7777, 7777],
    ];
    for (const [d, rx, tx] of bytes) await d.stats({ uptimeS: 20, rxBytes: rx, txBytes: tx });
    at(5 * MIN + 20 * SEC);
    await h.services.telemetry.flush();
    // By hand: the office's router and its two APs apart, the shop's AP, beta's AP; no switch, and
    // nothing of the AP outside any network.
    const first = [
      'Beta 2 08:00 20 40 B',
      'Office 2 08:00 150 500 A',
      'Office 4 08:00 500 1000 A',
      'Shop 2 08:00 30 70 A',
    ];
    expect(await written()).toEqual(first);

    // A shutdown writes P1's open span, the next process closes it: two device rows of one span,
    // one network row holding both.
    const reporter = { id: p1.id, tenantId: a.tenant.id, type: 2, bootId: p1.bootId };
    const stats = (uptimeS: number, rxBytes: number, txBytes: number) =>
      statsMessage.parse({ v: 1, ts: h.clock.now, seq: 1, uptimeS, rxBytes, txBytes, clients: 0 });
    at(10 * MIN + 10 * SEC);
    const before = new TelemetryIngest(h.store.db, () => h.clock.now, h.app.log);
    before.addStats(reporter, stats(610, 300, 100), h.clock.now);
    at(10 * MIN + 20 * SEC);
    before.addStats(reporter, stats(620, 1300, 600), h.clock.now);
    await before.flush(true);
    at(11 * MIN);
    const after = new TelemetryIngest(h.store.db, () => h.clock.now, h.app.log);
    after.addStats(reporter, stats(660, 1500, 700), h.clock.now);
    at(15 * MIN + 10 * SEC);
    await after.flush();
    const deviceRows = await h.store.db
      .selectFrom('telemetry_5m')
      .select(['tx_bytes', 'rx_bytes'])
      .where('device_id', '=', p1.id)
      .where('bucket', '=', START + 10 * MIN)
      .execute();
    expect(deviceRows.map((x) => [Number(x.tx_bytes), Number(x.rx_bytes)]).sort()).toEqual([
      [100, 200],
      [500, 1000],
    ]);
    expect(await written()).toEqual([...first, 'Office 2 08:10 600 1200 A'].sort());

    // Migration 0034 sums the same rows from the devices' spans (none has moved yet).
    const fromDevices = await written();
    await netSpansMigration.down(h.store.db);
    await netSpansMigration.up(h.store.db);
    expect(await written()).toEqual(fromDevices);

    // The shop closes and its AP moves to the office: what it moved before stays the shop's, what
    // follows is the office's.
    const closed = await h.app.inject({
      method: 'DELETE',
      url: '/v1/network/delNet',
      headers: bearer(a.token),
      payload: { _id: n2 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await placeDevices(h, a.token, n1, { apList: [q.id] });
    at(20 * MIN + 10 * SEC);
    await q.stats({ uptimeS: 1210, rxBytes: 70, txBytes: 30 });
    at(20 * MIN + 20 * SEC);
    await q.stats({ uptimeS: 1220, rxBytes: 170, txBytes: 80 });
    at(25 * MIN + 30 * SEC);
    await h.services.telemetry.flush();
    const moved = await written();
    expect(moved).toContain('Shop 2 08:00 30 70 A');
    expect(moved).toContain('Office 2 08:20 50 100 A');
    expect(moved.filter((x) => x.includes(' 08:20 '))).toEqual(['Office 2 08:20 50 100 A']);

    // Rolled up, the spans stay as long as the devices' 5-minute rows; then both go.
    at(HOUR_MS + 20 * MIN);
    await h.services.telemetry.maintain();
    expect(await count('telemetry_net_5m')).toBe(moved.length);
    at(3 * DAY_MS);
    await h.services.telemetry.maintain();
    expect([await count('telemetry_5m'), await count('telemetry_net_5m')]).toEqual([0, 0]);
  });
});

describe('the other device calls', () => {
  it('getDevicePower, getPortInfo: PoE budget and delivery, the latest port table', async () => {
    const { token } = await signIn(h, 'acme');
    const sw = await TestDevice.add(h, token, 3, 'B1');
    await sw.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, clients: 3, poe: { budgetW: 120, usedW: 30 } });
    at(10 * SEC);
    await sw.stats({ uptimeS: 20, rxBytes: 0, txBytes: 0, clients: 3, poe: { budgetW: 120, usedW: 40 } });
    const port = (n: number, up: boolean, poe?: object) => ({
      port: n,
      enabled: true,
      up,
      speedMbps: up ? 1000 : null,
      duplex: up ? 'full' : null,
      rxBytes: n * 100,
      txBytes: n * 50,
      ...(poe ? { poe } : {}),
    });
    await sw.ports({
      ports: [
        port(1, true, { enabled: true, status: 'delivering', powerW: 12.5, class: 4 }),
        port(2, false, { enabled: true, status: 'searching', powerW: 0 }),
        { ...port(3, true), uplink: true, media: 'fiber' },
      ],
      poe: { budgetW: 120, usedW: 12.5 },
    });
    at(FINE_MS);

    const power = (await get(h, token, `/v1/device/getDevicePower?_id=${sw.id}`)).body;
    const i = slot(power, START);
    expect([power.PowerBudget[i], power.PowerDelivered[i], power.PowerDeliveredMax[i]]).toEqual([
      120, 35, 40,
    ]);
    const ports = (await get(h, token, `/v1/device/getPortInfo?_id=${sw.id}`)).body;
    expect(ports).toMatchObject({
      Online: true,
      ReportTime: START + 10 * SEC,
      PowerBudget: 120,
      PowerDelivered: 12.5,
    });
    expect(ports.list).toEqual([
      {
        Port: 1,
        Name: null,
        Enabled: true,
        Up: true,
        Speed: 1000,
        Duplex: 'full',
        Media: null,
        Uplink: false,
        RxBytes: 100,
        TxBytes: 50,
        Poe: { Enabled: true, Status: 'delivering', Power: 12.5, Class: 4 },
      },
      expect.objectContaining({
        Port: 2,
        Up: false,
        Speed: null,
        Poe: expect.objectContaining({ Status: 'searching' }),
      }),
      expect.objectContaining({ Port: 3, Uplink: true, Media: 'fiber', Poe: null }),
    ]);
  });

  it('getapconfig: radios as the AP reported them, with their clients and utilisation', async () => {
    const { token } = await signIn(h, 'acme');
    const ap = await TestDevice.add(h, token);
    const empty = (await get(h, token, `/v1/device/getapconfig?_id=${ap.id}`)).body;
    expect(empty).toMatchObject({ ReportTime: null, Radios: [], Wan: [], ConfigData: null });
    await ap.state({
      config: { id: 'cfg-1', revision: 3 },
      radios: [
        {
          band: '2.4',
          enabled: true,
          channel: 6,
          widthMhz: 20,
          txPowerDbm: 18,
          channelMode: 'auto',
          noiseFloorDbm: -95,
        },
        { band: '5', enabled: true, channel: 36, widthMhz: 80, txPowerDbm: 21, channelMode: 'manual' },
      ],
    });
    await ap.stats({
      uptimeS: 10,
      rxBytes: 0,
      txBytes: 0,
      clients: 5,
      radios: [{ band: '2.4', clients: 2, rxBytes: 0, txBytes: 0, utilPct: 23.5 }],
    });
    const cfg = (await get(h, token, `/v1/device/getapconfig?SN=${ap.sn}`)).body;
    expect(cfg).toMatchObject({
      Online: true,
      ReportTime: START,
      IPMode: 'dhcp',
      ConfigData: { Id: 'cfg-1', Revision: 3 },
    });
    expect(cfg.Radios).toEqual([
      {
        Band: '2.4',
        Enabled: true,
        Channel: 6,
        Width: 20,
        TxPower: 18,
        CAType: 'auto',
        BaseRssi: -95,
        Clients: 2,
        Utilization: 23.5,
        Bssids: [],
      },
      {
        Band: '5',
        Enabled: true,
        Channel: 36,
        Width: 80,
        TxPower: 21,
        CAType: 'manual',
        BaseRssi: null,
        Clients: null,
        Utilization: null,
        Bssids: [],
      },
    ]);
  });

  it('getDeviceUsage and getspeed: the last figures while online, unknown once offline', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({
      uptimeS: 100,
      rxBytes: 0,
      txBytes: 0,
      cpuPct: 12,
      memPct: 25,
      memTotalKB: 262_144,
      tempC: 48,
      clients: 4,
    });
    at(10 * SEC);
    await d.stats({
      uptimeS: 110,
      rxBytes: 20_000,
      txBytes: 10_000,
      cpuPct: 14,
      memPct: 25,
      memTotalKB: 262_144,
      tempC: 48,
      clients: 4,
    });
    const usage = (await get(h, token, `/v1/device/getDeviceUsage?_id=${d.id}`)).body;
    expect(usage).toEqual({
      _id: d.id,
      SN: d.sn,
      Online: true,
      ReportTime: START + 10 * SEC,
      CPUUsed: 14,
      MemoryUsed: 25,
      MemoryTotal: 262_144 * 1024,
      MemoryUsedBytes: 67_108_864,
      Temperature: 48,
      Clients: 4,
      PowerBudget: null,
      PowerDelivered: null,
      UpTime: 110,
    });
    at(FINE_MS);
    const speed = (await get(h, token, `/v1/device/getspeed?_id=${d.id}`)).body;
    expect(speed).toMatchObject({
      Online: true,
      RxRate: 2000,
      TxRate: 1000,
      RxRateAvg: 2000,
      RxRateMax: 2000,
      TxRateMax: 1000,
    });

    await d.goOffline();
    const off = (await get(h, token, `/v1/device/getDeviceUsage?_id=${d.id}`)).body;
    expect(off).toMatchObject({
      Online: false,
      ReportTime: START + 10 * SEC,
      CPUUsed: null,
      MemoryUsed: null,
      Clients: null,
      UpTime: null,
    });
    const offSpeed = (await get(h, token, `/v1/device/getspeed?_id=${d.id}`)).body;
    expect(offSpeed).toMatchObject({ Online: false, RxRate: null, TxRate: null, RxRateAvg: 2000 });
  });

  it('reapcount and reclcount: access points and clients per hour over the fleet', async () => {
    const { token } = await signIn(h, 'acme');
    const ap1 = await TestDevice.add(h, token);
    const ap2 = await TestDevice.add(h, token, 2, 'A2');
    const sw = await TestDevice.add(h, token, 3, 'B1');
    const ac = await TestDevice.add(h, token, 1, 'C3');
    const base = { rxBytes: 0, txBytes: 0 };
    await ap1.stats({ ...base, uptimeS: 10, clients: 4 });
    await ap2.stats({ ...base, uptimeS: 10, clients: 5 });
    await sw.stats({ ...base, uptimeS: 10, clients: 2 });
    await ac.stats({ ...base, uptimeS: 10, clients: 9 }); // its APs' clients: not counted again
    at(10 * SEC);
    await ap2.stats({ ...base, uptimeS: 20, clients: 7 });
    at(HOUR_MS);
    await ap1.stats({ ...base, uptimeS: 3600, clients: 1 });
    at(HOUR_MS + FINE_MS);

    const aps = (await get(h, token, '/v1/device/reapcount')).body;
    expect(aps).toMatchObject({ _id: null, SN: null, Range: 'day' });
    expect(aps.Time).toHaveLength(24);
    expect([aps.HourNumber[slot(aps, START)], aps.HourNumber[slot(aps, START + HOUR_MS)]]).toEqual([2, 1]);
    expect(aps.HourNumber[0]).toBeNull();
    const users = (await get(h, token, '/v1/device/reclcount')).body;
    expect([users.HourNumber[slot(users, START)], users.HourNumber[slot(users, START + HOUR_MS)]]).toEqual([
      12, 1,
    ]);

    // Rolled up, the same figures come from the hourly rows.
    at(3 * HOUR_MS);
    await h.services.telemetry.maintain();
    const again = (await get(h, token, '/v1/device/reclcount')).body;
    expect(again.HourNumber[slot(again, START)]).toBe(12);
    const week = (await get(h, token, '/v1/device/reapcount?range=week')).body;
    expect(week.HourNumber.at(-1)).toBe(2);
  });

  it('getDevMode, getDevModeList, getBroURL', async () => {
    const { token } = await signIn(h, 'acme');
    await TestDevice.add(h, token, 2, 'A1');
    await TestDevice.add(h, token, 2, 'A1');
    const sw = await TestDevice.add(h, token, 3, 'B2');
    await sw.goOffline();
    const modes = (await get(h, token, '/v1/device/getDevMode')).body;
    expect(modes.list).toEqual([
      { Model: 'A1', Type: 2, Total: 2, Online: 2 },
      { Model: 'B2', Type: 3, Total: 1, Online: 0 },
    ]);
    expect((await get(h, token, '/v1/device/getDevMode?Type=3')).body.list).toHaveLength(1);
    const catalogue = (await get(h, token, '/v1/device/getDevModeList')).body;
    expect(catalogue.list.map((m: { Model: string }) => m.Model)).toEqual([...DEVICE_MODELS]);
    expect((await get(h, token, '/v1/device/getDevModeList?Type=3')).body.list).toEqual([
      { Model: 'B1', Type: 3 },
      { Model: 'B2', Type: 3 },
      { Model: 'B3', Type: 3 },
    ]);
    const broker = (await get(h, token, '/v1/device/getBroURL')).body;
    expect(broker).toEqual({ External: false, list: [`ws://localhost:${h.config.port}/mqtt`] });
  });
});

describe('tenancy', () => {
  it("another tenant's device answers 12003 on every device call; fleet counts stay apart; the administrator sees all", async () => {
    const a = await signIn(h, 'acme');
    const b = await signIn(h, 'beta');
    const admin = await signInAdmin(h);
    const d = await TestDevice.add(h, a.token);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, cpuPct: 33, clients: 3 });
    await d.ports({
      ports: [{ port: 1, enabled: true, up: true, speedMbps: 100, duplex: 'full', rxBytes: 0, txBytes: 0 }],
    });
    at(FINE_MS);
    const calls = [
      'getcpu',
      'getspeed',
      'getDeviceUsage',
      'getDeviceThermometer',
      'getDevicePower',
      'getDeviceTotalFlow',
      'getDeviceRate',
      'getPortInfo',
      'getapconfig',
      'reclcount',
    ];
    for (const call of calls) {
      for (const ref of [`_id=${d.id}`, `SN=${d.sn}`]) {
        const r = await get(h, b.token, `/v1/device/${call}?${ref}`);
        expect([call, r.status, r.body.code]).toEqual([call, 404, ErrorCode.DeviceNotExist]);
      }
      expect([call, (await get(h, admin, `/v1/device/${call}?_id=${d.id}`)).status]).toEqual([call, 200]);
    }
    const bAps = (await get(h, b.token, '/v1/device/reapcount')).body;
    expect(bAps.HourNumber.every((v: number | null) => v === null)).toBe(true);
    expect((await get(h, b.token, '/v1/device/getDevMode')).body.list).toEqual([]);
    const adminCpu = (await get(h, admin, `/v1/device/getcpu?_id=${d.id}`)).body;
    expect(adminCpu.CPUUsed[slot(adminCpu, START)]).toBe(33);
    expect((await get(h, admin, '/v1/device/reapcount')).body.HourNumber.at(-1)).toBe(1);
  });

  it('the store returns another tenant no row, and a device that changes hands keeps its history with its old tenant', async () => {
    const a = await signIn(h, 'acme');
    const b = await signIn(h, 'beta');
    const d = await TestDevice.add(h, a.token);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0, cpuPct: 20 });
    await d.ports({ ports: [] });
    at(FINE_MS);
    await h.services.telemetry.flush();
    // The open span in memory is the device's tenant's only.
    await d.stats({ uptimeS: 310, rxBytes: 0, txBytes: 0, cpuPct: 20 });
    const { ingest } = h.services.telemetry;
    expect(ingest.openSpan(d.id, a.tenant.id, false)).not.toBeNull();
    expect(ingest.openSpan(d.id, b.tenant.id, false)).toBeNull();
    expect(ingest.openSpan(d.id, null, true)).not.toBeNull();
    const scopeA = { tenantId: a.tenant.id, admin: false };
    const scopeB = { tenantId: b.tenant.id, admin: false };
    const span = [START - DAY_MS, START + DAY_MS] as const;
    expect(await deviceSeries(h.store.db, scopeA, 'telemetry_5m', d.id, ...span)).toHaveLength(1);
    expect(await deviceSeries(h.store.db, scopeB, 'telemetry_5m', d.id, ...span)).toHaveLength(0);
    expect(await deviceSeries(h.store.db, ADMIN_SCOPE, 'telemetry_5m', d.id, ...span)).toHaveLength(1);
    expect(await findLatest(h.store.db, scopeA, d.id)).toBeDefined();
    expect(await findLatest(h.store.db, scopeB, d.id)).toBeUndefined();

    // A's registration removed, B registers the device: B does not see A's samples.
    await h.app.inject({
      method: 'PUT',
      url: '/v1/device/unregister',
      headers: bearer(a.token),
      payload: { _id: d.id },
    });
    await h.app.inject({
      method: 'POST',
      url: '/v1/device/add',
      headers: { authorization: `Bearer ${b.token}` },
      payload: { SN: d.sn, MAC: d.mac },
    });
    const cpu = (await get(h, b.token, `/v1/device/getcpu?_id=${d.id}`)).body;
    expect(cpu.CPUUsed.every((v: number | null) => v === null)).toBe(true);
    expect((await get(h, b.token, `/v1/device/getPortInfo?_id=${d.id}`)).body.ReportTime).toBeNull();
  });
});

describe('a restart (docs/telemetry.md, "Kill -9")', () => {
  it('a new process reads back the open span and the counter mark; the outage is not the device away', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    await d.stats({ uptimeS: 10, rxBytes: 1000, txBytes: 500, cpuPct: 10 });
    at(60 * SEC);
    await d.stats({ uptimeS: 70, rxBytes: 7000, txBytes: 3500, cpuPct: 30 }); // +6000 / +3000
    await h.services.telemetry.flush();
    const stats = (uptimeS: number, rx: number) =>
      statsMessage.parse({
        v: 1,
        ts: h.clock.now,
        seq: 1,
        uptimeS,
        rxBytes: rx,
        txBytes: rx / 2,
        clients: 0,
      });
    const reporter = h.services.live.peek(d.sn)!;
    const clock = () => h.clock.now;

    // The process "dies" here (its memory is never written again) and a new one starts 19 minutes
    // later, in another span: the span read back is written as it was, the bytes of the outage
    // (counters ran on, same boot) go to the span of the report that reveals them.
    at(20 * 60 * SEC);
    const next = new TelemetryIngest(h.store.db, clock, h.app.log);
    at(20 * 60 * SEC + 30 * SEC);
    next.addStats(reporter, stats(70 + 1230, 7000 + 123_000), h.clock.now);
    await next.flush(true);
    const rows = async () =>
      (await deviceSeries(h.store.db, ADMIN_SCOPE, 'telemetry_5m', d.id, START, START + DAY_MS))
        .map((r) => ({
          bucket: Number(r.bucket),
          n: Number(r.n),
          rx: Number(r.rx_bytes),
          cpu: Number(r.cpu_sum),
        }))
        .sort((a, b) => a.bucket - b.bucket);
    expect(await rows()).toEqual([
      { bucket: START, n: 2, rx: 6000, cpu: 40 },
      { bucket: START + 20 * 60 * SEC, n: 1, rx: 123_000, cpu: 0 },
    ]);

    // A device that reports more than MAX_INTERVAL_S after the start was away itself: a gap.
    at(30 * 60 * SEC);
    const late = new TelemetryIngest(h.store.db, clock, h.app.log);
    at(30 * 60 * SEC + 601 * SEC);
    late.addStats(reporter, stats(1300 + 1201, 130_000 + 1_000_000), h.clock.now);
    await late.flush(true);
    expect((await rows()).at(-1)).toEqual({ bucket: START + 40 * 60 * SEC, n: 1, rx: 0, cpu: 0 });
  });
});

describe('the ingest under a burst', () => {
  it('reports past FLUSH_AT_ROWS start one flush (not one each), also after carries were read', async () => {
    const ingest = new TelemetryIngest(h.store.db, () => h.clock.now, h.app.log);
    let flushes = 0;
    const flush = ingest.flush.bind(ingest);
    ingest.flush = (all?: boolean) => {
      flushes += 1;
      return flush(all);
    };
    const m = (uptimeS: number) =>
      statsMessage.parse({ v: 1, ts: h.clock.now, seq: 1, uptimeS, rxBytes: 0, txBytes: 0, clients: 0 });
    const devices = Array.from({ length: FLUSH_AT_ROWS + 500 }, (_, i) => ({
      id: `burst-${i}`,
      tenantId: null,
      type: 2,
      bootId: 'B',
    }));
    // First reports wait for their carries; the second ones go straight to their entries.
    for (const d of devices) ingest.addStats(d, m(10), h.clock.now);
    await ingest.flush();
    const first = flushes;
    for (const d of devices) ingest.addStats(d, m(20), h.clock.now);
    await ingest.flush();
    expect([first, flushes]).toEqual([2, 4]);
    expect(ingest.tracked).toBe(devices.length);
  });
});

describe('bad queries', () => {
  it('answer with coded errors and change nothing', async () => {
    const { token } = await signIn(h, 'acme');
    const d = await TestDevice.add(h, token);
    for (const q of [`range=year`, `tz=900`, `tz=abc`, `range=`]) {
      const r = await get(h, token, `/v1/device/getcpu?_id=${d.id}&${q}`);
      expect([q, r.status, r.body.code]).toEqual([q, 400, ErrorCode.ValidationFailed]);
    }
    expect((await get(h, token, '/v1/device/reapcount?range=hour')).body.code).toBe(
      ErrorCode.ValidationFailed,
    );
    expect((await get(h, token, '/v1/device/getDevMode?Type=9')).body.code).toBe(ErrorCode.ValidationFailed);
    expect((await get(h, token, '/v1/device/getcpu')).body.code).toBe(ErrorCode.DeviceIdInvalid);
    expect((await get(h, token, '/v1/device/getPortInfo?SN=%20')).body.code).toBe(ErrorCode.DeviceIdInvalid);
    expect((await get(h, token, '/v1/device/getDeviceUsage?_id=nope')).body.code).toBe(
      ErrorCode.DeviceNotExist,
    );
    const zh = await h.app.inject({
      method: 'GET',
      url: `/v1/device/getcpu?_id=${d.id}&range=year&language=zh`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(zh.json().message).toMatch(/校验失败/);
    expect((await get(h, 'x'.repeat(32), '/v1/device/getcpu?_id=x')).status).toBe(401);
  });
});
