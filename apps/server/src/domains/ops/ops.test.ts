import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import {
  bearer,
  deviceBus,
  login,
  seedTenant,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { ConfigError, loadConfig } from '../../platform/config.ts';
import { FakeDevice, eventually, randomToken } from '../../test/devices.ts';

const TOKEN = 'scrape-token-0123456789abcdef';
const PREFIX = 'OPS';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** One sample of the text format: name, labels, value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Parses prom-client's text exposition (format 0.0.4): comment lines skipped, one sample a line. */
function parse(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!;
    out.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return out;
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    ?.value;
}

const scrape = (token?: string) =>
  h!.app.inject({ method: 'GET', url: '/metrics', headers: token ? bearer(token) : {} });

describe('GET /healthz and /readyz', () => {
  it('answers 200 without a session, and /readyz names the parts', async () => {
    h = await startHarness();
    const health = await h.app.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await h.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { store: 'ok', bus: 'ok', jobs: 'ok' } });
  });

  it('answers 503 naming the part that is not ready: a stopped bus, a closed store', async () => {
    h = await startHarness();
    await h.services.gateway.stop();
    const busDown = await h.app.inject({ url: '/readyz' });
    expect(busDown.statusCode).toBe(503);
    expect(busDown.json()).toEqual({ status: 'not_ready', checks: { store: 'ok', bus: 'fail', jobs: 'ok' } });

    await h.store.close();
    // Closed once here; the harness's close must not close it again.
    h.store.close = async () => undefined;
    const storeDown = await h.app.inject({ url: '/readyz' });
    expect(storeDown.statusCode).toBe(503);
    expect(storeDown.json().checks.store).toBe('fail');
    // /healthz does not look at the store.
    expect((await h.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('GET /metrics', () => {
  it('takes METRICS_TOKEN from the environment, validated and never echoed', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    for (const bad of ['short', `${TOKEN} with space`]) {
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN=\(hidden\)/);
    }
  });

  it('is off (404, 4040) without METRICS_TOKEN', async () => {
    h = await startHarness();
    const res = await scrape(TOKEN);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.NotFound);
  });

  it('refuses a missing or wrong token with 4010 in the caller language', async () => {
    h = await startHarness({ metricsToken: TOKEN });
    const none = await scrape();
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: ErrorCode.NotSignedIn, message: 'Please sign in' });
    const wrong = await h.app.inject({
      url: '/metrics',
      headers: { ...bearer(`${TOKEN}x`), cookie: 'language=zh' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: ErrorCode.NotSignedIn, message: '请先登录' });
  });

  it('gives the ingest, HTTP and process figures in the text format with the right token', async () => {
    h = await startHarness({ metricsToken: TOKEN, mqtt: deviceBus(PREFIX) });
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    await seedTenant(h, 'ops');
    const admin = (await login(h, 'root')).body.Token;

    const d = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn: `${PREFIX}${randomToken(9)}`,
      factoryKey: TEST_FACTORY_KEY,
    });
    try {
      await d.hello();
      await d.publishRaw(`dev/${d.sn}/up/stats`, 'not json {');
      await d.publish('probes', {
        probes: [
          {
            mac: 'DA11223344F5',
            band: '2.4',
            channel: 6,
            rssiDbm: -77,
            firstTs: h!.clock.now - 1000,
            lastTs: h!.clock.now,
            count: 9,
          },
        ],
      });
      await eventually(() => h!.services.gateway.counters.snapshot(d.sn).received === 3, 5000, 'received');
      await h.services.gateway.idle();
      await h.services.live.flush();
    } finally {
      await d.end();
    }
    // Calls whose latency is measured: a plain path, a parameterized one, and an unknown one.
    expect((await h.app.inject({ url: '/v1/device/list', headers: bearer(admin) })).statusCode).toBe(200);
    const id = 'a1b2c3d4e5f6';
    await h.app.inject({ method: 'DELETE', url: `/v1/user/disabled/${id}`, headers: bearer(admin) });
    await h.app.inject({ url: '/v1/no/such/path/12345' });

    const res = await scrape(TOKEN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE netconsole_gateway_messages_received_total counter');
    expect(text).toContain('# TYPE netconsole_ingest_lag_seconds histogram');
    const s = parse(text);

    expect(value(s, 'netconsole_gateway_messages_received_total')).toBeGreaterThanOrEqual(2);
    expect(value(s, 'netconsole_gateway_messages_accepted_total')).toBeGreaterThanOrEqual(1);
    expect(value(s, 'netconsole_gateway_messages_dropped_total', { reason: 'not_json' })).toBe(1);
    expect(value(s, 'netconsole_gateway_messages_dropped_total', { reason: 'rate' })).toBe(0);
    expect(value(s, 'netconsole_gateway_messages_unhandled_total', { kind: 'probes' })).toBe(1);
    expect(value(s, 'netconsole_ingest_flush_batches_total', { writer: 'devices' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(value(s, 'netconsole_ingest_flush_rows_total', { writer: 'devices' })).toBeGreaterThanOrEqual(1);
    // The hello was committed: at least one lag sample, the +Inf bucket equal to the count.
    const lagCount = value(s, 'netconsole_ingest_lag_seconds_count')!;
    expect(lagCount).toBeGreaterThanOrEqual(1);
    expect(value(s, 'netconsole_ingest_lag_seconds_bucket', { le: '+Inf' })).toBe(lagCount);
    expect(value(s, 'netconsole_ingest_lag_seconds_sum')).toBeGreaterThanOrEqual(0);
    const lagBuckets = s.filter((x) => x.name === 'netconsole_ingest_lag_seconds_bucket').map((x) => x.value);
    expect(lagBuckets).toEqual([...lagBuckets].sort((a, b) => a - b));
    expect(value(s, 'netconsole_ingest_pending_messages')).toBeGreaterThanOrEqual(0);

    // HTTP latency by the route's pattern, never the raw URL.
    const list = { method: 'GET', route: '/v1/device/list', status_class: '2xx' };
    expect(value(s, 'netconsole_http_request_duration_seconds_count', list)).toBe(1);
    expect(value(s, 'netconsole_http_request_duration_seconds_sum', list)).toBeGreaterThan(0);
    expect(value(s, 'netconsole_http_request_duration_seconds_bucket', { ...list, le: '+Inf' })).toBe(1);
    expect(
      value(s, 'netconsole_http_request_duration_seconds_count', {
        method: 'DELETE',
        route: '/v1/user/disabled/:id',
      }),
    ).toBe(1);
    expect(value(s, 'netconsole_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('12345');

    // prom-client's process figures, on our registry.
    expect(value(s, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(value(s, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(value(s, 'netconsole_build_info', { engine: h.store.engine })).toBe(1);

    // The administrator's JSON reading is still there beside it.
    const json = await h.app.inject({ url: '/system/metrics', headers: bearer(admin) });
    expect(json.statusCode).toBe(200);
    expect(json.json().gateway.dropped.not_json).toBe(1);
  });
});
