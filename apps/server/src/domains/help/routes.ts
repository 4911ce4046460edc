import { z } from 'zod';
import { helpQuery, helpReply, helpWordBody, helpWordItem } from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { HelpEditor } from './editor.ts';
import type { HelpService } from './service.ts';

export function helpRoutes(app: App, help: HelpService): void {
  app.get(
    '/v1/word/wordDetail',
    {
      schema: {
        tags: ['help'],
        summary: 'Help text of a screen, in markdown',
        querystring: helpQuery,
        response: replies({ 200: helpReply }),
      },
      // The sign-in page has help too.
      config: { auth: 'public' },
    },
    async (req) => ({
      Name: req.query.Name,
      Lang: req.query.Lang,
      Contents: await help.detail(req.query.Name, req.query.Lang),
    }),
  );
}

/** The administrator edits help words (docs/api-extensions.tsv: not in the specification's list). */
export function helpEditRoutes(app: App, editor: HelpEditor): void {
  const auth: AuthRule = { accountRoles: [10] };
  app.put(
    '/v1/word/wordDetail',
    {
      schema: {
        tags: ['help'],
        summary: 'Edit the help of a screen (administrator)',
        body: helpWordBody,
        response: replies({ 200: helpWordItem }),
      },
      config: { auth },
    },
    (req) => {
      const p = principalOf(req);
      return editor.save(scopeOf(p), p.userId, req.body);
    },
  );
  app.get(
    '/v1/word/list',
    {
      schema: {
        tags: ['help'],
        summary: 'Every help word (administrator)',
        response: replies({ 200: z.object({ list: z.array(helpWordItem) }) }),
      },
      config: { auth },
    },
    async (req) => ({ list: await editor.list(scopeOf(principalOf(req))) }),
  );
}
