/** One list order: a column and its direction. */
export interface Order<C extends string> {
  orderBy: C;
  direction: 'asc' | 'desc';
}

/**
 * A list's `sort` values and the order each means: `Field` ascending and `-Field` descending on the
 * column given for it (spec §1).
 */
export function sortOrders<const F extends Record<string, string>>(
  fields: F,
): Record<string, Order<F[keyof F]>> {
  const out: Record<string, Order<F[keyof F]>> = {};
  for (const [field, column] of Object.entries(fields) as [string, F[keyof F]][]) {
    out[field] = { orderBy: column, direction: 'asc' };
    out[`-${field}`] = { orderBy: column, direction: 'desc' };
  }
  return out;
}
