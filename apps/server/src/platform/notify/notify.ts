import type { NotifyConfig } from '../config.ts';
import type { Clock } from '../ids.ts';
import type { Db } from '../store/db.ts';
import { AliyunSmsSender } from './aliyun-sms.ts';
import type { Mailer, SmsSender } from './delivery.ts';
import { OutboxMailer, OutboxSms } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

export interface Notify {
  mailer: Mailer;
  sms: SmsSender;
}

/** Configured adapters where configured; the outbox table for the rest. */
export function createNotify(config: NotifyConfig, db: Db, clock: Clock): Notify {
  return {
    mailer: config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : new OutboxMailer(db, clock),
    sms: config.sms ? new AliyunSmsSender(config.sms) : new OutboxSms(db, clock),
  };
}
