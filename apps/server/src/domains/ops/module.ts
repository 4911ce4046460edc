/**
 * Operations: /metrics (Prometheus text format, behind METRICS_TOKEN), /healthz and /readyz. Listed
 * last: its readiness counts from the end of start-up.
 */
import { defineModule } from '../../platform/module.ts';
import { opsRoutes } from './routes.ts';

export const opsModule = defineModule({
  name: 'ops',
  build: () => ({}),
  routes(app, _s, p) {
    opsRoutes(app, {
      store: p.store,
      metricsToken: p.config.metricsToken,
      ingest: p.gateway.metrics,
      busStarted: () => p.gateway.running,
      jobs: p.jobs,
      version: p.version,
      mode: p.config.mode,
    });
  },
});
