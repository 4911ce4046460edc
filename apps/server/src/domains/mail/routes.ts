import { outboxList, outboxQuery } from '@netconsole/contract';
import { principalOf, scopeOf } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { OutboxService } from './outbox-service.ts';

/** Mail and SMS kept instead of sent (docs/api-extensions.tsv): verification codes, so administrator only. */
export function outboxRoutes(app: App, outbox: OutboxService): void {
  app.get(
    '/v1/outbox/list',
    {
      schema: {
        tags: ['outbox'],
        summary: 'Mail and SMS kept in the outbox (administrator)',
        querystring: outboxQuery,
        response: replies({ 200: outboxList }),
      },
      config: { auth: { accountRoles: [10] } },
    },
    (req) => outbox.list(scopeOf(principalOf(req)), req.query),
  );
}
