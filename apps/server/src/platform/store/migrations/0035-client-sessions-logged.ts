import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations. Design: docs/analytics.md.
export async function up(db: Kysely<any>): Promise<void> {
  // When a connection was first written. A device reports a client with the time it connected,
  // which may be hours before the report (a console restarted, an AP back after an outage): such a
  // connection is written after the users' roll-up passed its start, and the rankings' users read
  // it by this time until the next roll-up step takes it in. Rows written before: null.
  await db.schema.alterTable('client_sessions').addColumn('logged_at', 'bigint').execute();
  // The connections written since a time that began before another: a range of the first column,
  // filtered on the second inside the index.
  await db.schema
    .createIndex('client_sessions_logged')
    .on('client_sessions')
    .columns(['logged_at', 'start_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('client_sessions_logged').execute();
  await db.schema.alterTable('client_sessions').dropColumn('logged_at').execute();
}
