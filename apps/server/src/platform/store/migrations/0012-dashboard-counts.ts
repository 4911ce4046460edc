import { sql, type Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // Each device's online clients, kept by the client tracker in the transaction that writes the
  // clients (recounted from the clients table for the devices whose clients came or went): the
  // dashboard adds up a page of networks' devices instead of counting ~100,000 clients' index rows.
  await db.schema
    .createTable('client_counts')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('online', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into client_counts (device_id, tenant_id, online)
    select device_id, tenant_id, count(*) from clients
    where status = 'online' and device_id is not null group by device_id, tenant_id`.execute(db);
  // A network's devices in the list's order (newest first): a network filter's page is read in
  // order from the index instead of a sort, so SQLite takes it with or without statistics (without
  // them, or with statistics from before the devices were placed, it read the whole tenant through
  // its created index). And a network's devices by type, status and main flag from the index alone:
  // the dashboard's tallies and main devices read no device row.
  await db.schema.dropIndex('devices_parent').execute();
  await db.schema
    .createIndex('devices_parent')
    .on('devices')
    .columns(['tenant_id', 'parent', 'created_at'])
    .execute();
  await db.schema
    .createIndex('devices_parent_tally')
    .on('devices')
    .columns(['tenant_id', 'parent', 'type', 'status', 'is_main'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('devices_parent_tally').execute();
  await db.schema.dropIndex('devices_parent').execute();
  await db.schema.createIndex('devices_parent').on('devices').columns(['tenant_id', 'parent']).execute();
  await db.schema.dropTable('client_counts').execute();
}
