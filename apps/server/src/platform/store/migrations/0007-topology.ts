import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // Each device's latest LLDP neighbours (protocol `lldp`), written when they change.
  await db.schema
    .createTable('device_lldp')
    .addColumn('device_id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('neighbors', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_lldp_tenant').on('device_lldp').column('tenant_id').execute();

  // A network's topology each time it changed (spec §3 history record: CreateTime, EndTime, the LLDP
  // data). ended_at null: the topology in force.
  await db.schema
    .createTable('topology_snapshots')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('hash', 'varchar(32)', (c) => c.notNull())
    .addColumn('tree', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('topology_snapshots_network')
    .on('topology_snapshots')
    .columns(['network_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('topology_snapshots').execute();
  await db.schema.dropTable('device_lldp').execute();
}
