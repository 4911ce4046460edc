/** The system calls: version, server time, and the administrator's ingest figures and job history. */
import { jobRoutes } from '../../platform/jobs/routes.ts';
import { defineModule } from '../../platform/module.ts';
import { systemRoutes } from './routes.ts';

export const systemModule = defineModule({
  name: 'system',
  build: () => ({}),
  routes(app, _s, p) {
    systemRoutes(app, {
      version: p.version,
      mode: p.config.mode,
      clock: p.clock,
      metrics: p.gateway.metrics,
    });
    jobRoutes(app, p.jobs);
  },
});
