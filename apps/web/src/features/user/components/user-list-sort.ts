import type { TenantUserSort } from '../api/get-tenant-users.ts';

/** The columns the server sorts by (GET /v1/user/tenantUser `sort`). */
export type SortField = 'CreateTime' | 'Username' | 'Name';
export type SortOrder = 'ascend' | 'descend';

/** The server's default, newest first: what a cleared column sort falls back to. */
export const DEFAULT_SORT: TenantUserSort = '-CreateTime';

const FIELDS: readonly string[] = ['CreateTime', 'Username', 'Name'] satisfies SortField[];

function isSortField(value: unknown): value is SortField {
  return typeof value === 'string' && FIELDS.includes(value);
}

/**
 * A table sorter (antd's column key and order) as the server's sort key. No order, or a column
 * the server cannot sort by, means the default.
 */
export function toServerSort(field: unknown, order: SortOrder | null | undefined): TenantUserSort {
  if (!isSortField(field) || !order) return DEFAULT_SORT;
  return order === 'descend' ? `-${field}` : field;
}

/** The other way: which column shows the sort arrow, and which way it points. */
export function fromServerSort(sort: TenantUserSort): { field: SortField; order: SortOrder } {
  const descending = sort.startsWith('-');
  return {
    field: (descending ? sort.slice(1) : sort) as SortField,
    order: descending ? 'descend' : 'ascend',
  };
}

/** antd's column prop: the arrow of the column the list is sorted by, none on the others. */
export function sortOrderOf(sort: TenantUserSort, field: SortField): SortOrder | null {
  const current = fromServerSort(sort);
  return current.field === field ? current.order : null;
}
