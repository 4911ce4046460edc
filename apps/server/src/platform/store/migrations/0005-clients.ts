import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per client a tenant's devices ever reported (docs/clients.md). Current state: the
  // client service keeps online clients in memory and writes them in batches.
  await db.schema
    .createTable('clients')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('mac', 'varchar(12)', (c) => c.notNull())
    .addColumn('ip', 'varchar(15)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('alias', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'varchar(8)', (c) => c.notNull().defaultTo('offline'))
    // The AP or router it is on (or was last on); not a foreign key: the log outlives devices.
    .addColumn('device_id', 'varchar(36)')
    .addColumn('device_sn', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('device_type', 'integer')
    .addColumn('ac_sn', 'varchar(32)')
    .addColumn('link', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('phy', 'varchar(32)')
    .addColumn('ssid', 'varchar(128)')
    .addColumn('band', 'varchar(4)')
    .addColumn('channel', 'integer')
    .addColumn('rssi', 'integer')
    .addColumn('snr', 'integer')
    .addColumn('tx_link', 'double precision')
    .addColumn('rx_link', 'double precision')
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('tx_rate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rx_rate', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('port', 'integer')
    .addColumn('vlan', 'integer')
    .addColumn('authorized', 'integer')
    .addColumn('connect_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Seconds of the ended connections; the open one adds now - session_start.
    .addColumn('online_s', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('session_id', 'varchar(36)')
    .addColumn('session_start', 'bigint')
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    // The last kick or release issued for it and what the device reported.
    .addColumn('cmd_id', 'varchar(64)')
    .addColumn('cmd_kind', 'varchar(16)')
    .addColumn('cmd_status', 'varchar(16)')
    .addColumn('cmd_code', 'varchar(32)')
    .addColumn('cmd_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('clients_tenant_mac')
    .on('clients')
    .columns(['tenant_id', 'mac'])
    .unique()
    .execute();
  await db.schema
    .createIndex('clients_tenant_seen')
    .on('clients')
    .columns(['tenant_id', 'status', 'last_seen'])
    .execute();
  await db.schema.createIndex('clients_device').on('clients').columns(['tenant_id', 'device_id']).execute();

  // The connect log: one row per connection of a client to a device.
  await db.schema
    .createTable('client_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(36)')
    .addColumn('device_sn', 'varchar(32)', (c) => c.notNull())
    .addColumn('link', 'integer', (c) => c.notNull())
    .addColumn('ssid', 'varchar(128)')
    .addColumn('band', 'varchar(4)')
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    .addColumn('end_reason', 'varchar(16)')
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('client_sessions_client')
    .on('client_sessions')
    .columns(['client_id', 'start_at'])
    .execute();
  await db.schema.createIndex('client_sessions_end').on('client_sessions').column('end_at').execute();

  // A client's traffic by hour (start of the hour, Unix ms), from the snapshots' byte counters.
  await db.schema
    .createTable('client_flow')
    .addColumn('client_id', 'varchar(36)', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('client_flow_pk', ['client_id', 'hour'])
    .execute();
  await db.schema.createIndex('client_flow_hour').on('client_flow').column('hour').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('client_flow').ifExists().execute();
  await db.schema.dropTable('client_sessions').ifExists().execute();
  await db.schema.dropTable('clients').ifExists().execute();
}
