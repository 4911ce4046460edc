/**
 * The analytics domain: traffic rankings, device and client traffic, users online now and live rates
 * (issue 19; docs/analytics.md), over the telemetry and client reports.
 */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { telemetryModule } from '../telemetry/module.ts';
import { RealtimeRates } from './realtime.ts';
import { analyticsRoutes } from './routes.ts';
import { AnalyticsService } from './service.ts';

export const analyticsModule = defineModule({
  name: 'analytics',
  needs: { device: deviceModule, telemetry: telemetryModule },
  build(p, { device, telemetry }) {
    const analytics = new AnalyticsService({
      db: p.db,
      clock: p.clock,
      log: p.log,
      jobs: p.jobs,
      counts: telemetry.telemetry,
    });
    const flowRates = new RealtimeRates({ db: p.db, clock: p.clock, live: device.live });
    // Browsers subscribe to a network's or device's rates on the live socket (docs/analytics.md).
    p.hub.onClientMessage(['flow.subscribe', 'flow.unsubscribe'], (ctx) => flowRates.socket(ctx));
    return { analytics, flowRates };
  },
  routes(app, { analytics }) {
    analyticsRoutes(app, analytics);
  },
  stop: ({ flowRates }) => flowRates.close(),
});
