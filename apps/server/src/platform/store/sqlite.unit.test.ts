import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Lock, sqliteDialect, sqliteDialects, type SlowWatch } from './sqlite.ts';
import { SqliteThread } from './sqlite-thread.ts';

interface Tables {
  t: { id: number; v: string };
}

const open: Kysely<Tables>[] = [];
const dirs: string[] = [];

async function store(file?: string, slow?: SlowWatch): Promise<Kysely<Tables>> {
  let target = file;
  if (!target) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-rw-'));
    dirs.push(dir);
    target = path.join(dir, 'db.sqlite');
  }
  const db = new Kysely<Tables>({
    dialect: sqliteDialect(target, ['journal_mode = WAL'], slow),
  });
  open.push(db);
  await sql`create table t (id integer primary key, v text not null)`.execute(db);
  return db;
}

/** A store whose table holds rows 1 'a' and 2 'b'. */
async function storeOfTwo(slow?: SlowWatch): Promise<Kysely<Tables>> {
  const db = await store(undefined, slow);
  await db
    .insertInto('t')
    .values([
      { id: 1, v: 'a' },
      { id: 2, v: 'b' },
    ])
    .execute();
  return db;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A transaction left open until `finish` is called, with a write already made in it. */
function openTransaction(db: Kysely<Tables>) {
  let finish!: (commit: boolean) => void;
  const decided = new Promise<boolean>((resolve) => (finish = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const done = db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('t').values({ id: 1, v: 'in transaction' }).execute();
      // Inside the transaction its own write is visible.
      const own = await trx.selectFrom('t').selectAll().execute();
      expect(own).toHaveLength(1);
      wrote();
      if (!(await decided)) throw new Error('rolled back');
    })
    .catch((err: Error) => err.message);
  return { written, finish, done };
}

describe('SQLite with a writer and a reader thread', () => {
  test('a read during a write transaction answers at once with what was committed', async () => {
    const db = await store();
    const tx = openTransaction(db);
    await tx.written;
    // Not waiting for the transaction: it is still open when the read answers.
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    tx.finish(true);
    await tx.done;
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'in transaction' }]);
  });

  test('a raw SELECT reads on a reader too: at once during a write transaction', async () => {
    const db = await store();
    const tx = openTransaction(db);
    await tx.written;
    // On the writer it would wait for the transaction, which waits for this read: it answers.
    const read = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(read.rows).toEqual([{ n: 0 }]);
    // So does one behind common table expressions (the analytics rankings' reads).
    const cte = await sql<{ n: number }>`with x as (select id from t) select count(*) as n from x`.execute(
      db,
    );
    expect(cte.rows).toEqual([{ n: 0 }]);
    tx.finish(true);
    await tx.done;
    // A raw write still goes to the writer, with common table expressions too.
    await sql`update t set v = 'raw' where id = 1`.execute(db);
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'raw' }]);
    await sql`with x as (select 1 as id) update t set v = 'cte' where id in (select id from x)`.execute(db);
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'cte' }]);
  });

  test('a write outside the transaction waits for it, then runs', async () => {
    const db = await store();
    const tx = openTransaction(db);
    await tx.written;
    const order: string[] = [];
    const lone = db
      .insertInto('t')
      .values({ id: 2, v: 'lone' })
      .execute()
      .then(() => order.push('lone'));
    // The one fixed wait that stays (docs/testing.md): time for the lone write to overtake the
    // transaction if it could. No event tells that something did not happen.
    await new Promise((r) => setTimeout(r, 20));
    order.push('commit');
    tx.finish(true);
    await Promise.all([tx.done, lone]);
    expect(order).toEqual(['commit', 'lone']);
    expect(await db.selectFrom('t').select('id').orderBy('id').execute()).toEqual([{ id: 1 }, { id: 2 }]);
  });

  test('a rolled-back transaction leaves nothing and frees the writer', async () => {
    const db = await store();
    const tx = openTransaction(db);
    await tx.written;
    tx.finish(false);
    expect(await tx.done).toBe('rolled back');
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([]);
    await db.insertInto('t').values({ id: 3, v: 'after' }).execute();
    expect(await db.selectFrom('t').select('id').execute()).toEqual([{ id: 3 }]);
  });

  test('a failing statement inside a transaction rolls it back and frees the writer', async () => {
    const db = await store();
    await db.insertInto('t').values({ id: 1, v: 'kept' }).execute();
    const failed = await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('t').values({ id: 2, v: 'dropped' }).execute();
        await trx.insertInto('t').values({ id: 1, v: 'duplicate' }).execute();
      })
      .then(
        () => null,
        (err: { code?: string }) => err.code,
      );
    expect(failed).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'kept' }]);
    await db.updateTable('t').set({ v: 'changed' }).where('id', '=', 1).execute();
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'changed' }]);
  });

  test('a statement prepared once answers with each call’s parameters', async () => {
    const db = await storeOfTwo();
    for (const id of [1, 2, 1]) {
      const row = await db.selectFrom('t').select('v').where('id', '=', id).executeTakeFirst();
      expect(row?.v).toBe(id === 1 ? 'a' : 'b');
    }
    const res = await db.updateTable('t').set({ v: 'z' }).where('id', '>', 0).executeTakeFirst();
    expect(res.numUpdatedRows).toBe(2n);
  });

  test('in memory there is one connection: reads wait for the transaction', async () => {
    const db = await store(':memory:');
    const tx = openTransaction(db);
    await tx.written;
    const read = db.selectFrom('t').selectAll().execute();
    tx.finish(true);
    await tx.done;
    expect(await read).toHaveLength(1);
  });
});

describe('the connection threads', () => {
  test('a failing read rejects with SQLite’s code and the thread goes on reading', async () => {
    const db = await store();
    await db.insertInto('t').values({ id: 1, v: 'a' }).execute();
    const err = await sql`select * from missing_table`.execute(db).then(
      () => null,
      (e: { code?: string; message?: string }) => e,
    );
    expect(err?.code).toBe('SQLITE_ERROR');
    expect(err?.message).toMatch(/no such table/);
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'a' }]);
  });

  test('many reads in flight answer in order, each with its own rows', async () => {
    const db = await store();
    await db
      .insertInto('t')
      .values(Array.from({ length: 50 }, (_, i) => ({ id: i + 1, v: `v${i + 1}` })))
      .execute();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        db
          .selectFrom('t')
          .select('v')
          .where('id', '=', i + 1)
          .executeTakeFirst(),
      ),
    );
    expect(answers.map((a) => a?.v)).toEqual(Array.from({ length: 50 }, (_, i) => `v${i + 1}`));
  });

  test('reads sent in one turn cross to one reader in one message, each with its own outcome', async () => {
    const db = await storeOfTwo();
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const [one, bad, two] = await Promise.allSettled([
        db.selectFrom('t').select('v').where('id', '=', 1).executeTakeFirst(),
        db
          .selectFrom('t')
          .select(sql<number>`nope`.as('x'))
          .execute(),
        db.selectFrom('t').select('v').where('id', '=', 2).executeTakeFirst(),
      ]);
      expect(one).toEqual({ status: 'fulfilled', value: { v: 'a' } });
      expect(two).toEqual({ status: 'fulfilled', value: { v: 'b' } });
      expect(bad.status === 'rejected' && String(bad.reason)).toMatch(/no such column/);
      expect(posted).toHaveBeenCalledTimes(1);
      const sent = posted.mock.calls[0]![0] as { op: string; items: unknown[] };
      expect(sent.op).toBe('batch');
      expect(sent.items).toHaveLength(3);
      // A read of a later turn crosses by itself.
      posted.mockClear();
      expect(await db.selectFrom('t').select('v').where('id', '=', 2).executeTakeFirst()).toEqual({ v: 'b' });
      expect(posted).toHaveBeenCalledTimes(1);
      expect((posted.mock.calls[0]![0] as { op: string }).op).toBe('run');
    } finally {
      posted.mockRestore();
    }
  });
});

describe('slow statements', () => {
  test('a write that runs at least the threshold is told with its SQL and rows', async () => {
    const heard: { ms: number; sql: string; rows: number }[] = [];
    const db = await storeOfTwo({ slowMs: 0, listener: (s) => heard.push(s) });
    expect(heard.at(-1)).toMatchObject({ sql: expect.stringMatching(/^insert into "t"/), rows: 2 });
    expect(heard.at(-1)!.ms).toBeGreaterThanOrEqual(0);
    // Reads run on the reader and are not the writer's to tell.
    const before = heard.length;
    await db.selectFrom('t').selectAll().execute();
    expect(heard).toHaveLength(before);
  });
});

describe('point reads', () => {
  async function twins() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-point-'));
    dirs.push(dir);
    const { dialect, pointReads } = sqliteDialects(path.join(dir, 'db.sqlite'), ['journal_mode = WAL']);
    const db = new Kysely<Tables>({ dialect });
    open.push(db);
    const point = new Kysely<Tables>({ dialect: pointReads });
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    return { db, point };
  }

  test('a lone select runs on the calling thread and sees every commit before it', async () => {
    const { db, point } = await twins();
    await db.insertInto('t').values({ id: 1, v: 'one' }).execute();
    const threadRuns = vi.spyOn(SqliteThread.prototype, 'run');
    try {
      expect(await point.selectFrom('t').selectAll().where('id', '=', 1).executeTakeFirst()).toEqual({
        id: 1,
        v: 'one',
      });
      expect(threadRuns).not.toHaveBeenCalled();
      // A commit made after the connection opened is seen by the next point read.
      await db.updateTable('t').set({ v: 'uno' }).where('id', '=', 1).execute();
      threadRuns.mockClear();
      const again = await point.selectFrom('t').select('v').where('id', '=', 1).executeTakeFirst();
      expect(again?.v).toBe('uno');
      expect(threadRuns).not.toHaveBeenCalled();
      // The main store's reads still go to a reader thread.
      await db.selectFrom('t').selectAll().execute();
      expect(threadRuns).toHaveBeenCalledTimes(1);
    } finally {
      threadRuns.mockRestore();
    }
  });

  test('a point read during an open write transaction answers with what was committed', async () => {
    const { db, point } = await twins();
    const tx = openTransaction(db);
    await tx.written;
    expect(await point.selectFrom('t').selectAll().execute()).toEqual([]);
    tx.finish(true);
    expect(await tx.done).toBeUndefined();
    expect(await point.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, v: 'in transaction' }]);
  });

  test('writes and transactions through the point reads’ store go to the writer', async () => {
    const { db, point } = await twins();
    await point.insertInto('t').values({ id: 2, v: 'two' }).execute();
    await point.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 3, v: 'three' }).execute();
      expect(await trx.selectFrom('t').select('id').orderBy('id').execute()).toEqual([{ id: 2 }, { id: 3 }]);
    });
    expect(await db.selectFrom('t').select('id').orderBy('id').execute()).toEqual([{ id: 2 }, { id: 3 }]);
  });

  test('a failing point read rejects with SQLite’s message', async () => {
    const { point } = await twins();
    const threadRuns = vi.spyOn(SqliteThread.prototype, 'run');
    try {
      await expect(
        point
          .selectFrom('t')
          .select(sql<number>`nope`.as('x'))
          .execute(),
      ).rejects.toThrow(/no such column/);
      expect(threadRuns).not.toHaveBeenCalled();
    } finally {
      threadRuns.mockRestore();
    }
  });
});

describe('the writer lock', () => {
  test('background waiters take it after every foreground waiter, each lane in arrival order', async () => {
    const lock = new Lock();
    const release = await lock.acquire();
    const order: string[] = [];
    const waiters = (
      [
        ['background 1', true],
        ['foreground 1', false],
        ['background 2', true],
        ['foreground 2', false],
      ] as const
    ).map(([name, background]) =>
      lock.acquire(background).then((done) => {
        order.push(name);
        done();
      }),
    );
    release();
    // Released twice, it hands the writer on once.
    release();
    await Promise.all(waiters);
    expect(order).toEqual(['foreground 1', 'foreground 2', 'background 1', 'background 2']);
    // Free again: the next holder takes it at once.
    const again = await lock.acquire(true);
    again();
  });

  test('lone writes queued one after another hold it together; a transaction waits for them all', async () => {
    const lock = new Lock();
    const release = await lock.acquire();
    const granted: string[] = [];
    const take = (name: string, lone: boolean) =>
      lock.acquire(true, lone).then((done) => {
        granted.push(name);
        return done;
      });
    const first = take('lone 1', true);
    const second = take('lone 2', true);
    const transaction = take('transaction', false);
    const after = take('lone 3', true);
    release();
    const [done1, done2] = await Promise.all([first, second]);
    expect(granted).toEqual(['lone 1', 'lone 2']);
    done1();
    // The transaction waits for the whole group.
    await Promise.resolve();
    expect(granted).toEqual(['lone 1', 'lone 2']);
    done2();
    (await transaction)();
    (await after)();
    expect(granted).toEqual(['lone 1', 'lone 2', 'transaction', 'lone 3']);
  });

  test('lone writes granted together cross to the writer in one message and keep their order', async () => {
    const db = await store();
    const tx = openTransaction(db);
    await tx.written;
    const posted = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const writes = [2, 3, 4].map((id) =>
        db
          .insertInto('t')
          .values({ id, v: `lone ${id}` })
          .execute(),
      );
      // The last write fails (id 2 again) alone; the others stand.
      const duplicate = db
        .insertInto('t')
        .values({ id: 2, v: 'again' })
        .execute()
        .then(
          () => null,
          (err: { code?: string }) => err.code,
        );
      tx.finish(true);
      await Promise.all([tx.done, ...writes]);
      expect(await duplicate).toBe('SQLITE_CONSTRAINT_PRIMARYKEY');
      const batches = posted.mock.calls
        .map(([m]) => m as { op: string; items?: { sql?: string }[] })
        .filter((m) => m.op === 'batch' && m.items?.every((i) => i.sql?.startsWith('insert')));
      expect(batches).toHaveLength(1);
      expect(batches[0]!.items).toHaveLength(4);
    } finally {
      posted.mockRestore();
    }
    expect(await db.selectFrom('t').select(['id', 'v']).orderBy('id').execute()).toEqual([
      { id: 1, v: 'in transaction' },
      { id: 2, v: 'lone 2' },
      { id: 3, v: 'lone 3' },
      { id: 4, v: 'lone 4' },
    ]);
  });
});

describe('the background lane', () => {
  async function lanes() {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-background-'));
    dirs.push(dir);
    const { dialect, background } = sqliteDialects(path.join(dir, 'db.sqlite'), ['journal_mode = WAL']);
    const db = new Kysely<Tables>({ dialect });
    open.push(db);
    const bg = new Kysely<Tables>({ dialect: background });
    await sql`create table t (id integer primary key, v text not null)`.execute(db);
    return { db, bg };
  }

  test('a background write waits while a write of the main store queued after it goes first', async () => {
    const { db, bg } = await lanes();
    const tx = openTransaction(db);
    await tx.written;
    const order: string[] = [];
    // Both wait for the open transaction.
    const later = bg
      .insertInto('t')
      .values({ id: 2, v: 'background' })
      .execute()
      .then(() => order.push('background'));
    const first = db
      .insertInto('t')
      .values({ id: 3, v: 'request' })
      .execute()
      .then(() => order.push('request'));
    tx.finish(true);
    await Promise.all([tx.done, later, first]);
    expect(order).toEqual(['request', 'background']);
    expect(await db.selectFrom('t').select('id').orderBy('id').execute()).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
  });

  test('background reads run on a reader of their own and see every commit before them', async () => {
    const { db, bg } = await lanes();
    const runs = vi.spyOn(SqliteThread.prototype, 'run');
    const threadsOf = () => new Set(runs.mock.contexts as SqliteThread[]);
    try {
      await bg.insertInto('t').values({ id: 1, v: 'one' }).execute();
      // Written through the background, read by the main store; and the other way round.
      expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'one' }]);
      await db.updateTable('t').set({ v: 'uno' }).where('id', '=', 1).execute();
      runs.mockClear();
      expect(await bg.selectFrom('t').select('v').execute()).toEqual([{ v: 'uno' }]);
      const [backgroundReader] = threadsOf();
      // The main store's reads, many at once over several turns, never use it.
      runs.mockClear();
      for (let turn = 0; turn < 3; turn++) {
        await Promise.all(Array.from({ length: 4 }, () => db.selectFrom('t').selectAll().execute()));
      }
      const mainReaders = threadsOf();
      expect(mainReaders.size).toBeGreaterThan(0);
      expect(mainReaders.has(backgroundReader!)).toBe(false);
    } finally {
      runs.mockRestore();
    }
  });

  test('a background transaction sees its own writes and commits them', async () => {
    const { db, bg } = await lanes();
    await bg.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ id: 2, v: 'two' }).execute();
      expect(await trx.selectFrom('t').select('id').execute()).toEqual([{ id: 2 }]);
    });
    expect(await db.selectFrom('t').select('v').execute()).toEqual([{ v: 'two' }]);
  });
});
