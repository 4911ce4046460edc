/** The client domain: the clients behind the devices, their sessions, traffic, vendors, kicks. */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { LiveClients } from './live.ts';
import { clientRoutes } from './routes.ts';
import { ClientService } from './service.ts';

export const clientModule = defineModule({
  name: 'client',
  needs: { device: deviceModule },
  build(p, { device }) {
    const liveClients = new LiveClients(p.db, p.clock, device.live, p.hub, p.log);
    const clients = new ClientService(p.db, p.clock, liveClients, device.live, device.commands);
    p.gateway.on('clients', (sn, m, now) => liveClients.clients(sn, m, now));
    p.gateway.on('events', (sn, m, now) => liveClients.events(sn, m, now));
    // Kicks and releases are this domain's commands: their reports reach the command engine, and
    // every change of their status (reported, expired, timed out) reaches the client table.
    p.gateway.onAck(['kick_client', 'release_client'], (sn, ack) => device.commands.report(sn, ack));
    p.events.on('device.command', (row) => liveClients.commandChanged(row));
    return { liveClients, clients };
  },
  routes(app, { clients }) {
    clientRoutes(app, clients);
  },
  // Before the gateway takes messages; writes last after it stopped.
  start: ({ liveClients }) => liveClients.start(),
  stop: ({ liveClients }) => liveClients.stop(),
});
