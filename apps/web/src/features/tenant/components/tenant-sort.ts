import { serverSorts } from '#shared/table-sort.ts';
import type { TenantSort } from '../api/get-tenants.ts';

/** The columns GET /v1/tenant/list sorts by; newest first by default. */
export type TenantSortField = 'CreateTime' | 'Name' | 'ServiceEnd';
export const DEFAULT_TENANT_SORT: TenantSort = '-CreateTime';
export const tenantSorts = serverSorts<TenantSortField>(
  ['CreateTime', 'Name', 'ServiceEnd'],
  DEFAULT_TENANT_SORT,
);
