import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations. Design: docs/telemetry.md ("Kill -9").
export async function up(db: Kysely<any>): Promise<void> {
  // What the ingest carries across a restart, per device (JSON): the open 5-minute span's sums so
  // far and the last counter mark. Written with the device's latest stats in every flush, so a
  // kill -9 loses at most one flush interval of figures and no bytes of traffic.
  await db.schema.alterTable('telemetry_latest').addColumn('carry', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('telemetry_latest').dropColumn('carry').execute();
}
