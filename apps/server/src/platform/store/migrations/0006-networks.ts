import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // A tenant's sites. name_key (the trimmed, lower-cased name) makes names unique per tenant
  // without regard to case, on both engines. Membership and the main device are the devices'
  // columns (parent, is_main): one place holds each fact.
  await db.schema
    .createTable('networks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'varchar(32)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('normal'))
    .addColumn('longitude', 'double precision', (c) => c.notNull())
    .addColumn('latitude', 'double precision', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('logo_path', 'varchar(200)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('networks_tenant_name')
    .on('networks')
    .columns(['tenant_id', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('networks_tenant_created')
    .on('networks')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('networks').execute();
}
