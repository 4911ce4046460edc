/** The telemetry domain: device figures over time (5-minute spans, hourly and daily roll-ups), ports. */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { telemetryRoutes } from './routes.ts';
import { TelemetryService } from './service.ts';

export const telemetryModule = defineModule({
  name: 'telemetry',
  needs: { device: deviceModule },
  build(p, { device }) {
    const { live } = device;
    const telemetry = new TelemetryService({
      db: p.db,
      clock: p.clock,
      log: p.log,
      devices: device.devices,
      live,
      bus: p.bus,
      publicUrl: p.config.publicUrl,
      flushEveryMs: p.config.telemetryFlushMs,
      jobs: p.jobs,
    });
    // After the device domain's handlers of the same kinds (it registered first): the live entry
    // these read is already up to date.
    p.gateway.on('state', (sn, m, now) => telemetry.state(live.peek(sn), m, now));
    p.gateway.on('stats', (sn, m, now) => telemetry.stats(live.peek(sn), m, now));
    p.gateway.on('ports', (sn, m, now) => telemetry.ports(live.peek(sn), m, now));
    return { telemetry };
  },
  routes(app, { telemetry }) {
    telemetryRoutes(app, telemetry);
  },
  start: ({ telemetry }) => telemetry.start(),
  // The final flush, after the gateway stopped.
  stop: ({ telemetry }) => telemetry.stop(),
});
