import { sql, type Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // The clients online now, with what their groupings and sums read (device, band, link, SSID,
  // rates): real-time users and rates (flow/userrealtime, client/getTotalRate) read 30,000 index
  // entries at 100,000 clients instead of the tenant's every client and its row (docs/analytics.md).
  // Partial: an offline client is not in it, and a client's report changes it only when its status,
  // place or rates do.
  await db.schema
    .createIndex('clients_online')
    .on('clients')
    .columns(['tenant_id', 'device_id', 'band', 'link', 'ssid', 'tx_rate', 'rx_rate'])
    .where(sql.ref('status'), '=', 'online')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('clients_online').execute();
}
