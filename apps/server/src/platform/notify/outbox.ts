/**
 * The embedded default for delivery: with no SMTP server or SMS provider configured, messages are
 * written to the outbox table, where the administrator reads them (domains/mail).
 */
import type { Insertable } from 'kysely';
import type { Scope } from '../auth/guard.ts';
import { newId, type Clock } from '../ids.ts';
import type { Db } from '../store/db.ts';
import type { MailMessage, Mailer, SmsMessage, SmsSender } from './delivery.ts';
import type { OutboxRow, OutboxTable } from './tables.ts';

export type { OutboxRow };

export async function insertOutbox(db: Db, row: Insertable<OutboxTable>): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/** Platform mail and SMS reach the administrator only: any other scope sees nothing. */
export async function pageOutbox(
  db: Db,
  scope: Scope,
  q: { channel?: string | undefined; offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; count: number }> {
  if (!scope.admin) return { rows: [], count: 0 };
  let base = db.selectFrom('outbox');
  if (q.channel) base = base.where('channel', '=', q.channel);
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export class OutboxMailer implements Mailer {
  readonly kind = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(msg: MailMessage): Promise<void> {
    await insertOutbox(this.db, {
      id: newId(),
      channel: 'mail',
      recipient: msg.to,
      subject: msg.subject,
      body: msg.text,
      created_at: this.clock(),
    });
  }

  async close(): Promise<void> {}
}

export class OutboxSms implements SmsSender {
  readonly kind = 'outbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async send(msg: SmsMessage): Promise<void> {
    await insertOutbox(this.db, {
      id: newId(),
      channel: 'sms',
      recipient: msg.phone,
      subject: '',
      body: msg.text,
      created_at: this.clock(),
    });
  }
}
