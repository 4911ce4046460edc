import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { useApplyCurrentUser } from './get-current-user.ts';

/** POST /v1/user/updatePhone: the code makes the number yours. */
export function confirmPhoneCode(body: { Phone: string; Code: string }): Promise<CurrentUser> {
  return api.post<CurrentUser>('/v1/user/updatePhone', body);
}

export function useConfirmPhoneCode() {
  const apply = useApplyCurrentUser();
  return useMutation({ mutationFn: confirmPhoneCode, onSuccess: apply });
}
