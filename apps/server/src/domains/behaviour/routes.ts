import {
  deviceBehaviourList,
  deviceBehaviourQuery,
  ErrorCode,
  dnsAddBody,
  dnsCatalogueBody,
  dnsCatalogueDelBody,
  dnsCatalogueEntry,
  dnsCatalogueList,
  dnsCatalogueQuery,
  dnsCountReply,
  dnsDelBody,
  dnsGetAllQuery,
  dnsPrivacyBody,
  dnsPrivacyQuery,
  dnsPrivacyReply,
  dnsWatchItem,
  dnsWatchList,
  listPartUrlQuery,
  partUrlList,
} from '@netconsole/contract';
import type { FastifyRequest } from 'fastify';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { BehaviourService } from './service.ts';

/** Spec §6: the analytics screens need the analysis role. */
const analysis: AuthRule = { roles: ['analysis'] };
const administrator: AuthRule = { accountRoles: [10] };

/** The audit log's object: the first of these body fields present. */
const objectOf =
  (...keys: string[]) =>
  (req: FastifyRequest): string | null => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    for (const k of keys)
      if (typeof body[k] === 'string' && body[k] !== '') return String(body[k]).slice(0, 200);
    return null;
  };

export function behaviourRoutes(app: App, behaviour: BehaviourService): void {
  const tags = ['behaviour'];
  app.post(
    '/v1/dns/add',
    {
      schema: {
        tags,
        summary: 'Watch a domain (and its subdomains)',
        body: dnsAddBody,
        response: replies({ 200: dnsWatchItem }),
      },
      config: { auth: analysis, audit: { code: 69, object: objectOf('Domain') } },
    },
    (req) => behaviour.addWatch(scopeOf(principalOf(req)), req.body),
  );
  app.post(
    '/v1/dns/del',
    {
      schema: {
        tags,
        summary: 'Stop watching a domain (by `_id` or `Domain`)',
        body: dnsDelBody,
        response: replies({ 200: dnsCountReply }),
      },
      config: { auth: analysis, audit: { code: 70, object: objectOf('Domain', '_id') } },
    },
    (req) => behaviour.delWatch(scopeOf(principalOf(req)), req.body),
  );
  app.get(
    '/v1/dns/getAll',
    {
      schema: {
        tags,
        summary: 'The watch list with who visited each domain in the period',
        querystring: dnsGetAllQuery,
        response: replies({ 200: dnsWatchList }),
      },
      config: { auth: analysis },
    },
    (req) => behaviour.watchList(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/devicebehavior/getAll',
    {
      schema: {
        tags,
        summary: 'Domains and categories visited by a client (`MAC`) or in a network or tenant, paged',
        querystring: deviceBehaviourQuery,
        response: replies({ 200: deviceBehaviourList }),
      },
      config: { auth: analysis },
    },
    (req) => behaviour.behaviour(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/flow/listPartURL',
    {
      schema: {
        tags,
        summary: 'Top domains or categories of a network, client or tenant for a period',
        querystring: listPartUrlQuery,
        response: replies({ 200: partUrlList }),
      },
      config: { auth: analysis },
    },
    (req) => behaviour.top(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/dns/privacy',
    {
      schema: {
        tags,
        summary: "The tenant's DNS privacy setting (docs/api-extensions.tsv)",
        querystring: dnsPrivacyQuery,
        response: replies({ 200: dnsPrivacyReply }),
      },
      config: { auth: analysis },
    },
    (req) => behaviour.getPrivacy(scopeOf(principalOf(req)), req.query.Tenant),
  );
  app.post(
    '/v1/dns/privacy',
    {
      schema: {
        tags,
        summary: "Change the tenant's DNS privacy setting: the tenant owner or the administrator",
        body: dnsPrivacyBody,
        response: replies({ 200: dnsPrivacyReply }),
      },
      config: {
        auth: analysis,
        audit: { code: 150, object: (req) => `DNS privacy ${objectOf('Privacy')(req) ?? ''}`.trim() },
      },
    },
    (req) => {
      const p = principalOf(req);
      // A co-administrator reads the setting but does not change it.
      if (p.role !== 10 && p.type !== 1) throw new AppError(ErrorCode.NoAccessRights);
      return behaviour.setPrivacy(scopeOf(p), req.body);
    },
  );
  app.get(
    '/v1/dns/catalogue',
    {
      schema: {
        tags,
        summary: 'The domain → category catalogue in force (shipped file and edits)',
        querystring: dnsCatalogueQuery,
        response: replies({ 200: dnsCatalogueList }),
      },
      config: { auth: analysis },
    },
    (req) => behaviour.catalogueList(req.query),
  );
  app.post(
    '/v1/dns/catalogue',
    {
      schema: {
        tags,
        summary: 'The administrator adds or changes a catalogue entry',
        body: dnsCatalogueBody,
        response: replies({ 200: dnsCatalogueEntry }),
      },
      config: { auth: administrator, audit: { code: 150, object: objectOf('Domain') } },
    },
    (req) => behaviour.catalogueSet(req.body),
  );
  app.post(
    '/v1/dns/catalogue/del',
    {
      schema: {
        tags,
        summary: 'The administrator removes a catalogue entry (a shipped one is hidden)',
        body: dnsCatalogueDelBody,
        response: replies({ 200: dnsCountReply }),
      },
      config: { auth: administrator, audit: { code: 150, object: objectOf('Domain') } },
    },
    (req) => behaviour.catalogueDel(req.body),
  );
}
