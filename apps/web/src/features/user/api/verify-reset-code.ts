import { useMutation } from '@tanstack/react-query';
import type { VerifiedForPwdReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** POST /v1/sms/verifiedForPwd (public): the code for a ticket good for 10 minutes. */
export function verifyResetCode(body: { Phone: string; Code: string }): Promise<VerifiedForPwdReply> {
  return api.post<VerifiedForPwdReply>('/v1/sms/verifiedForPwd', body);
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
