import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // Online clients per device with their status in the index: the dashboard counts a page of
  // networks' online users from the index alone (docs/performance.md, "API under load").
  await db.schema.dropIndex('clients_device').execute();
  await db.schema
    .createIndex('clients_device_status')
    .on('clients')
    .columns(['tenant_id', 'device_id', 'status'])
    .execute();
  // The client list's default order (most recently seen) for a whole tenant; the status filter
  // walks the same order. One index with last_seen, which every client report moves, not two.
  await db.schema.dropIndex('clients_tenant_seen').execute();
  await db.schema
    .createIndex('clients_tenant_last_seen')
    .on('clients')
    .columns(['tenant_id', 'last_seen'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('clients_tenant_last_seen').execute();
  await db.schema
    .createIndex('clients_tenant_seen')
    .on('clients')
    .columns(['tenant_id', 'status', 'last_seen'])
    .execute();
  await db.schema.dropIndex('clients_device_status').execute();
  await db.schema.createIndex('clients_device').on('clients').columns(['tenant_id', 'device_id']).execute();
}
