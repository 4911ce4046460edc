/**
 * The DIAGNOSE calls of spec §7 (route role analysis, spec §2 /maintenance): dispatchCommand and
 * the records. The timers' calls (addTimer, getTimerIssued) are the diagnosis-timer domain's.
 */
import {
  diagnoseDispatchBody,
  diagnoseDispatchReply,
  diagnosisDevDataQuery,
  diagnosisDeviceList,
  diagnosisHistoryQuery,
  diagnosisHistoryReply,
  diagnosisIssueCode,
  diagnosisRunDevicesQuery,
  diagnosisRunList,
  diagnosisRunsQuery,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { DiagnosisService } from './service.ts';

const auth: AuthRule = { roles: ['analysis'] };
// Each broken rule answers with its own code (api/diagnosis.ts).
const config = { auth, issueCode: diagnosisIssueCode };

export function diagnosisRoutes(app: App, diagnosis: DiagnosisService): void {
  const tags = ['diagnosis'];
  app.post(
    '/v1/diagnose/dispatchCommand',
    {
      schema: {
        tags,
        summary: 'Run a ping or MTR (network) or portal checks from devices; answers the run _id',
        body: diagnoseDispatchBody,
        response: replies({ 200: diagnoseDispatchReply }),
      },
      // The audit log names what ran: "network Ping", "portal" (others 150).
      config: {
        ...config,
        audit: {
          code: 150,
          object: (req) => {
            const b = req.body as { Kind?: string; Type?: number };
            return b.Kind === 'portal' ? 'portal' : `network ${b.Type === 2 ? 'Mtr' : 'Ping'}`;
          },
        },
      },
    },
    (req) => {
      const p = principalOf(req);
      return diagnosis.dispatch(scopeOf(p), req.body, { by: { id: p.userId, name: p.username } });
    },
  );
  app.get(
    '/v1/diagnose/getAllIssued',
    {
      schema: {
        tags,
        summary: 'Diagnosis runs, newest first, filtered',
        querystring: diagnosisRunsQuery,
        response: replies({ 200: diagnosisRunList }),
      },
      config,
    },
    (req) => diagnosis.runs(scopeOf(principalOf(req)), req.query),
  );
  for (const [url, outcome, summary] of [
    ['/v1/diagnose/getSuccDevIssued', 'pass', "A run's ended devices whose every target and check passed"],
    ['/v1/diagnose/getFailDevIssued', 'fail', "A run's ended devices with a failure or no result"],
  ] as const) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary,
          querystring: diagnosisRunDevicesQuery,
          response: replies({ 200: diagnosisDeviceList }),
        },
        config,
      },
      (req) => diagnosis.devicesOfRun(scopeOf(principalOf(req)), req.query, outcome),
    );
  }
  app.get(
    '/v1/diagnose/getDevData',
    {
      schema: {
        tags,
        summary: "One device's result (_id), or every device of a run (RunId)",
        querystring: diagnosisDevDataQuery,
        response: replies({ 200: diagnosisDeviceList }),
      },
      config,
    },
    (req) => diagnosis.devData(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/diagnose/getHistoryIssued',
    {
      schema: {
        tags,
        summary: "A target's latency and loss over time for 1-6 devices (the records' chart)",
        querystring: diagnosisHistoryQuery,
        response: replies({ 200: diagnosisHistoryReply }),
      },
      config,
    },
    (req) => diagnosis.history(scopeOf(principalOf(req)), req.query),
  );
}
