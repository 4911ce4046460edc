import { sql, type Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/telemetry.md.
export async function up(db: Kysely<any>): Promise<void> {
  // The fleet's hourly counts (reclcount, reapcount) per tenant and hour, written by the hour
  // roll-up: a tenant's day is 24 rows here instead of an hour row of each of its devices, each a
  // table lookup (240,000 for 10,000 devices). `clients` is the sum over the tenant's devices of
  // each one's average clients in the hour, controllers left out (they count their APs' clients
  // again); `aps` the access points that reported in the hour. tenant_id null: unregistered devices.
  await db.schema
    .createTable('telemetry_fleet_1h')
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('clients', 'double precision', (c) => c.notNull())
    .addColumn('aps', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('telemetry_fleet_1h_tenant')
    .on('telemetry_fleet_1h')
    .columns(['tenant_id', 'bucket'])
    .execute();
  // The administrator's hours (every tenant's) and retention select by hour alone.
  await db.schema
    .createIndex('telemetry_fleet_1h_bucket')
    .on('telemetry_fleet_1h')
    .column('bucket')
    .execute();

  // The hours already rolled up. An hour row's bucket is its hour's start, so no rounding is needed.
  // A tenant's hour gets a row only when a device other than a controller reported in it, as the
  // per-device queries answered no figure (not zero) for an hour without one.
  await sql`
    insert into telemetry_fleet_1h (tenant_id, bucket, clients, aps)
    select tenant_id, bucket, sum(clients), sum(ap)
    from (
      select tenant_id, bucket,
        sum(clients_sum) * 1.0 / sum(n) as clients,
        max(case when type = 2 then 1 else 0 end) as ap
      from telemetry_1h
      where type is null or type <> 1
      group by tenant_id, device_id, bucket
    ) per_device
    group by tenant_id, bucket
  `.execute(db);

  // The hours not yet rolled up are still counted from the 5-minute rows per device: covering,
  // this index lets those reads (the current hour's 12 spans per device) skip the table. It costs
  // one more index entry per 5-minute row, ~33 a second at 10,000 devices reporting every 10 s.
  await db.schema
    .createIndex('telemetry_5m_fleet')
    .on('telemetry_5m')
    .columns(['tenant_id', 'bucket', 'device_id', 'type', 'clients_sum', 'n'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('telemetry_5m_fleet').execute();
  await db.schema.dropTable('telemetry_fleet_1h').execute();
}
