import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddTenantBody, TenantItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TENANTS_KEY } from './get-tenants.ts';

/** POST /v1/tenant/add: the tenant and its owner account, in one go. */
export function addTenant(body: AddTenantBody): Promise<TenantItem> {
  return api.post<TenantItem>('/v1/tenant/add', body);
}

export function useAddTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANTS_KEY }),
  });
}
