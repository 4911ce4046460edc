/**
 * The simulator's service checks of `run_diagnosis` (§7.11.1): the pure rule, then one command
 * through the broker (Mosquitto at MQTT_URL) whose every report the stub gateway checks with the
 * contract's schemas.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ackMessage, runDiagnosisCommand } from '@netconsole/contract';
import type { DiagnosisCheckResult } from '@netconsole/contract';
import { serviceCheck } from './diagnosis.ts';
import { createFleet } from './index.ts';
import type { Fleet } from './index.ts';
import { Rng } from './prng.ts';
import { StubGateway } from './stub-gateway.ts';

describe('serviceCheck', () => {
  const rng = new Rng(7);

  test('http: any reachable host answers 200 with a time; "unreachable" hosts time out', () => {
    const ok = serviceCheck(rng, { kind: 'http', url: 'https://portal.example.com/login?x=1' });
    expect(ok).toMatchObject({ kind: 'http', target: 'https://portal.example.com/login?x=1', port: 443 });
    expect(ok).toMatchObject({ code: 1, status: 200 });
    expect(ok.ms).toBeGreaterThan(0);
    expect(serviceCheck(rng, { kind: 'http', url: 'http://10.0.0.5:8080/' })).toMatchObject({
      port: 8080,
      code: 1,
    });
    expect(serviceCheck(rng, { kind: 'http', url: 'http://portal.unreachable.example/' })).toEqual({
      kind: 'http',
      target: 'http://portal.unreachable.example/',
      port: 80,
      code: 0,
      ms: null,
      status: null,
      error: 'timeout',
    });
  });

  test('radius: 1812 and 1813 answer (Access-Accept, Accounting-Response), other ports time out', () => {
    expect(serviceCheck(rng, { kind: 'radius', host: '10.1.1.10', port: 1812 })).toMatchObject({
      target: '10.1.1.10',
      code: 1,
      status: 2,
    });
    expect(serviceCheck(rng, { kind: 'radius', host: 'radius.example.com', port: 1813 })).toMatchObject({
      code: 1,
      status: 5,
    });
    expect(serviceCheck(rng, { kind: 'radius', host: '10.1.1.10', port: 1645 })).toMatchObject({
      code: 0,
      ms: null,
      status: null,
      error: 'timeout',
    });
  });

  test('a host that does not resolve has no result', () => {
    for (const check of [
      { kind: 'http', url: 'http://nowhere.invalid/' },
      { kind: 'radius', host: 'nowhere.invalid', port: 1812 },
    ] as const)
      expect(serviceCheck(rng, check)).toMatchObject({ code: 2, ms: null, error: 'resolve_failed' });
  });
});

describe('run_diagnosis with checks, through the broker', () => {
  const URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
  const PREFIX = `T${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`;
  let gw: StubGateway;
  let fleet: Fleet;

  beforeAll(async () => {
    gw = await StubGateway.connect({ url: URL, snPrefix: PREFIX });
    fleet = createFleet({
      url: URL,
      factoryKey: randomBytes(32).toString('hex'),
      networks: [{ switches: 0, aps: 1 }],
      snPrefix: PREFIX,
      seed: 18,
      timing: { connectRatePerS: 1000 },
    });
    await fleet.start();
    await fleet.waitOnline({ timeoutMs: 15_000 });
  });
  afterAll(async () => {
    await fleet?.stop();
    await gw?.close();
  });

  test('the checks follow the targets, in order, in the succeeded result', async () => {
    const ap = fleet.devices[0]!;
    const body = {
      type: 1,
      targets: ['portal.example.com'],
      count: 1,
      sizeBytes: 56,
      intervalMs: 200,
      checks: [
        { kind: 'http', url: 'http://portal.example.com/auth' },
        { kind: 'radius', host: '10.9.9.9', port: 1812 },
        { kind: 'radius', host: '10.9.9.9', port: 1999 },
      ],
    };
    const id = await gw.command(ap.sn, 'run_diagnosis', body);
    const end = await gw.terminal(id, 15_000);
    expect(ackMessage.safeParse(end).success).toBe(true);
    const result = (end as { result: { results: unknown[]; checks: DiagnosisCheckResult[] } }).result;
    expect(result.results).toHaveLength(1);
    expect(result.checks.map((c) => [c.kind, c.port, c.code])).toEqual([
      ['http', 80, 1],
      ['radius', 1812, 1],
      ['radius', 1999, 0],
    ]);
    // The one target's result is half the work: the checks are the other half.
    const percents = gw.reports(id).map((r) => (r as { percent?: number }).percent);
    expect(percents).toContain(25);
  });
});

describe('the checks field of the schemas', () => {
  const base = {
    v: 1,
    ts: 1767261000000,
    id: '01JGX8W9DG0000000000000001',
    cmd: 'run_diagnosis',
    expires: 1767261600000,
    type: 1,
    targets: ['portal.example.com'],
    count: 4,
    sizeBytes: 56,
  } as const;

  test('run_diagnosis takes up to 8 http and radius checks, and none', () => {
    expect(runDiagnosisCommand.safeParse(base).success).toBe(true);
    const four = [
      { kind: 'http', url: 'https://portal.example.com/' },
      { kind: 'radius', host: '10.0.0.1', port: 1812 },
      { kind: 'radius', host: 'radius.example.com', port: 1813 },
      { kind: 'http', url: 'http://10.0.0.1:8080/login' },
    ];
    const eight = [...four, ...four];
    expect(runDiagnosisCommand.safeParse({ ...base, checks: eight }).success).toBe(true);
    expect(runDiagnosisCommand.safeParse({ ...base, checks: [...eight, four[0]] }).success).toBe(false);
  });

  test.each([
    ['ftp URL', { kind: 'http', url: 'ftp://portal.example.com/' }],
    ['port 0', { kind: 'radius', host: '10.0.0.1', port: 0 }],
    ['port 65536', { kind: 'radius', host: '10.0.0.1', port: 65536 }],
    ['bad host', { kind: 'radius', host: 'bad host', port: 1812 }],
    ['unknown kind', { kind: 'dns', host: '10.0.0.1' }],
  ])('refuses a check with %s', (_name, check) => {
    expect(runDiagnosisCommand.safeParse({ ...base, checks: [check] }).success).toBe(false);
  });

  test('the succeeded report carries check results; a report without them still parses', () => {
    const ack = {
      v: 1,
      ts: 1767261000100,
      seq: 3,
      id: base.id,
      cmd: 'run_diagnosis',
      state: 'succeeded',
      result: { results: [] as unknown[] },
    };
    expect(ackMessage.safeParse(ack).success).toBe(true);
    const checks = [
      { kind: 'http', target: 'https://portal.example.com/', port: 443, code: 1, ms: 48.2, status: 302 },
      { kind: 'radius', target: '10.0.0.1', port: 1812, code: 0, ms: null, status: null, error: 'timeout' },
      {
        kind: 'radius',
        target: '10.0.0.2',
        port: 1812,
        code: 2,
        ms: null,
        status: null,
        error: 'unsupported_check',
      },
    ];
    expect(ackMessage.safeParse({ ...ack, result: { results: [], checks } }).success).toBe(true);
    const badCode = [{ ...checks[0], code: 3 }];
    expect(ackMessage.safeParse({ ...ack, result: { results: [], checks: badCode } }).success).toBe(false);
  });
});
