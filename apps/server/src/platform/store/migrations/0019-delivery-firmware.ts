import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/firmware-upgrades.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A firmware campaign's issue validity (spec §3: 0 permanent, 1 from a time, 2 a period).
  await db.schema.alterTable('delivery_campaigns').addColumn('validity', 'integer').execute();
  // A target's first report (with finished_at: how long the device took) and, for firmware, the
  // version its device ran when the campaign started.
  await db.schema.alterTable('delivery_targets').addColumn('started_at', 'bigint').execute();
  await db.schema.alterTable('delivery_targets').addColumn('from_version', 'varchar(64)').execute();
}
