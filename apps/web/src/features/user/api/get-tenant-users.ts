import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListReply, TENANT_USER_SORTS, TenantUserItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** The server's sort keys: CreateTime, Username or Name, '-' for descending. */
export type TenantUserSort = (typeof TENANT_USER_SORTS)[number];

export interface TenantUserParams {
  page: number;
  limit: number;
  sort: TenantUserSort;
  /** Matches the account name or the name; empty means all. */
  search: string;
  /** The administrator names the tenant; a tenant's own accounts leave it out. */
  tenantId?: string;
}

/**
 * GET /v1/user/tenantUser: the tenant's co-administrators, paged (route role adduser). The
 * administrator, who has no tenant, names one with TenantId.
 */
export function getTenantUsers(
  { page, limit, sort, search, tenantId }: TenantUserParams,
  signal?: AbortSignal,
): Promise<ListReply<TenantUserItem>> {
  return api.get<ListReply<TenantUserItem>>('/v1/user/tenantUser', {
    query: { page, limit, sort, search: search || undefined, TenantId: tenantId },
    signal,
  });
}

/** Every list of co-administrators: what a change invalidates. */
export const TENANT_USERS_KEY = ['user', 'tenantUsers'] as const;

export function tenantUsersQueryOptions(params: TenantUserParams) {
  return queryOptions({
    queryKey: [...TENANT_USERS_KEY, params],
    queryFn: ({ signal }) => getTenantUsers(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    // Online dots and last sign-ins change behind our back: always ask again on a revisit.
    staleTime: 0,
  });
}

export function useTenantUsers(params: TenantUserParams) {
  return useQuery(tenantUsersQueryOptions(params));
}
