import {
  configHistoryIssueCode,
  configLogQuery,
  configLogReply,
  configRestoreBody,
  configRestoreReply,
  configVersionQuery,
  configVersionReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ConfigHistory } from './history.ts';

// /deviceconf/configHistory is open to every signed-in user (routes.tsv names no role for it).
const auth: AuthRule = {};
// A bad revision or time range answers with its 1405x code (api/config-history.ts).
const config = { auth, issueCode: configHistoryIssueCode };

export function historyRoutes(app: App, history: ConfigHistory): void {
  const tags = ['config'];
  app.get(
    '/v1/switch/getConfigLog',
    {
      schema: {
        tags,
        summary: 'Configuration history: the saved versions of one profile or of all, newest first',
        querystring: configLogQuery,
        response: replies({ 200: configLogReply }),
      },
      config,
    },
    (req) => history.log(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/config/version',
    {
      schema: {
        tags,
        summary: 'One saved version of a profile, whole (passwords only as set, and since which revision)',
        querystring: configVersionQuery,
        response: replies({ 200: configVersionReply }),
      },
      config,
    },
    (req) => history.version(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/config/restore',
    {
      schema: {
        tags,
        summary:
          'Make an earlier version the profile’s settings again (a new revision); optionally deliver it',
        body: configRestoreBody,
        response: replies({ 200: configRestoreReply }),
      },
      config,
    },
    (req) => {
      const p = principalOf(req);
      return history.restore({ scope: scopeOf(p), userId: p.userId, username: p.username }, req.body);
    },
  );
}
