import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantItem, UpdateTenantBody } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TENANTS_KEY } from './get-tenants.ts';

/**
 * PUT /v1/tenant/update: details, rights, discounts, service period, or state 1 normal / 2
 * blocked (blocking signs every account of the tenant out).
 */
export function updateTenant(body: UpdateTenantBody): Promise<TenantItem> {
  return api.put<TenantItem>('/v1/tenant/update', body);
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TENANTS_KEY }),
  });
}
