/**
 * The upgrade call (spec §7 CONFIG `POST /v1/config/fw/dispatch`). The upgrades' lists are the
 * delivery domain's ISSUED calls (`GET /v1/issued/fw`, `device`, `devicelist`, `cancel`).
 */
import { deliveryReply, firmwareDispatchBody, firmwareDispatchIssueCode } from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { FirmwareDispatch } from './dispatch.ts';

// Every signed-in account (routes.tsv names no role for /fwconf); which image and devices it may
// use is the service's rule (dispatch.ts).
const auth: AuthRule = {};
// Each broken rule answers with its own code (api/firmware-dispatch.ts).
const config = { auth, issueCode: firmwareDispatchIssueCode };

export function firmwareDispatchRoutes(app: App, dispatch: FirmwareDispatch): void {
  app.post(
    '/v1/config/fw/dispatch',
    {
      schema: {
        tags: ['firmware'],
        summary:
          'Upgrade devices to a firmware image: now or from EffectiveTime, within a validity, optionally in a window, staged, at most Concurrency at once',
        body: firmwareDispatchBody,
        response: replies({ 200: deliveryReply }),
      },
      config,
    },
    (req) => {
      const p = principalOf(req);
      return dispatch.dispatch({ scope: scopeOf(p), userId: p.userId }, req.body);
    },
  );
}
