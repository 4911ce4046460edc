/**
 * The stores of the API tests: a fresh SQLite file by default, or — with TEST_STORE=postgres — a
 * database of its own in the PostgreSQL of DATABASE_URL_TEST, cloned from the run's migrated
 * template (global-setup.ts). A database rather than a schema: nothing is shared between test
 * files running at once — not Kysely's look at every schema's tables while migrating, not
 * advisory locks, not LISTEN/NOTIFY channels — and a clone is ready at once.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export const TEST_STORE = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';
export const PG_URL = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of another database on the server of PG_URL. */
export function databaseUrl(name: string): string {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database once its stores are closed. */
  drop(): Promise<void>;
}

async function onServer<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/**
 * A fresh database for one store, cloned from the run's template: already migrated, so opening a
 * store on it finds nothing to do. Outside a run with the template (a test file run on its own
 * with another config) it is empty and the store migrates it as it opens.
 */
export async function testDatabase(): Promise<TestDatabase> {
  const template = inject('pgTemplate');
  // Named after the run, so the run's teardown drops what a crashed test file left.
  const run = inject('pgRun') ?? `nc_run_${Date.now().toString(36)}_solo`;
  const name = `${run}_${randomBytes(6).toString('hex')}`;
  await onServer((c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  return {
    name,
    url: databaseUrl(name),
    // Not WITH (FORCE): a closed pool's connections may still be saying goodbye, and ending them
    // from the server side throws in the test process. DROP waits up to 5 s for them to go; one a
    // test left open keeps the database until the run's teardown drops it (global-setup.ts).
    drop: () =>
      onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name}`)).then(
        () => undefined,
        (err: { code?: string }) => {
          if (err.code !== '55006') throw err;
        },
      ),
  };
}
