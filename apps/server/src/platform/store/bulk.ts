import { CompiledQuery } from 'kysely';
import type { Db } from './db.ts';
import { isPostgres } from './like.ts';

/**
 * Values per statement: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters, so ~400 rows
 * of 37 columns go in one statement, up to 1,000 rows of fewer columns.
 */
const MAX_VALUES = 15_000;
const MAX_ROWS = 1000;

/** Rows cut into statements of at most MAX_VALUES values (`columns` per row). */
export function chunked<T>(rows: readonly T[], columns: number): T[][] {
  const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

export interface KeyColumn {
  name: string;
  /** SQL type, for the cast that tells PostgreSQL the type of every row. */
  type: string;
}

/** One row to update: its key values (in the order of the key columns) and the new values. */
export interface BulkRow<N extends string> {
  keys: readonly (string | number)[];
  values: Readonly<Record<N, string | number | null>>;
}

/**
 * Rows of one table updated by their keys: one `UPDATE … FROM (VALUES …) AS v WHERE …` per chunk
 * instead of a statement per row, on SQLite (3.33+) and PostgreSQL alike. Both engines name a VALUES
 * list's columns column1, column2, …; casts in its first row give PostgreSQL the types of every row.
 * (A SELECT per row joined by UNION ALL costs PostgreSQL far more to plan at this size.)
 */
export async function bulkUpdate<N extends string>(db: Db, ...update: BulkUpdate<N>): Promise<void> {
  for (const statement of bulkUpdateStatements(db, ...update)) await db.executeQuery(statement);
}

/** What bulkUpdate writes: the table, its key columns, the updated columns' SQL types and names, the rows. */
type BulkUpdate<N extends string> = [
  table: string,
  keys: readonly KeyColumn[],
  types: Readonly<Record<N, string>>,
  names: readonly N[],
  rows: readonly BulkRow<N>[],
];

/** The statements of bulkUpdate, a chunk of rows each. */
export function bulkUpdateStatements<N extends string>(
  db: Db,
  ...[table, keys, types, names, rows]: BulkUpdate<N>
): CompiledQuery[] {
  const k = keys.length;
  const sets = names.map((n, i) => `${quote(n)} = v.${quote(`column${i + k + 1}`)}`).join(', ');
  // SQLite: `+v.columnN` keeps the VALUES list from being indexed (automatic index, Bloom filter).
  // With statistics SQLite otherwise chose to scan the whole table and probe the list: 100,000
  // clients read for every chunk of 400 (160 ms), instead of 400 lookups by key.
  const probe = isPostgres(db) ? '' : '+';
  const where = keys
    .map((key, i) => `${quote(table)}.${quote(key.name)} = ${probe}v.${quote(`column${i + 1}`)}`)
    .join(' and ');
  const mark = placeholders(db);
  const width = k + names.length;
  return chunked(rows, width).map((chunk) => {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const [r, { keys: keyValues, values }] of chunk.entries()) {
      const cells: string[] = [];
      for (const [i, key] of keys.entries()) {
        params.push(keyValues[i]);
        cells.push(r === 0 ? `cast(${mark(params.length)} as ${key.type})` : mark(params.length));
      }
      for (const n of names) {
        params.push(values[n]);
        cells.push(r === 0 ? `cast(${mark(params.length)} as ${types[n]})` : mark(params.length));
      }
      tuples.push(`(${cells.join(', ')})`);
    }
    return CompiledQuery.raw(
      `update ${quote(table)} set ${sets} from (values ${tuples.join(', ')}) as v where ${where}`,
      params,
    );
  });
}

/**
 * Rows inserted many per statement, the SQL written here rather than built value by value by the
 * query builder (for a 400-row chunk that was ~15,000 nodes to allocate and compile). `conflict`,
 * if given, is the `on conflict …` clause as SQL (column names as the table has them).
 */
export async function bulkInsert<R extends Record<string, unknown>>(
  db: Db,
  table: string,
  columns: readonly (keyof R & string)[],
  rows: readonly R[],
  conflict = '',
): Promise<void> {
  const mark = placeholders(db);
  const names = columns.map(quote).join(', ');
  for (const chunk of chunked(rows, columns.length)) {
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const row of chunk) {
      const cells: string[] = [];
      for (const c of columns) {
        params.push(row[c] ?? null);
        cells.push(mark(params.length));
      }
      tuples.push(`(${cells.join(', ')})`);
    }
    await db.executeQuery(
      CompiledQuery.raw(
        `insert into ${quote(table)} (${names}) values ${tuples.join(', ')}${conflict ? ` ${conflict}` : ''}`,
        params,
      ),
    );
  }
}

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The engine's parameter marks: `?` (SQLite) or `$n` (PostgreSQL), as the dialect compiles them. */
function placeholders(db: Db): (n: number) => string {
  return isPostgres(db) ? (n) => `$${n}` : () => '?';
}
