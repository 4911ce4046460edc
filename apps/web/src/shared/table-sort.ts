/**
 * antd table sorting as the server's `sort` key: a field name, '-' in front for descending.
 * One instance per list, naming the fields the server sorts by and its default order.
 */
export type SortOrder = 'ascend' | 'descend';
export type ServerSort<F extends string> = F | `-${F}`;

export interface ServerSorts<F extends string> {
  /** The server's default: what a cleared column sort falls back to. */
  fallback: ServerSort<F>;
  /** A sorter (antd's column key and order) as the server's key; unknown column or no order: the default. */
  toServer(field: unknown, order: SortOrder | null | undefined): ServerSort<F>;
  /** Which column shows the arrow, and which way it points. */
  fromServer(sort: ServerSort<F>): { field: F; order: SortOrder };
  /** antd's column prop: the arrow of the column the list is sorted by, none on the others. */
  orderOf(sort: ServerSort<F>, field: F): SortOrder | null;
}

export function serverSorts<F extends string>(fields: readonly F[], fallback: ServerSort<F>): ServerSorts<F> {
  const isField = (value: unknown): value is F =>
    typeof value === 'string' && (fields as readonly string[]).includes(value);
  const fromServer = (sort: ServerSort<F>) => {
    const descending = sort.startsWith('-');
    return {
      field: (descending ? sort.slice(1) : sort) as F,
      order: (descending ? 'descend' : 'ascend') as SortOrder,
    };
  };
  return {
    fallback,
    toServer: (field, order) => {
      if (!isField(field) || !order) return fallback;
      return order === 'descend' ? `-${field}` : field;
    },
    fromServer,
    orderOf: (sort, field) => {
      const current = fromServer(sort);
      return current.field === field ? current.order : null;
    },
  };
}
