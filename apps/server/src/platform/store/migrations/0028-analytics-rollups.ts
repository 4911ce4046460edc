import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/analytics.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A network's traffic per local day (its zone's midnight), summed from analytics_net_hour: a
  // 30-day ranking reads 30 rows per network instead of 720. Kept as long as the hours (400 days).
  await db.schema
    .createTable('analytics_net_day')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('day', 'bigint', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_net_day_pk', ['network_id', 'day'])
    .execute();
  await db.schema
    .createIndex('analytics_net_day_tenant')
    .on('analytics_net_day')
    .columns(['tenant_id', 'day', 'network_id', 'tx_bytes', 'rx_bytes'])
    .execute();
  await db.schema.createIndex('analytics_net_day_day').on('analytics_net_day').column('day').execute();

  // One row per network and client seen there: its last local day (days since 1970-01-01 of the
  // network's calendar) and a bit per day of the 62 up to it (bit i: seen on last_day - i). A
  // period's distinct users are the rows with a bit in its days: one row per client, not one per
  // client and day. It replaces analytics_net_users (a row per client and day), dropped below.
  await db.schema
    .createTable('analytics_net_seen')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('last_day', 'integer', (c) => c.notNull())
    .addColumn('days', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_net_seen_pk', ['network_id', 'client_id'])
    .execute();
  // Per network (rankings) and per client (a tenant's distinct total), both covering.
  await db.schema
    .createIndex('analytics_net_seen_network')
    .on('analytics_net_seen')
    .columns(['tenant_id', 'network_id', 'last_day', 'days'])
    .execute();
  await db.schema
    .createIndex('analytics_net_seen_client')
    .on('analytics_net_seen')
    .columns(['tenant_id', 'client_id', 'network_id', 'last_day', 'days'])
    .execute();
  await db.schema
    .createIndex('analytics_net_seen_last')
    .on('analytics_net_seen')
    .column('last_day')
    .execute();
  await db.schema.dropTable('analytics_net_users').execute();
}
