/**
 * SQLite for Kysely with its statements off the main thread.
 *
 * Kysely's own SQLite driver has one connection behind one lock on the calling thread: a read
 * waits for every write transaction in flight, and every statement holds the event loop while it
 * runs — with the fleet reporting, the ingest's batches (chunks of hundreds of rows, commits of
 * megabytes) stalled requests by hundreds of milliseconds. Here the connections each run on a
 * thread of their own (sqlite-thread.ts): the writer takes transactions and lone writes in turn
 * (the lock below), two readers take every lone SELECT at once (the less busy one) and in WAL
 * mode see what was committed when the statement began. A read that is part of a transaction stays
 * on the writer and sees the transaction's own writes. The main thread compiles queries and handles
 * answers only.
 *
 * Work in bursts of thousands of statements (a delivery's commands and their reports) goes through
 * the background store (`background(db)`, db.ts): its lone SELECTs run on a reader of their own,
 * which also checkpoints the log, and its writes take the writer only when no other write waits.
 * Before, a device list queued behind a delivery's reads on the two readers (and behind a
 * checkpoint), and a request that writes (the session's sliding expiry, every 10 s) behind
 * hundreds of its writes: 0.2-0.4 s (docs/performance.md, "Configuration delivery").
 *
 * Every connection keeps its prepared statements (preparing was ~8 % of the server's time with
 * the fleet reporting): the console runs a few hundred distinct statements, most of them often.
 * An in-memory database keeps one connection on the calling thread (a thread would open a
 * database of its own).
 */
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { CHECKPOINT_EVERY_MS, SqliteThread, type ThreadResult } from './sqlite-thread.ts';
import {
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/** Distinct statements kept prepared per connection; the oldest goes first beyond it. */
const STATEMENTS_KEPT = 1000;
/**
 * How often the planner's statistics are brought up to date (`PRAGMA optimize`, as SQLite advises
 * for long-lived connections). With 0x10000 a pass only estimates each table's size from its B-tree
 * and analyzes the tables that grew or shrank ~25× since their last analysis (or never had one), so
 * most passes cost nothing; every minute, a store that fills after the start (a fresh install, a
 * fleet registered in bulk) has statistics a minute later, not an hour. Without them SQLite read a
 * network's devices through the type index (8,000 APs) instead of the parent index (20 rows).
 */
export const OPTIMIZE_EVERY_MS = 60 * 1000;
/** Rows looked at per index when a table is analyzed, so one analysis stays a few milliseconds. */
const ANALYSIS_LIMIT = 1000;
/**
 * Read threads: a request's reads (session, page, count) queue behind other requests' on one; two
 * let reads use whatever CPU the main thread and the writer leave (one measured ~57 % idle main
 * thread while the single reader was the bottleneck).
 */
const READERS = 2;
/**
 * Which of the store's Kyselys a statement came through: the main one, the point reads' (a lone
 * SELECT on this thread) or the background one (a reader of its own, the writer after the others).
 */
type Lane = 'main' | 'point' | 'background';

/**
 * Each thread's page cache (a negative cache_size is KiB): SQLite's default is 2 MiB, so on a
 * store of gigabytes every query read its index and table pages again through the system, even
 * the same request a second later (a network ranking's 11,000 connections: 210-320 ms with 2 MiB,
 * 45-85 ms with 64 MiB warm; bench:analytics, docs/performance.md run 8). Five connections (the
 * writer, two readers, the background reader, the point reads): at most 320 MiB, taken as used.
 */
const PAGE_CACHE = 'cache_size = -65536';

/** Pages of write-ahead log (4 KiB each) past which a commit checkpoints itself. */
const WAL_BACKSTOP_PAGES = 10_000;

/** A statement on the writer that ran at least `slowMs`, holding the writer (db.ts). */
export interface SlowStatement {
  ms: number;
  sql: string;
  rows: number;
}

export interface SlowWatch {
  slowMs: number;
  listener: ((s: SlowStatement) => void) | null;
}

/** One connection as the driver uses it: on a thread of its own, or (in memory) on this one. */
interface Connection {
  run(sql: string, params: readonly unknown[]): Promise<ThreadResult>;
  exec(sql: string): Promise<void>;
  rollback(): Promise<void>;
  close(): Promise<void>;
}

/** A connection's statement for `text`, prepared once and kept (the oldest goes beyond the limit). */
function prepared(db: SQLite.Database, cache: Map<string, SQLite.Statement>, text: string): SQLite.Statement {
  let stmt = cache.get(text);
  if (stmt) return stmt;
  stmt = db.prepare(text);
  if (cache.size >= STATEMENTS_KEPT) cache.delete(cache.keys().next().value!);
  cache.set(text, stmt);
  return stmt;
}

/**
 * An in-memory database on the calling thread: a second thread would open a database of its own,
 * so throw-away stores keep one connection here, for reads too.
 */
class LocalConnection implements Connection {
  private readonly cache = new Map<string, SQLite.Statement>();
  private readonly db: SQLite.Database;

  constructor(pragmas: readonly string[]) {
    this.db = new SQLite(':memory:');
    for (const p of pragmas) this.db.pragma(p);
  }

  async run(sql: string, params: readonly unknown[]): Promise<ThreadResult> {
    const started = performance.now();
    const stmt = prepared(this.db, this.cache, sql);
    if (stmt.reader) return { rows: stmt.all(params as unknown[]), ms: performance.now() - started };
    const r = stmt.run(params as unknown[]);
    return {
      changes: r.changes,
      lastInsertRowid: Number(r.lastInsertRowid),
      ms: performance.now() - started,
    };
  }

  async exec(sql: string): Promise<void> {
    this.db.exec(sql);
  }

  async rollback(): Promise<void> {
    if (this.db.inTransaction) this.db.exec('rollback');
  }

  async close(): Promise<void> {
    this.db.close();
  }
}

/**
 * Lone writes granted the writer together at most: their statements cross to it in one message
 * and run one after the other, each committed by itself.
 */
const WRITES_TOGETHER = 64;

interface Waiter {
  /** A lone write (not a transaction): consecutive ones may hold the writer together. */
  lone: boolean;
  grant: () => void;
}

/**
 * The writer, one holder at a time: whoever waits in the foreground before any background waiter,
 * each lane in arrival order. A background write waits for the foreground ones queued meanwhile;
 * they come from requests and the trackers' flushes, a few at a time, so it is delayed, not
 * starved. Lone writes queued one after another in a lane hold it together (up to
 * WRITES_TOGETHER): sent in one turn they cross to the writer in one message, where one message
 * each cost the main thread a thread wake-up each (a delivery's commands make ~7 writes a device).
 */
export class Lock {
  /** Holders of the writer now: 0, 1, or a group of lone writes. */
  private holders = 0;
  private readonly foreground: Waiter[] = [];
  private readonly background: Waiter[] = [];

  acquire(background = false, lone = false): Promise<() => void> {
    return new Promise((resolve) => {
      const grant = () => {
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          if (--this.holders === 0) this.handOver();
        });
      };
      if (this.holders === 0) {
        this.holders = 1;
        grant();
      } else (background ? this.background : this.foreground).push({ lone, grant });
    });
  }

  private handOver(): void {
    const queue = this.foreground.length > 0 ? this.foreground : this.background;
    const first = queue.shift();
    if (!first) return;
    const group = [first];
    while (first.lone && group.length < WRITES_TOGETHER && queue[0]?.lone) group.push(queue.shift()!);
    this.holders = group.length;
    for (const w of group) w.grant();
  }
}

/**
 * A statement a reader thread may run: a SELECT built with Kysely, or raw SQL (`sql\`…\``) that
 * is a SELECT — an analytics query's ranking took the writer for 1-3 s otherwise, and every write
 * (the trackers' flushes, the DNS ingest) waited behind it. The readers' connections are read-only:
 * a statement sent there by mistake fails rather than writes.
 */
function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  if (!RawNode.is(query.query)) return false;
  // A raw SELECT, or one behind common table expressions (`with … select`): a WITH that writes
  // names its INSERT, UPDATE or DELETE (a word no read of ours holds outside a string).
  return (
    /^\s*select\b/i.test(query.sql) ||
    (/^\s*with\b/i.test(query.sql) && !/\b(insert|update|delete|replace)\b/i.test(query.sql))
  );
}

/** What Kysely holds for one query or one transaction; it takes the writer only when it must. */
class Handle implements DatabaseConnection {
  /** Set while this handle's transaction holds the writer. */
  release: (() => void) | null = null;

  constructor(
    private readonly driver: SqliteReadWriteDriver,
    readonly lane: Lane = 'main',
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const d = this.driver;
    if (this.release) return d.write(query) as Promise<QueryResult<R>>;
    const background = this.lane === 'background';
    const reader = d.reader(background);
    if (reader && isRead(query)) {
      const rows = this.lane === 'point' ? d.readInline(query) : undefined;
      if (rows) return { rows: rows as R[] };
      return { rows: ((await reader.run(query.sql, query.parameters)).rows ?? []) as R[] };
    }
    const release = await d.lock.acquire(background, true);
    try {
      return (await d.write(query)) as QueryResult<R>;
    } finally {
      release();
    }
  }

  // eslint-disable-next-line require-yield -- the console never streams; Kysely's interface asks for it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by this store');
  }
}

export class SqliteReadWriteDriver implements Driver {
  readonly lock = new Lock();
  readonly writer: Connection;
  /** None for an in-memory database: its one connection reads too, behind the lock. */
  private readonly readers: SqliteThread[];
  /** The background store's reads and the checkpoints (none in memory); started by `init`. */
  private readonly backgroundReader: SqliteThread | null;
  private optimizer: NodeJS.Timeout | null = null;
  /** The point reads' connection on this thread, opened at the first; false once closed. */
  private inline: SQLite.Database | null | false = null;
  private readonly inlineStatements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly file: string,
    pragmas: readonly string[],
    private readonly slow: SlowWatch,
  ) {
    const all = [...pragmas, `analysis_limit = ${ANALYSIS_LIMIT}`, PAGE_CACHE];
    if (file === ':memory:') {
      this.writer = new LocalConnection(all);
      this.readers = [];
      this.backgroundReader = null;
    } else {
      this.writer = new SqliteThread(file, {
        // The background reader checkpoints every second; a commit does it only if the log grew past this.
        pragmas: [...all, `wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`],
        readOnly: false,
        checkpointMs: 0,
        statementsKept: STATEMENTS_KEPT,
      });
      const reader = (checkpointMs: number) =>
        new SqliteThread(file, {
          pragmas: ['busy_timeout = 5000', PAGE_CACHE],
          readOnly: true,
          checkpointMs,
          statementsKept: STATEMENTS_KEPT,
        });
      this.readers = Array.from({ length: READERS }, () => reader(0));
      // The background reader also checkpoints the log: a pass copies what the writer committed
      // meanwhile, tens of milliseconds during a delivery, which reads on it would wait for.
      this.backgroundReader = reader(CHECKPOINT_EVERY_MS);
    }
  }

  /**
   * For the background store its own reader; else the reader already gathering this turn's
   * statements (they cross together), else the one with the fewest in flight (null in memory).
   */
  reader(background = false): SqliteThread | null {
    if (background && this.backgroundReader) return this.backgroundReader;
    for (const r of this.readers) if (r.gathering) return r;
    let best: SqliteThread | null = null;
    for (const r of this.readers) if (!best || r.inFlight < best.inFlight) best = r;
    return best;
  }

  /**
   * A point read on this thread: the rows, or undefined when it must go to a reader thread (the
   * store is closed, or the log is being recovered or reset: SQLITE_BUSY, which this connection
   * never waits for). In WAL mode a read never waits for the writer and sees every commit made
   * before it, as a reader thread's does.
   */
  readInline(query: CompiledQuery): unknown[] | undefined {
    if (this.inline === false) return undefined;
    try {
      if (!this.inline) {
        this.inline = new SQLite(this.file, { readonly: true, fileMustExist: true });
        this.inline.pragma('busy_timeout = 0');
        this.inline.pragma(PAGE_CACHE);
      }
      return prepared(this.inline, this.inlineStatements, query.sql).all(query.parameters as unknown[]);
    } catch (err) {
      if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY')) return undefined;
      throw err;
    }
  }

  /** A statement on the writer (its lock held by the caller), told to the slow listener if long. */
  async write(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const r = await this.writer.run(query.sql, query.parameters);
    const rows = r.rows ?? [];
    if (this.slow.listener && r.ms >= this.slow.slowMs) {
      this.slow.listener({
        ms: Math.round(r.ms),
        sql: query.sql.slice(0, 160),
        rows: rows.length || (r.changes ?? 0),
      });
    }
    if (r.rows) return { rows };
    return { numAffectedRows: BigInt(r.changes ?? 0), insertId: BigInt(r.lastInsertRowid ?? 0), rows: [] };
  }

  async init(): Promise<void> {
    this.optimizer = setInterval(() => void this.optimize(), OPTIMIZE_EVERY_MS);
    this.optimizer.unref();
    // It checkpoints whether or not background reads come.
    this.backgroundReader?.start();
  }

  /** Planner statistics for every table that changed much since the last pass (or never had any). */
  async optimize(): Promise<void> {
    const release = await this.lock.acquire();
    try {
      await this.writer.exec('pragma optimize = 0x10002');
    } finally {
      release();
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    const release = await this.lock.acquire(handle.lane === 'background');
    try {
      await this.writer.exec('begin');
    } catch (err) {
      release();
      throw err;
    }
    handle.release = release;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A failed commit leaves the transaction open and the writer held: Kysely rolls back next.
    await this.writer.exec('commit');
    this.free(connection as Handle);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.writer.rollback();
    } finally {
      this.free(connection as Handle);
    }
  }

  private free(handle: Handle): void {
    const release = handle.release;
    handle.release = null;
    release?.();
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    if (this.optimizer) clearInterval(this.optimizer);
    if (this.inline) this.inline.close();
    this.inline = false;
    this.inlineStatements.clear();
    await Promise.all([...this.readers, this.backgroundReader].map((r) => r?.close()));
    await this.writer.close();
  }
}

/**
 * The same store's driver for another lane; closing is the main driver's.
 *
 * Point reads: a lone SELECT runs at once on a read connection of the calling thread instead of a
 * reader thread. Handing a statement to a thread and its answer back costs two thread wake-ups, on
 * a busy machine far more than a lookup by key (a request's session, its tenant) takes; a read that
 * scans must not use it, as it holds the event loop while it runs. Transactions and writes go where
 * the main driver sends them.
 *
 * Background: lone SELECTs run on the background reader; lone writes and transactions take the
 * writer after every foreground waiter.
 */
class LaneDriver implements Driver {
  constructor(
    private readonly main: () => SqliteReadWriteDriver,
    private readonly lane: Lane,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this.main(), this.lane);
  }

  beginTransaction(c: DatabaseConnection): Promise<void> {
    return this.main().beginTransaction(c);
  }

  commitTransaction(c: DatabaseConnection): Promise<void> {
    return this.main().commitTransaction(c);
  }

  rollbackTransaction(c: DatabaseConnection): Promise<void> {
    return this.main().rollbackTransaction(c);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

function dialectOf(createDriver: () => Driver): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

/**
 * The store's dialect, its point reads' and its background's (more Kyselys on the same driver,
 * connections and lock; for an in-memory database reads stay on the one connection).
 */
export function sqliteDialects(
  file: string,
  pragmas: readonly string[],
  slow: SlowWatch = { slowMs: Infinity, listener: null },
): { dialect: Dialect; pointReads: Dialect; background: Dialect } {
  let driver: SqliteReadWriteDriver | null = null;
  const main = () => (driver ??= new SqliteReadWriteDriver(file, pragmas, slow));
  return {
    dialect: dialectOf(main),
    pointReads: dialectOf(() => new LaneDriver(main, 'point')),
    background: dialectOf(() => new LaneDriver(main, 'background')),
  };
}

export function sqliteDialect(
  file: string,
  pragmas: readonly string[],
  slow: SlowWatch = { slowMs: Infinity, listener: null },
): Dialect {
  return sqliteDialects(file, pragmas, slow).dialect;
}
