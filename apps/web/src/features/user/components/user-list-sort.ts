import { serverSorts, type SortOrder } from '#shared/table-sort.ts';
import type { TenantUserSort } from '../api/get-tenant-users.ts';

export type { SortOrder };

/** The columns the server sorts by (GET /v1/user/tenantUser `sort`). */
export type SortField = 'CreateTime' | 'Username' | 'Name';

/** The server's default, newest first: what a cleared column sort falls back to. */
export const DEFAULT_SORT: TenantUserSort = '-CreateTime';

const sorts = serverSorts<SortField>(['CreateTime', 'Username', 'Name'], DEFAULT_SORT);

/** A table sorter as the server's sort key; no order, or a column it cannot sort by: the default. */
export const toServerSort: (field: unknown, order: SortOrder | null | undefined) => TenantUserSort =
  sorts.toServer;
/** The other way: which column shows the sort arrow, and which way it points. */
export const fromServerSort = sorts.fromServer;
/** antd's column prop: the arrow of the column the list is sorted by, none on the others. */
export const sortOrderOf = sorts.orderOf;
