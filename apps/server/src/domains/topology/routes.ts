import {
  lldpHistoryReply,
  lldpInfoReply,
  networkQuery,
  resetTopologyBody,
  resetTopologyReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { TopologyService } from './service.ts';

/** Any signed-in account, on the networks its scope sees. */
const auth: AuthRule = {};

export function topologyRoutes(app: App, topology: TopologyService): void {
  app.get(
    '/v1/switch/getLldpInfo',
    {
      schema: {
        tags: ['topology'],
        summary: "A network's topology now: the main device and its LLDP neighbours, four levels deep",
        querystring: networkQuery,
        response: replies({ 200: lldpInfoReply }),
      },
      config: { auth },
    },
    (req) => topology.info(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/lldp/getAll',
    {
      schema: {
        tags: ['topology'],
        summary: "A network's last ten topologies, nodes changed against the one before marked",
        querystring: networkQuery,
        response: replies({ 200: lldpHistoryReply }),
      },
      config: { auth },
    },
    (req) => topology.history(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/controller/resetTopology',
    {
      schema: {
        tags: ['controller'],
        summary: "Forget a network's neighbours and ask its connected devices to report them now",
        body: resetTopologyBody,
        response: replies({ 200: resetTopologyReply }),
      },
      config: { auth },
    },
    (req) => topology.reset(scopeOf(principalOf(req)), req.body),
  );
}
