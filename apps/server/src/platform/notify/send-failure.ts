/**
 * Why a send through one of the alarm channels (WeChat, app push, webhook) did not go through, and
 * whether trying again later may help: a provider that is busy, down or unreachable is worth a retry
 * (the notification domain retries through platform/jobs); a refusal of the message itself is not.
 */
export class SendFailure extends Error {
  constructor(
    /** The provider's own code (WeChat errcode, FCM errorCode, an HTTP status), or 'network'/'timeout'. */
    readonly providerCode: string,
    message: string,
    /** True when a later attempt may succeed (5xx, 429, timeouts, refused connections). */
    readonly transient: boolean,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

/** A fetch that could not complete (refused, reset, timed out) as a transient failure. */
export function networkFailure(err: unknown): SendFailure {
  const e = err as { name?: string; message?: string };
  const timeout = e.name === 'TimeoutError' || e.name === 'AbortError';
  return new SendFailure(timeout ? 'timeout' : 'network', e.message ?? 'request failed', true);
}

/** HTTP statuses after which the same request may be accepted later. */
export function transientStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
