import fs from 'node:fs';
import path from 'node:path';
import { Kysely, sql, Migrator, PostgresDialect, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { sqliteDialects, type SlowStatement, type SlowWatch } from './sqlite.ts';
import * as foundation from './migrations/2026-11-21-foundation.ts';
import * as accounts from './migrations/2026-11-22-accounts.ts';
import * as devices from './migrations/2026-11-23-devices.ts';
import * as telemetry from './migrations/2026-11-24-telemetry.ts';
import * as clients from './migrations/2026-11-25-clients.ts';
import * as networks from './migrations/2026-11-26-networks.ts';
import * as topology from './migrations/2026-11-27-topology.ts';
import * as messages from './migrations/2026-11-28-messages.ts';
import * as networkLog from './migrations/2026-11-29-network-log.ts';
import * as readIndexes from './migrations/2026-11-30-read-indexes.ts';
import * as deviceFilters from './migrations/2026-12-01-device-filters.ts';
import * as dashboardCounts from './migrations/2026-12-02-dashboard-counts.ts';
import * as telemetryCarry from './migrations/2026-12-03-telemetry-carry.ts';

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

/** Migrations are listed here, in order; the file names carry their date. */
const migrations: Record<string, Migration> = {
  '2026-11-21-foundation': foundation,
  '2026-11-22-accounts': accounts,
  '2026-11-23-devices': devices,
  '2026-11-24-telemetry': telemetry,
  '2026-11-25-clients': clients,
  '2026-11-26-networks': networks,
  '2026-11-27-topology': topology,
  '2026-11-28-messages': messages,
  '2026-11-29-network-log': networkLog,
  '2026-11-30-read-indexes': readIndexes,
  '2026-12-01-device-filters': deviceFilters,
  '2026-12-02-dashboard-counts': dashboardCounts,
  '2026-12-03-telemetry-carry': telemetryCarry,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

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
    if (file !== ':memory:') twins.set(db, new Kysely<Database>({ dialect: dialects.pointReads }));
  }
  await migrate(db, engine === 'postgres' ? opts.pgSchema : undefined);
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

export async function migrate(db: Db, schema?: string): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; name ours so that several stores
  // sharing one PostgreSQL database (tests, or tenants of a hosting) never see each other's.
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
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
