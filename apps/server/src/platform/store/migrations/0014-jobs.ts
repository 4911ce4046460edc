import { sql, type Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/conventions.md ("Durable jobs").
export async function up(db: Kysely<any>): Promise<void> {
  // One row per run of a job: queued, leased while it runs (node and lease expiry), retried with
  // back-off (failed, due again at run_at), then done or dead; kept a while as the visible history.
  await db.schema
    .createTable('job_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('key', 'varchar(200)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('node', 'varchar(100)')
    .addColumn('lease_until', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('duration_ms', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // What a poll looks for: runs waiting (or leased) by due time.
  await db.schema.createIndex('job_runs_due').on('job_runs').columns(['status', 'run_at']).execute();
  // The history by job, newest first.
  await db.schema.createIndex('job_runs_name').on('job_runs').columns(['name', 'created_at']).execute();
  // At most one pending run per job and key: a second enqueue with the key does nothing.
  await db.schema
    .createIndex('job_runs_pending_key')
    .on('job_runs')
    .columns(['name', 'key'])
    .unique()
    .where(sql.ref('status'), 'in', ['queued', 'running', 'failed'])
    .execute();
  // Recurring jobs declared in code: the next slot of each, shared by every node.
  await db.schema
    .createTable('job_schedules')
    .addColumn('name', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('cron', 'varchar(100)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('job_runs').execute();
}
