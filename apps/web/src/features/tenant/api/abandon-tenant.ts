import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';
import { TENANTS_KEY } from './get-tenants.ts';

export interface AbandonTenantReply {
  ok: true;
  /** 'Delete success' in the caller's language. */
  message?: string;
}

/**
 * DELETE /v1/tenant/disabled/{id}: abandoned (state 0), every account signed out for good;
 * 25006 while the tenant still holds something.
 */
export function abandonTenant(id: string): Promise<AbandonTenantReply> {
  return api.delete<AbandonTenantReply>(`/v1/tenant/disabled/${encodeURIComponent(id)}`);
}

export function useAbandonTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: abandonTenant,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TENANTS_KEY }),
  });
}
