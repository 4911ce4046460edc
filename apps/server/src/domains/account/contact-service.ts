import { ErrorCode, type CheckMailReply, type CodeSentReply, type CurrentUser } from '@netconsole/contract';
import type { Principal } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Notify } from '../../platform/notify/notify.ts';
import type { DeliveryLog } from '../../platform/notify/delivery.ts';
import type { UserService } from '../user/service.ts';
import type { VerificationCodes } from './codes.ts';
import { emailCodeMail, lang, smsCodeText } from './messages.ts';

/**
 * The personal centre's e-mail and phone changes: a 6-digit code goes to the NEW address or
 * number, and only that code applies the change.
 */
export class ContactService {
  constructor(
    private readonly users: UserService,
    private readonly codes: VerificationCodes,
    private readonly notify: Notify,
    private readonly log: DeliveryLog,
  ) {}

  private get minutes(): number {
    return Math.round(this.codes.policy.ttlMs / 60_000);
  }

  private sent(): CodeSentReply {
    return { ok: true, expiresIn: Math.round(this.codes.policy.ttlMs / 1000) };
  }

  async checkMail(p: Principal, email?: string): Promise<CheckMailReply> {
    const user = await this.users.accountOf(p);
    const reply: CheckMailReply = { Email: user.email, Bound: user.email !== '' };
    if (email !== undefined) reply.Registered = await this.users.emailTaken(email, user.id);
    return reply;
  }

  async requestEmailChange(p: Principal, email: string, address: string): Promise<CodeSentReply> {
    const user = await this.users.accountOf(p);
    if (await this.users.emailTaken(email, user.id)) throw new AppError(ErrorCode.EmailRegistered);
    const target = email.toLowerCase();
    await this.codes.throttle(target, address);
    const { id, code } = await this.codes.issue('email', target, user.id, 6);
    try {
      await this.notify.mailer.send({ to: email, ...emailCodeMail(lang(user.language), code, this.minutes) });
    } catch (err) {
      this.log.warn({ err, channel: 'mail' }, 'verification code not delivered');
      await this.codes.revoke(id);
      throw new AppError(ErrorCode.MailSendFailed);
    }
    return this.sent();
  }

  async confirmEmailChange(p: Principal, email: string, code: string): Promise<CurrentUser> {
    const row = await this.codes.check(p.userId, 'email', email.toLowerCase(), code);
    return this.users.applyContact(p, { email }, (trx) => this.codes.use(trx, row));
  }

  async requestPhoneChange(p: Principal, phone: string, address: string): Promise<CodeSentReply> {
    const user = await this.users.accountOf(p);
    if (await this.users.phoneTaken(phone, user.id)) throw new AppError(ErrorCode.PhoneBound);
    await this.codes.throttle(phone, address);
    const { id, code } = await this.codes.issue('phone', phone, user.id, 6);
    try {
      await this.notify.sms.send({
        phone,
        params: { code },
        text: smsCodeText(lang(user.language), code, this.minutes, 'phone'),
      });
    } catch (err) {
      this.log.warn({ err, channel: 'sms' }, 'verification code not delivered');
      await this.codes.revoke(id);
      throw new AppError(ErrorCode.SmsSendFailed);
    }
    return this.sent();
  }

  async confirmPhoneChange(p: Principal, phone: string, code: string): Promise<CurrentUser> {
    const row = await this.codes.check(p.userId, 'phone', phone, code);
    return this.users.applyContact(p, { phone }, (trx) => this.codes.use(trx, row));
  }
}
