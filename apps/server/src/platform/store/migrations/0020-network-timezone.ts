import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/firmware-upgrades.md ("Window").
export async function up(db: Kysely<any>): Promise<void> {
  // A network's IANA time zone (e.g. Asia/Shanghai): firmware maintenance windows are in its local
  // time. Null: the server's zone, so networks created before this step keep their behaviour.
  await db.schema.alterTable('networks').addColumn('time_zone', 'varchar(64)').execute();
}
