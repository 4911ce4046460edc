/**
 * Once per API run (vitest globalSetup of the `api` project). On PostgreSQL it makes the template
 * database every test store is cloned from, so a test file pays for a `CREATE DATABASE … TEMPLATE`
 * (~30 ms) instead of running every migration on a fresh schema (~450 ms, a harness start often
 * more than once per file). On SQLite it does nothing: a SQLite store's start is its threads, not
 * its migrations (copying a migrated file saved nothing measurable).
 *
 * The template is named after a hash of the store's code and migration files (names and contents),
 * so a changed, added or renamed migration makes a new template on the next run and no run ever
 * clones a store its own code would not have made. It is built under a temporary name and renamed
 * when complete, under an advisory lock, so runs started together (several sessions share this
 * PostgreSQL) build it once and never clone a half-migrated one.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openStore } from '../platform/store/db.ts';
import { PG_URL, TEST_STORE, databaseUrl } from './databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL runs: the migrated database each test store is cloned from. */
    pgTemplate: string;
    /** PostgreSQL runs: the prefix of this run's clones, dropped together when the run ends. */
    pgRun: string;
  }
}

const STORE_DIR = path.resolve(import.meta.dirname, '../platform/store');
/** Advisory lock key (in the maintenance database) while a template is made or old ones dropped. */
const TEMPLATE_LOCK = 724202;
/** A template no run has used for this long belongs to migrations that are gone. */
const TEMPLATE_UNUSED_MS = 24 * 3600_000;
/** A run's clones still there after this long were left by a run that was killed. */
const CLONES_LEFT_MS = 6 * 3600_000;

/** The store's own code and every migration file, by name and content. */
export function storeHash(storeDir = STORE_DIR): string {
  const hash = createHash('sha256');
  for (const dir of [storeDir, path.join(storeDir, 'migrations')]) {
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .sort();
    for (const f of files) hash.update(`${path.relative(storeDir, path.join(dir, f))}\0`);
    for (const f of files) hash.update(fs.readFileSync(path.join(dir, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function databases(c: pg.Client, like: string): Promise<{ name: string; comment: string | null }[]> {
  const r = await c.query<{ name: string; comment: string | null }>(
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS comment
       FROM pg_database WHERE datname LIKE $1`,
    [like],
  );
  return r.rows;
}

async function dropQuietly(c: pg.Client, name: string): Promise<void> {
  // Another run may still use it (a template it clones from): then it stays until later.
  await c.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
}

let run: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (TEST_STORE !== 'postgres') return;
  const template = `nc_tpl_${storeHash()}`;
  // The run's start in base 36 in its clones' names tells a later run how old leftovers are.
  run = `nc_run_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if ((await databases(c, template)).length === 0) {
        const building = `nc_tplnew_${randomBytes(6).toString('hex')}`;
        await c.query(`CREATE DATABASE ${building}`);
        try {
          const store = await openStore({ databaseUrl: databaseUrl(building), poolSize: 1 });
          await store.close();
        } catch (err) {
          await dropQuietly(c, building);
          throw err;
        }
        await c.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
      }
      // The comment says when the template was last used, so unused ones can go.
      await c.query(`COMMENT ON DATABASE ${template} IS '${Date.now()}'`);
      const now = Date.now();
      for (const old of await databases(c, 'nc\\_tpl%')) {
        if (old.name !== template && !(now - Number(old.comment) < TEMPLATE_UNUSED_MS))
          await dropQuietly(c, old.name);
      }
      for (const left of await databases(c, 'nc\\_run\\_%')) {
        const started = parseInt(left.name.split('_')[2] ?? '', 36);
        if (!(now - started < CLONES_LEFT_MS)) await dropQuietly(c, left.name);
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  } finally {
    await c.end();
  }
  project.provide('pgTemplate', template);
  project.provide('pgRun', run);
}

/** Drops whatever clones of this run a test file left behind (a failed start, a crashed worker). */
export async function teardown(): Promise<void> {
  if (!run) return;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    for (const left of await databases(c, `${run}\\_%`))
      await c.query(`DROP DATABASE IF EXISTS ${left.name} WITH (FORCE)`);
  } finally {
    await c.end();
  }
}
