import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/logs.md.
export async function up(db: Kysely<any>): Promise<void> {
  // The audit log: one row per state-changing call, written once answered; never updated or deleted
  // but by the retention job. tenant_id null: the administrator's own calls, and calls of nobody
  // (a failed sign-in of an unknown name, a refused call without a session).
  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('account_id', 'varchar(36)')
    .addColumn('account_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role', 'integer')
    .addColumn('address', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('module', 'varchar(16)', (c) => c.notNull())
    .addColumn('object', 'varchar(200)', (c) => c.notNull())
    .addColumn('outcome', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('source', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_logs_tenant')
    .on('audit_logs')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_logs_time').on('audit_logs').columns(['created_at']).execute();

  // Device logs: `logs` lines and `events` (protocol §6.6, §6.7) of registered devices. network_id is
  // the device's network when the entry arrived; created_at the device's own time, received_at ours.
  await db.schema
    .createTable('device_logs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)')
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('severity', 'integer')
    .addColumn('module', 'varchar(32)', (c) => c.notNull())
    .addColumn('type', 'integer')
    .addColumn('port', 'integer')
    .addColumn('active', 'integer')
    .addColumn('code', 'varchar(64)')
    .addColumn('text', 'varchar(512)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_logs_tenant')
    .on('device_logs')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('device_logs_device')
    .on('device_logs')
    .columns(['device_id', 'created_at'])
    .execute();

  // How long a tenant's entries are kept (days); a tenant without a row keeps the defaults.
  await db.schema
    .createTable('log_settings')
    .addColumn('tenant_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('audit_days', 'integer', (c) => c.notNull())
    .addColumn('device_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('log_settings').execute();
  await db.schema.dropTable('device_logs').execute();
  await db.schema.dropTable('audit_logs').execute();
}
