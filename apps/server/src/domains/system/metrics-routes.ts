/**
 * GET /system/metrics: the gateway's ingest figures (gateway/metrics.ts) for the administrator —
 * messages received, accepted and dropped per reason, rows each batched writer committed, the
 * ingest lag histogram, and the process's memory, CPU and event-loop delay. Cumulative since the
 * start: a reader (`npm run bench:ingest`, a monitoring scraper) diffs two readings.
 */
import { z } from 'zod';
import type { IngestMetrics } from '../../platform/gateway/metrics.ts';
import { replies, type App } from '../../platform/http/schemas.ts';

const count = z.number().int().min(0);
const ms = z.number().min(0);

const metricsReply = z.object({
  at: z.number().int(),
  uptimeMs: ms,
  gateway: z.object({
    received: count,
    accepted: count,
    dropped: z.record(z.string(), count),
    unhandled: z.record(z.string(), count).meta({
      description:
        'accepted messages of a kind no domain handles yet; acks/<cmd>: reports on commands no domain issues',
    }),
  }),
  flush: z.record(
    z.string(),
    z.object({ batches: count, rows: count, failures: count, busyMs: ms, maxMs: ms }),
  ),
  lag: z.object({
    count,
    sumMs: ms,
    maxMs: ms,
    buckets: z.array(z.tuple([ms, count])).meta({ description: '[upper bound ms, samples], cumulative' }),
  }),
  pending: count,
  process: z.object({
    rssBytes: count,
    heapUsedBytes: count,
    cpuUserMs: count,
    cpuSystemMs: count,
    loopDelayP99Ms: ms,
    loopDelayMaxMs: ms,
  }),
});

export function metricsRoutes(app: App, metrics: IngestMetrics): void {
  app.get(
    '/system/metrics',
    {
      schema: {
        tags: ['system'],
        summary: 'Device ingest figures since the start (administrator)',
        response: replies({ 200: metricsReply }),
      },
      config: { auth: { accountRoles: [10] } },
    },
    async () => metrics.snapshot(),
  );
}
