import type { SelectQueryBuilder } from 'kysely';

/** Which rows of a list a page holds: `limit` of them from `offset` on. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** A page of a list's rows and how many rows the list's filters select in all. */
export interface RowPage<R> {
  rows: R[];
  count: number;
}

/**
 * How many rows a query selects: `count(*)` over its FROM and WHERE, a number on both engines.
 * Give it the query before its selection and order: either would change what is counted, or (an
 * ORDER BY beside an aggregate) fail on PostgreSQL.
 */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<number>().as('n'))
    // Kysely cannot work out a selection over tables it only knows as type parameters.
    .$castTo<{ n: number }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of a list and its total from one filtered query: `rows` adds what the page shows (the
 * selection, its joins) and the order, the window cuts the page out of it, and the same filters are
 * counted beside it, both statements at once. One base for both is what keeps a list's `count`
 * true to its pages.
 */
export async function pageRows<DB, TB extends keyof DB, O, RDB, RTB extends keyof RDB, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  rows: (base: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<RDB, RTB, R>,
  page: PageWindow,
): Promise<RowPage<R>> {
  const [list, count] = await Promise.all([
    rows(base).limit(page.limit).offset(page.offset).execute(),
    countOf(base),
  ]);
  return { rows: list as R[], count };
}
