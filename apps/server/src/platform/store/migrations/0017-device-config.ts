import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/configuration.md ("What each device runs").
export async function up(db: Kysely<any>): Promise<void> {
  // What the device reports running (`state.config`), what the latest successful delivery gave it,
  // and the telemetry settings of that profile (sent in every welcome; null: the defaults).
  await db.schema.alterTable('devices').addColumn('config_id', 'varchar(64)').execute();
  await db.schema.alterTable('devices').addColumn('config_revision', 'integer').execute();
  await db.schema.alterTable('devices').addColumn('assigned_config_id', 'varchar(64)').execute();
  await db.schema.alterTable('devices').addColumn('assigned_revision', 'integer').execute();
  await db.schema.alterTable('devices').addColumn('telemetry', 'text').execute();
}
