/** The network domain: a tenant's sites, their devices, dashboard counts and the networks' log. */
import { defineModule } from '../../platform/module.ts';
import { clientModule } from '../client/module.ts';
import { deviceModule } from '../device/module.ts';
import { NetworkLog } from './netlog.ts';
import { networkRoutes } from './routes.ts';
import { NetworkService } from './service.ts';

export const networkModule = defineModule({
  name: 'network',
  needs: { device: deviceModule, client: clientModule },
  build(p, { device, client }) {
    const netlog = new NetworkLog(p.db, p.clock, p.log, device.placement, device.live);
    const networks = new NetworkService({
      db: p.db,
      clock: p.clock,
      devices: device.placement,
      journal: netlog,
      events: p.events,
      onlineUsers: (scope, ids) => client.clients.onlineByNetwork(scope, ids),
    });
    return { networks, netlog };
  },
  routes(app, { networks, netlog }) {
    networkRoutes(app, networks, netlog);
  },
  start: ({ netlog }) => netlog.start(),
  // Writes the last statuses after the gateway stopped.
  stop: ({ netlog }) => netlog.stop(),
});
