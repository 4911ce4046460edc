import type { FastifyRequest } from 'fastify';
import {
  configAcAddBody,
  configAcParams,
  configAcUpdateBody,
  configAddBody,
  configAddGroupBody,
  configAllQuery,
  configAllReply,
  configDelGroupsBody,
  configDeleteReply,
  configDevicesQuery,
  configDevicesReply,
  configEmitBody,
  configGroupsQuery,
  configGroupsReply,
  configIssueCode,
  configList,
  configListQuery,
  configRefBody,
  configRefQuery,
  configReply,
  configUpdateBody,
  deliveryBody,
  deliveryIssueCode,
  deliveryReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { ConfigDispatch } from './dispatch.ts';
import type { Actor, ConfigService } from './service.ts';

// The /deviceconf screens are open to every signed-in user (routes.tsv names no role for them).
const auth: AuthRule = {};
// Each broken rule of spec §5 answers with its own 14xxx code (api/config.ts).
const config = { auth, issueCode: configIssueCode };
// A delivery body's refusals carry their 14xxx codes the same way (api/delivery.ts).
const delivery = { auth, issueCode: deliveryIssueCode };

function actorOf(req: FastifyRequest): Actor {
  const p = principalOf(req);
  return { scope: scopeOf(p), userId: p.userId, username: p.username };
}

export function configRoutes(app: App, configs: ConfigService, dispatch: ConfigDispatch): void {
  const tags = ['config'];
  app.post(
    '/v1/config/newdispatch',
    {
      schema: {
        tags,
        summary: 'Deliver a profile to devices of its type, now or from EffectiveTime (a delivery campaign)',
        body: deliveryBody,
        response: replies({ 200: deliveryReply }),
      },
      config: delivery,
    },
    (req) => dispatch.dispatch(actorOf(req), req.body, 'tenant'),
  );
  app.post(
    '/v1/controller/configemit',
    {
      schema: {
        tags,
        summary: "Deliver an access controller's AP profile to APs that AC manages",
        body: configEmitBody,
        response: replies({ 200: deliveryReply }),
      },
      config: delivery,
    },
    (req) => dispatch.dispatch(actorOf(req), req.body, 'controller'),
  );
  app.get(
    '/v1/config/apdevice',
    {
      schema: {
        tags,
        summary: 'The devices a profile can go to, each with what it runs, should run, and drift',
        querystring: configDevicesQuery,
        response: replies({ 200: configDevicesReply }),
      },
      config,
    },
    (req) => dispatch.targetsOf(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/config/get',
    {
      schema: {
        tags,
        summary: 'Profiles, paged, by device type (the tenant’s own, or one AC’s with Controller)',
        querystring: configListQuery,
        response: replies({ 200: configList }),
      },
      config,
    },
    (req) => configs.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/config/getAllConfig',
    {
      schema: {
        tags,
        summary: 'Every profile of a type, newest first, for a select',
        querystring: configAllQuery,
        response: replies({ 200: configAllReply }),
      },
      config,
    },
    (req) => configs.all(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/config/detail',
    {
      schema: {
        tags,
        summary: 'One profile (passwords only as set or not)',
        querystring: configRefQuery,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.detail(scopeOf(principalOf(req)), req.query._id),
  );
  app.get(
    '/v1/config/groups',
    {
      schema: {
        tags,
        summary: 'The wireless groups of one AP profile (_id), or of every AP profile',
        querystring: configGroupsQuery,
        response: replies({ 200: configGroupsReply }),
      },
      config,
    },
    (req) => configs.groups(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/config/add',
    {
      schema: {
        tags,
        summary: 'Create a profile (revision 1; every later change is kept as a version)',
        body: configAddBody,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.create(actorOf(req), req.body),
  );
  app.post(
    '/v1/config/add/ac',
    {
      schema: {
        tags,
        summary: 'Create an AP profile of one access controller, which it pushes to its APs',
        body: configAcAddBody,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.create(actorOf(req), req.body),
  );
  app.post(
    '/v1/config/add/groups',
    {
      schema: {
        tags,
        summary: 'Add a wireless group to an AP profile, or replace the group named Replace',
        body: configAddGroupBody,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.addGroup(actorOf(req), req.body),
  );
  app.put(
    '/v1/config/update',
    {
      schema: {
        tags,
        summary: 'Change a profile (the whole profile; absent passwords keep the stored ones)',
        body: configUpdateBody,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.update(actorOf(req), req.body),
  );
  app.put(
    '/v1/config/update/ac',
    {
      schema: {
        tags,
        summary: 'Change an AP profile of an access controller',
        body: configAcUpdateBody,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.update(actorOf(req), req.body),
  );
  app.delete(
    '/v1/config/deleteConfig',
    {
      schema: {
        tags,
        summary: 'Remove a profile (_id in the body or the query); its versions stay',
        // Fastify hands a request without a body on as null.
        body: configRefBody.nullish(),
        querystring: configRefQuery.partial(),
        response: replies({ 200: configDeleteReply }),
      },
      config,
    },
    (req) => configs.remove(actorOf(req), req.body?._id ?? req.query._id, false),
  );
  app.delete(
    '/v1/config/del/ac/:id',
    {
      schema: {
        tags,
        summary: 'Remove a profile of an access controller; its versions stay',
        params: configAcParams,
        response: replies({ 200: configDeleteReply }),
      },
      config,
    },
    (req) => configs.remove(actorOf(req), req.params.id, true),
  );
  app.delete(
    '/v1/config/del/groups',
    {
      schema: {
        tags,
        summary: 'Remove wireless groups of a profile by name (an AP profile keeps one at least)',
        body: configDelGroupsBody,
        response: replies({ 200: configReply }),
      },
      config,
    },
    (req) => configs.removeGroups(actorOf(req), req.body),
  );
}
