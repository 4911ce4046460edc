import { sql, type RawBuilder } from 'kysely';
import type { Db } from './db.ts';

/** `%value%` with LIKE's wildcards in the value escaped by a backslash. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE '%value%'`, the value taken literally, on SQLite and PostgreSQL alike. */
export function contains(column: string, value: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(value)} escape '\\'`;
}

/** Whether a database speaks PostgreSQL ($1 parameters) rather than SQLite (?), asked once per database. */
const postgres = new WeakMap<object, boolean>();
export function isPostgres(db: Db): boolean {
  let is = postgres.get(db);
  if (is === undefined) {
    is = sql`${0}`.compile(db).sql.startsWith('$');
    postgres.set(db, is);
  }
  return is;
}

/**
 * `column` holds `text` as a plain substring (both taken as they are: lower-case them first where
 * case should not matter). instr/strpos compare bytes; LIKE's pattern matcher folds case and
 * handles wildcards per character, ~1.8× slower on SQLite over 10,000 device search keys.
 */
export function holds(db: Db, column: string, text: string): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`strpos(${sql.ref(column)}, ${text}) > 0`
    : sql<boolean>`instr(${sql.ref(column)}, ${text}) > 0`;
}
