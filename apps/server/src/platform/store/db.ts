import fs from 'node:fs';
import path from 'node:path';
import { Kysely, sql, PostgresDialect } from 'kysely';
import pg from 'pg';
import { sqliteDialects, type SlowStatement, type SlowWatch } from './sqlite.ts';
import { migrate } from './migrate.ts';

/**
 * The tables of the store, filled by declaration merging: each domain declares its own tables
 * next to its store (domains/<domain>/tables.ts, platform/notify/tables.ts) with
 * `declare module '…/platform/store/db.ts' { interface Database { devices: DeviceTable } }`,
 * so the platform never imports a domain and a new area adds tables without editing this file.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the domains' tables.ts
export interface Database {}

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface Store {
  db: Db;
  engine: Engine;
  /**
   * SQLite: who hears of a write statement that held the main thread `slowStatementMs` or more
   * (the server logs it); PostgreSQL has its own `log_min_duration_statement`.
   */
  onSlowStatement(listener: (s: SlowStatement) => void): void;
  close(): Promise<void>;
}

// int8 columns hold millisecond timestamps, well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));

export interface StoreOptions {
  databaseUrl?: string | undefined;
  /** SQLite file; ':memory:' is allowed for throw-away stores. */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  pgSchema?: string;
  poolSize?: number;
  /** SQLite: write statements taking this long or longer are told to `onSlowStatement`. */
  slowStatementMs?: number;
}

export async function openStore(opts: StoreOptions): Promise<Store> {
  let db: Db;
  let engine: Engine;
  const slow: SlowWatch = { slowMs: opts.slowStatementMs ?? 200, listener: null };
  if (opts.databaseUrl) {
    engine = 'postgres';
    const schema = opts.pgSchema;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    if (schema) {
      if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`bad schema name ${schema}`);
      await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    }
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    engine = 'sqlite';
    const file = opts.sqliteFile ?? ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const dialects = sqliteDialects(
      file,
      ['journal_mode = WAL', 'synchronous = NORMAL', 'foreign_keys = ON', 'busy_timeout = 5000'],
      slow,
    );
    db = new Kysely<Database>({ dialect: dialects.dialect });
    if (file !== ':memory:') {
      twins.set(db, new Kysely<Database>({ dialect: dialects.pointReads }));
      backgrounds.set(db, new Kysely<Database>({ dialect: dialects.background }));
    }
  }
  await migrate(db, engine, engine === 'postgres' ? opts.pgSchema : undefined);
  // The planner's statistics at once for a store that already holds data; then hourly (sqlite.ts).
  if (engine === 'sqlite') await sql`pragma optimize = 0x10002`.execute(db);
  return {
    db,
    engine,
    onSlowStatement: (listener) => {
      slow.listener = listener;
    },
    close: () => db.destroy(),
  };
}

/** Each SQLite file store's point reads (sqlite.ts), by the store's Kysely. */
const twins = new WeakMap<Db, Db>();

/**
 * The store for a read by key that a request waits for (its session, its tenant): on SQLite it
 * runs on the calling thread at once, which costs less than handing it to a reader thread and
 * back; elsewhere (PostgreSQL, an in-memory store, a transaction) the store itself. Never for a
 * read that scans: it holds the event loop while it runs.
 */
export function pointReads(db: Db): Db {
  return twins.get(db) ?? db;
}

/** Each SQLite file store's background lane (sqlite.ts), by the store's Kysely. */
const backgrounds = new WeakMap<Db, Db>();

/**
 * The store for work that comes in bursts of thousands of statements (a delivery's commands, their
 * reports, the targets they move, the devices it reads by the hundred): on SQLite its lone reads
 * run on a reader thread of their own and its writes and transactions take the writer only when no
 * other write waits, so the other requests neither read nor write behind it; elsewhere
 * (PostgreSQL, an in-memory store) the store itself. Not for a request's few statements: what runs
 * here waits behind every other write.
 */
export function background(db: Db): Db {
  return backgrounds.get(db) ?? db;
}

/** Unique-constraint violations look different on each engine. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
