/**
 * The two delivery ports the domains use. Each has a real adapter (SMTP; an SMS provider's HTTP
 * API) and the embedded default, the outbox table, chosen by configuration in notify.ts.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** 'smtp' or 'outbox': what a message goes through, for logs and the start-up banner. */
  readonly kind: string;
  send(msg: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface SmsMessage {
  /** The stored 11-digit form. */
  phone: string;
  /** Values of the provider template's variables, e.g. { code: '12345' }. */
  params: Record<string, string>;
  /** The text as the recipient reads it; the provider renders its own template from `params`. */
  text: string;
}

export interface SmsSender {
  readonly kind: string;
  send(msg: SmsMessage): Promise<void>;
}

/** A message was not accepted by the mail server or the SMS provider. */
export class DeliveryError extends Error {
  constructor(
    readonly channel: 'mail' | 'sms',
    /** The provider's own code (e.g. isv.MOBILE_NUMBER_ILLEGAL, or an SMTP reply code). */
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Where an undelivered message is reported (the server's pino logger). */
export interface DeliveryLog {
  warn(obj: object, msg: string): void;
}
