import { useMutation } from '@tanstack/react-query';
import type { CodeSentReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** POST /v1/user/checkPhone: a 6-digit code by SMS to the new number (24016 when it is bound). */
export function sendPhoneCode(phone: string): Promise<CodeSentReply> {
  return api.post<CodeSentReply>('/v1/user/checkPhone', { Phone: phone });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}
