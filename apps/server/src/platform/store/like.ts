import { sql, type RawBuilder } from 'kysely';

/** `%value%` with LIKE's wildcards in the value escaped by a backslash. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE '%value%'`, the value taken literally, on SQLite and PostgreSQL alike. */
export function contains(column: string, value: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${likePattern(value)} escape '\\'`;
}
