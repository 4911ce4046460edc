import {
  addDevToNetBody,
  delNetlogBody,
  delNetlogReply,
  netlogList,
  netlogQuery,
  addDevToNetReply,
  apLocationQuery,
  apLocationReply,
  createNetworkBody,
  deleteNetworkReply,
  netListBody,
  netListReply,
  networkAllReply,
  networkList,
  networkListQuery,
  networkRefBody,
  networkReply,
  updateNetworkBody,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { NetworkLog } from './netlog.ts';
import type { NetworkService } from './service.ts';

/** Any signed-in account: a tenant's users work on the tenant's networks, the administrator reads all. */
const auth: AuthRule = {};

export function networkRoutes(app: App, networks: NetworkService, netlog: NetworkLog): void {
  const tags = ['network'];
  app.post(
    '/v1/network/createNet',
    {
      schema: {
        tags,
        summary: 'Create a network: name (unique in the tenant), location and optional time zone',
        body: createNetworkBody,
        response: replies({ 200: networkReply }),
      },
      config: { auth },
    },
    (req) => networks.create(scopeOf(principalOf(req)), req.body),
  );
  app.put(
    '/v1/network/updateNetInfo',
    {
      schema: {
        tags,
        summary: "Change a network's name, location or time zone (null: the server's)",
        body: updateNetworkBody,
        response: replies({ 200: networkReply }),
      },
      config: { auth },
    },
    (req) => networks.update(scopeOf(principalOf(req)), req.body),
  );
  app.delete(
    '/v1/network/delNet',
    {
      schema: {
        tags,
        summary: 'Remove a network; its devices return to no network',
        body: networkRefBody,
        response: replies({ 200: deleteNetworkReply }),
      },
      config: { auth },
    },
    (req) => networks.remove(scopeOf(principalOf(req)), req.body),
  );
  app.get(
    '/v1/network/getAll',
    {
      schema: {
        tags,
        summary: 'Networks, paged, with their devices per type (total and online)',
        querystring: networkListQuery,
        response: replies({ 200: networkList }),
      },
      config: { auth },
    },
    (req) => networks.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/network/getAllNetworks',
    {
      schema: {
        tags,
        summary: 'Every network of the caller, unpaged (for pickers and maps)',
        response: replies({ 200: networkAllReply }),
      },
      config: { auth },
    },
    (req) => networks.all(scopeOf(principalOf(req))),
  );
  app.put(
    '/v1/device/netlist',
    {
      schema: {
        tags: ['device'],
        summary: 'Put devices into a network (a main device first) or take them out of any',
        body: netListBody,
        response: replies({ 200: netListReply }),
      },
      config: { auth },
    },
    (req) => networks.netList(scopeOf(principalOf(req)), req.body),
  );
  app.post(
    '/v1/dashboard/addDevToNet',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The add-network wizard's devices: a gateway, or switches with a main one, and APs",
        body: addDevToNetBody,
        response: replies({ 200: addDevToNetReply }),
      },
      config: { auth },
    },
    (req) => networks.addDevices(scopeOf(principalOf(req)), req.body),
  );
  app.get(
    '/v1/dashboard/getNetlog',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "A network's log, newest first: created, changed, devices joining and leaving, online and offline, topology changes",
        querystring: netlogQuery,
        response: replies({ 200: netlogList }),
      },
      config: { auth },
    },
    (req) => netlog.list(scopeOf(principalOf(req)), req.query, requestLang(req)),
  );
  app.delete(
    '/v1/dashboard/delNetlog',
    {
      schema: {
        tags: ['dashboard'],
        summary: "Remove one entry of a network's log (_id) or the whole log of a network (Network)",
        body: delNetlogBody,
        response: replies({ 200: delNetlogReply }),
      },
      config: { auth },
    },
    (req) => netlog.remove(scopeOf(principalOf(req)), req.body),
  );
  app.get(
    '/v1/device/getAPLocation',
    {
      schema: {
        tags: ['device'],
        summary: "APs with their network's location",
        querystring: apLocationQuery,
        response: replies({ 200: apLocationReply }),
      },
      config: { auth },
    },
    (req) => networks.apLocations(scopeOf(principalOf(req)), req.query),
  );
}
