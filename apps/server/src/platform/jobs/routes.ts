/**
 * GET /system/jobs (docs/api-extensions.tsv): the durable jobs' history for the administrator —
 * each run's status, attempts, times, node and last error, newest first — and the counts by status.
 * Schemas here rather than in the contract: an operations view of the server, not a console call.
 */
import { z } from 'zod';
import { listReply, pageQuery } from '@netconsole/contract';
import { replies, type App } from '../http/schemas.ts';
import type { Jobs } from './jobs.ts';

const STATUSES = ['queued', 'running', 'done', 'failed', 'dead'] as const;

const jobsQuery = pageQuery.extend({
  name: z.string().trim().min(1).max(100).optional(),
  status: z.enum(STATUSES).optional(),
});

const time = z.number().int().nullable();
const jobRun = z.object({
  id: z.string(),
  name: z.string(),
  key: z.string().nullable(),
  status: z.enum(STATUSES),
  attempt: z.number().int().meta({ description: 'Attempts started so far' }),
  dueAt: z.number().int().meta({ description: 'Due from (failed: due again from, after its back-off)' }),
  node: z
    .string()
    .nullable()
    .meta({ description: 'The node holding the lease, or that ran the last attempt' }),
  leaseUntil: time,
  startedAt: time.meta({ description: 'Start of the last attempt' }),
  finishedAt: time,
  durationMs: z.number().int().nullable().meta({ description: 'Length of the last attempt' }),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
});
const jobsReply = listReply(jobRun).extend({
  byStatus: z.record(z.enum(STATUSES), z.number().int()),
});

export function jobRoutes(app: App, jobs: Pick<Jobs, 'history' | 'figures'>): void {
  app.get(
    '/system/jobs',
    {
      schema: {
        tags: ['system'],
        summary: 'Durable jobs: runs newest first, and counts by status (administrator)',
        querystring: jobsQuery,
        response: replies({ 200: jobsReply }),
      },
      config: { auth: { accountRoles: [10] } },
    },
    async (req) => {
      const q = req.query;
      const [{ rows, count }, figures] = await Promise.all([
        jobs.history({ name: q.name, status: q.status, limit: q.limit, page: q.page }),
        jobs.figures(),
      ]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: r.name,
          key: r.key,
          status: r.status,
          attempt: r.attempt,
          dueAt: r.run_at,
          node: r.node,
          leaseUntil: r.lease_until,
          startedAt: r.started_at,
          finishedAt: r.finished_at,
          durationMs: r.duration_ms,
          lastError: r.last_error,
          createdAt: r.created_at,
        })),
        count,
        limit: q.limit,
        page: q.page,
        sort: null,
        byStatus: figures.byStatus,
      };
    },
  );
}
