/** The topology domain: LLDP neighbours, each network's tree and its history. */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { messageModule } from '../message/module.ts';
import { networkModule } from '../network/module.ts';
import { topologyRoutes } from './routes.ts';
import { TopologyService } from './service.ts';

export const topologyModule = defineModule({
  name: 'topology',
  needs: { device: deviceModule, network: networkModule, message: messageModule },
  build(p, { device, network, message }) {
    const topology = new TopologyService({
      db: p.db,
      clock: p.clock,
      log: p.log,
      live: device.live,
      link: p.link,
      placement: device.placement,
      networks: network.networks,
      messages: message.messages,
      journal: network.netlog,
    });
    p.gateway.on('lldp', (sn, m, now) => topology.lldp(device.live.peek(sn), m, now));
    // This domain asks devices for a fresh report (report_now); the report itself is what it waits
    // for, so the acknowledgement needs nothing more.
    p.gateway.onAck(['report_now'], () => undefined);
    p.events.on('network.devices', ({ networkIds }) => topology.networksChanged(networkIds));
    p.events.on('network.removed', ({ scope, networkId }) => topology.networkRemoved(scope, networkId));
    return { topology };
  },
  routes(app, { topology }) {
    topologyRoutes(app, topology);
  },
  start: ({ topology }) => topology.start(),
  // Writes its last neighbours after the gateway stopped.
  stop: ({ topology }) => topology.stop(),
});
