/**
 * Keeping the logs bounded: the per-device minute cap of the ingest, the retention per tenant (its
 * call, with defaults and bounds) applied by the recurring job, the per-device row cap; and a
 * device's configuration log from its delivery items.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIT_RETENTION_DAYS,
  DEVICE_LOG_CAPS,
  DEVICE_LOG_RETENTION_DAYS,
  ErrorCode,
  logsMessage,
  type DeviceLogList,
  type SwitchConfigLogList,
} from '@netconsole/contract';
import { apiCaller, login, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});
const { call, signIn, admin } = apiCaller(() => h);
const DAY = 86_400_000;

async function addDevice(token: string, sn: string) {
  const res = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
    SN: sn,
    MAC: `0A${sn.slice(-10)}`,
    Type: 3,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body._id;
}

const lines = (n: number, ts: number) =>
  logsMessage.parse({
    v: 1,
    ts,
    seq: 1,
    lines: Array.from({ length: n }, (_, i) => ({ ts, level: 2, module: 'sys', text: `line ${i}` })),
  });

describe('volume', () => {
  it('takes at most the cap a minute per device and says how many it dropped', async () => {
    const a = await signIn('ra');
    await addDevice(a.token, 'SW2026000001');
    await addDevice(a.token, 'SW2026000002');
    const ingest = h.services.deviceLogs;
    for (let i = 0; i < 3; i++) ingest.logs('SW2026000001', lines(50, h.clock.now), h.clock.now);
    ingest.logs('SW2026000002', lines(10, h.clock.now), h.clock.now);
    // An unregistered device's lines are not kept.
    ingest.logs('SW2026000099', lines(5, h.clock.now), h.clock.now);
    await ingest.flush();
    const count = async (sn: string) =>
      (await call<DeviceLogList>(a.token, 'GET', `/v1/log/getdevicelog?SN=${sn}&limit=1`)).body.count;
    expect(await count('SW2026000001')).toBe(DEVICE_LOG_CAPS.perMinute);
    expect(await count('SW2026000002')).toBe(10);
    h.clock.advance(60_000);
    await ingest.flush();
    const dropped = (await call<DeviceLogList>(a.token, 'GET', '/v1/log/getdevicelog?Module=console')).body
      .list;
    expect(dropped.map((e) => [e.SN, e.Level, e.Text])).toEqual([
      ['SW2026000001', 3, `30 entries dropped: more than ${DEVICE_LOG_CAPS.perMinute} a minute`],
    ]);
    // A new minute, a new budget.
    ingest.logs('SW2026000001', lines(20, h.clock.now), h.clock.now);
    await ingest.flush();
    expect(await count('SW2026000001')).toBe(DEVICE_LOG_CAPS.perMinute + 1 + 20);
  });
});

describe('retention', () => {
  it('reads and sets a tenant retention within bounds; a co-administrator and other tenants cannot', async () => {
    const root = await admin();
    const a = await signIn('rb');
    const b = await signIn('rc');
    const get = async (token: string, q = '') => (await call(token, 'GET', `/v1/log/retention${q}`)).body;
    expect(await get(a.token)).toEqual({
      AuditDays: AUDIT_RETENTION_DAYS.default,
      DeviceDays: DEVICE_LOG_RETENTION_DAYS.default,
    });
    expect((await call(a.token, 'PUT', '/v1/log/retention', { AuditDays: 60, DeviceDays: 7 })).status).toBe(
      200,
    );
    expect(await get(a.token)).toEqual({ AuditDays: 60, DeviceDays: 7 });
    // Another tenant naming A changes only its own.
    await call(b.token, 'PUT', '/v1/log/retention', { AuditDays: 90, DeviceDays: 3, Tenant: a.tenant.id });
    expect(await get(a.token)).toEqual({ AuditDays: 60, DeviceDays: 7 });
    expect(await get(b.token)).toEqual({ AuditDays: 90, DeviceDays: 3 });
    const put = async (token: string, body: object, lang?: 'en' | 'zh') =>
      (await call(token, 'PUT', '/v1/log/retention', body, lang)).body;
    expect((await put(a.token, { AuditDays: 29, DeviceDays: 7 })).code).toBe(ErrorCode.LogRetentionInvalid);
    expect((await put(a.token, { AuditDays: 60, DeviceDays: 91 }, 'zh')).message).toBe(
      '审计日志保留 30 至 730 天，设备日志保留 1 至 90 天',
    );
    const sub = (await login(h, 'rbsub')).body.Token;
    expect((await put(sub, { AuditDays: 60, DeviceDays: 7 })).code).toBe(ErrorCode.NoAccessRights);
    expect((await put(root, { AuditDays: 60, DeviceDays: 7 })).code).toBe(ErrorCode.LogTenantRequired);
    expect((await put(root, { AuditDays: 60, DeviceDays: 7, Tenant: 'nope' })).code).toBe(
      ErrorCode.TenantNotFound,
    );
    expect((await put(root, { AuditDays: 365, DeviceDays: 90, Tenant: b.tenant.id })).AuditDays).toBe(365);
    expect(await get(root, `?Tenant=${b.tenant.id}`)).toEqual({ AuditDays: 365, DeviceDays: 90 });
  });

  it('the hourly job removes entries past each tenant retention (defaults otherwise) and caps rows per device', async () => {
    const a = await signIn('rd');
    const b = await signIn('re');
    await call(a.token, 'PUT', '/v1/log/retention', { AuditDays: 30, DeviceDays: 1 });
    const devA = await addDevice(a.token, 'SW2026000011');
    const devB = await addDevice(b.token, 'SW2026000012');
    await h.services.audit.flush();
    const now = h.clock.now;
    const ageRow = (tenant: string, device: string, sn: string, days: number, i = 0) => ({
      id: `${sn}-${days}-${i}`,
      tenant_id: tenant,
      device_id: device,
      sn,
      network_id: null,
      kind: 'log',
      level: 2,
      severity: null,
      module: 'sys',
      type: null,
      port: null,
      active: null,
      code: null,
      text: 'old',
      created_at: now - days * DAY - i,
      received_at: now,
    });
    const audit = (tenant: string | null, days: number, object: string) => ({
      id: `${object}-${days}`,
      tenant_id: tenant,
      account_id: null,
      account_name: 'x',
      role: null,
      address: '',
      method: 'POST',
      path: '/x',
      code: 150,
      module: 'others',
      object,
      outcome: 0,
      level: 2,
      source: 0,
      created_at: now - days * DAY,
    });
    await h.store.db
      .insertInto('audit_logs')
      .values([
        audit(a.tenant.id, 31, 'a31'),
        audit(b.tenant.id, 31, 'b31'),
        audit(b.tenant.id, 181, 'b181'),
        audit(null, 181, 'n181'),
      ])
      .execute();
    await h.store.db
      .insertInto('device_logs')
      .values([
        ageRow(a.tenant.id, devA, 'SW2026000011', 2),
        ageRow(b.tenant.id, devB, 'SW2026000012', 2),
        ageRow(b.tenant.id, devB, 'SW2026000012', 31),
      ])
      .execute();
    // Device B well over the row cap: its newest rowsPerDevice stay.
    const many = Array.from({ length: DEVICE_LOG_CAPS.rowsPerDevice + 10 }, (_, i) =>
      ageRow(b.tenant.id, devB, 'SW2026000012', 0, i + 1),
    );
    for (let i = 0; i < many.length; i += 500)
      await h.store.db
        .insertInto('device_logs')
        .values(many.slice(i, i + 500))
        .execute();

    h.clock.advance(3600_000);
    await h.services.jobs.runDue();
    const objects = (
      await h.store.db.selectFrom('audit_logs').select('object').where('path', '=', '/x').execute()
    )
      .map((r) => r.object)
      .sort();
    expect(objects).toEqual(['b31']);
    const left = await h.store.db
      .selectFrom('device_logs')
      .select(['sn', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .groupBy('sn')
      .orderBy('sn')
      .execute();
    expect(left.map((r) => [r.sn, Number(r.n)])).toEqual([['SW2026000012', DEVICE_LOG_CAPS.rowsPerDevice]]);
    // The newest kept: the 10 oldest of the burst went (and the 2- and 31-day-old rows before them).
    expect(Number(left[0]!.oldest)).toBe(now - DEVICE_LOG_CAPS.rowsPerDevice);
  });
});

describe("a device's configuration log", () => {
  it('lists its delivery items beside its config_error events, newest first, for its tenant only', async () => {
    const a = await signIn('rf');
    const b = await signIn('rg');
    const dev = await addDevice(a.token, 'SW2026000021');
    const now = h.clock.now;
    await h.store.db
      .insertInto('delivery_campaigns')
      .values({
        id: 'c1',
        tenant_id: a.tenant.id,
        kind: 'apply_config',
        ref_id: 'p1',
        ref_revision: 1,
        ref_name: 'Core profile',
        body: '{}',
        created_by: null,
        created_at: now - 5000,
        effective_at: now - 5000,
        expires_at: now + DAY,
        status: 'finished',
        concurrency: null,
        validity: null,
        first_percent: null,
        max_fail_percent: null,
        stop_reason: null,
        ended_by: null,
        finished_at: now - 4000,
        updated_at: now - 4000,
      })
      .execute();
    await h.store.db
      .insertInto('delivery_targets')
      .values({
        campaign_id: 'c1',
        device_id: dev,
        tenant_id: a.tenant.id,
        sn: 'SW2026000021',
        wave: 1,
        position: 0,
        status: 'failed',
        stage: 'applying',
        code: 'invalid_config',
        detail: 'port 30 does not exist',
        percent: null,
        body: null,
        command_id: null,
        updated_at: now - 4000,
        finished_at: now - 4000,
        started_at: now - 4500,
        from_version: null,
      })
      .execute();
    h.services.deviceLogs.events(
      'SW2026000021',
      {
        v: 1,
        ts: now,
        seq: 1,
        events: [{ ts: now - 1000, type: 'config_error', code: 'vlan_range' }],
      } as never,
      now,
    );
    await h.services.deviceLogs.flush();
    const res = await call<SwitchConfigLogList>(a.token, 'GET', '/v1/log/switchConfigLog?SN=SW2026000021');
    expect(res.body.count).toBe(2);
    expect(res.body.list).toEqual([
      expect.objectContaining({ Kind: 'error', Code: 'vlan_range', Status: null, ActiveTime: now - 1000 }),
      expect.objectContaining({
        Kind: 'delivery',
        Delivery: 'c1',
        Name: 'Core profile',
        Status: 2,
        Code: 'invalid_config',
        Text: 'port 30 does not exist',
        ActiveTime: now - 5000,
      }),
    ]);
    const page2 = await call<SwitchConfigLogList>(
      a.token,
      'GET',
      '/v1/log/switchConfigLog?SN=SW2026000021&limit=1&page=2',
    );
    expect(page2.body.list.map((e) => e.Kind)).toEqual(['delivery']);
    expect((await call(b.token, 'GET', '/v1/log/switchConfigLog?SN=SW2026000021')).body.code).toBe(
      ErrorCode.LogDeviceNotFound,
    );
  });
});

describe('demo data', () => {
  it("leaves an audit trail and a day of device logs for the demo tenant's devices", async () => {
    const { seedLogDemo } = await import('./demo.ts');
    const a = await signIn('rh');
    await addDevice(a.token, 'SW2026000031');
    await seedLogDemo(h.store.db, a.tenant.id, h.clock.now);
    const trail = await call<{ count: number }>(a.token, 'GET', '/v1/log/getAll?Code=1');
    expect(trail.body.count).toBeGreaterThanOrEqual(4);
    const events = await call<{ list: { Type: number }[] }>(
      a.token,
      'GET',
      '/v1/switch/getLog?SN=SW2026000031',
    );
    expect(events.body.list.map((e) => e.Type).sort()).toEqual([2, 3, 4, 5]);
    const other = await signIn('ri');
    expect((await call<DeviceLogList>(other.token, 'GET', '/v1/log/getdevicelog')).body.count).toBe(0);
  });
});
