/**
 * The device domain: the registry of devices, their live sessions (protocol §5), commands and their
 * delivery (§7), placement in networks, and moving APs between access controllers.
 */
import { DEVICE_COMMANDS } from '@netconsole/contract';
import { defineModule } from '../../platform/module.ts';
import { CommandService } from './commands.ts';
import { ControllerService } from './controller.ts';
import { LiveDevices } from './live.ts';
import { DevicePlacement } from './placement.ts';
import { deviceRoutes } from './routes.ts';
import { DeviceService } from './service.ts';

export const deviceModule = defineModule({
  name: 'device',
  build(p) {
    const live = new LiveDevices(p.db, p.clock, p.log, p.hub, p.gateway.metrics);
    const commands = new CommandService(p.db, p.clock, live, p.link, p.log, p.hub, p.events);
    // The device items show each device's drops as the gateway counted them.
    const devices = new DeviceService(p.db, p.clock, live, p.link, commands, p.hub, p.gateway.counters);
    // A list row shows what its device runs: a reported change goes to the browsers as a whole item.
    live.onConfigChange((d) => devices.configChanged(d.id));
    const placement = new DevicePlacement(p.db, p.clock, live);
    const controller = new ControllerService(p.db, live, commands);

    // Sessions: the gateway asks this domain whether a message belongs to an open one (§5.2).
    const g = p.gateway;
    g.admission((sn, kind, seq, now) => live.accept(sn, kind, seq, now));
    g.onConnection({
      connected: (sn, address) => live.peer(sn, address),
      disconnected: (sn, now) => live.connectionClosed(sn, now),
    });
    g.on('hello', async (sn, m, now) => {
      const w = await live.hello(sn, m, now);
      try {
        await p.link.welcome(sn, m.session, w.registered, w.telemetry);
      } catch (err) {
        // The device says hello again after 15 s without a welcome.
        p.log.warn({ sn, err: (err as Error).message }, 'welcome not sent');
        return;
      }
      await commands.deliverPending(sn);
    });
    // A will of an older session (after a take-over) changes nothing, and is not an error.
    g.on('offline', (sn, m, now) => live.offline(sn, m.session, m.reason, now));
    g.on('state', (sn, m) => live.state(sn, m));
    g.on('stats', (sn, m) => live.stats(sn, m));
    g.onAck([...DEVICE_COMMANDS, 'set_controller'], (sn, ack) => commands.report(sn, ack));
    // Silent devices go offline; overdue commands end.
    g.onSweep((now) => live.sweep(now));
    g.onSweep((now) => commands.sweep(now));
    return { live, commands, devices, placement, controller };
  },
  routes(app, { devices, commands, controller }) {
    deviceRoutes(app, devices, commands, controller);
  },
  // External broker: devices stayed connected and their sessions carry on; embedded: nobody is online.
  start: ({ live }, p) => live.start(p.bus.kind),
  // After the gateway stopped: the last states are written.
  stop: ({ live }) => live.stop(),
});
