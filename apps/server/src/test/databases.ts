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

/** A new clone of the template, or an empty database without one; resolves to its name. */
function createDatabase(template: string | undefined): Promise<string> {
  // Named after the run, so the run's teardown drops what a crashed test file left.
  const run = inject('pgRun') ?? `nc_run_${Date.now().toString(36)}_solo`;
  const name = `${run}_${randomBytes(6).toString('hex')}`;
  return onServer((c) => c.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)).then(
    () => name,
  );
}

/**
 * The worker's next clone, made while the current test runs: a clone is disk work (~0.5 s here,
 * the template's ~9 MB written through the WAL), and a test mostly waits, so the next one's
 * database is ready when it starts. The last spare of a run is dropped by the run's teardown.
 */
let spare: Promise<string> | null = null;

/**
 * A fresh database for one store, cloned from the run's template: already migrated, so opening a
 * store on it finds nothing to do. Outside a run with the template (a test file run on its own
 * with another config) it is empty and the store migrates it as it opens.
 */
export async function testDatabase(): Promise<TestDatabase> {
  const template = inject('pgTemplate');
  let next: Promise<string>;
  if (template) {
    next = spare ?? createDatabase(template);
    spare = createDatabase(template);
    // Its failure surfaces at the next call, which awaits it; not as an unhandled rejection now.
    spare.catch(() => undefined);
  } else {
    next = createDatabase(undefined);
  }
  const name = await next;
  return {
    name,
    url: databaseUrl(name),
    // In the background: the test is over, and nothing waits for its database to go (DROP waits
    // up to 5 s for the closed pool's connections to end). Not WITH (FORCE): ending them from the
    // server side throws in the test process. A database still held is left to the run's
    // teardown (global-setup.ts), as is one whose drop was cut short by the worker's exit.
    drop: () => {
      onServer((c) => c.query(`DROP DATABASE IF EXISTS ${name}`)).catch((err: { code?: string }) => {
        if (err.code !== '55006') console.warn(`test database ${name} not dropped:`, err);
      });
      return Promise.resolve();
    },
  };
}
