import {
  ErrorCode,
  type ForgotPwdBody,
  type ForgotPwdReply,
  type VerifiedForPwdReply,
} from '@netconsole/contract';
import { AppError } from '../../platform/http/app-error.ts';
import type { DeliveryLog } from '../../platform/notify/delivery.ts';
import type { Notify } from '../../platform/notify/notify.ts';
import type { SignInContext, UserService } from '../user/service.ts';
import type { VerificationCodes } from './codes.ts';
import { lang, smsCodeText } from './messages.ts';

/**
 * Forgotten password (/forgotpwd): a 5-digit code by SMS to the account's phone, traded for a
 * short-lived ticket (or used directly) to set a new password and sign in.
 *
 * Whether a number belongs to an account is never told: the send answers alike, and the SMS
 * leaves in the background so the reply takes the same time either way.
 */
export class RecoveryService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly users: UserService,
    private readonly codes: VerificationCodes,
    private readonly notify: Notify,
    private readonly log: DeliveryLog,
  ) {}

  /** The one account the number recovers; none when no account, or several, carry it. */
  private async holderOf(phone: string) {
    const holders = await this.users.holdersOfPhone(phone);
    return holders.length === 1 ? holders[0]! : null;
  }

  async sendCode(phone: string, address: string): Promise<{ ok: true; expiresIn: number }> {
    // Counted before the lookup, so an unknown number is limited exactly like a known one.
    await this.codes.throttle(phone, address);
    const holder = await this.holderOf(phone);
    if (holder) {
      const { id, code } = await this.codes.issue('forgot', phone, holder.id, 5);
      const minutes = Math.round(this.codes.policy.ttlMs / 60_000);
      const text = smsCodeText(lang(holder.language), code, minutes, 'forgot');
      this.track(
        this.notify.sms
          .send({ phone, params: { code }, text })
          .catch((err: unknown) => {
            this.log.warn({ err, channel: 'sms' }, 'password reset code not delivered');
            return this.codes.revoke(id);
          })
          .catch((err: unknown) => this.log.warn({ err }, 'undelivered reset code not revoked')),
      );
    }
    return { ok: true, expiresIn: Math.round(this.codes.policy.ttlMs / 1000) };
  }

  async verifyCode(phone: string, code: string): Promise<VerifiedForPwdReply> {
    const row = await this.codes.check(null, 'forgot', phone, code);
    const { ticket, expiresAt } = await this.codes.ticketFor(row);
    return { Ticket: ticket, ExpiresAt: expiresAt };
  }

  async reset(body: ForgotPwdBody, ctx: SignInContext): Promise<ForgotPwdReply> {
    const row = body.Ticket
      ? await this.codes.check(null, 'ticket', body.Phone, body.Ticket, ErrorCode.VerificationCodeInvalid)
      : await this.codes.check(null, 'forgot', body.Phone, body.Code!);
    // The number must still lead to the account the proof was made for.
    const holder = await this.holderOf(body.Phone);
    if (!holder || holder.id !== row.user_id) throw new AppError(ErrorCode.VerificationCodeInvalid);
    const reply = await this.users.resetPassword(row.user_id, body.Password, ctx, (trx) =>
      this.codes.use(trx, row),
    );
    return { ...reply, token: reply.Token };
  }

  /** `task` never rejects: its failures are logged where it is made. */
  private track(task: Promise<void>): void {
    this.pending.add(task);
    void task.then(() => this.pending.delete(task));
  }

  /** Resolves when every SMS under way has been handed over (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
