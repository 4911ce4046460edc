import type { CheckMailReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/**
 * GET /v1/user/checkMail: your address and whether one is bound; with `Email`, whether another
 * account uses that one ('mail already registered').
 */
export function checkMail(email?: string, signal?: AbortSignal): Promise<CheckMailReply> {
  return api.get<CheckMailReply>('/v1/user/checkMail', { query: { Email: email }, signal });
}
