import { useMutation } from '@tanstack/react-query';
import type { PassBody } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export interface ChangePasswordReply {
  ok: true;
  /** The 11018 text, "password changed", in the caller's language. */
  message?: string;
}

/** PUT /v1/user/pass: the account's other sessions end; this one carries on. */
export function changePassword(body: PassBody): Promise<ChangePasswordReply> {
  return api.put<ChangePasswordReply>('/v1/user/pass', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
