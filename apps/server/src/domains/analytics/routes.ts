import {
  flowAggQuery,
  flowAggReply,
  flowApQuery,
  flowApReply,
  flowClientQuery,
  flowClientReply,
  flowDevQuery,
  flowDevReply,
  flowListAllQuery,
  flowListAllReply,
  flowListQuery,
  flowListReply,
  flowRateQuery,
  flowRateReply,
  flowTopQuery,
  flowTopReply,
  flowTotalQuery,
  flowTotalReply,
  flowUserRealtimeQuery,
  flowUserRealtimeReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { AnalyticsService } from './service.ts';

/** spec §2, §6: the /flow screens and their calls need the role analysis (4012 without). */
const auth: AuthRule = { roles: ['analysis'] };
const tags = ['flow'];

export function analyticsRoutes(app: App, analytics: AnalyticsService): void {
  const scope = (req: Parameters<typeof principalOf>[0]) => scopeOf(principalOf(req));
  app.get(
    '/v1/flow/list',
    {
      schema: {
        tags,
        summary:
          'Networks ranked by traffic, users or devices online for a period, with the previous period and the change',
        querystring: flowListQuery,
        response: replies({ 200: flowListReply }),
      },
      config: { auth },
    },
    (req) => analytics.list(scope(req), req.query),
  );
  app.get(
    '/v1/flow/listAll',
    {
      schema: {
        tags,
        summary: 'The whole ranking unpaged (export, charts; at most 1,000 networks)',
        querystring: flowListAllQuery,
        response: replies({ 200: flowListAllReply }),
      },
      config: { auth },
    },
    (req) => analytics.listAll(scope(req), req.query),
  );
  app.get(
    '/v1/flow/agg',
    {
      schema: {
        tags,
        summary: 'Tenant (or one network) totals for a period and the previous one, and the chart buckets',
        querystring: flowAggQuery,
        response: replies({ 200: flowAggReply }),
      },
      config: { auth },
    },
    (req) => analytics.agg(scope(req), req.query),
  );
  app.get(
    '/v1/flow/listAP',
    {
      schema: {
        tags,
        summary: 'AP (or other device type) traffic list for a period: Alias, TxBT, RxBT, MAC, ranked',
        querystring: flowApQuery,
        response: replies({ 200: flowApReply }),
      },
      config: { auth },
    },
    (req) => analytics.listAP(scope(req), req.query),
  );
  app.get(
    '/v1/flow/listDev',
    {
      schema: {
        tags,
        summary: 'Uplink traffic of 1-10 devices per bucket (hourly today, daily over 7 or 30 days)',
        querystring: flowDevQuery,
        response: replies({ 200: flowDevReply }),
      },
      config: { auth },
    },
    (req) => analytics.listDev(scope(req), req.query),
  );
  app.get(
    '/v1/flow/userrealtime',
    {
      schema: {
        tags,
        summary: 'Users online now per network, AP, band and SSID, and today’s hourly user count',
        querystring: flowUserRealtimeQuery,
        response: replies({ 200: flowUserRealtimeReply }),
      },
      config: { auth },
    },
    (req) => analytics.userRealtime(scope(req), req.query),
  );
  app.get(
    '/v1/flow/clientlist',
    {
      schema: {
        tags,
        summary:
          'Clients ranked by traffic, online time or connections for a period (manufacturer, random MAC)',
        querystring: flowClientQuery,
        response: replies({ 200: flowClientReply }),
      },
      config: { auth },
    },
    (req) => analytics.clientList(scope(req), req.query),
  );
  app.get(
    '/v1/flow/getTerminalTrafficRank',
    {
      schema: {
        tags,
        summary: 'The top N clients by traffic for a period',
        querystring: flowTopQuery,
        response: replies({ 200: flowTopReply }),
      },
      config: { auth },
    },
    (req) => analytics.topClients(scope(req), req.query),
  );
  app.get(
    '/v1/client/getTotalFlow',
    {
      schema: {
        tags,
        summary: 'A client’s (or all clients’) traffic for a period, in total and per bucket',
        querystring: flowTotalQuery,
        response: replies({ 200: flowTotalReply }),
      },
      config: { auth },
    },
    (req) => analytics.totalFlow(scope(req), req.query),
  );
  app.get(
    '/v1/client/getTotalRate',
    {
      schema: {
        tags,
        summary: 'A client’s (or all online clients’) rates now, bytes/s',
        querystring: flowRateQuery,
        response: replies({ 200: flowRateReply }),
      },
      config: { auth },
    },
    (req) => analytics.totalRate(scope(req), req.query),
  );
}
