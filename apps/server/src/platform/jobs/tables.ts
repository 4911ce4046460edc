/** The durable jobs' tables (migrations/0014-jobs.ts). Times are Unix milliseconds. */

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'dead';

export interface JobRunTable {
  id: string;
  name: string;
  /** Idempotency key: while a run with it is pending (queued, running, failed), another is not added. */
  key: string | null;
  /** JSON. */
  payload: string;
  status: JobStatus;
  /** Due from (queued) or due again from (failed, after its back-off). */
  run_at: number;
  /** Attempts started so far. */
  attempt: number;
  /** The node holding the lease, then the node that ran the last attempt. */
  node: string | null;
  lease_until: number | null;
  started_at: number | null;
  finished_at: number | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: number;
}

export interface JobScheduleTable {
  name: string;
  cron: string;
  time_zone: string;
  /** JSON. */
  payload: string;
  next_at: number;
  updated_at: number;
}

declare module '../store/db.ts' {
  interface Database {
    job_runs: JobRunTable;
    job_schedules: JobScheduleTable;
  }
}
