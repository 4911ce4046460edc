/**
 * The durable jobs' SQL (docs/conventions.md, "Durable jobs"). Every write that decides who runs
 * what is one statement guarded by the state it expects (compare-and-set), so several nodes on one
 * PostgreSQL never run a run twice; SQLite has one writer and one process.
 */
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db, Engine } from '../store/db.ts';
import type { JobRunTable, JobScheduleTable, JobStatus } from './tables.ts';

export type JobRunRow = Selectable<JobRunTable>;
export type ScheduleRow = Selectable<JobScheduleTable>;

/** Statuses of a run not finished: one of these holds its key. */
export const PENDING: readonly JobStatus[] = ['queued', 'running', 'failed'];

/** Adds a run; false when a pending run of the same name and key is there already. */
export async function insertRun(db: Db, row: Insertable<JobRunTable>): Promise<boolean> {
  const res = await db
    .insertInto('job_runs')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export interface ClaimOptions {
  engine: Engine;
  node: string;
  now: number;
  /** Names this node has handlers for, with each one's lease. */
  leases: ReadonlyMap<string, number>;
  limit: number;
}

/**
 * Leases up to `limit` runs that are due (queued, or failed and past their back-off) or whose lease
 * expired (their node is gone), oldest due first, and returns them with their attempt counted.
 * PostgreSQL: `FOR UPDATE SKIP LOCKED` lets concurrent claimers pass each other's rows instead of
 * taking them twice or waiting; the outer condition is checked again on the locked row.
 */
export async function claimRuns(db: Db, o: ClaimOptions): Promise<JobRunRow[]> {
  const names = [...o.leases.keys()];
  if (names.length === 0 || o.limit <= 0) return [];
  const claimable = sql<boolean>`(${sql.ref('status')} in ('queued', 'failed') and ${sql.ref('run_at')} <= ${o.now})
    or (${sql.ref('status')} = 'running' and ${sql.ref('lease_until')} < ${o.now})`;
  let due = db
    .selectFrom('job_runs')
    .select('id')
    .where('name', 'in', names)
    .where('status', 'in', ['queued', 'failed', 'running'])
    .where(claimable)
    .orderBy('run_at')
    .limit(o.limit);
  // An idle poll (nearly every poll) stays a read: on SQLite a claim UPDATE would take the one
  // writer every second for nothing.
  if (!(await due.limit(1).executeTakeFirst())) return [];
  due = due.limit(o.limit);
  if (o.engine === 'postgres') due = due.forUpdate().skipLocked();
  const lease = sql<number>`case ${sql.ref('name')} ${sql.join(
    // A parameter in a CASE would be text to PostgreSQL: cast to the column's type.
    names.map((n) => sql`when ${n} then cast(${o.now + o.leases.get(n)!} as bigint)`),
    sql` `,
  )} end`;
  return db
    .updateTable('job_runs')
    .set({
      status: 'running',
      node: o.node,
      lease_until: lease,
      attempt: sql<number>`${sql.ref('attempt')} + 1`,
      started_at: o.now,
    })
    .where('id', 'in', due)
    .where(claimable)
    .returningAll()
    .execute();
}

/** Pushes the lease of a run this node holds; false when it no longer holds it. */
export async function renewLease(
  db: Db,
  run: { id: string; attempt: number },
  node: string,
  until: number,
): Promise<boolean> {
  const res = await db
    .updateTable('job_runs')
    .set({ lease_until: until })
    .where('id', '=', run.id)
    .where('status', '=', 'running')
    .where('node', '=', node)
    .where('attempt', '=', run.attempt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Ends an attempt this node holds: done, failed (due again at `runAt`) or dead. */
export async function finishRun(
  db: Db,
  run: { id: string; attempt: number },
  node: string,
  end: { status: 'done' | 'failed' | 'dead'; at: number; durationMs: number; error?: string; runAt?: number },
): Promise<boolean> {
  const res = await db
    .updateTable('job_runs')
    .set({
      status: end.status,
      lease_until: null,
      finished_at: end.status === 'failed' ? null : end.at,
      duration_ms: end.durationMs,
      ...(end.error === undefined ? {} : { last_error: end.error }),
      ...(end.runAt === undefined ? {} : { run_at: end.runAt }),
    })
    .where('id', '=', run.id)
    .where('status', '=', 'running')
    .where('node', '=', node)
    .where('attempt', '=', run.attempt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Declares a recurring job. Its next slot is kept when the cron and time zone are unchanged, so
 * a slot missed while every node was down stays due; a changed cron starts from `nextAt`.
 */
export async function upsertSchedule(db: Db, row: ScheduleRow): Promise<void> {
  await db
    .insertInto('job_schedules')
    .values(row)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        cron: (eb) => eb.ref('excluded.cron'),
        time_zone: (eb) => eb.ref('excluded.time_zone'),
        payload: (eb) => eb.ref('excluded.payload'),
        updated_at: (eb) => eb.ref('excluded.updated_at'),
        next_at: sql<number>`case when ${sql.ref('job_schedules.cron')} = ${sql.ref('excluded.cron')}
          and ${sql.ref('job_schedules.time_zone')} = ${sql.ref('excluded.time_zone')}
          then ${sql.ref('job_schedules.next_at')} else ${sql.ref('excluded.next_at')} end`,
      }),
    )
    .execute();
}

export async function dueSchedules(db: Db, names: readonly string[], now: number): Promise<ScheduleRow[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('job_schedules')
    .selectAll()
    .where('name', 'in', names)
    .where('next_at', '<=', now)
    .execute();
}

/** Moves a schedule from the slot it was read at to its next; false when another node did first. */
export async function advanceSchedule(db: Db, name: string, from: number, to: number): Promise<boolean> {
  const res = await db
    .updateTable('job_schedules')
    .set({ next_at: to })
    .where('name', '=', name)
    .where('next_at', '=', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Finished runs (done before `doneBefore`, dead before `deadBefore`) leave the history. */
export async function deleteFinished(db: Db, doneBefore: number, deadBefore: number): Promise<number> {
  const res = await db
    .deleteFrom('job_runs')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'done'), eb('finished_at', '<', doneBefore)]),
        eb.and([eb('status', '=', 'dead'), eb('finished_at', '<', deadBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function countByStatus(db: Db): Promise<Record<JobStatus, number>> {
  const rows = await db
    .selectFrom('job_runs')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const out: Record<JobStatus, number> = { queued: 0, running: 0, done: 0, failed: 0, dead: 0 };
  for (const r of rows) out[r.status] = Number(r.n);
  return out;
}

export interface HistoryFilter {
  name?: string | undefined;
  status?: JobStatus | undefined;
  limit: number;
  page: number;
}

/** The runs, newest first. */
export async function listRuns(db: Db, f: HistoryFilter): Promise<{ rows: JobRunRow[]; count: number }> {
  let q = db.selectFrom('job_runs');
  if (f.name) q = q.where('name', '=', f.name);
  if (f.status) q = q.where('status', '=', f.status);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(f.limit)
      .offset((f.page - 1) * f.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export async function findRun(db: Db, id: string): Promise<JobRunRow | undefined> {
  return db.selectFrom('job_runs').selectAll().where('id', '=', id).executeTakeFirst();
}
