import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/analytics.md, "DNS behaviour".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('behaviour_settings')
    .addColumn('tenant_id', 'text', (c) => c.primaryKey())
    .addColumn('privacy', 'text', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('dns_watch')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'int8', (c) => c.notNull())
    .addUniqueConstraint('dns_watch_tenant_domain', ['tenant_id', 'domain'])
    .execute();

  // Hour and day buckets: one key order for both. Reads name the tenant, the network ('*' for the
  // tenant's totals) and a bucket range; the domain last, so a period's rows are one index range.
  for (const table of ['dns_domain_hours', 'dns_domain_days']) {
    await db.schema
      .createTable(table)
      .addColumn('tenant_id', 'text', (c) => c.notNull())
      .addColumn('network_id', 'text', (c) => c.notNull())
      .addColumn('domain', 'text', (c) => c.notNull())
      .addColumn('bucket', 'int8', (c) => c.notNull())
      .addColumn('queries', 'int8', (c) => c.notNull())
      .addColumn('clients', 'integer', (c) => c.notNull())
      .addColumn('last_at', 'int8', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['tenant_id', 'network_id', 'bucket', 'domain'])
      .execute();
    // Retention removes old buckets across tenants.
    await db.schema.createIndex(`${table}_bucket`).on(table).column('bucket').execute();
  }
  // The watch list: where a domain was asked for (covering: no table read).
  await db.schema
    .createIndex('dns_domain_days_domain')
    .on('dns_domain_days')
    .columns(['tenant_id', 'domain', 'bucket', 'network_id'])
    .execute();

  await db.schema
    .createTable('dns_client_hours')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('network_id', 'text', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('bucket', 'int8', (c) => c.notNull())
    .addColumn('queries', 'int8', (c) => c.notNull())
    .addColumn('last_at', 'int8', (c) => c.notNull())
    .addPrimaryKeyConstraint('dns_client_hours_pk', ['tenant_id', 'mac', 'bucket', 'network_id', 'domain'])
    .execute();
  await db.schema
    .createIndex('dns_client_hours_tenant_bucket')
    .on('dns_client_hours')
    .columns(['tenant_id', 'bucket'])
    .execute();

  await db.schema
    .createTable('dns_catalogue_edits')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text')
    .addColumn('updated_at', 'int8', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'dns_catalogue_edits',
    'dns_client_hours',
    'dns_domain_days',
    'dns_domain_hours',
    'dns_watch',
    'behaviour_settings',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
