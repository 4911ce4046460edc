/**
 * Operations endpoints for load balancers, orchestrators and Prometheus (docs/deployment.md,
 * "Health and monitoring"), outside /v1 and public as far as the session guard goes:
 * - GET /healthz: the process is up and serves HTTP. Touches nothing.
 * - GET /readyz: the store answers a trivial query, the device bus is started and the writers'
 *   timers run (the app finished starting and is not closing); 503 names what is not ready.
 * - GET /metrics: the Prometheus text format (prometheus.ts), only with METRICS_TOKEN set, and then
 *   only for `Authorization: Bearer <METRICS_TOKEN>` (else 4010). Unset: 404 (4040), and nothing is
 *   measured at all — no registry, no per-request hook, no process collectors.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorCode } from '@netconsole/contract';
import { AppError } from '../../platform/http/app-error.ts';
import { within } from '../../platform/within.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { Store } from '../../platform/store/db.ts';
import type { IngestMetrics } from '../../platform/gateway/metrics.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import { createPrometheus } from './prometheus.ts';

/** A store that does not answer `SELECT 1` within this long is not ready. */
const STORE_PROBE_MS = 2000;

export interface OpsDeps {
  store: Store;
  /** METRICS_TOKEN; undefined turns /metrics off. */
  metricsToken: string | undefined;
  ingest: IngestMetrics;
  /** The device bus is started (the gateway takes messages). */
  busStarted: () => boolean;
  /** The durable jobs: started (readiness) and their figures (/metrics). */
  jobs: Pick<Jobs, 'isStarted' | 'figures'>;
  version: string;
  mode: string;
}

const healthReply = z.object({ status: z.literal('ok') });
const check = z.enum(['ok', 'fail']);
const readyReply = z
  .object({
    status: z.enum(['ready', 'not_ready']),
    checks: z.object({
      store: check.meta({ description: 'The store answered a trivial query.' }),
      bus: check.meta({ description: 'The device bus is started.' }),
      jobs: check.meta({
        description:
          "The app finished starting (the writers' timers run, durable jobs are polled) and is not closing.",
      }),
    }),
  })
  .meta({ id: 'ReadyReply' });

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export function opsRoutes(app: App, deps: OpsDeps): void {
  // Running from the end of start-up (this hook is added after every other module's) to closing.
  let running = false;
  app.addHook('onReady', async () => {
    running = true;
  });
  app.addHook('preClose', async () => {
    running = false;
  });

  app.get(
    '/healthz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness: the process is up',
        security: [],
        response: replies({ 200: healthReply }),
      },
      config: { auth: 'public' },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: store, device bus and timers (503 names the part not ready)',
        security: [],
        response: { ...replies({ 200: readyReply }), 503: readyReply },
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const store = await within(sql`select 1 as one`.execute(deps.store.db), STORE_PROBE_MS, 'store').then(
        () => 'ok' as const,
        (err: unknown) => {
          req.log.warn({ err }, 'readiness: the store does not answer');
          return 'fail' as const;
        },
      );
      const checks = {
        store,
        bus: deps.busStarted() ? ('ok' as const) : ('fail' as const),
        jobs: running && deps.jobs.isStarted ? ('ok' as const) : ('fail' as const),
      };
      const ready = Object.values(checks).every((c) => c === 'ok');
      return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );

  const token = deps.metricsToken;
  const prometheus = token
    ? createPrometheus({
        ingest: deps.ingest,
        version: deps.version,
        mode: deps.mode,
        engine: deps.store.engine,
        jobs: deps.jobs,
      })
    : null;
  if (prometheus) app.addHook('onResponse', async (req, reply) => prometheus.observe(req, reply));
  const expected = token ? digest(token) : null;

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['ops'],
        summary: 'Prometheus metrics (Bearer METRICS_TOKEN; 404 when METRICS_TOKEN is unset)',
        // The 200 is text; the refusals are the usual JSON error reply.
        response: {
          ...replies({}),
          200: {
            description: 'Prometheus text exposition format 0.0.4',
            content: { 'text/plain': { schema: z.string() } },
          },
        },
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      if (!prometheus || !expected) throw new AppError(ErrorCode.NotFound);
      const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      // Digests of equal length: the comparison takes the same time whatever the guess.
      if (!m || !timingSafeEqual(digest(m[1]!), expected)) throw new AppError(ErrorCode.NotSignedIn);
      const text = await prometheus.registry.metrics();
      return reply
        .header('content-type', prometheus.registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    },
  );
}
