import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, UpdateUserInfoBody } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { useApplyCurrentUser } from './get-current-user.ts';

/** PUT /v1/user/updateUserInfo: your own name. */
export function updateUserInfo(body: UpdateUserInfoBody): Promise<CurrentUser> {
  return api.put<CurrentUser>('/v1/user/updateUserInfo', body);
}

export function useUpdateUserInfo() {
  const apply = useApplyCurrentUser();
  return useMutation({ mutationFn: updateUserInfo, onSuccess: apply });
}
