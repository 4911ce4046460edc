import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per SN ever seen or registered. tenant_id null: connected but registered by no tenant
  // (the administrator's view only). Columns from `type` on are facts the device reported; the
  // gateway keeps them in memory and writes them in batches.
  await db.schema
    .createTable('devices')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('sn', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.references('tenants.id'))
    .addColumn('mac', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('alias', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('registered', 'integer', (c) => c.notNull().defaultTo(0))
    // Network id (networks arrive with issue 5) and the network's main device.
    .addColumn('parent', 'varchar(36)')
    .addColumn('is_main', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('registered_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer')
    .addColumn('model', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('hw_version', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('fw_version', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('hello_mac', 'varchar(12)', (c) => c.notNull().defaultTo(''))
    .addColumn('trusted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('Offline'))
    .addColumn('online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('session', 'varchar(32)')
    .addColumn('boot_id', 'varchar(32)')
    .addColumn('online_at', 'bigint')
    .addColumn('offline_at', 'bigint')
    .addColumn('offline_reason', 'varchar(32)')
    .addColumn('last_seen_at', 'bigint')
    .addColumn('stats_interval_s', 'integer', (c) => c.notNull().defaultTo(10))
    .addColumn('capabilities', 'text')
    .addColumn('ac_sn', 'varchar(32)')
    .addColumn('ip', 'varchar(15)')
    .addColumn('mask', 'varchar(15)')
    .addColumn('gateway', 'varchar(15)')
    .addColumn('dns1', 'varchar(15)')
    .addColumn('dns2', 'varchar(15)')
    .addColumn('public_ip', 'varchar(15)')
    .addColumn('uptime_s', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tx_rate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rx_rate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('cpu_pct', 'double precision')
    .addColumn('mem_pct', 'double precision')
    .execute();
  await db.schema.createIndex('devices_tenant').on('devices').columns(['tenant_id', 'created_at']).execute();
  await db.schema.createIndex('devices_parent').on('devices').columns(['tenant_id', 'parent']).execute();
  await db.schema.createIndex('devices_mac').on('devices').column('mac').execute();
  await db.schema.createIndex('devices_hello_mac').on('devices').column('hello_mac').execute();
  await db.schema.createIndex('devices_online').on('devices').column('online').execute();

  // Commands to devices and what the devices reported about them (protocol §7).
  await db.schema
    .createTable('device_commands')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull().references('devices.id'))
    // The device's tenant when the command was issued; null for an unregistered device (administrator).
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('sn', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('stage', 'varchar(16)')
    .addColumn('percent', 'double precision')
    .addColumn('code', 'varchar(32)')
    .addColumn('detail', 'varchar(256)')
    .addColumn('result', 'text')
    .addColumn('issued_by', 'varchar(36)')
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('send_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reported_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('device_commands_device')
    .on('device_commands')
    .columns(['device_id', 'issued_at'])
    .execute();
  await db.schema
    .createIndex('device_commands_tenant')
    .on('device_commands')
    .columns(['tenant_id', 'issued_at'])
    .execute();
  await db.schema
    .createIndex('device_commands_open')
    .on('device_commands')
    .columns(['finished_at', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('device_commands').ifExists().execute();
  await db.schema.dropTable('devices').ifExists().execute();
}
