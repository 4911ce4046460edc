import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/analytics.md
// ("Client rankings").
export async function up(db: Kysely<any>): Promise<void> {
  // Each client's figures over the part of a tenant's standard period (the last 7 or 30 of its
  // local days) that lies before `until` of the tenant's state row: traffic of the hours before it,
  // online time and connections of the sessions that ended before it. A ranking adds what came
  // after (an hour or so) to the clients it could move. Rows of a generation (`gen`) become visible
  // when the state row names it, so a rebuild is written in short transactions.
  await db.schema
    .createTable('analytics_client_rank')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('gen', 'integer', (c) => c.notNull())
    // A client's rows go with it: a ranking counts rows without looking for their clients.
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addColumn('online_ms', 'bigint', (c) => c.notNull())
    .addColumn('conns', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_client_rank_pk', ['tenant_id', 'span', 'gen', 'client_id'])
    .execute();
  // One per order of the rankings (traffic, online time, connections), read from either end.
  for (const col of ['total', 'online_ms', 'conns']) {
    await db.schema
      .createIndex(`analytics_client_rank_${col}`)
      .on('analytics_client_rank')
      .columns(['tenant_id', 'span', 'gen', col])
      .execute();
  }
  // For the cascade from clients.
  await db.schema
    .createIndex('analytics_client_rank_client')
    .on('analytics_client_rank')
    .column('client_id')
    .execute();
  // The connect log by end, then start: the connections open (end null) or ended since a time that
  // began since another (the users after the roll-up's mark), without reading every open one. It
  // serves what `(end_at)` served.
  await db.schema
    .createIndex('client_sessions_end_start')
    .on('client_sessions')
    .columns(['end_at', 'start_at'])
    .execute();
  await db.schema.dropIndex('client_sessions_end').execute();
  // What a tenant's rows of a span hold: its zone, the period's first midnight, up to when.
  await db.schema
    .createTable('analytics_client_rank_state')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('gen', 'integer', (c) => c.notNull())
    .addColumn('zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_client_rank_state_pk', ['tenant_id', 'span'])
    .execute();

  // The same for devices' uplink bytes (flow/listAP): the part before `until`, telemetry's hourly
  // mark when it was folded; a listing adds the hours and 5-minute spans after it.
  await db.schema
    .createTable('analytics_device_rank')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('gen', 'integer', (c) => c.notNull())
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_device_rank_pk', ['tenant_id', 'span', 'gen', 'device_id'])
    .execute();
  await db.schema
    .createTable('analytics_device_rank_state')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('span', 'integer', (c) => c.notNull())
    .addColumn('gen', 'integer', (c) => c.notNull())
    .addColumn('zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('start', 'bigint', (c) => c.notNull())
    .addColumn('until', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_device_rank_state_pk', ['tenant_id', 'span'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('client_sessions_end').on('client_sessions').column('end_at').execute();
  await db.schema.dropIndex('client_sessions_end_start').execute();
  await db.schema.dropTable('analytics_device_rank_state').ifExists().execute();
  await db.schema.dropTable('analytics_device_rank').ifExists().execute();
  await db.schema.dropTable('analytics_client_rank_state').ifExists().execute();
  await db.schema.dropTable('analytics_client_rank').ifExists().execute();
}
