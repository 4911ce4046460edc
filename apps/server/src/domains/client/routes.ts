import {
  clientAllReply,
  clientControlBody,
  clientControlReply,
  clientFilterQuery,
  clientFlowQuery,
  clientFlowReply,
  clientInfoQuery,
  clientInfoReply,
  clientItem,
  clientList,
  clientListQuery,
  clientStatisReply,
  updateClientAliasBody,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ClientService } from './service.ts';

/** Any signed-in account: a tenant's users see the tenant's clients, the administrator every client. */
const auth: AuthRule = {};

export function clientRoutes(app: App, clients: ClientService): void {
  const tags = ['client'];
  app.get(
    '/v1/client/getAll',
    {
      schema: {
        tags,
        summary:
          'Clients, paged: filter by Status, device (Device or SN), Parent, Link; search MAC, IP, name, alias',
        querystring: clientListQuery,
        response: replies({ 200: clientList }),
      },
      config: { auth },
    },
    (req) => clients.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/client/getAllClients',
    {
      schema: {
        tags,
        summary: 'Every client of the filters, unpaged (at most 10 000), most recently seen first',
        querystring: clientFilterQuery,
        response: replies({ 200: clientAllReply }),
      },
      config: { auth },
    },
    (req) => clients.all(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/client/getAllStatis',
    {
      schema: {
        tags,
        summary: 'Client counts: total, online, offline, kicked, wired, wireless, per band and per device',
        querystring: clientFilterQuery,
        response: replies({ 200: clientStatisReply }),
      },
      config: { auth },
    },
    (req) => clients.statis(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/client/searchInfo',
    {
      schema: {
        tags,
        summary: "One client's details (by MAC or _id) with its connect log, paged",
        querystring: clientInfoQuery,
        response: replies({ 200: clientInfoReply }),
      },
      config: { auth },
    },
    (req) => clients.info(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/client/getClientFlow',
    {
      schema: {
        tags,
        summary: "A client's traffic: 24 hourly buckets (day) or 7 / 30 daily ones (week, month)",
        querystring: clientFlowQuery,
        response: replies({ 200: clientFlowReply }),
      },
      config: { auth },
    },
    (req) => clients.flow(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/client/updateAlias',
    {
      schema: {
        tags,
        summary: "Set or remove ('') a client's alias; unique among the tenant's clients",
        body: updateClientAliasBody,
        response: replies({ 200: clientItem }),
      },
      config: { auth },
    },
    (req) => clients.updateAlias(scopeOf(principalOf(req)), req.body),
  );
  app.post(
    '/v1/controller/clientCtrl',
    {
      schema: {
        tags: ['controller'],
        summary:
          'Kick (disconnect and block) or release a client on the device it is on: sent at once, or held while the device is offline',
        body: clientControlBody,
        response: replies({ 200: clientControlReply }),
      },
      config: { auth },
    },
    (req) => {
      const principal = principalOf(req);
      return clients.control(scopeOf(principal), principal.userId, req.body, requestLang(req));
    },
  );
}
