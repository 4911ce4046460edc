import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { useApplyCurrentUser } from './get-current-user.ts';

/** POST /v1/user/checkMailCode: the code makes the new address yours. */
export function confirmEmailCode(body: { Email: string; Code: string }): Promise<CurrentUser> {
  return api.post<CurrentUser>('/v1/user/checkMailCode', body);
}

export function useConfirmEmailCode() {
  const apply = useApplyCurrentUser();
  return useMutation({ mutationFn: confirmEmailCode, onSuccess: apply });
}
