/**
 * The timers' calls: addTimer and getTimerIssued of spec §7 DIAGNOSE, delTimer (an extension,
 * docs/api-extensions.tsv), and the built-in tasks' getOnTimeAll and UpdateOnTime of spec §7 USER
 * (ON_TIME_PATHS). Route role analysis (spec §2 /maintenance), the built-ins' too: they are
 * maintenance tasks.
 */
import {
  addTimerBody,
  delTimerBody,
  delTimerReply,
  ON_TIME_FIELD_CODES,
  ON_TIME_PATHS,
  onTimeTaskItem,
  onTimeTaskList,
  TIMER_FIELD_CODES,
  timerItem,
  timerList,
  timerQuery,
  updateOnTimeTaskBody,
} from '@netconsole/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { TimerService } from './service.ts';

const auth: AuthRule = { roles: ['analysis'] };
const field = (key: string) => (req: FastifyRequest) =>
  ((req.body as Record<string, unknown> | undefined)?.[key] as string | undefined) ?? null;
// 150 "Other change" (contract LOG_CODES): the timers have no code of their own in spec §3.
const audit = (key: string) => ({ code: 150, object: field(key) });

export function timerRoutes(app: App, timers: TimerService): void {
  const tags = ['diagnosis'];
  const scope = (req: FastifyRequest) => scopeOf(principalOf(req));

  app.post(
    '/v1/diagnose/addTimer',
    {
      schema: {
        tags,
        summary: 'Create a timer (a diagnosis every day at a time), or change the one named by _id',
        body: addTimerBody,
        response: replies({ 200: timerItem }),
      },
      config: { auth, fieldCodes: TIMER_FIELD_CODES, audit: audit('Name') },
    },
    (req) => {
      const p = principalOf(req);
      return timers.save(scopeOf(p), { id: p.userId, name: p.username }, req.body);
    },
  );
  app.get(
    '/v1/diagnose/getTimerIssued',
    {
      schema: {
        tags,
        summary: "The tenant's timers, newest first (their runs: getAllIssued?TimerId=)",
        querystring: timerQuery,
        response: replies({ 200: timerList }),
      },
      config: { auth, fieldCodes: TIMER_FIELD_CODES },
    },
    (req) => timers.list(scope(req), req.query),
  );
  app.post(
    '/v1/diagnose/delTimer',
    {
      schema: {
        tags,
        summary: 'Remove a timer (the built-in tasks stay: disable them instead)',
        body: delTimerBody,
        response: replies({ 200: delTimerReply }),
      },
      config: { auth, fieldCodes: TIMER_FIELD_CODES, audit: audit('_id') },
    },
    (req) => timers.remove(scope(req), req.body._id),
  );
  app.get(
    ON_TIME_PATHS.all,
    {
      schema: {
        tags,
        summary: 'The built-in timed tasks OnTimerPortalCheck and OnTimerNetworkCheck (spec §4)',
        response: replies({ 200: onTimeTaskList }),
      },
      config: { auth },
    },
    (req) => timers.onTimeAll(scope(req)),
  );
  app.post(
    ON_TIME_PATHS.update,
    {
      schema: {
        tags,
        summary: 'Change a built-in timed task: its time, zone, or enable or disable it',
        body: updateOnTimeTaskBody,
        response: replies({ 200: onTimeTaskItem }),
      },
      config: { auth, fieldCodes: ON_TIME_FIELD_CODES, audit: audit('Name') },
    },
    (req) => timers.updateOnTime(scope(req), req.body),
  );
}
