import {
  addBindingBody,
  addMaintenanceBody,
  addWebhookBody,
  addWebhookReply,
  bindingItem,
  bindingList,
  endMaintenanceBody,
  maintenanceItem,
  maintenanceList,
  maintenanceQuery,
  NOTIFY_FIELD_CODES,
  notifyCountReply,
  notifyIdParams,
  notifyRecordList,
  notifyRecordQuery,
  updateWebhookBody,
  updateWebhookReply,
  webhookList,
} from '@netconsole/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { MaintenanceService, NotificationSettings } from './service.ts';

const auth: AuthRule = {};
// A field of the wrong type answers with its 160xx code (api/notification.ts).
const fieldCodes = NOTIFY_FIELD_CODES;
const idOf = (req: FastifyRequest) => (req.body as { _id?: string } | undefined)?._id ?? null;
const paramId = (req: FastifyRequest) => (req.params as { id?: string }).id ?? null;
/** Audit codes of design-17 §3: 101 notification settings changed, 102 maintenance window set or ended. */
const settingsAudit = (object: (req: FastifyRequest) => string | null) => ({ code: 101, object });
const windowAudit = (object: (req: FastifyRequest) => string | null) => ({ code: 102, object });

export function notificationRoutes(
  app: App,
  settings: NotificationSettings,
  maintenance: MaintenanceService,
): void {
  const tags = ['notification'];
  const scope = (req: FastifyRequest) => scopeOf(principalOf(req));

  app.get(
    '/v1/notification/list',
    {
      schema: {
        tags,
        summary:
          'Notification records, newest first: every send with its channel, masked recipient, alarms and outcome',
        querystring: notifyRecordQuery,
        response: replies({ 200: notifyRecordList }),
      },
      config: { auth, fieldCodes },
    },
    (req) => settings.records(scope(req), req.query),
  );

  app.get(
    '/v1/notification/webhook/list',
    {
      schema: {
        tags,
        summary: "The tenant's webhook endpoints (secrets are not shown)",
        response: replies({ 200: webhookList }),
      },
      config: { auth },
    },
    (req) => settings.webhooks(scope(req)),
  );
  app.post(
    '/v1/notification/webhook/add',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint; the reply carries its signing secret, shown this once',
        body: addWebhookBody,
        response: replies({ 200: addWebhookReply }),
      },
      config: {
        auth,
        fieldCodes,
        audit: settingsAudit((req) => (req.body as { Name?: string }).Name ?? null),
      },
    },
    (req) => settings.addWebhook(scope(req), req.body),
  );
  app.post(
    '/v1/notification/webhook/update',
    {
      schema: {
        tags,
        summary: 'Change a webhook (name, URL, enabled, levels) or give it a new secret (NewSecret)',
        body: updateWebhookBody,
        response: replies({ 200: updateWebhookReply }),
      },
      config: { auth, fieldCodes, audit: settingsAudit(idOf) },
    },
    (req) => settings.updateWebhook(scope(req), req.body),
  );
  app.delete(
    '/v1/notification/webhook/remove/:id',
    {
      schema: {
        tags,
        summary: 'Remove a webhook',
        params: notifyIdParams,
        response: replies({ 200: notifyCountReply }),
      },
      config: { auth, audit: settingsAudit(paramId) },
    },
    (req) => settings.removeWebhook(scope(req), req.params.id),
  );

  app.get(
    '/v1/notification/binding/list',
    {
      schema: {
        tags,
        summary: "WeChat and app bindings: the owner sees the tenant's, a co-administrator its own",
        response: replies({ 200: bindingList }),
      },
      config: { auth },
    },
    (req) => settings.bindings(scope(req), principalOf(req)),
  );
  app.post(
    '/v1/notification/binding/add',
    {
      schema: {
        tags,
        summary: "Bind the caller's WeChat openid or app device token for alarm notifications",
        body: addBindingBody,
        response: replies({ 200: bindingItem }),
      },
      config: {
        auth,
        fieldCodes,
        audit: settingsAudit((req) => (req.body as { Channel?: string }).Channel ?? null),
      },
    },
    (req) => settings.addBinding(scope(req), principalOf(req), req.body),
  );
  app.delete(
    '/v1/notification/binding/remove/:id',
    {
      schema: {
        tags,
        summary: 'Remove a binding',
        params: notifyIdParams,
        response: replies({ 200: notifyCountReply }),
      },
      config: { auth, audit: settingsAudit(paramId) },
    },
    (req) => settings.removeBinding(scope(req), principalOf(req), req.params.id),
  );

  app.get(
    '/v1/maintenance/list',
    {
      schema: {
        tags,
        summary: 'Maintenance windows, latest start first (filter by network, running or to come / over)',
        querystring: maintenanceQuery,
        response: replies({ 200: maintenanceList }),
      },
      config: { auth, fieldCodes },
    },
    (req) => maintenance.list(scope(req), req.query),
  );
  app.post(
    '/v1/maintenance/add',
    {
      schema: {
        tags,
        summary: "Mute a network's alarm notifications from Start (default now) until End",
        body: addMaintenanceBody,
        response: replies({ 200: maintenanceItem }),
      },
      config: {
        auth,
        fieldCodes,
        audit: windowAudit((req) => (req.body as { Network?: string }).Network ?? null),
      },
    },
    (req) => maintenance.add(scope(req), principalOf(req), req.body),
  );
  app.post(
    '/v1/maintenance/end',
    {
      schema: {
        tags,
        summary: 'End a maintenance window now (one to come never starts)',
        body: endMaintenanceBody,
        response: replies({ 200: maintenanceItem }),
      },
      config: { auth, fieldCodes, audit: windowAudit(idOf) },
    },
    (req) => maintenance.end(scope(req), req.body._id),
  );
}
