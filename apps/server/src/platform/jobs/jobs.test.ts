/**
 * Durable jobs on a real store: a fresh SQLite file, or (TEST_STORE=postgres) a fresh database that
 * two stores (two pools, as two server nodes would have) share.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/db.ts';
import { TEST_STORE, testDatabase } from '../../test/harness.ts';
import { eventually } from '../../test/devices.ts';
import { ERROR_MAX, HOUSEKEEPING, Jobs, backoffMs, type JobsOptions } from './jobs.ts';
import { claimRuns, findRun } from './store.ts';
import './tables.ts';

const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);
const MIN = 60_000;
const log = pino({ level: 'silent' });

interface Bench {
  clock: { now: number };
  /** The store of the first node; `second()` opens another on the same data (PostgreSQL: its own pool). */
  store: Store;
  second(): Promise<Store>;
  jobs(o?: Partial<JobsOptions>, store?: Store): Jobs;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function bench(): Promise<Bench> {
  const clock = { now: T0 };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-jobs-'));
  // PostgreSQL: a database of this test's own, which a second pool opens as a second node would.
  const database = TEST_STORE === 'postgres' ? await testDatabase() : null;
  const open = () =>
    database ? openStore({ databaseUrl: database.url, poolSize: 4 }) : Promise.resolve(first);
  let first: Store = undefined as unknown as Store;
  first = database ? await open() : await openStore({ sqliteFile: path.join(tmp, 'console.sqlite') });
  const stores: Store[] = [first];
  const all: Jobs[] = [];
  cleanups.push(async () => {
    for (const j of all) await j.stop();
    for (const s of new Set(stores)) await s.close();
    await database?.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  return {
    clock,
    store: first,
    async second() {
      const s = await open();
      stores.push(s);
      return s;
    },
    jobs(o = {}, store = first) {
      const j = new Jobs({ db: store.db, engine: store.engine, clock: () => clock.now, log, ...o });
      all.push(j);
      return j;
    },
  };
}

function deferred<T = void>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('one-off jobs', () => {
  it('runs a due job once, keeps it for later when it is not due, and records the run', async () => {
    const b = await bench();
    const jobs = b.jobs({ node: 'n1' });
    const seen: unknown[] = [];
    jobs.define<{ n: number }>('mail.send', async ({ payload }) => {
      seen.push(payload.n);
    });
    const now = await jobs.enqueue('mail.send', { n: 1 });
    const later = await jobs.enqueue('mail.send', { n: 2 }, { at: T0 + 10 * MIN });
    b.clock.now += 1000;
    await jobs.runDue();
    expect(seen).toEqual([1]);
    const done = await findRun(b.store.db, now!);
    expect(done).toMatchObject({ status: 'done', attempt: 1, node: 'n1', started_at: T0 + 1000 });
    expect(done!.finished_at).toBe(T0 + 1000);
    expect((await findRun(b.store.db, later!))!.status).toBe('queued');

    await jobs.runDue();
    expect(seen).toEqual([1]);
    await jobs.runDue(T0 + 10 * MIN);
    expect(seen).toEqual([1, 2]);
  });

  it('adds nothing for a key while a run with it is pending, and again once it finished', async () => {
    const b = await bench();
    const jobs = b.jobs();
    let runs = 0;
    jobs.define('renew', async () => {
      runs++;
    });
    const first = await jobs.enqueue('renew', {}, { key: 'tenant-1', at: T0 + MIN });
    expect(first).not.toBeNull();
    expect(await jobs.enqueue('renew', {}, { key: 'tenant-1' })).toBeNull();
    expect(await jobs.enqueue('renew', {}, { key: 'tenant-2' })).not.toBeNull();
    await jobs.runDue(T0 + MIN);
    expect(runs).toBe(2);
    expect(await jobs.enqueue('renew', {}, { key: 'tenant-1' })).not.toBeNull();
  });
});

describe('attempts and back-off', () => {
  it('retries a failing job after an exponential back-off with a cap, then marks it dead', async () => {
    const b = await bench();
    const jobs = b.jobs();
    const backoff = { baseMs: 1000, maxMs: 1500 };
    let calls = 0;
    jobs.define(
      'flaky',
      async () => {
        calls++;
        throw new Error(`refused ${'x'.repeat(5000)}`);
      },
      { attempts: 3, backoff },
    );
    expect([1, 2, 3].map((a) => backoffMs(a, backoff))).toEqual([1000, 1500, 1500]);
    const id = (await jobs.enqueue('flaky', null))!;
    await jobs.runDue();
    let run = (await findRun(b.store.db, id))!;
    expect(run).toMatchObject({ status: 'failed', attempt: 1, run_at: T0 + 1000, finished_at: null });
    expect(run.last_error!.startsWith('Error: refused xxx')).toBe(true);
    expect(run.last_error!.length).toBeLessThanOrEqual(ERROR_MAX);

    // Not before its back-off.
    b.clock.now = T0 + 999;
    await jobs.runDue();
    expect(calls).toBe(1);
    b.clock.now = T0 + 1000;
    await jobs.runDue();
    run = (await findRun(b.store.db, id))!;
    expect(run).toMatchObject({ status: 'failed', attempt: 2, run_at: T0 + 2500 });
    b.clock.now = T0 + 2500;
    await jobs.runDue();
    run = (await findRun(b.store.db, id))!;
    expect(run).toMatchObject({ status: 'dead', attempt: 3, finished_at: T0 + 2500 });
    b.clock.now += 3_600_000;
    await jobs.runDue();
    expect(calls).toBe(3);
    const f = await jobs.figures();
    expect(f.perName.flaky).toMatchObject({ runs: 3, failures: 3, dead: 1 });
    expect(f.byStatus.dead).toBe(1);
  });

  it('fails an attempt that runs past its timeout, aborting its signal', async () => {
    const b = await bench();
    const jobs = b.jobs();
    let aborted = false;
    jobs.define(
      'slow',
      ({ signal }) =>
        new Promise<void>((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve();
          });
        }),
      { timeoutMs: 50, attempts: 1 },
    );
    const id = (await jobs.enqueue('slow', null))!;
    await jobs.runDue();
    expect(aborted).toBe(true);
    expect(await findRun(b.store.db, id)).toMatchObject({
      status: 'dead',
      last_error: 'Error: timed out after 50 ms',
    });
  });
});

describe('several nodes on one store', () => {
  it('never leases one run to two claimers at once', async () => {
    const b = await bench();
    const other = await b.second();
    const a = b.jobs({ node: 'a' });
    a.define('x', async () => undefined);
    const leases = new Map([['x', 60_000]]);
    for (let round = 0; round < 10; round++) {
      for (let i = 0; i < 12; i++) await a.enqueue('x', { round, i });
      const now = b.clock.now;
      const [one, two] = await Promise.all([
        claimRuns(b.store.db, { engine: b.store.engine, node: 'a', now, leases, limit: 8 }),
        claimRuns(other.db, { engine: other.engine, node: 'b', now, leases, limit: 8 }),
      ]);
      const ids = [...one, ...two].map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      // Whatever one left, the other could take: nothing due stays behind while both had room.
      expect(ids.length).toBe(12);
      b.clock.now += 1;
      await b.store.db.updateTable('job_runs').set({ status: 'done', lease_until: null }).execute();
    }
  });

  it('runs each run exactly once with two polling nodes', async () => {
    const b = await bench();
    const other = await b.second();
    const ran: string[] = [];
    const nodes = [b.jobs({ node: 'a', concurrency: 3 }), b.jobs({ node: 'b', concurrency: 3 }, other)];
    for (const j of nodes) {
      j.define('work', async ({ id }) => {
        ran.push(id);
        await new Promise((r) => setImmediate(r));
      });
    }
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await nodes[0]!.enqueue('work', { i }))!);
    for (const j of nodes) j.start();
    await eventually(async () => ran.length >= 40, 30_000, 'every run to be taken');
    for (const j of nodes) await j.stop();
    expect(ran.sort()).toEqual([...ids].sort());
    const rows = await b.store.db.selectFrom('job_runs').selectAll().where('name', '=', 'work').execute();
    expect(rows.every((r) => r.status === 'done' && r.attempt === 1)).toBe(true);
  });

  it('takes again a run whose node died holding its lease, and gives up after the last attempt', async () => {
    const b = await bench();
    const jobs = b.jobs({ node: 'alive' });
    const seen: number[] = [];
    jobs.define(
      'rollup',
      async ({ attempt }) => {
        seen.push(attempt);
      },
      { attempts: 2, leaseMs: 30_000 },
    );
    const id = (await jobs.enqueue('rollup', null))!;
    const orphan = (await jobs.enqueue('rollup', null, { key: 'orphan' }))!;
    // Another node leased both and died: its leases run out at T0 + 30 s.
    await b.store.db
      .updateTable('job_runs')
      .set({ status: 'running', node: 'gone', lease_until: T0 + 30_000, attempt: 1 })
      .where('id', '=', id)
      .execute();
    await b.store.db
      .updateTable('job_runs')
      .set({ status: 'running', node: 'gone', lease_until: T0 + 30_000, attempt: 2 })
      .where('id', '=', orphan)
      .execute();
    await jobs.runDue(T0 + 30_000);
    expect(seen).toEqual([]);
    await jobs.runDue(T0 + 30_001);
    expect(seen).toEqual([2]);
    expect(await findRun(b.store.db, id)).toMatchObject({ status: 'done', attempt: 2, node: 'alive' });
    expect(await findRun(b.store.db, orphan)).toMatchObject({ status: 'dead', attempt: 3 });
  });
});

describe('restarts', () => {
  it('runs on start a one-off that came due while the server was down', async () => {
    const b = await bench();
    const before = b.jobs();
    before.define('deliver', async () => undefined);
    const id = (await before.enqueue('deliver', { to: 'x' }, { at: T0 + 5 * MIN }))!;
    await before.stop();

    b.clock.now = T0 + 60 * MIN;
    const after = b.jobs();
    const ran = deferred<unknown>();
    after.define('deliver', async ({ payload }) => ran.resolve(payload));
    after.start();
    expect(await ran.promise).toEqual({ to: 'x' });
    await after.stop();
    expect((await findRun(b.store.db, id))!.status).toBe('done');
  });

  it('runs a recurring job whose slots were missed once on start, then on its cron', async () => {
    const b = await bench();
    const slots: number[] = [];
    const declare = () => {
      const j = b.jobs();
      j.define('telemetry.rollup', async ({ dueAt }) => {
        slots.push(dueAt);
      });
      j.every('telemetry.rollup', { cron: '*/5 * * * *', timeZone: 'Asia/Shanghai' });
      return j;
    };
    const before = declare();
    await before.runDue(T0 + 1000);
    expect(slots).toEqual([]);
    await before.stop();

    // Down for an hour: twelve slots missed, one run.
    b.clock.now = T0 + 60 * MIN + 7000;
    const after = declare();
    await after.runDue();
    expect(slots).toEqual([T0 + 5 * MIN]);
    await after.runDue();
    expect(slots).toHaveLength(1);
    const schedule = await b.store.db
      .selectFrom('job_schedules')
      .selectAll()
      .where('name', '=', 'telemetry.rollup')
      .executeTakeFirstOrThrow();
    expect(schedule.next_at).toBe(T0 + 65 * MIN);
    b.clock.now = T0 + 65 * MIN;
    await after.runDue();
    expect(slots).toEqual([T0 + 5 * MIN, T0 + 65 * MIN]);
  });

  it('refuses a bad cron or time zone when declared', async () => {
    const b = await bench();
    const jobs = b.jobs();
    expect(() => jobs.every('x', { cron: 'every minute', timeZone: 'UTC' })).toThrow();
    expect(() => jobs.every('x', { cron: '* * * * *', timeZone: 'Nowhere/Town' })).toThrow();
  });
});

describe('history and operations', () => {
  it('trims finished runs past their keep window in its own recurring job', async () => {
    const b = await bench();
    const jobs = b.jobs({ keepDoneMs: 7 * 86_400_000, keepDeadMs: 30 * 86_400_000 });
    jobs.define('x', async () => undefined);
    const base = {
      name: 'x',
      key: null,
      payload: 'null',
      run_at: T0,
      attempt: 1,
      node: 'n',
      lease_until: null,
    };
    const times = { started_at: T0, duration_ms: 1, last_error: null, created_at: T0 };
    await b.store.db
      .insertInto('job_runs')
      .values([
        { ...base, ...times, id: 'old-done', status: 'done', finished_at: T0 - 8 * 86_400_000 },
        { ...base, ...times, id: 'new-done', status: 'done', finished_at: T0 - 6 * 86_400_000 },
        { ...base, ...times, id: 'old-dead', status: 'dead', finished_at: T0 - 8 * 86_400_000 },
      ])
      .execute();
    await jobs.runDue();
    // Its first slot is 03:23 UTC the next day.
    b.clock.now = Date.UTC(2026, 10, 22, 3, 23);
    await jobs.runDue();
    const left = await b.store.db.selectFrom('job_runs').select('id').where('name', '=', 'x').execute();
    expect(left.map((r) => r.id).sort()).toEqual(['new-done', 'old-dead']);
    const f = await jobs.figures();
    expect(f.perName[HOUSEKEEPING]).toMatchObject({ runs: 1, failures: 0 });
  });

  it('stop() waits for a running handler', async () => {
    const b = await bench();
    const jobs = b.jobs();
    const began = deferred();
    const release = deferred();
    let finished = false;
    jobs.define('long', async () => {
      began.resolve();
      await release.promise;
      finished = true;
    });
    jobs.start();
    expect((await jobs.figures()).started).toBe(true);
    await jobs.enqueue('long', null);
    await began.promise;
    const stopped = jobs.stop().then(() => finished);
    release.resolve();
    expect(await stopped).toBe(true);
    expect((await jobs.figures()).started).toBe(false);
  });
});
