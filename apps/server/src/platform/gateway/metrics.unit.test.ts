import { describe, expect, it } from 'vitest';
import { GatewayCounters } from './counters.ts';
import { IngestMetrics, quantileMs } from './metrics.ts';

function metrics() {
  return new IngestMetrics(new GatewayCounters());
}

describe('IngestMetrics', () => {
  it('turns the handled messages of the devices a batch names into lag samples at its commit', () => {
    const m = metrics();
    const t0 = m.now() - 50;
    m.handled('SNA', t0);
    m.handled('SNA', t0 + 10);
    m.handled('SNB', t0);
    const ticket = m.flushStart('devices', ['SNA', 'SNB']);
    expect(m.snapshot().pending).toBe(3);
    ticket.done(2);
    const s = m.snapshot();
    expect(s.lag.count).toBe(3);
    expect(s.lag.maxMs).toBeGreaterThanOrEqual(50);
    expect(s.pending).toBe(0);
    expect(s.flush.devices).toMatchObject({ batches: 1, rows: 2, failures: 0 });
  });

  it('forgets messages whose device the next batch does not name (nothing of theirs to write)', () => {
    const m = metrics();
    m.handled('SNA', m.now());
    m.handled('SNLATE', m.now());
    m.flushStart('devices', ['SNA']).done(1);
    expect(m.snapshot()).toMatchObject({ lag: { count: 1 }, pending: 0 });
    m.flushStart('devices', ['SNLATE']).done(1);
    expect(m.snapshot().lag.count).toBe(1);
  });

  it('credits a message handled while the batch naming its device was already taken to that batch', () => {
    const m = metrics();
    const received = m.now();
    const ticket = m.flushStart('devices', ['SNA']);
    m.handled('SNA', received);
    // Received after the batch was taken: its effect waits for the next one.
    m.handled('SNA', m.now() + 1);
    ticket.done(1);
    expect(m.snapshot()).toMatchObject({ lag: { count: 1 }, pending: 1 });
    m.flushStart('devices', ['SNA']).done(1);
    expect(m.snapshot()).toMatchObject({ lag: { count: 2 }, pending: 0 });
  });

  it('keeps the messages of a failed batch for the retry, and counts the failure', () => {
    const m = metrics();
    m.handled('SNA', m.now());
    m.handled('SNB', m.now());
    m.flushStart('devices', ['SNA', 'SNB']).failed();
    expect(m.snapshot()).toMatchObject({
      lag: { count: 0 },
      pending: 2,
      flush: { devices: { failures: 1 } },
    });
    m.flushStart('devices', ['SNA', 'SNB']).done(2);
    expect(m.snapshot()).toMatchObject({ lag: { count: 2 }, pending: 0, flush: { devices: { batches: 2 } } });
  });

  it('takes counts from another writer that names no devices, and lag samples it measured itself', () => {
    const m = metrics();
    m.handled('SNA', m.now());
    const t = m.flushStart('telemetry');
    t.done(40);
    t.done(40);
    m.lag(120);
    const s = m.snapshot();
    expect(s.flush.telemetry).toMatchObject({ batches: 1, rows: 40 });
    // The per-device writer's messages still wait for it.
    expect(s).toMatchObject({ pending: 1, lag: { count: 1, maxMs: 120 } });
  });

  it('reads percentiles from the histogram within its 10 % resolution', () => {
    const m = metrics();
    for (let i = 1; i <= 100; i++) m.lag(i * 10);
    const { buckets } = m.snapshot().lag;
    const p50 = quantileMs(buckets, 0.5);
    const p99 = quantileMs(buckets, 0.99);
    expect(p50).toBeGreaterThanOrEqual(500);
    expect(p50).toBeLessThanOrEqual(550);
    expect(p99).toBeGreaterThanOrEqual(990);
    expect(p99).toBeLessThanOrEqual(1090);
    expect(quantileMs([], 0.99)).toBe(0);
  });

  it('reports the gateway counters and the process', () => {
    const c = new GatewayCounters();
    c.received('SNA');
    c.dropped('SNA', 'rate');
    const s = new IngestMetrics(c).snapshot();
    expect(s.gateway).toEqual({ received: 1, accepted: 0, dropped: { rate: 1 }, unhandled: {} });
    expect(s.process.rssBytes).toBeGreaterThan(0);
  });
});
