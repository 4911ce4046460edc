import { sql, type Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/telemetry.md.
export async function up(db: Kysely<any>): Promise<void> {
  // The uplink bytes of each network's gateways (type 4) and access points (type 2) per 5-minute
  // span, written by telemetry's flush in the transaction of the devices' rows, with the network the
  // device was in then. The analytics rankings read a network's current hour (the spans after the
  // hour roll-up's mark) here: 24 rows per network instead of 12 of each device joined to devices
  // (120,000 at 10,000 devices, ~150 ms a request; docs/performance.md, bench:analytics run 11).
  // Kept as long as telemetry_5m.
  await db.schema
    .createTable('telemetry_net_5m')
    .addColumn('bucket', 'bigint', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tx_bytes', 'bigint', (c) => c.notNull())
    .addColumn('rx_bytes', 'bigint', (c) => c.notNull())
    // Bucket first: the administrator's read and retention select by span alone.
    .addPrimaryKeyConstraint('telemetry_net_5m_pk', ['bucket', 'network_id', 'type'])
    .execute();
  // A tenant's spans, covering: the read never visits the table.
  await db.schema
    .createIndex('telemetry_net_5m_tenant')
    .on('telemetry_net_5m')
    .columns(['tenant_id', 'bucket', 'network_id', 'type', 'tx_bytes', 'rx_bytes'])
    .execute();

  // The devices' bytes of the spans not rolled up yet (listAP, listDev: a device's current hour),
  // read from the index alone: 80,000 rows of 10,000 devices 51 → 28 ms, listAP 82 → 37 ms
  // (bench:analytics run 13's store). It takes the place of (tenant_id, bucket), whose reads any
  // index beginning with those columns serves (this one, or telemetry_5m_fleet's): the writes keep
  // the same number of index entries.
  await db.schema
    .createIndex('telemetry_5m_bytes')
    .on('telemetry_5m')
    .columns(['tenant_id', 'bucket', 'device_id', 'tx_bytes', 'rx_bytes'])
    .execute();
  await db.schema.dropIndex('telemetry_5m_tenant').execute();

  // The spans not rolled up yet, from the devices' rows (the network each device is in now).
  await sql`
    insert into telemetry_net_5m (bucket, network_id, type, tenant_id, tx_bytes, rx_bytes)
    select t.bucket, d.parent, d.type, d.tenant_id, sum(t.tx_bytes), sum(t.rx_bytes)
    from telemetry_5m t join devices d on d.id = t.device_id and d.tenant_id = t.tenant_id
    where d.parent is not null and d.type in (2, 4)
      and t.bucket >= coalesce((select max(done_until) from telemetry_rollups where res = '1h'), 0)
    group by t.bucket, d.parent, d.type, d.tenant_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('telemetry_5m_tenant')
    .on('telemetry_5m')
    .columns(['tenant_id', 'bucket'])
    .execute();
  await db.schema.dropIndex('telemetry_5m_bytes').execute();
  await db.schema.dropTable('telemetry_net_5m').ifExists().execute();
}
