/**
 * Paging on a real store: a fresh SQLite file, or (TEST_STORE=postgres) a database of its own. The
 * rows are in tables of the test's own, so the helpers are seen apart from any domain's filters.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_STORE, testDatabase, type TestDatabase } from '../../test/harness.ts';
import { openStore, type Database, type Store } from './db.ts';
import { countOf, pageRows } from './page.ts';

/** The test's tables (a type, not an interface: withTables wants a record of tables). */
type Tables = {
  paged: { id: string; tenant_id: string; at: number };
  paged_notes: { paged_id: string; note: string };
};

interface Row {
  id: string;
  tenant_id: string;
  at: number;
}

let tmp: string;
let database: TestDatabase | null;
let store: Store;
let db: Kysely<Database & Tables>;

/** Tenant a's 25 rows, their times out of the order of their ids; tenant b's 4. */
const ROWS: Row[] = [
  ...Array.from({ length: 25 }, (_, i) => ({
    id: `a${String(i).padStart(2, '0')}`,
    tenant_id: 'a',
    at: (i * 7) % 10,
  })),
  ...Array.from({ length: 4 }, (_, i) => ({ id: `b${i}`, tenant_id: 'b', at: i })),
];

/** Tenant a's rows as the list orders them: latest first, then by id. */
const ORDERED = ROWS.filter((r) => r.tenant_id === 'a').sort((x, y) => y.at - x.at || (x.id < y.id ? -1 : 1));

beforeEach(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-page-'));
  database = TEST_STORE === 'postgres' ? await testDatabase() : null;
  store = database
    ? await openStore({ databaseUrl: database.url, poolSize: 2 })
    : await openStore({ sqliteFile: path.join(tmp, 'console.sqlite') });
  db = store.db.withTables<Tables>();
  await db.schema
    .createTable('paged')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(16)', (c) => c.notNull())
    .addColumn('at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('paged_notes')
    .addColumn('paged_id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('note', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.insertInto('paged').values(ROWS).execute();
});

afterEach(async () => {
  await store.close();
  await database?.drop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const tenantA = () => db.selectFrom('paged').where('tenant_id', '=', 'a');
const latestFirst = (q: ReturnType<typeof tenantA>) =>
  q.select(['id', 'tenant_id', 'at']).orderBy('at', 'desc').orderBy('id');

describe('pageRows', () => {
  it('gives the window of the ordered rows and the total of the filter, not of the page', async () => {
    const page = await pageRows(tenantA(), latestFirst, { offset: 10, limit: 10 });
    expect(page.rows).toEqual(ORDERED.slice(10, 20));
    expect(page.count).toBe(25);
  });

  it('gives a short last page and an empty one past the end, each with the whole count', async () => {
    const last = await pageRows(tenantA(), latestFirst, { offset: 20, limit: 10 });
    expect(last.rows.map((r) => r.id)).toEqual(ORDERED.slice(20).map((r) => r.id));
    expect(last.count).toBe(25);
    expect(await pageRows(tenantA(), latestFirst, { offset: 40, limit: 10 })).toEqual({
      rows: [],
      count: 25,
    });
    const none = db.selectFrom('paged').where('tenant_id', '=', 'c');
    expect(await pageRows(none, latestFirst, { offset: 0, limit: 10 })).toEqual({ rows: [], count: 0 });
  });

  it('counts the filtered rows whatever the page joins to show them', async () => {
    await db
      .insertInto('paged_notes')
      .values([
        { paged_id: ORDERED[0]!.id, note: 'first' },
        { paged_id: 'b0', note: 'another tenant’s' },
      ])
      .execute();
    const page = await pageRows(
      tenantA(),
      (q) =>
        latestFirst(q).leftJoin('paged_notes', 'paged_notes.paged_id', 'paged.id').select('paged_notes.note'),
      { offset: 0, limit: 3 },
    );
    expect(page.rows.map((r) => [r.id, r.note])).toEqual([
      [ORDERED[0]!.id, 'first'],
      [ORDERED[1]!.id, null],
      [ORDERED[2]!.id, null],
    ]);
    expect(page.count).toBe(25);
  });
});

describe('countOf', () => {
  it('counts the rows of the filter only, as a number on either engine', async () => {
    const a = await countOf(tenantA());
    expect(a).toBe(25);
    expect(typeof a).toBe('number');
    expect(await countOf(db.selectFrom('paged').where('tenant_id', '=', 'b'))).toBe(4);
    expect(await countOf(db.selectFrom('paged'))).toBe(29);
    expect(await countOf(db.selectFrom('paged').where('tenant_id', '=', 'c'))).toBe(0);
  });
});
