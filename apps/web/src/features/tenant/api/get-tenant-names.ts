import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TenantNamesReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TENANTS_KEY } from './get-tenants.ts';

/** GET /v1/tenant/getAll: ids and names of the live tenants, for choosing one. */
export function getTenantNames(signal?: AbortSignal): Promise<TenantNamesReply> {
  return api.get<TenantNamesReply>('/v1/tenant/getAll', { signal });
}

export function tenantNamesQueryOptions() {
  return queryOptions({
    queryKey: [...TENANTS_KEY, 'names'],
    queryFn: ({ signal }) => getTenantNames(signal),
  });
}

export function useTenantNames() {
  return useQuery(tenantNamesQueryOptions());
}
