/**
 * Diagnoses end to end (docs/diagnosis.md): the refusals of spec §5 with their codes and nothing
 * stored; a ping and an MTR from two simulated APs (apps/device-sim) through the delivery engine,
 * stored per device and target with quality, pushed on the live socket; the records with their
 * filters; tenants kept apart; the alarm hook's notices of a timer's runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  DIAG_LIVE_TOPIC,
  ErrorCode,
  LIVE_PATH,
  LIVE_PROTOCOL,
  diagnosisLiveData,
  type DiagnoseDispatch,
  type DiagnosisDeviceItem,
  type DiagnosisHistoryReply,
  type DiagnosisLiveData,
  type DiagnosisRunItem,
  type ListReply,
  type LiveMessage,
} from '@netconsole/contract';
import { createFleet, planFleet, type Fleet } from '@netconsole/device-sim';
import { apiCaller, deviceBus, startHarness, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { eventually, randomMac, randomToken } from '../../test/devices.ts';
import type { DiagnosisQualityNotice } from './alarm-hook.ts';
import { seedDiagnosisDemo } from './demo.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `DG${randomToken(4)}`;
const WAIT = 30_000;

let h: Harness;
let fleet: Fleet;
let base: string;
const { call, signIn } = apiCaller(() => h);
type Who = Awaited<ReturnType<typeof signIn>>;
let a: Who;
let b: Who;
let aps: { id: string; sn: string }[];
const notices: DiagnosisQualityNotice[] = [];

beforeAll(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
  base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  // Commands expire by the server's clock, which the devices compare with theirs.
  h.clock.now = Date.now();
  h.services.events.on('diagnosis.quality', (n) => {
    notices.push(n);
  });
  a = await signIn(`dga${randomToken(3)}`);
  b = await signIn(`dgb${randomToken(3)}`);
  const tag = randomToken(3).toUpperCase();
  const spec = { networks: [{ name: 'Lab', switches: 1, aps: 2 }], snPrefix: `${PREFIX}${tag}`, seed: tag };
  const plan = planFleet(spec);
  aps = [];
  for (const d of plan.networks[0]!.devices) {
    const r = await call<{ _id: string }>(a.token, 'POST', '/v1/device/add', {
      SN: d.sn,
      MAC: d.mac,
      Type: d.type,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    if (d.type === 2) aps.push({ id: r.body._id, sn: d.sn });
  }
  fleet = createFleet({
    ...spec,
    url: h.mqttUrl!,
    factoryKey: TEST_FACTORY_KEY,
    plan,
    behaviour: { eventsPerHour: 0, dropsPerHour: 0, logsPerHour: 0 },
    // Service checks take a tenth of their time; a target still takes the protocol's 2.1 s.
    timing: { diagnosisScale: 0.1 },
  });
  await fleet.start();
  await fleet.waitOnline({ count: plan.networks[0]!.devices.length, timeoutMs: WAIT });
}, 60_000);

afterAll(async () => {
  await fleet?.stop();
  await h?.close();
});

async function runs(token: string, query = ''): Promise<ListReply<DiagnosisRunItem>> {
  const r = await call<ListReply<DiagnosisRunItem>>(
    token,
    'GET',
    `/v1/diagnose/getAllIssued?limit=100${query}`,
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** Waits until every device of the run ended; answers the run and its device rows. */
async function ended(token: string, runId: string) {
  const run = await eventually(
    async () => {
      await h.services.diagnosis.settled();
      return (await runs(token)).list.find((x) => x._id === runId && x.Status === 'ended');
    },
    WAIT,
    `run ${runId} ended`,
  );
  const devices = await call<ListReply<DiagnosisDeviceItem>>(
    token,
    'GET',
    `/v1/diagnose/getDevData?RunId=${runId}`,
  );
  expect(devices.status).toBe(200);
  return { run: run!, devices: devices.body.list };
}

describe('dispatchCommand refusals (spec §5)', () => {
  it('answer each broken rule with its code and store nothing', async () => {
    const ok = { Devices: [aps[0]!.id], Targets: ['192.168.1.1'] };
    const cases: [Record<string, unknown>, number][] = [
      [{ ...ok, Count: 31 }, ErrorCode.DiagnosisCountInvalid],
      [{ ...ok, Size: 1465 }, ErrorCode.DiagnosisSizeInvalid],
      [{ ...ok, Devices: [] }, ErrorCode.DiagnosisDevicesRequired],
      [{ ...ok, Targets: [] }, ErrorCode.DiagnosisTargetsRequired],
      [{ ...ok, Targets: ['bad domain.com'] }, ErrorCode.DiagnosisTargetInvalid],
      [{ ...ok, Targets: ['bad_domain.com'] }, ErrorCode.DiagnosisTargetInvalid],
      [{ ...ok, Type: 3 }, ErrorCode.DiagnosisTypeInvalid],
      [{ ...ok, Devices: ['no-such-device'] }, ErrorCode.DeviceNotExist],
    ];
    for (const [body, code] of cases) {
      const r = await call(a.token, 'POST', '/v1/diagnose/dispatchCommand', body);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.status).toBeGreaterThanOrEqual(400);
    }
    const zh = await call(a.token, 'POST', '/v1/diagnose/dispatchCommand', { ...ok, Count: 31 }, 'zh');
    expect(zh.body.message).toBe('包数量须为 1 到 30 的整数');
    // Another tenant's device answers like a missing one.
    const foreign = await call(b.token, 'POST', '/v1/diagnose/dispatchCommand', ok);
    expect(foreign.body.code).toBe(ErrorCode.DeviceNotExist);
    expect((await runs(a.token)).count).toBe(0);
    expect((await runs(b.token)).count).toBe(0);
  });
});

describe('a diagnosis from two simulated APs', () => {
  it('stores each target with its quality, pushes it live, and keeps tenants apart', async () => {
    const socket = new WebSocket(`${base}${LIVE_PATH}`, [LIVE_PROTOCOL], {
      headers: { cookie: `Token=${a.token}` },
    });
    const other = new WebSocket(`${base}${LIVE_PATH}`, [LIVE_PROTOCOL], {
      headers: { cookie: `Token=${b.token}` },
    });
    const seen: DiagnosisLiveData[] = [];
    const seenByB: unknown[] = [];
    const ready = (ws: WebSocket, sink: (m: LiveMessage) => void) =>
      new Promise<void>((resolve) =>
        ws.on('message', (data) => {
          const m = JSON.parse(String(data)) as LiveMessage;
          if (m.topic === 'ready') resolve();
          if (m.topic === DIAG_LIVE_TOPIC) sink(m);
        }),
      );
    await Promise.all([
      ready(socket, (m) => seen.push(diagnosisLiveData.parse(m.data))),
      ready(other, (m) => seenByB.push(m.data)),
    ]);
    try {
      const r = await call<{ _id: string }>(a.token, 'POST', '/v1/diagnose/dispatchCommand', {
        Devices: aps.map((x) => x.id),
        Targets: ['192.168.1.1', '198.51.100.7'],
        Count: 3,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const { run, devices } = await ended(a.token, r.body._id);
      expect(run).toMatchObject({
        Kind: 'network',
        Type: 1,
        Count: 3,
        Size: 56,
        Devices: 2,
        Failed: 2,
        Passed: 0,
      });
      expect(run.CreatorName).toMatch(/^dga/);
      expect(devices).toHaveLength(2);
      for (const d of devices) {
        expect(d).toMatchObject({ Status: 'ended', Percent: 100, Result: 0, Quality: 0, Error: null });
        const [near, dead] = d.Results;
        expect(near).toMatchObject({ Target: '192.168.1.1', Code: 1, Sent: 3, Received: 3, Loss: 0 });
        expect(near!.Quality).toBeGreaterThanOrEqual(2);
        expect(near!.Avg).toBeGreaterThan(0);
        expect(dead).toMatchObject({ Target: '198.51.100.7', Code: 0, Quality: 0, Received: 0, Avg: null });
      }
      // Live: running rows, each target as it came, the end of the run.
      await eventually(() =>
        seen.some((m) => m.Event === 'run' && m.Run._id === run._id && m.Run.Status === 'ended'),
      );
      const rows = seen.filter(
        (m): m is Extract<DiagnosisLiveData, { Event: 'device' }> => m.Event === 'device',
      );
      expect(rows.some((m) => m.Device.Status === 'running' && m.Device.Results.length === 1)).toBe(true);
      expect(rows.filter((m) => m.Device.Status === 'ended')).toHaveLength(2);
      expect(seenByB).toEqual([]);

      // Records: the failed ones, none succeeded, one device's row, filters.
      const fail = await call<ListReply<DiagnosisDeviceItem>>(
        a.token,
        'GET',
        `/v1/diagnose/getFailDevIssued?_id=${run._id}`,
      );
      expect(fail.body.count).toBe(2);
      const succ = await call<ListReply<DiagnosisDeviceItem>>(
        a.token,
        'GET',
        `/v1/diagnose/getSuccDevIssued?_id=${run._id}`,
      );
      expect(succ.body.count).toBe(0);
      const one = await call<ListReply<DiagnosisDeviceItem>>(
        a.token,
        'GET',
        `/v1/diagnose/getDevData?_id=${devices[0]!._id}`,
      );
      expect(one.body.list[0]!._id).toBe(devices[0]!._id);
      expect((await runs(a.token, '&Target=198.51.100.7')).count).toBe(1);
      expect((await runs(a.token, '&Target=10.9.9.9')).count).toBe(0);
      expect((await runs(a.token, `&Device=${aps[1]!.sn}`)).count).toBe(1);
      expect((await runs(a.token, '&Type=2')).count).toBe(0);
      expect((await runs(a.token, '&Kind=network&Status=ended&TimerId=none')).count).toBe(1);
      expect((await runs(a.token, `&Start=${run.CreateTime + 1}`)).count).toBe(0);

      // Another tenant sees none of it.
      expect((await runs(b.token)).count).toBe(0);
      for (const url of [
        `/v1/diagnose/getFailDevIssued?_id=${run._id}`,
        `/v1/diagnose/getDevData?RunId=${run._id}`,
      ])
        expect((await call(b.token, 'GET', url)).body.code).toBe(ErrorCode.DiagnosisRunNotFound);
      expect((await call(b.token, 'GET', `/v1/diagnose/getDevData?_id=${devices[0]!._id}`)).body.code).toBe(
        ErrorCode.DiagnosisResultNotFound,
      );
      const hist = `/v1/diagnose/getHistoryIssued?Device=${aps[0]!.id}&Target=192.168.1.1`;
      expect((await call(b.token, 'GET', hist)).body.code).toBe(ErrorCode.DeviceNotExist);
    } finally {
      socket.close();
      other.close();
    }
  }, 60_000);

  it('runs an MTR with hops, then charts the target over both runs side by side', async () => {
    const r = await call<{ _id: string }>(a.token, 'POST', '/v1/diagnose/dispatchCommand', {
      Devices: aps.map((x) => x.id),
      Targets: ['192.168.1.1'],
      Type: 2,
      Count: 2,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { run, devices } = await ended(a.token, r.body._id);
    expect(run).toMatchObject({ Type: 2, Passed: 2, Failed: 0 });
    for (const d of devices) {
      expect(d.Result).toBe(1);
      expect(d.Results[0]!.Hops!.length).toBeGreaterThan(0);
    }
    const succ = await call<ListReply<DiagnosisDeviceItem>>(
      a.token,
      'GET',
      `/v1/diagnose/getSuccDevIssued?_id=${run._id}`,
    );
    expect(succ.body.count).toBe(2);
    const chart = await call<DiagnosisHistoryReply>(
      a.token,
      'GET',
      `/v1/diagnose/getHistoryIssued?Device=${aps[0]!.id},${aps[1]!.sn}&Target=192.168.1.1`,
    );
    expect(chart.status, JSON.stringify(chart.body)).toBe(200);
    expect(chart.body.list.map((s) => s.SN)).toEqual([aps[0]!.sn, aps[1]!.sn]);
    for (const s of chart.body.list) {
      expect(s.Points).toHaveLength(2);
      expect(s.Points[0]!.Time).toBeLessThanOrEqual(s.Points[1]!.Time);
    }
    const seven = Array.from({ length: 7 }, (_, i) => `d${i}`).join(',');
    expect(
      (await call(a.token, 'GET', `/v1/diagnose/getHistoryIssued?Device=${seven}&Target=x.com`)).body.code,
    ).toBe(ErrorCode.DiagnosisHistoryDevicesInvalid);
  }, 60_000);

  it('checks a portal page and RADIUS ports from a device', async () => {
    const r = await call<{ _id: string }>(a.token, 'POST', '/v1/diagnose/dispatchCommand', {
      Kind: 'portal',
      Devices: [aps[1]!.id],
      PortalUrl: 'http://10.0.0.2/portal',
      Radius: [{ Host: '10.0.0.2', AcctPort: 1999 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const { run, devices } = await ended(a.token, r.body._id);
    expect(run).toMatchObject({ Kind: 'portal', Targets: ['10.0.0.2'], PortalUrl: 'http://10.0.0.2/portal' });
    expect(run.Radius).toEqual([{ Host: '10.0.0.2', AuthPort: 1812, AcctPort: 1999 }]);
    const [d] = devices;
    expect(d!.Results.map((t) => t.Target)).toEqual(['10.0.0.2']);
    expect(d!.Checks).toEqual([
      expect.objectContaining({ Kind: 'http', Target: 'http://10.0.0.2/portal', Code: 1, Status: 200 }),
      expect.objectContaining({ Kind: 'radius', Target: '10.0.0.2', Port: 1812, Code: 1, Status: 2 }),
      expect.objectContaining({ Kind: 'radius', Target: '10.0.0.2', Port: 1999, Code: 0, Status: null }),
    ]);
    // The second server port did not answer: the device failed.
    expect(d!.Result).toBe(0);
    const none = await call(a.token, 'POST', '/v1/diagnose/dispatchCommand', {
      Kind: 'portal',
      Devices: [aps[1]!.id],
    });
    expect(none.body.code).toBe(ErrorCode.DiagnosisPortalNothingToCheck);
  }, 60_000);

  it("tells the alarm hook of a timer's poor result, and of the good one that clears it", async () => {
    // The runs by hand above (failures among them) told nothing.
    expect(notices).toEqual([]);
    const scope = { tenantId: a.tenant.id, admin: false };
    const req: Omit<DiagnoseDispatch, 'Targets'> = {
      Kind: 'network',
      Devices: [aps[0]!.id],
      Type: 1,
      Count: 4,
      Size: 56,
      PortalUrl: null,
      Radius: [],
    };
    const origin = { by: null, timerId: 'timer-1', timerName: 'Daily check' };
    const bad = await h.services.diagnosis.dispatch(scope, { ...req, Targets: ['198.51.100.9'] }, origin);
    await ended(a.token, bad._id);
    await eventually(() => notices.length === 1);
    expect(notices[0]).toMatchObject({
      deviceId: aps[0]!.id,
      timerId: 'timer-1',
      target: '198.51.100.9',
      bad: true,
      alarmType: 12,
    });
    const good = await h.services.diagnosis.dispatch(scope, { ...req, Targets: ['192.168.1.1'] }, origin);
    const { run } = await ended(a.token, good._id);
    expect(run).toMatchObject({ TimerId: 'timer-1', TimerName: 'Daily check', Creator: null });
    await eventually(() => notices.length === 2);
    expect(notices[1]).toMatchObject({ target: '192.168.1.1', bad: false });
    expect((await runs(a.token, '&TimerId=timer-1')).count).toBe(2);
  }, 60_000);
});

describe('the demo records', () => {
  it('show a week of a timer and a chart with a poor day', async () => {
    const devices = [1, 2].map((i) => ({
      _id: `demo-ap-${i}`,
      SN: `DEMOAP${i}`,
      Alias: `AP ${i}`,
      Type: 2,
      Parent: 'n1',
    }));
    await seedDiagnosisDemo(
      h.store.db,
      b.tenant.id,
      { id: b.owner.id, username: 'owner' },
      devices,
      [{ _id: 'n1', Name: 'Head office' }],
      h.clock.now,
    );
    const all = await runs(b.token);
    expect(all.count).toBe(8);
    expect(all.list.every((r) => r.Status === 'ended')).toBe(true);
    expect((await runs(b.token, '&Network=n1')).count).toBe(8);
    expect((await runs(b.token, '&Network=n2')).count).toBe(0);
    const page3 = await call<ListReply<DiagnosisRunItem>>(
      b.token,
      'GET',
      '/v1/diagnose/getAllIssued?limit=3&page=3',
    );
    expect(page3.body).toMatchObject({ count: 8, limit: 3, page: 3, sort: '-CreateTime' });
    expect(page3.body.list).toHaveLength(2);
    expect(page3.body.list[1]!._id).toBe(all.list[7]!._id);
    expect(all.list.filter((r) => r.TimerName === 'Daily probe').some((r) => r.Failed + r.Passed === 2)).toBe(
      true,
    );
    const chart = await call<DiagnosisHistoryReply>(
      b.token,
      'GET',
      `/v1/diagnose/getHistoryIssued?Device=DEMOAP1,demo-ap-2&Target=www.baidu.com&Start=${h.clock.now - 8 * 86_400_000}&End=${h.clock.now}`,
    );
    expect(chart.status, JSON.stringify(chart.body)).toBe(200);
    expect(chart.body.list[1]!.Points.length).toBe(8);
    expect(chart.body.list[1]!.Points.some((p) => p.Quality === 1)).toBe(true);
    // Tenant A sees none of them.
    expect((await runs(a.token)).list.some((r) => r.TimerName === 'Daily probe')).toBe(false);
  });
});

describe('a device that never connects', () => {
  it('ends with no result when its command expires, and the run ends with it', async () => {
    const sn = `${PREFIX}OFF${randomToken(3)}`.toUpperCase();
    const added = await call<{ _id: string }>(a.token, 'POST', '/v1/device/add', {
      SN: sn,
      MAC: randomMac(),
      Type: 2,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const r = await call<{ _id: string }>(a.token, 'POST', '/v1/diagnose/dispatchCommand', {
      Devices: [aps[0]!.id, added.body._id],
      Targets: ['192.168.1.1'],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = async () =>
      (
        await call<ListReply<DiagnosisDeviceItem>>(
          a.token,
          'GET',
          `/v1/diagnose/getDevData?RunId=${r.body._id}`,
        )
      ).body.list;
    await eventually(
      async () => (await rows()).find((d) => d.SN === aps[0]!.sn && d.Status === 'ended'),
      WAIT,
    );
    expect((await rows()).find((d) => d.SN === sn)).toMatchObject({ Status: 'running', Percent: 0 });
    // Past the command's expiry (protocol §7.2: 600 s for run_diagnosis) the server ends it.
    h.clock.advance(601_000);
    await h.services.gateway.sweep(h.clock.now);
    // The session timed out meanwhile: the records through the service.
    const scope = { tenantId: a.tenant.id, admin: false };
    await h.services.diagnosis.settled();
    const q = { page: 1, limit: 10, sort: 'SN' } as const;
    const devices = (await h.services.diagnosis.devData(scope, { ...q, RunId: r.body._id })).list;
    const run = (
      await h.services.diagnosis.runs(scope, { page: 1, limit: 100, sort: '-CreateTime' })
    ).list.find((x) => x._id === r.body._id);
    expect(devices.find((d) => d.SN === sn)).toMatchObject({
      Status: 'ended',
      Result: 2,
      Error: 'expired',
      Results: [],
    });
    expect(run).toMatchObject({ Status: 'ended', Passed: 1, Failed: 0, NoResult: 1 });
  }, 60_000);
});
