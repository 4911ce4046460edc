import { PostgresAdapter, sql } from 'kysely';
import { generatePassword, type Config } from './platform/config.ts';
import type { Services } from './app.ts';
import { countUsers } from './domains/user/store.ts';
import type { Db } from './platform/store/db.ts';

export interface FirstStart {
  adminUsername: string;
  /** Set only when this start created the administrator. */
  adminPassword?: string;
}

/** The class of our first-start advisory lock; the other key is the schema's, so test schemas stay apart. */
const START_LOCK = 7342;

/**
 * Runs a first-start step (the administrator, the demo seed) alone among the nodes starting on one
 * PostgreSQL: a node checks "is it there yet?" and then creates it, which two nodes started
 * together would both do (the second crashed on a duplicate key). An advisory lock held on one
 * connection for the step's length serializes the steps, whatever services and statements they
 * use, so each service stays as it is and every later seed is covered by wrapping it; the lock
 * goes with the connection if the node dies. (A transaction-scoped lock would need every statement
 * of the step inside that transaction; an insert … on conflict do nothing would need each seed
 * rewritten and could not tell which node created the administrator.) SQLite: one process.
 */
export async function withStartLock<T>(db: Db, step: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return step();
  return db.connection().execute(async (conn) => {
    const key = sql`${sql.lit(START_LOCK)}, hashtext(current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await step();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/** First start: an empty store gets its administrator (spec §6, role value 10). */
export async function ensureAdministrator(db: Db, config: Config, services: Services): Promise<FirstStart> {
  return withStartLock(db, async () => {
    if ((await countUsers(db)) > 0) return { adminUsername: config.adminUsername };
    const password = config.adminPassword ?? generatePassword();
    await services.users.createAdministrator({
      username: config.adminUsername,
      password,
      name: 'Administrator',
      timeoutMinutes: 30,
    });
    return { adminUsername: config.adminUsername, adminPassword: password };
  });
}
