import {
  addMessageBody,
  messageCountReply,
  messageIdParams,
  messageItem,
  messageList,
  messageListQuery,
  messageRefBody,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { MessageService } from './service.ts';

const auth: AuthRule = {};

export function messageRoutes(app: App, messages: MessageService): void {
  const tags = ['message'];
  const lists = [
    ['/v1/dashboard/getUreadMessage', 'unread', 'Unread messages, paged; `count` is the unread total'],
    ['/v1/dashboard/message', undefined, 'The newest messages, paged'],
    ['/v1/message/all', undefined, 'Messages, paged (filter by type and status)'],
    ['/v1/message/read', 'read', 'Read messages, paged'],
    ['/v1/message/unread', 'unread', 'Unread messages, paged'],
  ] as const;
  for (const [url, status, summary] of lists) {
    app.get(
      url,
      {
        schema: { tags, summary, querystring: messageListQuery, response: replies({ 200: messageList }) },
        config: { auth },
      },
      (req) =>
        messages.list(scopeOf(principalOf(req)), req.query, status ?? req.query.status, requestLang(req)),
    );
  }
  app.post(
    '/v1/message/status',
    {
      schema: {
        tags,
        summary: 'Read one message (it is read from now on)',
        body: messageRefBody,
        response: replies({ 200: messageItem }),
      },
      config: { auth },
    },
    (req) => messages.read(scopeOf(principalOf(req)), req.body._id, requestLang(req)),
  );
  app.post(
    '/v1/message/allStatus',
    {
      schema: { tags, summary: 'Mark every message read', response: replies({ 200: messageCountReply }) },
      config: { auth },
    },
    (req) => messages.readAll(scopeOf(principalOf(req))),
  );
  app.put(
    '/v1/message/allDisabled',
    {
      schema: { tags, summary: 'Remove every message', response: replies({ 200: messageCountReply }) },
      config: { auth },
    },
    (req) => messages.removeAll(scopeOf(principalOf(req))),
  );
  app.delete(
    '/v1/message/disabled/:id',
    {
      schema: {
        tags,
        summary: 'Remove one message',
        params: messageIdParams,
        response: replies({ 200: messageCountReply }),
      },
      config: { auth },
    },
    (req) => messages.remove(scopeOf(principalOf(req)), req.params.id),
  );
  app.post(
    '/v1/message/add',
    {
      schema: {
        tags,
        summary: 'The administrator writes to one tenant, or to every tenant without Tenant',
        body: addMessageBody,
        response: replies({ 200: messageCountReply }),
      },
      config: { auth: { accountRoles: [10] } },
    },
    (req) => {
      const principal = principalOf(req);
      return messages.send(scopeOf(principal), principal.userId, req.body);
    },
  );
}
