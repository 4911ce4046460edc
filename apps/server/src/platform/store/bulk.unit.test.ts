import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, Kysely, sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import type { Database, Db } from './db.ts';
import { bulkUpdate, bulkUpdateStatements } from './bulk.ts';
import { sqliteDialect } from './sqlite.ts';

let db: Db | null = null;
let dir: string | null = null;
afterEach(async () => {
  await db?.destroy();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  db = dir = null;
});

/** A table of one tenant's 20,000 rows with statistics, as a store looks after its hourly optimize. */
async function analyzedTable(): Promise<Db> {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bulk-'));
  db = new Kysely<Database>({ dialect: sqliteDialect(path.join(dir, 'db.sqlite'), ['journal_mode = WAL']) });
  await sql`create table t (id text primary key, tenant_id text not null, n integer not null)`.execute(db);
  await sql`create index t_tenant on t (tenant_id, n)`.execute(db);
  await sql`with recursive i(x) as (select 1 union all select x + 1 from i where x < 20000)
    insert into t select 'row-' || x, 'tenant', x from i`.execute(db);
  await sql`analyze`.execute(db);
  return db;
}

const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    keys: [`row-${from + i}`, 'tenant'],
    values: { n: -(from + i) },
  }));
const KEYS = [
  { name: 'id', type: 'text' },
  { name: 'tenant_id', type: 'text' },
];

describe('bulkUpdate on SQLite with statistics', () => {
  test('looks each row up by its key instead of scanning the table for the VALUES list', async () => {
    const store = await analyzedTable();
    const [statement] = bulkUpdateStatements(store, 't', KEYS, { n: 'integer' }, ['n'], rows(1, 400));
    const plan = await store.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${statement!.sql}`, [...statement!.parameters]),
    );
    const steps = plan.rows.map((r) => r.detail);
    expect(steps).toContain('SEARCH t USING INDEX sqlite_autoindex_t_1 (id=?)');
    expect(steps.filter((s) => /^SCAN t\b/.test(s))).toEqual([]);
  });

  test('writes every row of every chunk, and no other', async () => {
    const store = await analyzedTable();
    await bulkUpdate(store, 't', KEYS, { n: 'integer' }, ['n'], rows(101, 1500));
    const changed = await sql<{ n: number; lo: string; hi: string }>`
      select count(*) as n, min(n) as lo, max(n) as hi from t where n < 0`.execute(store);
    expect(changed.rows[0]).toEqual({ n: 1500, lo: -1600, hi: -101 });
    const kept = await sql<{
      n: number;
    }>`select n from t where id in ('row-100', 'row-1601') order by id`.execute(store);
    expect(kept.rows.map((r) => r.n)).toEqual([100, 1601]);
  });
});
