/** The durable jobs' series of GET /metrics, read from a real Jobs on a real store. */
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { GatewayCounters } from '../../platform/gateway/counters.ts';
import { IngestMetrics } from '../../platform/gateway/metrics.ts';
import { Jobs } from '../../platform/jobs/jobs.ts';
import { startHarness, type Harness } from '../../test/harness.ts';
import { createPrometheus } from './prometheus.ts';

const MIN = 60_000;
let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

describe('figures for operations', () => {
  it('gives Prometheus the runs by status and each job’s runs, failures and time', async () => {
    h = await startHarness();
    const clock = h.clock;
    const jobs = new Jobs({
      db: h.store.db,
      engine: h.store.engine,
      clock: () => clock.now,
      log: pino({ level: 'silent' }),
    });
    jobs.define('ok', async () => {
      clock.advance(1500);
    });
    jobs.define('bad', async () => Promise.reject(new Error('no')), { attempts: 1 });
    // The server's modules queue runs of their own at start (sweeps, repairs): this test counts its own.
    await h.store.db.deleteFrom('job_runs').execute();
    await jobs.enqueue('ok', null);
    await jobs.enqueue('bad', null);
    await jobs.enqueue('ok', null, { at: clock.now + MIN });
    await jobs.runDue();
    const { registry } = createPrometheus({
      ingest: new IngestMetrics(new GatewayCounters()),
      version: '0',
      mode: 'cloud',
      engine: h.store.engine,
      jobs,
    });
    const text = await registry.metrics();
    for (const line of [
      'netconsole_jobs{status="queued"} 1',
      'netconsole_jobs{status="done"} 1',
      'netconsole_jobs{status="dead"} 1',
      'netconsole_jobs{status="running"} 0',
      'netconsole_job_runs_total{job="ok"} 1',
      'netconsole_job_failures_total{job="bad"} 1',
      'netconsole_job_dead_total{job="bad"} 1',
      'netconsole_job_duration_seconds_total{job="ok"} 1.5',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
  });
});
