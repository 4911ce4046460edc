import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // Timers (docs/diagnosis.md "Timers"): a diagnosis each day at hour:minute:second in time_zone.
  // builtin: 'OnTimerPortalCheck' | 'OnTimerNetworkCheck' for the tenant's two built-in tasks (one
  // each: the unique index; NULLs, the user's timers, are distinct on both engines), null otherwise.
  // next_run: the slot of the one pending `diagnosis-timer.fire` run (null when disabled).
  await db.schema
    .createTable('diagnosis_timers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('builtin', 'varchar(32)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('descr', 'varchar(200)', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('second', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('devices', 'text', (c) => c.notNull())
    .addColumn('targets', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('portal_url', 'varchar(500)')
    .addColumn('radius', 'text', (c) => c.notNull())
    .addColumn('next_run', 'bigint')
    .addColumn('last_run', 'bigint')
    .addColumn('last_run_id', 'varchar(36)')
    .addColumn('last_error', 'integer')
    .addColumn('creator_id', 'varchar(36)')
    .addColumn('creator_name', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('diagnosis_timers_tenant_builtin')
    .on('diagnosis_timers')
    .columns(['tenant_id', 'builtin'])
    .unique()
    .execute();
  await db.schema
    .createIndex('diagnosis_timers_tenant_created')
    .on('diagnosis_timers')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('diagnosis_timers').execute();
}
