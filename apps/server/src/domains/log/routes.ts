import type { FastifyRequest } from 'fastify';
import {
  LOG_EXPORT_MAX_ROWS,
  LOG_FIELD_CODES,
  auditList,
  auditListQuery,
  deviceLogList,
  deviceLogQuery,
  logCountQuery,
  logCountReply,
  logExportQuery,
  logRetention,
  logRetentionBody,
  logRetentionQuery,
  switchConfigLogList,
  switchConfigLogQuery,
  switchLogList,
  switchLogQuery,
  updateLogListBody,
  updateLogListReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { LogService } from './service.ts';

/** spec §6: any user may see the logs. */
const auth: AuthRule = {};
const config = { auth, fieldCodes: LOG_FIELD_CODES };

/** The audit object of updateLogList: how many entries (a refused body may hold anything). */
function entriesObject(req: FastifyRequest): string {
  const ids = (req.body as { _ids?: unknown } | undefined)?._ids;
  return Array.isArray(ids) ? `${ids.length} entries` : '';
}

export function logRoutes(app: App, logs: LogService): void {
  const tags = ['log'];
  app.get(
    '/v1/log/getAll',
    {
      schema: {
        tags,
        summary:
          'The audit log, paged, newest first: a tenant sees its own, the administrator every tenant (filter `Tenant`)',
        querystring: auditListQuery,
        response: replies({ 200: auditList }),
      },
      config,
    },
    (req) => logs.auditList(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/log/getdevicelog',
    {
      schema: {
        tags,
        summary: "Device logs and events, paged, newest first (the tenant's devices)",
        querystring: deviceLogQuery,
        response: replies({ 200: deviceLogList }),
      },
      config,
    },
    (req) => logs.deviceList(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/log/getLogCount',
    {
      schema: {
        tags,
        summary: 'Counts per level and per module of the audit log (kind=audit) or device logs (kind=device)',
        querystring: logCountQuery,
        response: replies({ 200: logCountReply }),
      },
      config,
    },
    (req) => logs.count(scopeOf(principalOf(req)), req.query),
  );
  app.put(
    '/v1/log/updateLogList',
    {
      schema: {
        tags,
        summary: 'Mark device log entries handled (Status 1) or new (0); audit entries never change',
        body: updateLogListBody,
        response: replies({ 200: updateLogListReply }),
      },
      config: {
        ...config,
        audit: { code: 150, object: entriesObject },
      },
    },
    (req) => logs.updateStatus(scopeOf(principalOf(req)), req.body),
  );
  app.get(
    '/v1/switch/getLog',
    {
      schema: {
        tags,
        summary: "A switch's events (types 1-7), paged, newest first",
        querystring: switchLogQuery,
        response: replies({ 200: switchLogList }),
      },
      config,
    },
    (req) => logs.switchLog(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/log/switchConfigLog',
    {
      schema: {
        tags,
        summary: "A device's configuration and firmware deliveries and its config_error events, newest first",
        querystring: switchConfigLogQuery,
        response: replies({ 200: switchConfigLogList }),
      },
      config,
    },
    (req) => logs.switchConfigLog(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/log/export',
    {
      schema: {
        tags,
        summary: `The audit log (kind=audit) or device logs (kind=device) as CSV (RFC 4180, UTF-8), same filters, newest first, at most ${LOG_EXPORT_MAX_ROWS} rows (X-Total-Count, X-Truncated)`,
        querystring: logExportQuery,
      },
      config,
    },
    async (req, reply) => {
      const lang = requestLang(req);
      const { stream, total } = await logs.exportCsv(scopeOf(principalOf(req)), req.query, lang);
      const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
      const name = `${req.query.kind === 'audit' ? 'audit-log' : 'device-log'}-${day}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('x-total-count', String(total))
        .header('x-truncated', total > LOG_EXPORT_MAX_ROWS ? '1' : '0')
        .send(stream);
    },
  );
  app.get(
    '/v1/log/retention',
    {
      schema: {
        tags,
        summary:
          "How long the tenant's audit entries and device logs are kept, in days (the administrator names the tenant)",
        querystring: logRetentionQuery,
        response: replies({ 200: logRetention }),
      },
      config,
    },
    (req) => logs.retention(scopeOf(principalOf(req)), req.query.Tenant),
  );
  app.put(
    '/v1/log/retention',
    {
      schema: {
        tags,
        summary: 'Set the retention of a tenant (its owner, or the administrator naming it)',
        body: logRetentionBody,
        response: replies({ 200: logRetention }),
      },
      config: { ...config, audit: { code: 150 } },
    },
    (req) => {
      const p = principalOf(req);
      return logs.setRetention(p, scopeOf(p), req.body);
    },
  );
}
