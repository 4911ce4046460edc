import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/analytics.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A network's traffic per hour (kept 400 days). No foreign keys: written in bulk by the roll-up.
  await db.schema
    .createTable('analytics_net_hour')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_net_hour_pk', ['network_id', 'hour'])
    .execute();
  await db.schema
    .createIndex('analytics_net_hour_tenant')
    .on('analytics_net_hour')
    .columns(['tenant_id', 'hour', 'network_id', 'tx_bytes', 'rx_bytes'])
    .execute();
  await db.schema.createIndex('analytics_net_hour_hour').on('analytics_net_hour').column('hour').execute();

  // The clients seen at a network per local day (distinct users over a period; kept 40 days).
  await db.schema
    .createTable('analytics_net_users')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_net_users_pk', ['network_id', 'day', 'client_id'])
    .execute();
  await db.schema
    .createIndex('analytics_net_users_tenant')
    .on('analytics_net_users')
    .columns(['tenant_id', 'day', 'network_id', 'client_id'])
    .execute();
  await db.schema.createIndex('analytics_net_users_day').on('analytics_net_users').column('day').execute();

  // A client's traffic per UTC day (kept 62 days): client rankings over long periods.
  await db.schema
    .createTable('analytics_client_day')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_client_day_pk', ['client_id', 'day'])
    .execute();
  await db.schema
    .createIndex('analytics_client_day_tenant')
    .on('analytics_client_day')
    .columns(['tenant_id', 'day', 'client_id', 'tx_bytes', 'rx_bytes'])
    .execute();
  await db.schema.createIndex('analytics_client_day_day').on('analytics_client_day').column('day').execute();

  await db.schema
    .createTable('analytics_marks')
    .addColumn('name', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('done_until', 'bigint', (c) => c.notNull())
    .execute();
}
