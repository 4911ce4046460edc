import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { PG_URL, TEST_STORE, withSchemaLock } from '../../test/harness.ts';
import { openStore, type Store } from './db.ts';
import { FORMER_NAMES, MIGRATIONS_DIR, migrationNames, readMigrations } from './migrate.ts';

/** Kysely's record of the migrations a store has run. */
interface Bookkeeping {
  kysely_migration: { name: string; timestamp: string };
}

let dir: string | null = null;
let schema: string | null = null;
const open: Store[] = [];

afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  if (schema) {
    const dropped = schema;
    await withSchemaLock('exclusive', async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${dropped} CASCADE`);
      await c.end();
    });
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = schema = null;
});

/** Opens (and migrates) the test's store: one SQLite file, or one PostgreSQL schema. */
async function openTestStore(): Promise<Store> {
  const store =
    TEST_STORE === 'postgres'
      ? await withSchemaLock('shared', () =>
          openStore({
            databaseUrl: PG_URL,
            pgSchema: (schema ??= `t_${randomBytes(6).toString('hex')}`),
            poolSize: 2,
          }),
        )
      : await openStore({
          sqliteFile: path.join(
            (dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'migrate-'))),
            'console.sqlite',
          ),
        });
  open.push(store);
  return store;
}

function bookkeeping(store: Store) {
  const db = store.db as unknown as Kysely<Bookkeeping>;
  return schema ? db.withSchema(schema) : db;
}

async function recorded(store: Store) {
  return bookkeeping(store)
    .selectFrom('kysely_migration')
    .select(['name', 'timestamp'])
    .orderBy('name')
    .execute();
}

it('opens a store that recorded the former dated names: renames them and runs nothing again', async () => {
  const names = migrationNames(fs.readdirSync(MIGRATIONS_DIR));
  const first = await openTestStore();
  const before = await recorded(first);
  expect(before.map((r) => r.name)).toEqual(names);

  // The store as an older server left it: the dated names of the first 13 migrations.
  for (const [former, name] of Object.entries(FORMER_NAMES)) {
    await bookkeeping(first)
      .updateTable('kysely_migration')
      .set({ name: former })
      .where('name', '=', name)
      .execute();
  }
  // Without the renaming Kysely refuses such a store, which is why openStore renames first.
  const migrations = await readMigrations();
  const plain = new Migrator({
    db: first.db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const refused = await plain.migrateToLatest();
  expect(String(refused.error)).toContain('previously executed migration 2026-11-21-foundation is missing');
  await first.close();
  open.splice(0);

  const again = await openTestStore();
  // Same names and times: every migration still counts as run once, none ran again.
  expect(await recorded(again)).toEqual(before);
  // And the store works: a migrated table takes a row.
  await again.db
    .insertInto('help_words')
    .values({ name: 'probe', lang: 'en', contents: 'x', owner: '', updated_at: 1 })
    .execute();
});

it('opens a store twice without a change to its record', async () => {
  const first = await openTestStore();
  const before = await recorded(first);
  await first.close();
  open.splice(0);
  const again = await openTestStore();
  expect(await recorded(again)).toEqual(before);
});
