import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListReply, TENANT_SORTS, TenantItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** The server's sort keys: CreateTime, Name or ServiceEnd, '-' for descending. */
export type TenantSort = (typeof TENANT_SORTS)[number];

export interface TenantParams {
  page: number;
  limit: number;
  sort: TenantSort;
  /** Matches the tenant's name, phone and e-mail; empty means all. */
  search: string;
  /** One state only (0 abandoned, 1 normal, 2 blocked); none: every tenant but the abandoned. */
  status?: 0 | 1 | 2;
}

/** Everything tenant-shaped: what a change invalidates. */
export const TENANTS_KEY = ['tenant'] as const;

/** GET /v1/tenant/list: the tenants with their owner accounts, paged (role value 10). */
export function getTenants(
  { page, limit, sort, search, status }: TenantParams,
  signal?: AbortSignal,
): Promise<ListReply<TenantItem>> {
  return api.get<ListReply<TenantItem>>('/v1/tenant/list', {
    query: { page, limit, sort, search: search || undefined, Status: status },
    signal,
  });
}

export function tenantsQueryOptions(params: TenantParams) {
  return queryOptions({
    queryKey: [...TENANTS_KEY, 'list', params],
    queryFn: ({ signal }) => getTenants(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useTenants(params: TenantParams) {
  return useQuery(tenantsQueryOptions(params));
}
