import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';
import { TENANT_USERS_KEY } from './get-tenant-users.ts';

export interface RemoveTenantUserReply {
  ok: true;
  /** 'Delete success' in the caller's language. */
  message?: string;
}

/** DELETE /v1/user/disabled/{id}: the co-administrator is removed and signed out. */
export function removeTenantUser(id: string): Promise<RemoveTenantUserReply> {
  return api.delete<RemoveTenantUserReply>(`/v1/user/disabled/${encodeURIComponent(id)}`);
}

export function useRemoveTenantUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTenantUser,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TENANT_USERS_KEY }),
  });
}
