import { useMutation } from '@tanstack/react-query';
import type { CodeSentReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** POST /v1/user/updateEmail: a 6-digit code to the new address (24015 when it is taken). */
export function sendEmailCode(email: string): Promise<CodeSentReply> {
  return api.post<CodeSentReply>('/v1/user/updateEmail', { Email: email });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
