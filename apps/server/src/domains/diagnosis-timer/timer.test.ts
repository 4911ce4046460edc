/**
 * Timers and the built-in timed tasks through HTTP, on one harness: spec §5 validation with its
 * codes, tenant isolation (calls and store), firing at the time of day on the harness clock and
 * again the next day, and the built-ins of a new tenant. Restarts and two nodes: timer-nodes.test.ts.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_KINDS,
  ErrorCode,
  errorText,
  helloMessage,
  ON_TIME_PATHS,
  TIMERS_PER_TENANT_MAX,
  type DiagnosisRunList,
  type OnTimeTaskItem,
  type TimerItem,
  type TimerList,
} from '@netconsole/contract';
import { apiCaller, login, startHarness, type Harness } from '../../test/harness.ts';
import { seedTimerDemo } from './demo.ts';
import { claimSlot, deleteTimer, findTimer, pageTimers, updateTimer } from './store.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const { call, read, signIn, admin } = apiCaller(() => h);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let seq = 1;
/** A registered AP that said hello (online), as the gateway leaves it. */
async function device(token: string, sn: string, online = true): Promise<string> {
  const mac = createHash('sha256').update(sn).digest('hex').slice(0, 12).toUpperCase();
  const r = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
    SN: sn,
    MAC: mac,
    Alias: `ap ${sn}`,
    Type: 2,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  if (online) {
    speaking.set(sn, mac);
    await hello(sn, mac);
  }
  return r.body._id;
}

/**
 * The devices brought online, which keep speaking when the clock jumps: a silent one goes offline
 * at the next silence sweep (a timer), which on a busy machine fell between a jump and its firing.
 */
const speaking = new Map<string, string>();

/** A device's hello at the clock's time. */
async function hello(sn: string, mac: string): Promise<void> {
  await h.services.live.hello(
    sn,
    helloMessage.parse({
      v: 1,
      ts: h.clock.now,
      seq: seq++,
      bootId: `BOOT${sn}`,
      session: `S${sn}`,
      type: 2,
      model: 'A1',
      hwVersion: 'HW1.0',
      fwVersion: 'v2.00.002',
      mac,
      ip: '10.1.1.9',
      uptimeS: 5,
      bootReason: 'power_on',
      capabilities: { commands: [...COMMAND_KINDS], diagnosis: [1, 2] },
    }),
    h.clock.now,
  );
  await h.services.live.flush();
}

/** Moves the clock to `at`, the online devices speaking then, and runs what came due (the firings). */
async function at(time: number) {
  h.clock.now = time;
  for (const [sn, mac] of speaking) await hello(sn, mac);
  await h.services.jobs.runDue(time);
}

/** A fresh session of the tenant's owner: sessions last minutes, and the tests move the clock days. */
const sessions = new Map<string, { token: string; at: number }>();
async function tokenOf(prefix: string): Promise<string> {
  const s = sessions.get(prefix);
  if (s && s.at === h.clock.now) return s.token;
  const token = (await login(h, `${prefix}own`)).body.Token;
  sessions.set(prefix, { token, at: h.clock.now });
  return token;
}

const runsOf = async (token: string, timerId: string) =>
  (await read<DiagnosisRunList>(token, 'GET', `/v1/diagnose/getAllIssued?TimerId=${timerId}&limit=50`)).list;

describe('timers', () => {
  let a: { token: string; tenant: { id: string } };
  let b: { token: string; tenant: { id: string } };
  let apA: string;
  let apB: string;
  const valid = () => ({
    Name: 'Nightly ping',
    Descr: 'to the probes',
    Data: { Hour: 3, Minute: 15, Second: 0 },
    Status: 0,
    TimeZone: 'Asia/Shanghai',
    Devices: [apA],
    Targets: ['www.baidu.com', '8.8.8.8'],
    Count: 4,
    Size: 56,
  });

  beforeAll(async () => {
    a = await signIn('tma');
    b = await signIn('tmb');
    apA = await device(await tokenOf('tma'), 'TMA0000001');
    apB = await device(await tokenOf('tmb'), 'TMB0000001');
  });

  it('refuses what spec §5 refuses, each with its code, and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, number][] = [
      ['no name', { Name: '' }, ErrorCode.TimerNameRequired],
      ['blank name', { Name: '   ' }, ErrorCode.TimerNameRequired],
      ['long name', { Name: 'x'.repeat(65) }, ErrorCode.TimerNameRequired],
      ['no time', { Data: undefined }, ErrorCode.TimerTimeInvalid],
      ['hour 24', { Data: { Hour: 24, Minute: 0, Second: 0 } }, ErrorCode.TimerTimeInvalid],
      ['minute 60', { Data: { Hour: 1, Minute: 60, Second: 0 } }, ErrorCode.TimerTimeInvalid],
      ['second -1', { Data: { Hour: 1, Minute: 0, Second: -1 } }, ErrorCode.TimerTimeInvalid],
      ['half an hour', { Data: { Hour: 1.5, Minute: 0, Second: 0 } }, ErrorCode.TimerTimeInvalid],
      ['no device', { Devices: [] }, ErrorCode.TimerDevicesRequired],
      ['devices missing', { Devices: undefined }, ErrorCode.TimerDevicesRequired],
      [
        '201 devices',
        { Devices: Array.from({ length: 201 }, (_, i) => `d${i}`) },
        ErrorCode.TimerDevicesRequired,
      ],
      ['no target', { Targets: [] }, ErrorCode.TimerTargetsRequired],
      ['bad domain', { Targets: ['not a domain'] }, ErrorCode.TimerTargetInvalid],
      [
        '11 targets',
        { Targets: Array.from({ length: 11 }, (_, i) => `10.0.0.${i}`) },
        ErrorCode.TimerTargetInvalid,
      ],
      ['count 31', { Count: 31 }, ErrorCode.TimerCountInvalid],
      ['count 0', { Count: 0 }, ErrorCode.TimerCountInvalid],
      ['size 1465', { Size: 1465 }, ErrorCode.TimerSizeInvalid],
      ['size 15', { Size: 15 }, ErrorCode.TimerSizeInvalid],
      ['unknown zone', { TimeZone: 'Mars/Olympus' }, ErrorCode.TimerTimeZoneInvalid],
      ['status 2', { Status: 2 }, ErrorCode.TimerStatusInvalid],
      ['kind', { Kind: 'wifi' }, ErrorCode.TimerKindInvalid],
      ['type 3', { Type: 3 }, ErrorCode.TimerTypeInvalid],
      ['long description', { Descr: 'x'.repeat(201) }, ErrorCode.TimerDescrTooLong],
      ['portal, nothing to check', { Kind: 'portal', Targets: [] }, ErrorCode.TimerTargetsRequired],
      [
        'portal, ftp',
        { Kind: 'portal', PortalUrl: 'ftp://portal.example.com/' },
        ErrorCode.TimerPortalUrlInvalid,
      ],
      [
        'radius port',
        { Kind: 'portal', Radius: [{ Host: '10.0.0.1', AuthPort: 70000 }] },
        ErrorCode.TimerRadiusInvalid,
      ],
      ["another tenant's device", { Devices: [apB] }, ErrorCode.TimerDeviceNotExist],
      ['unknown device', { Devices: ['no-such-device'] }, ErrorCode.TimerDeviceNotExist],
      ['unknown timer', { _id: 'no-such-timer' }, ErrorCode.TimerNotFound],
    ];
    for (const [name, change, code] of cases) {
      const r = await call(await tokenOf('tma'), 'POST', '/v1/diagnose/addTimer', { ...valid(), ...change });
      expect(r.body.code, name).toBe(code);
      const missing = code === ErrorCode.TimerNotFound || code === ErrorCode.TimerDeviceNotExist;
      expect(r.status, name).toBe(missing ? 404 : 400);
    }
    const zh = await call(
      await tokenOf('tma'),
      'POST',
      '/v1/diagnose/addTimer',
      { ...valid(), Count: 31 },
      'zh',
    );
    expect(zh.body.message).toBe(errorText(ErrorCode.TimerCountInvalid, 'zh'));
    expect((await read<TimerList>(await tokenOf('tma'), 'GET', '/v1/diagnose/getTimerIssued')).count).toBe(0);
    expect((await h.services.jobs.history({ name: 'diagnosis-timer.fire', limit: 10, page: 1 })).count).toBe(
      0,
    );
  });

  it('creates, lists, changes and removes; another tenant sees and touches none of it', async () => {
    const made = await call<TimerItem>(await tokenOf('tma'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      Targets: ['www.baidu.com', 'www.baidu.com', '8.8.8.8'],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      Name: 'Nightly ping',
      Data: { Hour: 3, Minute: 15, Second: 0 },
      Status: 0,
      Kind: 'network',
      Type: 1,
      Targets: ['www.baidu.com', '8.8.8.8'],
      Devices: [apA],
      NextRun: null,
      LastRun: null,
      CreatorName: 'tmaown',
    });
    const id = made.body._id;

    // Enabled: the next 03:15:00 in Shanghai (UTC+8) after the clock's 2026-11-21 08:00 UTC.
    const on = await read<TimerItem>(await tokenOf('tma'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      _id: id,
      Status: 1,
    });
    expect(on).toMatchObject({ _id: id, Status: 1, NextRun: Date.UTC(2026, 10, 21, 19, 15, 0) });
    // Another zone, another instant.
    const utc = await read<TimerItem>(await tokenOf('tma'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      _id: id,
      Status: 1,
      TimeZone: 'UTC',
    });
    expect(utc.NextRun).toBe(Date.UTC(2026, 10, 22, 3, 15, 0));

    const listA = await read<TimerList>(
      await tokenOf('tma'),
      'GET',
      '/v1/diagnose/getTimerIssued?search=NIGHTLY',
    );
    expect(listA.list.map((t) => t._id)).toEqual([id]);
    expect(
      (await read<TimerList>(await tokenOf('tma'), 'GET', '/v1/diagnose/getTimerIssued?search=zzz')).count,
    ).toBe(0);
    expect((await read<TimerList>(await tokenOf('tmb'), 'GET', '/v1/diagnose/getTimerIssued')).count).toBe(0);
    expect(
      (await read<TimerList>(await tokenOf('tmb'), 'GET', `/v1/diagnose/getTimerIssued?_id=${id}`)).count,
    ).toBe(0);
    const steal = await call(await tokenOf('tmb'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      Devices: [apB],
      _id: id,
    });
    expect(steal.body.code).toBe(ErrorCode.TimerNotFound);
    expect((await call(await tokenOf('tmb'), 'POST', '/v1/diagnose/delTimer', { _id: id })).body.code).toBe(
      ErrorCode.TimerNotFound,
    );
    // The administrator sees every tenant's timers, but keeps none of its own.
    const root = await admin();
    expect((await read<TimerList>(root, 'GET', `/v1/diagnose/getTimerIssued?_id=${id}`)).count).toBe(1);
    expect((await call(root, 'POST', '/v1/diagnose/addTimer', valid())).body.code).toBe(
      ErrorCode.TimerTenantRequired,
    );
    expect(await read<OnTimeTaskItem[]>(root, 'GET', ON_TIME_PATHS.all)).toEqual([]);

    // The store keeps B out as well.
    const scopeB = { tenantId: b.tenant.id, admin: false };
    expect(await findTimer(h.store.db, scopeB, id)).toBeUndefined();
    expect((await pageTimers(h.store.db, scopeB, {}, 0, 10)).count).toBe(0);
    expect(await updateTimer(h.store.db, scopeB, id, { name: 'mine' })).toBe(false);
    expect(await claimSlot(h.store.db, scopeB, id, utc.NextRun!, utc.NextRun! + DAY, h.clock.now)).toBe(
      false,
    );
    expect(await deleteTimer(h.store.db, scopeB, id)).toBe(false);
    expect((await findTimer(h.store.db, { tenantId: a.tenant.id, admin: false }, id))?.name).toBe(
      'Nightly ping',
    );

    expect(await read(await tokenOf('tma'), 'POST', '/v1/diagnose/delTimer', { _id: id })).toEqual({
      _id: id,
    });
    expect((await read<TimerList>(await tokenOf('tma'), 'GET', '/v1/diagnose/getTimerIssued')).count).toBe(0);
    // Its pending firing comes and does nothing.
    await at(utc.NextRun!);
    expect(await runsOf(await tokenOf('tma'), id)).toEqual([]);
  });

  it('fires at its time of day in its zone, and again the next day', async () => {
    // 2026-11-22 17:00:30 in Shanghai.
    const slot = Date.UTC(2026, 10, 22, 9, 0, 30);
    expect(h.clock.now).toBeLessThan(slot);
    const t = await read<TimerItem>(await tokenOf('tma'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      Name: 'Afternoon',
      Data: { Hour: 17, Minute: 0, Second: 30 },
      Status: 1,
    });
    expect(t.NextRun).toBe(slot);
    await at(slot - 1000);
    expect(await runsOf(await tokenOf('tma'), t._id)).toHaveLength(0);
    await at(slot);
    const first = await runsOf(await tokenOf('tma'), t._id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      TimerId: t._id,
      TimerName: 'Afternoon',
      Creator: null,
      Kind: 'network',
      Targets: ['www.baidu.com', '8.8.8.8'],
      Devices: 1,
    });
    const after = (
      await read<TimerList>(await tokenOf('tma'), 'GET', `/v1/diagnose/getTimerIssued?_id=${t._id}`)
    ).list[0]!;
    expect(after).toMatchObject({
      LastRun: slot,
      LastRunId: first[0]!._id,
      LastError: null,
      NextRun: slot + DAY,
    });
    // A second look at the same moment fires nothing more; the next day once more.
    await at(slot + 5000);
    expect(await runsOf(await tokenOf('tma'), t._id)).toHaveLength(1);
    await at(slot + DAY);
    expect(await runsOf(await tokenOf('tma'), t._id)).toHaveLength(2);
    // Tenant B's records hold none of A's timer runs.
    expect(await runsOf(await tokenOf('tmb'), t._id)).toHaveLength(0);

    // Disabled: its pending firing does nothing.
    await read(await tokenOf('tma'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      _id: t._id,
      Name: 'Afternoon',
      Status: 0,
    });
    await at(slot + 2 * DAY);
    expect(await runsOf(await tokenOf('tma'), t._id)).toHaveLength(2);
  });

  it(`keeps at most ${TIMERS_PER_TENANT_MAX} timers a tenant`, async () => {
    const have = (await read<TimerList>(await tokenOf('tmb'), 'GET', '/v1/diagnose/getTimerIssued')).count;
    for (let i = have; i < TIMERS_PER_TENANT_MAX; i++) {
      const r = await call(await tokenOf('tmb'), 'POST', '/v1/diagnose/addTimer', {
        ...valid(),
        Name: `t${i}`,
        Devices: [apB],
      });
      expect(r.status).toBe(200);
    }
    const over = await call(await tokenOf('tmb'), 'POST', '/v1/diagnose/addTimer', {
      ...valid(),
      Devices: [apB],
    });
    expect(over.body.code).toBe(ErrorCode.TimerLimit);
  });
});

describe('built-in timed tasks', () => {
  it('exist disabled at 10:30:30 for a new tenant; enabling one makes it fire, for that tenant only', async () => {
    await signIn('tmc');
    await signIn('tmd');
    const tasks = await read<OnTimeTaskItem[]>(await tokenOf('tmc'), 'GET', ON_TIME_PATHS.all);
    expect(tasks).toEqual(
      ['OnTimerPortalCheck', 'OnTimerNetworkCheck'].map((Name) => ({
        Name,
        Data: { Hour: 10, Minute: 30, Second: 30 },
        Status: 0,
        TimeZone: 'Asia/Shanghai',
        NextRun: null,
        LastRun: null,
        LastRunId: null,
        LastError: null,
      })),
    );
    // Read again: the same two, not two more.
    expect(await read<OnTimeTaskItem[]>(await tokenOf('tmc'), 'GET', ON_TIME_PATHS.all)).toEqual(tasks);

    const bad = await call(await tokenOf('tmc'), 'POST', ON_TIME_PATHS.update, {
      Name: 'OnTimerCoffee',
      Status: 1,
    });
    expect(bad.body.code).toBe(ErrorCode.OnTimeNameInvalid);
    const badTime = await call(await tokenOf('tmc'), 'POST', ON_TIME_PATHS.update, {
      Name: 'OnTimerNetworkCheck',
      Data: { Hour: 25, Minute: 0, Second: 0 },
    });
    expect(badTime.body.code).toBe(ErrorCode.TimerTimeInvalid);

    // No device online at the time: the firing is recorded as refused (28060).
    const base = Date.UTC(2026, 11, 1, 0, 0, 0);
    h.clock.now = base;
    const on = await read<OnTimeTaskItem>(await tokenOf('tmc'), 'POST', ON_TIME_PATHS.update, {
      Name: 'OnTimerNetworkCheck',
      Status: 1,
    });
    const slot = Date.UTC(2026, 11, 1, 2, 30, 30); // 10:30:30 in Shanghai
    expect(on).toMatchObject({ Name: 'OnTimerNetworkCheck', Status: 1, NextRun: slot });
    await at(slot);
    const refused = (await read<OnTimeTaskItem[]>(await tokenOf('tmc'), 'GET', ON_TIME_PATHS.all))[1]!;
    expect(refused).toMatchObject({
      LastRun: slot,
      LastRunId: null,
      LastError: ErrorCode.TimerNoOnlineDevices,
    });

    // With an AP online, the next day's firing pings the default probe domains from it.
    await device(await tokenOf('tmc'), 'TMC0000001');
    await device(await tokenOf('tmd'), 'TMD0000001');
    await at(slot + DAY);
    const ran = (await read<OnTimeTaskItem[]>(await tokenOf('tmc'), 'GET', ON_TIME_PATHS.all))[1]!;
    expect(ran).toMatchObject({ LastRun: slot + DAY, LastError: null, NextRun: slot + 2 * DAY });
    const runs = (
      await read<DiagnosisRunList>(await tokenOf('tmc'), 'GET', '/v1/diagnose/getAllIssued?limit=50')
    ).list;
    const run = runs.find((r) => r._id === ran.LastRunId);
    expect(run).toMatchObject({ TimerName: 'OnTimerNetworkCheck', Kind: 'network', Devices: 1, Count: 4 });
    expect(run!.Targets).toEqual(['www.baidu.com', 'www.qq.com']);

    // Tenant D's tasks are its own: still disabled, never fired.
    const other = await read<OnTimeTaskItem[]>(await tokenOf('tmd'), 'GET', ON_TIME_PATHS.all);
    expect(other.map((t) => [t.Status, t.LastRun])).toEqual([
      [0, null],
      [0, null],
    ]);
    expect(
      (await read<DiagnosisRunList>(await tokenOf('tmd'), 'GET', '/v1/diagnose/getAllIssued')).count,
    ).toBe(0);

    // Moved and disabled.
    const off = await read<OnTimeTaskItem>(await tokenOf('tmc'), 'POST', ON_TIME_PATHS.update, {
      Name: 'OnTimerNetworkCheck',
      Data: { Hour: 6, Minute: 0, Second: 0 },
      TimeZone: 'Europe/Berlin',
      Status: 0,
    });
    expect(off).toMatchObject({
      Data: { Hour: 6, Minute: 0, Second: 0 },
      TimeZone: 'Europe/Berlin',
      NextRun: null,
    });

    // The portal check: a portal diagnosis of the console's own guest portal from the online APs.
    const portal = await read<OnTimeTaskItem>(await tokenOf('tmc'), 'POST', ON_TIME_PATHS.update, {
      Name: 'OnTimerPortalCheck',
      Status: 1,
    });
    await at(portal.NextRun!);
    const checked = (await read<OnTimeTaskItem[]>(await tokenOf('tmc'), 'GET', ON_TIME_PATHS.all))[0]!;
    expect(checked).toMatchObject({ Name: 'OnTimerPortalCheck', LastRun: portal.NextRun, LastError: null });
    const all = (
      await read<DiagnosisRunList>(await tokenOf('tmc'), 'GET', '/v1/diagnose/getAllIssued?limit=50')
    ).list;
    expect(all.find((r) => r._id === checked.LastRunId)).toMatchObject({
      Kind: 'portal',
      TimerName: 'OnTimerPortalCheck',
      Devices: 1,
    });
  });

  it('the demo seed: one enabled timer of three APs, and the built-ins', async () => {
    const e = await signIn('tme');
    const ap = await device(await tokenOf('tme'), 'TME0000001');
    const scope = { tenantId: e.tenant.id, admin: false };
    await seedTimerDemo(h.services, scope, { userId: e.owner.id, username: 'tmeown' }, [
      { _id: ap, Type: 2 },
    ]);
    const list = await read<TimerList>(await tokenOf('tme'), 'GET', '/v1/diagnose/getTimerIssued');
    expect(list.list).toMatchObject([{ Status: 1, Devices: [ap], Targets: ['www.baidu.com', 'www.qq.com'] }]);
    expect(await read<OnTimeTaskItem[]>(await tokenOf('tme'), 'GET', ON_TIME_PATHS.all)).toHaveLength(2);
  });
});
