import nodemailer from 'nodemailer';
import { DeliveryError, type MailMessage, type Mailer } from './delivery.ts';

/** Mail through an SMTP server: SMTP_URL like smtp://user:pass@mail.example.com:587 or smtps://…:465. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp';
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Bounded waits: a stuck mail server must not hold an HTTP request for minutes.
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(msg: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.text });
    } catch (err) {
      const e = err as { responseCode?: number; code?: string; message?: string };
      throw new DeliveryError(
        'mail',
        String(e.responseCode ?? e.code ?? 'unknown'),
        e.message ?? 'send failed',
      );
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
