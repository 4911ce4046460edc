import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // A diagnosis (docs/diagnosis.md): what was asked of which devices, by whom or which timer, and
  // its counts once devices end. tenant_id null: the administrator's.
  await db.schema
    .createTable('diagnosis_runs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('portal_url', 'varchar(2048)')
    .addColumn('radius', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('creator_id', 'varchar(36)')
    .addColumn('creator_name', 'varchar(64)')
    .addColumn('timer_id', 'varchar(36)')
    .addColumn('timer_name', 'varchar(64)')
    .addColumn('campaign_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('devices', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('no_result', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diagnosis_runs_tenant')
    .on('diagnosis_runs')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('diagnosis_runs_timer')
    .on('diagnosis_runs')
    .columns(['timer_id', 'created_at'])
    .execute();

  // One device of a run: its command's progress, then every target's result and check (JSON).
  await db.schema
    .createTable('diagnosis_results')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('sn', 'varchar(32)', (c) => c.notNull())
    .addColumn('device_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)')
    .addColumn('network_name', 'varchar(64)')
    .addColumn('command_id', 'varchar(64)')
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('result', 'integer')
    .addColumn('quality', 'integer')
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('checks', 'text', (c) => c.notNull())
    .addColumn('error', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diagnosis_results_run')
    .on('diagnosis_results')
    .columns(['run_id', 'sn'])
    .execute();
  await db.schema
    .createIndex('diagnosis_results_device')
    .on('diagnosis_results')
    .columns(['device_id', 'status'])
    .execute();

  // One target of one ended device result: the time series of the records' chart.
  await db.schema
    .createTable('diagnosis_points')
    .addColumn('result_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('target', 'varchar(253)', (c) => c.notNull())
    .addColumn('run_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('timer_id', 'varchar(36)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('quality', 'integer', (c) => c.notNull())
    .addColumn('loss', 'double precision', (c) => c.notNull())
    .addColumn('min', 'double precision')
    .addColumn('avg', 'double precision')
    .addColumn('max', 'double precision')
    .addPrimaryKeyConstraint('diagnosis_points_pk', ['result_id', 'target'])
    .execute();
  await db.schema
    .createIndex('diagnosis_points_series')
    .on('diagnosis_points')
    .columns(['device_id', 'target', 'at'])
    .execute();
}
