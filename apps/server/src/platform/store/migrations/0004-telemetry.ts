import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations. Design: docs/telemetry.md.

/** The three resolutions share one layout: sums, counts and highs, so any rows of a span merge by addition. */
const SERIES_TABLES = ['telemetry_5m', 'telemetry_1h', 'telemetry_1d'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of SERIES_TABLES) {
    // No foreign key to devices: these are the hottest inserts, and devices are never deleted.
    // tenant_id is the device's tenant when the samples were taken (null: unregistered device).
    await db.schema
      .createTable(table)
      .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('tenant_id', 'varchar(36)')
      .addColumn('type', 'integer')
      .addColumn('bucket', 'bigint', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addColumn('cpu_sum', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('cpu_n', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cpu_max', 'double precision')
      .addColumn('mem_sum', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('mem_n', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mem_max', 'double precision')
      .addColumn('temp_sum', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('temp_n', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('temp_max', 'double precision')
      .addColumn('rx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('tx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('span_s', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('rx_rate_max', 'bigint')
      .addColumn('tx_rate_max', 'bigint')
      .addColumn('clients_sum', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('clients_max', 'integer')
      .addColumn('poe_used_sum', 'double precision', (c) => c.notNull().defaultTo(0))
      .addColumn('poe_n', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('poe_used_max', 'double precision')
      .addColumn('poe_budget', 'double precision')
      .execute();
    await db.schema.createIndex(`${table}_device`).on(table).columns(['device_id', 'bucket']).execute();
    await db.schema.createIndex(`${table}_tenant`).on(table).columns(['tenant_id', 'bucket']).execute();
    await db.schema.createIndex(`${table}_bucket`).on(table).column('bucket').execute();
  }

  // The last report of each kind per device, written in batches (JSON for the tables).
  await db.schema
    .createTable('telemetry_latest')
    .addColumn('device_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('stats_at', 'bigint')
    .addColumn('cpu_pct', 'double precision')
    .addColumn('mem_pct', 'double precision')
    .addColumn('mem_total_kb', 'bigint')
    .addColumn('temp_c', 'double precision')
    .addColumn('clients', 'integer')
    .addColumn('poe_budget_w', 'double precision')
    .addColumn('poe_used_w', 'double precision')
    .addColumn('rx_rate', 'bigint')
    .addColumn('tx_rate', 'bigint')
    .addColumn('uptime_s', 'bigint')
    .addColumn('radio_stats', 'text')
    .addColumn('state_at', 'bigint')
    .addColumn('state', 'text')
    .addColumn('ports_at', 'bigint')
    .addColumn('ports', 'text')
    .execute();
  await db.schema.createIndex('telemetry_latest_tenant').on('telemetry_latest').column('tenant_id').execute();

  // How far each roll-up has gone: rows before `done_until` are in the coarser table.
  await db.schema
    .createTable('telemetry_rollups')
    .addColumn('res', 'varchar(8)', (c) => c.primaryKey())
    .addColumn('done_until', 'bigint', (c) => c.notNull())
    .execute();
  await db
    .insertInto('telemetry_rollups')
    .values([
      { res: '1h', done_until: 0 },
      { res: '1d', done_until: 0 },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('telemetry_rollups').ifExists().execute();
  await db.schema.dropTable('telemetry_latest').ifExists().execute();
  for (const table of SERIES_TABLES) await db.schema.dropTable(table).ifExists().execute();
}
