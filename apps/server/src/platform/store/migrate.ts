/**
 * The store's migrations are the files of `migrations/`, applied in the order of their numbers:
 * `0001-foundation.ts`, `0002-accounts.ts`, … A new area adds the next file and edits nothing
 * shared. The name carries no date, so the order is plain and never claims a day still to come.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';

/** Migrations and Kysely's bookkeeping work on no declared tables, as in Kysely's own advice. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * `NNNN-words-of-the-step.ts`. The name starts with a letter so that a dated name
 * (`2026-12-04-jobs.ts`) cannot pass for migration number 2026.
 */
const FILE_NAME = /^(\d{4})-[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.ts$/;
const number = (n: number) => String(n).padStart(4, '0');

/**
 * The migration names (file names without `.ts`) of a folder's files, in order. Refuses a folder
 * with a file not named `NNNN-name.ts` (tests and helpers live elsewhere), two files of one number
 * or a gap in the numbers from 0001: each would silently drop or reorder a step on some store.
 * Hidden files (an editor's swap file) are not migrations and are passed over.
 */
export function migrationNames(files: readonly string[]): string[] {
  const problems: string[] = [];
  const byNumber = new Map<number, string>();
  for (const file of files) {
    if (file.startsWith('.')) continue;
    const match = FILE_NAME.exec(file);
    if (!match) {
      problems.push(`${file} is not named NNNN-name.ts (a lower-case name: letters, digits, hyphens)`);
      continue;
    }
    const n = Number(match[1]);
    const other = byNumber.get(n);
    if (other) problems.push(`${file} and ${other} share the number ${match[1]}`);
    else byNumber.set(n, file);
  }
  const last = Math.max(0, ...byNumber.keys());
  for (let n = 1; n <= last; n++) {
    if (byNumber.has(n)) continue;
    let end = n;
    while (end < last && !byNumber.has(end + 1)) end++;
    problems.push(`no migration numbered ${number(n)}${end > n ? `-${number(end)}` : ''}`);
    n = end;
  }
  if (byNumber.size === 0 && problems.length === 0) problems.push('no migrations');
  if (problems.length > 0) throw new Error(`Migrations refused: ${problems.join('; ')}`);
  return [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, file]) => file.slice(0, -'.ts'.length));
}

/** The migrations of a folder by name; the server runs under tsx, so the `.ts` files import as they are. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Record<string, Migration>> {
  const migrations: Record<string, Migration> = {};
  for (const name of migrationNames(fs.readdirSync(dir))) {
    const module = (await import(pathToFileURL(path.join(dir, `${name}.ts`)).href)) as Partial<Migration>;
    if (typeof module.up !== 'function') throw new Error(`Migrations refused: ${name}.ts exports no up()`);
    migrations[name] = module as Migration;
  }
  return migrations;
}

/**
 * The names the migrations had until 2026-11-25, when they carried dates (some in the future).
 * Stores made before record these in `kysely_migration`, and Kysely refuses to run when a
 * recorded migration is missing from the list; so they are renamed before migrating. Frozen.
 */
export const FORMER_NAMES: Readonly<Record<string, string>> = {
  '2026-11-21-foundation': '0001-foundation',
  '2026-11-22-accounts': '0002-accounts',
  '2026-11-23-devices': '0003-devices',
  '2026-11-24-telemetry': '0004-telemetry',
  '2026-11-25-clients': '0005-clients',
  '2026-11-26-networks': '0006-networks',
  '2026-11-27-topology': '0007-topology',
  '2026-11-28-messages': '0008-messages',
  '2026-11-29-network-log': '0009-network-log',
  '2026-11-30-read-indexes': '0010-read-indexes',
  '2026-12-01-device-filters': '0011-device-filters',
  '2026-12-02-dashboard-counts': '0012-dashboard-counts',
  '2026-12-03-telemetry-carry': '0013-telemetry-carry',
};

/** Renames a store's recorded former names; nothing is written when there are none. */
async function renameFormerNames(db: AnyDb, engine: 'sqlite' | 'postgres', schema?: string) {
  const found =
    engine === 'sqlite'
      ? await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db)
      : await sql`select 1 from information_schema.tables
          where table_schema = ${schema ?? sql`current_schema()`} and table_name = 'kysely_migration'`.execute(
          db,
        );
  if (found.rows.length === 0) return;
  const table = (q: AnyDb) => (schema ? q.withSchema(schema) : q);
  const recorded = await table(db)
    .selectFrom('kysely_migration')
    .select('name')
    .where('name', 'in', Object.keys(FORMER_NAMES))
    .execute();
  if (recorded.length === 0) return;
  // All or none: a store left with half its names renamed would be refused by Kysely.
  await db.transaction().execute(async (trx) => {
    for (const { name } of recorded as { name: string }[]) {
      await table(trx)
        .updateTable('kysely_migration')
        .set({ name: FORMER_NAMES[name] })
        .where('name', '=', name)
        .execute();
    }
  });
}

export async function migrate(
  db: AnyDb,
  engine: 'sqlite' | 'postgres',
  schema?: string,
  dir = MIGRATIONS_DIR,
): Promise<void> {
  // The folder is checked before the store is touched: a misnamed file stops the start here.
  const migrations = await readMigrations(dir);
  await renameFormerNames(db, engine, schema);
  // Kysely looks for its bookkeeping tables in every schema; name ours so that several stores
  // sharing one PostgreSQL database (tests, or tenants of a hosting) never see each other's.
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
