/**
 * The Prometheus figures of GET /metrics (docs/deployment.md, "Monitoring"), on a registry of the
 * app's own (never prom-client's global one, so several apps in one process — the API tests — do
 * not collide). The ingest figures are not counted twice: collect() callbacks read the gateway's
 * in-memory tallies (gateway/counters.ts, gateway/metrics.ts) at scrape time, and the ingest lag
 * histogram is rewritten from the gateway's own finer one. Only the HTTP latency is observed here,
 * per request, by its route's URL pattern.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { DEVICE_DROP_REASONS } from '@netconsole/contract';
import type { IngestMetrics } from '../../platform/gateway/metrics.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';

/** Upper bounds of the ingest lag histogram, seconds (the gateway's buckets are folded into these). */
export const LAG_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Upper bounds of the HTTP latency histogram, seconds. */
export const HTTP_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route took (a 404), so unknown paths cannot grow the series. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PrometheusSources {
  ingest: IngestMetrics;
  version: string;
  mode: string;
  engine: string;
  /** The durable jobs: runs in the store by status, and this node's runs, failures and time per job. */
  jobs?: Pick<Jobs, 'figures'>;
}

export interface Prometheus {
  registry: Registry;
  /** The onResponse hook: one latency sample per request, labelled by method, route pattern and status class. */
  observe(req: FastifyRequest, reply: FastifyReply): void;
}

/**
 * A histogram whose buckets are read at scrape time from cumulative figures kept elsewhere: prom-client's
 * Histogram can only observe, which would count every lag sample twice.
 */
function snapshotHistogram(
  name: string,
  help: string,
  read: () => { buckets: [number, number][]; sum: number; count: number },
): Metric {
  const metric = {
    name,
    help,
    type: 'histogram',
    aggregator: 'sum',
    get: async () => {
      const { buckets, sum, count } = read();
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      let i = 0;
      let seen = 0;
      for (const le of LAG_BUCKETS_S) {
        // A source bucket counts below `le` only when its whole range is: never an understatement.
        while (i < buckets.length && buckets[i]![0] <= le) seen += buckets[i++]![1];
        values.push({ metricName: `${name}_bucket`, labels: { le }, value: seen });
      }
      values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf' }, value: count });
      values.push({ metricName: `${name}_sum`, labels: {}, value: sum });
      values.push({ metricName: `${name}_count`, labels: {}, value: count });
      return { name, help, type: 'histogram', aggregator: 'sum', values };
    },
  };
  return metric as unknown as Metric;
}

export function createPrometheus(src: PrometheusSources): Prometheus {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const figures = () => src.ingest.figures();

  new Gauge({
    name: 'netconsole_build_info',
    help: 'The running server: version, mode and store engine (always 1).',
    labelNames: ['version', 'mode', 'engine'],
    registers: [registry],
  }).set({ version: src.version, mode: src.mode, engine: src.engine }, 1);

  new Counter({
    name: 'netconsole_gateway_messages_received_total',
    help: 'Device messages the gateway received since the start.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(figures().gateway.received);
    },
  });
  new Counter({
    name: 'netconsole_gateway_messages_accepted_total',
    help: 'Device messages the gateway accepted since the start.',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(figures().gateway.accepted);
    },
  });
  new Counter({
    name: 'netconsole_gateway_messages_dropped_total',
    help: 'Device messages (and broker refusals) dropped since the start, by reason (device protocol §8).',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      const dropped = figures().gateway.dropped;
      this.reset();
      // Every reason from zero, so rate() sees the first drop of each.
      for (const reason of DEVICE_DROP_REASONS) this.inc({ reason }, dropped[reason] ?? 0);
    },
  });
  new Counter({
    name: 'netconsole_gateway_messages_unhandled_total',
    help: 'Accepted device messages of a kind no domain handles yet (acks/<cmd>: reports on commands no domain issues).',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const unhandled = figures().gateway.unhandled;
      this.reset();
      for (const [kind, n] of Object.entries(unhandled)) this.inc({ kind }, n);
    },
  });

  registry.registerMetric(
    snapshotHistogram(
      'netconsole_ingest_lag_seconds',
      'Time from the gateway receiving a device message to the commit of the write that holds its effect.',
      () => {
        const { lag } = figures();
        return {
          buckets: lag.buckets.map(([ms, n]) => [ms / 1000, n]),
          sum: lag.sumMs / 1000,
          count: lag.count,
        };
      },
    ),
  );
  new Gauge({
    name: 'netconsole_ingest_pending_messages',
    help: 'Device messages handled whose store write has not committed yet.',
    registers: [registry],
    collect() {
      this.set(figures().pending);
    },
  });

  // The batched writers (`writer`: devices, …), each series read from the same figures.
  const flushSeries = (name: string, help: string, pick: (f: FlushFigures) => number, type: 'c' | 'g') => {
    const config = {
      name,
      help,
      labelNames: ['writer'] as const,
      registers: [registry],
    };
    if (type === 'g') {
      return new Gauge({
        ...config,
        collect() {
          for (const [writer, f] of Object.entries(figures().flush)) this.set({ writer }, pick(f));
        },
      });
    }
    return new Counter({
      ...config,
      collect() {
        this.reset();
        for (const [writer, f] of Object.entries(figures().flush)) this.inc({ writer }, pick(f));
      },
    });
  };
  flushSeries(
    'netconsole_ingest_flush_batches_total',
    'Batches the writer committed or failed.',
    (f) => f.batches,
    'c',
  );
  flushSeries('netconsole_ingest_flush_rows_total', 'Rows the writer committed.', (f) => f.rows, 'c');
  flushSeries(
    'netconsole_ingest_flush_failures_total',
    'Batches whose transaction failed (retried).',
    (f) => f.failures,
    'c',
  );
  flushSeries(
    'netconsole_ingest_flush_seconds_total',
    'Time the writer spent in its transactions.',
    (f) => f.busyMs / 1000,
    'c',
  );
  flushSeries(
    'netconsole_ingest_flush_max_seconds',
    'The longest transaction of the writer.',
    (f) => f.maxMs / 1000,
    'g',
  );

  if (src.jobs) jobSeries(registry, src.jobs);

  const http = new Histogram({
    name: 'netconsole_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: HTTP_BUCKETS_S,
    registers: [registry],
  });

  return {
    registry,
    observe(req, reply) {
      const route = req.is404 ? UNMATCHED_ROUTE : (req.routeOptions.url ?? UNMATCHED_ROUTE);
      http.observe(
        { method: req.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
        reply.elapsedTime / 1000,
      );
    },
  };
}

/** One read of the jobs' figures per scrape, shared by its series (the counts are a store query). */
function jobSeries(registry: Registry, jobs: Pick<Jobs, 'figures'>): void {
  let pending: ReturnType<Jobs['figures']> | null = null;
  const figures = () => {
    pending ??= jobs.figures().finally(() => queueMicrotask(() => (pending = null)));
    return pending;
  };
  new Gauge({
    name: 'netconsole_jobs',
    help: 'Runs of durable jobs in the store (every node), by status.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const { byStatus } = await figures();
      for (const [status, n] of Object.entries(byStatus)) this.set({ status }, n);
    },
  });
  const perName = (name: string, help: string, pick: (f: PerJob) => number) =>
    new Counter({
      name,
      help,
      labelNames: ['job'],
      registers: [registry],
      async collect() {
        const f = await figures();
        this.reset();
        for (const [job, v] of Object.entries(f.perName)) this.inc({ job }, pick(v));
      },
    });
  perName('netconsole_job_runs_total', 'Attempts of the job this node ran since its start.', (f) => f.runs);
  perName(
    'netconsole_job_failures_total',
    'Attempts of the job that failed on this node.',
    (f) => f.failures,
  );
  perName(
    'netconsole_job_dead_total',
    'Runs of the job this node gave up on (attempts used up).',
    (f) => f.dead,
  );
  perName(
    'netconsole_job_duration_seconds_total',
    'Time this node spent in the job’s attempts.',
    (f) => f.durationMs / 1000,
  );
}

type PerJob = Awaited<ReturnType<Jobs['figures']>>['perName'][string];

type FlushFigures = ReturnType<IngestMetrics['figures']>['flush'][string];
