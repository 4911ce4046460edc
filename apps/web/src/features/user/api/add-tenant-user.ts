import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddTeUserBody, TenantUserItem } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { TENANT_USERS_KEY } from './get-tenant-users.ts';

/** POST /v1/user/addteUser: a new co-administrator. Errors toast the server's message. */
export function addTenantUser(body: AddTeUserBody): Promise<TenantUserItem> {
  return api.post<TenantUserItem>('/v1/user/addteUser', body);
}

export function useAddTenantUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTenantUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TENANT_USERS_KEY }),
  });
}
