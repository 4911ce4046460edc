import { sql } from 'kysely';
import type { Db } from './db.ts';

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
export async function bulkUpdate<N extends string>(
  db: Db,
  table: string,
  keys: readonly KeyColumn[],
  types: Readonly<Record<N, string>>,
  names: readonly N[],
  rows: readonly BulkRow<N>[],
): Promise<void> {
  const k = keys.length;
  const sets = sql.join(names.map((n, i) => sql`${sql.ref(n)} = v.${sql.ref(`column${i + k + 1}`)}`));
  const where = sql.join(
    keys.map((key, i) => sql`${sql.ref(`${table}.${key.name}`)} = v.${sql.ref(`column${i + 1}`)}`),
    sql` and `,
  );
  for (const chunk of chunked(rows, names.length + k)) {
    const tuples = chunk.map(({ keys: keyValues, values }, r) =>
      r === 0
        ? sql`(${sql.join([
            ...keys.map((key, i) => sql`cast(${keyValues[i]} as ${sql.raw(key.type)})`),
            ...names.map((n) => sql`cast(${values[n]} as ${sql.raw(types[n])})`),
          ])})`
        : sql`(${sql.join([...keyValues, ...names.map((n) => values[n])])})`,
    );
    await sql`update ${sql.table(table)} set ${sets} from (values ${sql.join(tuples)}) as v where ${where}`.execute(
      db,
    );
  }
}
