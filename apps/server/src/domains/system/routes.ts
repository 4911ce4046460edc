import { timeReply, versionReply } from '@netconsole/contract';
import type { Mode } from '../../platform/config.ts';
import type { Clock } from '../../platform/ids.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { IngestMetrics } from '../../platform/gateway/metrics.ts';
import { metricsRoutes } from './metrics-routes.ts';

export function systemRoutes(
  app: App,
  deps: { version: string; mode: Mode; clock: Clock; metrics: IngestMetrics },
): void {
  metricsRoutes(app, deps.metrics);
  app.get(
    '/system/version',
    { schema: { tags: ['system'], response: replies({ 200: versionReply }) }, config: { auth: 'public' } },
    async () => ({ name: 'netconsole', version: deps.version, mode: deps.mode }),
  );
  app.get(
    '/system/time',
    { schema: { tags: ['system'], response: replies({ 200: timeReply }) }, config: { auth: 'public' } },
    async () => {
      const now = deps.clock();
      return {
        time: Math.floor(now / 1000),
        iso: new Date(now).toISOString(),
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
    },
  );
}
