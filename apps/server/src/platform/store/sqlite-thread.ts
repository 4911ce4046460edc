/**
 * An SQLite connection on a thread of its own. better-sqlite3 runs a statement on the calling
 * thread, so on the main one every statement competes with the HTTP handling and the device ingest
 * for one core, and a large write (a chunk of the clients' batch, a commit) holds every request
 * waiting. The store (sqlite.ts) runs four of these: the writer, which takes transactions and
 * lone writes in turn, two readers, which take lone SELECTs, and the background lane's reader; the
 * main thread only compiles queries and handles their answers. In WAL mode a statement sees what
 * was committed when it began, so a read sent after a write's commit sees that write.
 *
 * The background reader also checkpoints the write-ahead log every second (PASSIVE: it never waits
 * for, nor blocks, readers or the writer), which would otherwise happen inside the writer's commits.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The worker's code, plain JavaScript (it runs without the TypeScript loader). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const SQLite = require(workerData.driverPath);
const db = new SQLite(workerData.file);
for (const p of workerData.pragmas) db.pragma(p);
const cache = new Map();
function statement(text) {
  let entry = cache.get(text);
  if (entry) return entry;
  const stmt = db.prepare(text);
  // Rows cross to the main thread as arrays, with their column names once per statement.
  entry = { stmt, columns: stmt.reader ? stmt.raw(true).columns().map((c) => c.name) : null };
  if (cache.size >= workerData.kept) cache.delete(cache.keys().next().value);
  cache.set(text, entry);
  return entry;
}
const checkpoint = workerData.checkpointMs > 0
  ? setInterval(() => {
      try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { /* busy: the next one catches up */ }
    }, workerData.checkpointMs)
  : null;
function answer(m) {
  const started = performance.now();
  try {
    let reply;
    if (m.op === 'exec') {
      db.exec(m.sql);
      reply = { id: m.id };
    } else if (m.op === 'rollback') {
      if (db.inTransaction) db.exec('rollback');
      reply = { id: m.id };
    } else {
      const { stmt, columns } = statement(m.sql);
      if (columns) reply = { id: m.id, columns, rows: stmt.all(m.params) };
      else {
        if (workerData.readOnly) throw new Error('the read thread runs statements that return rows only');
        const r = stmt.run(m.params);
        reply = { id: m.id, changes: r.changes, lastInsertRowid: Number(r.lastInsertRowid) };
      }
    }
    reply.ms = performance.now() - started;
    return reply;
  } catch (err) {
    return { id: m.id, error: { message: String(err && err.message), code: err && err.code } };
  }
}
parentPort.on('message', (m) => {
  if (m.op === 'close') {
    if (checkpoint) clearInterval(checkpoint);
    db.close();
    parentPort.close();
    return;
  }
  // Statements sent together are answered together, in order, each with its own outcome.
  parentPort.postMessage(m.op === 'batch' ? { batch: m.items.map(answer) } : answer(m));
});
`;

export const CHECKPOINT_EVERY_MS = 1000;

/**
 * Rows come from the threads as arrays of values (better-sqlite3's raw mode) and become objects
 * here, through a function made once per list of columns whose object literal gives every row one
 * shape. Objects made by the driver in the thread cost it ~40 µs a row of 35 columns, and their
 * keys were cloned with every row; arrays cross at a fraction of that.
 */
const rowMakers = new Map<string, (values: unknown[]) => Record<string, unknown>>();
function objectsOf(columns: string[], rows: unknown[][]): Record<string, unknown>[] {
  const key = columns.join('\u0000');
  let make = rowMakers.get(key);
  if (!make) {
    // A later column of the same name wins, as in the driver's objects.
    const fields = columns.map((c, i) => `${JSON.stringify(c)}: v[${i}]`).join(', ');
    make = new Function('v', `return { ${fields} };`) as (values: unknown[]) => Record<string, unknown>;
    if (rowMakers.size >= 2000) rowMakers.clear();
    rowMakers.set(key, make);
  }
  const out = new Array<Record<string, unknown>>(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = make(rows[i]!);
  return out;
}

/** What a statement gave: rows, or for a write the rows it changed; how long it ran. */
export interface ThreadResult {
  rows?: unknown[];
  changes?: number;
  lastInsertRowid?: number;
  ms: number;
}

interface Waiting {
  resolve: (r: ThreadResult) => void;
  reject: (err: Error) => void;
}

interface Request {
  id: number;
  op: 'run' | 'exec' | 'rollback';
  sql?: string;
  params?: readonly unknown[];
}

type Reply = ThreadResult & { id: number; columns?: string[]; error?: { message: string; code?: string } };

export interface ThreadOptions {
  /** PRAGMA statements run when the connection opens. */
  pragmas: string[];
  /** Refuses statements that write (the reader). */
  readOnly: boolean;
  /** Checkpoints the log this often (0: never). */
  checkpointMs: number;
  statementsKept: number;
}

/**
 * A connection's thread; one that dies fails its statements in flight and is replaced at the next.
 *
 * Statements sent in one turn of the event loop's microtasks (a request's page and count, the
 * dashboard's three tallies) cross in one message and come back in one: handing a message to a
 * thread wakes it, which on a busy machine cost the sender ~60 µs and often its core (the largest
 * part of the main thread's profile serving device lists), so fewer and fuller messages.
 */
export class SqliteThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  /** Statements sent in this turn, crossing together at its end. */
  private outbox: Request[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly file: string,
    private readonly o: ThreadOptions,
  ) {}

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file: this.file,
        driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
        pragmas: this.o.pragmas,
        readOnly: this.o.readOnly,
        kept: this.o.statementsKept,
        checkpointMs: this.o.checkpointMs,
      },
    });
    const settle = (m: Reply) => {
      const w = this.waiting.get(m.id);
      if (!w) return;
      this.waiting.delete(m.id);
      if (this.waiting.size === 0) worker.unref();
      if (m.error) w.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else {
        if (m.columns) m.rows = objectsOf(m.columns, m.rows as unknown[][]);
        w.resolve(m);
      }
    };
    worker.on('message', (m: Reply | { batch: Reply[] }) => {
      if ('batch' in m) for (const r of m.batch) settle(r);
      else settle(m);
    });
    const gone = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`an SQLite thread stopped (${code})`)));
    // Statements in flight keep the process alive (see post()); an idle thread does not.
    worker.unref();
    return worker;
  }

  private send(message: Omit<Request, 'id'>) {
    if (this.closed) return Promise.reject(new Error('the store is closed'));
    const id = this.nextId++;
    return new Promise<ThreadResult>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.outbox.push({ id, ...message }) === 1) queueMicrotask(() => this.post());
    });
  }

  /** Hands this turn's statements to the thread, in one message when there are several. */
  private post(): void {
    // A thread that died meanwhile has failed them already (spawn's `gone`).
    const items = this.outbox.filter((r) => this.waiting.has(r.id));
    this.outbox = [];
    if (items.length === 0) return;
    this.worker ??= this.spawn();
    // Statements in flight keep the process alive; the last answer lets it go (spawn's `settle`).
    this.worker.ref();
    this.worker.postMessage(items.length === 1 ? items[0] : { op: 'batch', items });
  }

  /** Starts the thread now rather than at its first statement (its checkpoints start with it). */
  start(): void {
    if (!this.closed) this.worker ??= this.spawn();
  }

  /** Statements of this turn wait to cross: one more sent now goes with them. */
  get gathering(): boolean {
    return this.outbox.length > 0;
  }

  /** Statements sent and not yet answered. */
  get inFlight(): number {
    return this.waiting.size;
  }

  run(sql: string, params: readonly unknown[]): Promise<ThreadResult> {
    return this.send({ op: 'run', sql, params });
  }

  async exec(sql: string): Promise<void> {
    await this.send({ op: 'exec', sql });
  }

  /** Rolls back the open transaction, if there is one. */
  async rollback(): Promise<void> {
    await this.send({ op: 'rollback' });
  }

  /** Waits for the statements in flight, then ends the thread. */
  async close(): Promise<void> {
    this.closed = true;
    this.post();
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    await Promise.allSettled(
      [...this.waiting.values()].map(
        (w) =>
          new Promise<void>((done) => {
            const { resolve, reject } = w;
            w.resolve = (r) => (resolve(r), done());
            w.reject = (err) => (reject(err), done());
          }),
      ),
    );
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ op: 'close' });
    await exited;
  }
}
