/**
 * Messages to tenants (spec §3, §7 MESSAGES, the dashboard's unread count): the system's, written when
 * something a tenant should know happens (a topology changed), and the administrator's.
 */
import {
  ErrorCode,
  MESSAGE_CONTENT_MAX,
  MESSAGE_TITLE_MAX,
  systemMessageText,
  type AddMessageBody,
  type Lang,
  type ListReply,
  type MessageCountReply,
  type MessageItem,
  type MessageListQuery,
  type MessageStatus,
  type MessageType,
  type SystemMessageCode,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { TenantService } from '../tenant/service.ts';
import {
  findMessage,
  insertMessages,
  markRead,
  pageMessages,
  removeMessages,
  type MessageFilter,
  type MessageRow,
} from './store.ts';

const ADMIN: Scope = { tenantId: null, admin: true };

function itemOf(r: MessageRow, lang: Lang): MessageItem {
  const params = r.params ? (JSON.parse(r.params) as Record<string, string | number>) : {};
  const text = r.code ? systemMessageText(r.code, params, lang) : null;
  return {
    _id: r.id,
    Type: r.type as MessageType,
    Title: text?.title ?? r.title,
    Content: text?.content ?? r.content,
    Status: r.read_at === null ? 'unread' : 'read',
    Tenant: r.tenant_id,
    CreateTime: r.created_at,
    ReadTime: r.read_at,
  };
}

export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tenants: TenantService,
  ) {}

  /** A system message to a tenant. */
  async notify(
    tenantId: string,
    code: SystemMessageCode,
    params: Record<string, string | number>,
  ): Promise<void> {
    await insertMessages(this.db, [
      {
        id: newId(),
        tenant_id: tenantId,
        type: 'system',
        code,
        params: JSON.stringify(params),
        sender_id: null,
        created_at: this.clock(),
        read_at: null,
      },
    ]);
  }

  /** The administrator writes to one tenant, or to every tenant. */
  async send(scope: Scope, senderId: string, body: AddMessageBody): Promise<MessageCountReply> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    const title = (body.Title ?? '').trim();
    const content = (body.Content ?? '').trim();
    if (title === '' || title.length > MESSAGE_TITLE_MAX) throw new AppError(ErrorCode.MessageTitleRequired);
    if (content === '' || content.length > MESSAGE_CONTENT_MAX)
      throw new AppError(ErrorCode.MessageContentRequired);
    let tenantIds: string[];
    if (body.Tenant !== undefined) {
      const tenant = await this.tenants.get(ADMIN, body.Tenant);
      if (!tenant) throw new AppError(ErrorCode.TenantNotFound);
      tenantIds = [tenant.id];
    } else {
      tenantIds = await this.tenants.liveIds(ADMIN);
    }
    const now = this.clock();
    await insertMessages(
      this.db,
      tenantIds.map((tenantId) => ({
        id: newId(),
        tenant_id: tenantId,
        type: 'admin',
        code: null,
        params: null,
        title,
        content,
        sender_id: senderId,
        created_at: now,
        read_at: null,
      })),
    );
    return { count: tenantIds.length };
  }

  async list(
    scope: Scope,
    q: MessageListQuery,
    status: MessageStatus | undefined,
    lang: Lang,
  ): Promise<ListReply<MessageItem>> {
    const f: MessageFilter = { type: q.type, read: status === undefined ? undefined : status === 'read' };
    const { rows, count } = await pageMessages(this.db, scope, f, (q.page - 1) * q.limit, q.limit);
    return {
      list: rows.map((r) => itemOf(r, lang)),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort ?? '-CreateTime',
    };
  }

  /** Reads one message: it is read from now on (18004 for an id the caller has no message of). */
  async read(scope: Scope, id: string | undefined, lang: Lang): Promise<MessageItem> {
    if (!id) throw new AppError(ErrorCode.MessageIdInvalid);
    const row = await findMessage(this.db, scope, id);
    if (!row) throw new AppError(ErrorCode.MessageIdInvalid);
    await markRead(this.db, scope, this.clock(), id);
    return itemOf((await findMessage(this.db, scope, id))!, lang);
  }

  async readAll(scope: Scope): Promise<MessageCountReply> {
    return { count: await markRead(this.db, scope, this.clock()) };
  }

  async remove(scope: Scope, id: string): Promise<MessageCountReply> {
    const n = await removeMessages(this.db, scope, id);
    if (n === 0) throw new AppError(ErrorCode.MessageIdInvalid);
    return { count: n };
  }

  async removeAll(scope: Scope): Promise<MessageCountReply> {
    return { count: await removeMessages(this.db, scope) };
  }
}
