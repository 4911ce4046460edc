import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TenantUserItem, UpdateUserBody } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TENANT_USERS_KEY } from './get-tenant-users.ts';

/**
 * PUT /v1/user/update: details, permissions, state (1 normal, 2 blocked) or a new password of a
 * co-administrator. Blocking and a new password sign that account out.
 */
export function updateTenantUser(body: UpdateUserBody): Promise<TenantUserItem> {
  return api.put<TenantUserItem>('/v1/user/update', body);
}

export function useUpdateTenantUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenantUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TENANT_USERS_KEY }),
  });
}
