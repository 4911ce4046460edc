import { ErrorCode, type ListReply, type OutboxItem, type OutboxQuery } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { pageOutbox } from '../../platform/notify/outbox.ts';
import type { Db } from '../../platform/store/db.ts';

/**
 * The administrator's view of mail and SMS kept in the outbox (no SMTP server or SMS provider
 * configured). The specification names no path for it; a screen will call this service.
 */
export class OutboxService {
  constructor(private readonly db: Db) {}

  async list(scope: Scope, q: OutboxQuery): Promise<ListReply<OutboxItem>> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    const { rows, count } = await pageOutbox(this.db, scope, {
      channel: q.channel,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    });
    return {
      list: rows.map((r) => ({
        _id: r.id,
        Channel: r.channel === 'sms' ? 'sms' : 'mail',
        To: r.recipient,
        Subject: r.subject,
        Body: r.body,
        CreateTime: r.created_at,
      })),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort ?? '-CreateTime',
    };
  }
}
