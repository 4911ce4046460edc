import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import {
  bearer,
  busConfig,
  login,
  seedTenant,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomToken } from '../../test/devices.ts';

let h: Harness;

beforeEach(async () => {
  h = await startHarness({ mqtt: busConfig('embedded') });
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  await seedTenant(h, 'alfa');
});
afterEach(async () => {
  await h.close();
});

const read = (token?: string) =>
  h.app.inject({ method: 'GET', url: '/system/metrics', headers: token ? bearer(token) : {} });

describe('GET /system/metrics', () => {
  it('gives the administrator the ingest figures: messages, drops, rows flushed, lag', async () => {
    const admin = (await login(h, 'root')).body.Token;
    const before = (await read(admin)).json();
    expect(before.gateway).toEqual({ received: 0, accepted: 0, dropped: {}, unhandled: {} });

    const d = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn: `MT${randomToken(10)}`,
      factoryKey: TEST_FACTORY_KEY,
    });
    await d.hello();
    await d.publish('stats', { uptimeS: 60, rxBytes: 1000, txBytes: 2000, clients: 0 });
    await d.publishRaw(`dev/${d.sn}/up/stats`, 'not json {');
    // Valid, but no domain keeps probe requests yet (the location area will): accepted, and counted as unhandled.
    await d.publish('probes', {
      probes: [
        {
          mac: 'DA11223344F5',
          band: '2.4',
          channel: 6,
          rssiDbm: -77,
          firstTs: h.clock.now - 1000,
          lastTs: h.clock.now,
          count: 9,
        },
      ],
    });
    await eventually(() => h.services.gateway.counters.snapshot(d.sn).received === 4, 5000, 'received');
    await h.services.gateway.idle();
    await h.services.live.flush();
    await d.end();

    const res = await read(admin);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m.gateway.received).toBeGreaterThanOrEqual(4);
    expect(m.gateway.accepted).toBeGreaterThanOrEqual(3);
    expect(m.gateway.dropped.not_json).toBe(1);
    expect(m.gateway.unhandled).toEqual({ probes: 1 });
    expect(m.flush.devices.batches).toBeGreaterThanOrEqual(1);
    expect(m.flush.devices.rows).toBeGreaterThanOrEqual(1);
    // The hello and the stats were committed: each is one lag sample.
    expect(m.lag.count).toBeGreaterThanOrEqual(2);
    expect(m.lag.buckets.reduce((s: number, [, n]: [number, number]) => s + n, 0)).toBe(m.lag.count);
    expect(m.process.rssBytes).toBeGreaterThan(0);
  });

  it('refuses a tenant (4012) and a caller not signed in (4010)', async () => {
    const tenant = (await login(h, 'alfaown')).body.Token;
    const refused = await read(tenant);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.NoAccessRights);
    const anonymous = await read();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ErrorCode.NotSignedIn);
  });
});
