import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/analytics.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A tenant's clients' traffic per hour, summed from client_flow by the roll-up job (mark
  // `tenantflow`): a tenant's getTotalFlow reads 720 rows for 30 days instead of every client's
  // hours (~30,000 an hour at 100,000 clients). Filled by the job from the clients' hours on its
  // first run; kept as long as the networks' hours (400 days).
  await db.schema
    .createTable('analytics_tenant_hour')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_tenant_hour_pk', ['tenant_id', 'hour'])
    .execute();
  await db.schema
    .createIndex('analytics_tenant_hour_hour')
    .on('analytics_tenant_hour')
    .column('hour')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_tenant_hour').ifExists().execute();
}
