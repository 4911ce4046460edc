import { helpQuery, helpReply } from '@netconsole/contract';
import { replies, type App } from '../../platform/http/schemas.ts';
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
