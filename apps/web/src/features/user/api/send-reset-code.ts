import { useMutation } from '@tanstack/react-query';
import type { CodeSentReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/**
 * POST /v1/sms/send {Type: 'forgot'} (public): a 5-character code by SMS to the account with this
 * number. It answers alike whether or not an account has the number.
 */
export function sendResetCode(phone: string): Promise<CodeSentReply> {
  return api.post<CodeSentReply>('/v1/sms/send', { Phone: phone, Type: 'forgot' });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
