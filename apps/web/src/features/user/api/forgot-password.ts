import { useMutation } from '@tanstack/react-query';
import type { ForgotPwdBody, ForgotPwdReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** POST /v1/user/forgotPwd (public): a new password with the ticket; the reply is a sign-in reply. */
export function forgotPassword(body: ForgotPwdBody): Promise<ForgotPwdReply> {
  return api.post<ForgotPwdReply>('/v1/user/forgotPwd', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
