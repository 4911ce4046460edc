import type { Kysely } from 'kysely';

// Frozen once landed: later changes go into new migrations. Design: docs/configuration.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A tenant's configuration profiles (spec §3 Config). name_key (the trimmed, lower-cased name)
  // makes names unique per tenant, device type and controller ('' for the tenant's own profiles)
  // without regard to case, on both engines. The sections are one JSON text: read and written
  // whole, never queried.
  await db.schema
    .createTable('config_profiles')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('device_type', 'integer', (c) => c.notNull())
    .addColumn('controller_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('cycle_time', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(36)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('config_profiles_tenant_name')
    .on('config_profiles')
    .columns(['tenant_id', 'device_type', 'controller_id', 'name_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('config_profiles_tenant_updated')
    .on('config_profiles')
    .columns(['tenant_id', 'updated_at'])
    .execute();
  // Every saved version of every profile, kept after the profile is deleted (no foreign key).
  await db.schema
    .createTable('config_versions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('profile_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('action', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('cycle_time', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // One row per revision of a profile: two saves racing on one revision cannot both land.
  await db.schema
    .createIndex('config_versions_profile_revision')
    .on('config_versions')
    .columns(['profile_id', 'revision'])
    .unique()
    .execute();
  // The history screen: a tenant's changes, newest first.
  await db.schema
    .createIndex('config_versions_tenant_created')
    .on('config_versions')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('config_versions').execute();
  await db.schema.dropTable('config_profiles').execute();
}
