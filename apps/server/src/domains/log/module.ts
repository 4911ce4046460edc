/**
 * The log domain: the audit log (every state-changing call: who, what, on which object, when,
 * outcome), device logs from `logs` reports and switch events from `events` (spec §3 Log, §7 LOGS;
 * docs/logs.md). Second in MODULES: its audit hook is installed before any other domain's routes
 * but the user module's (root hooks reach those too), so its route registry sees theirs.
 */
import { defineModule } from '../../platform/module.ts';
import { AuditLog } from './audit.ts';
import { DeviceLogIngest } from './device-logs.ts';
import { logRoutes } from './routes.ts';
import { LogService } from './service.ts';

export const JOB_LOG_RETENTION = 'log.retention';

export const logModule = defineModule({
  name: 'log',
  needs: {},
  build(p) {
    const audit = new AuditLog(p.db, p.clock, p.log);
    const deviceLogs = new DeviceLogIngest(p.db, p.clock, p.log);
    const logs = new LogService(p.db, p.clock, audit);
    p.gateway.on('logs', (sn, m, now) => deviceLogs.logs(sn, m, now));
    // Beside the client domain's handler of the same kind: it keeps client_*, this the rest.
    p.gateway.on('events', (sn, m, now) => deviceLogs.events(sn, m, now));
    p.jobs.define(JOB_LOG_RETENTION, async () => {
      const gone = await logs.prune();
      if (gone.audit + gone.device + gone.capped > 0) p.log.info(gone, 'log retention');
    });
    // Hourly: the per-device cap holds within an hour of a device going over it.
    p.jobs.every(JOB_LOG_RETENTION, { cron: '17 * * * *', timeZone: 'UTC' });
    return { audit, deviceLogs, logs };
  },
  routes(app, { audit, logs }) {
    audit.install(app);
    logRoutes(app, logs);
  },
  start({ audit, deviceLogs }) {
    audit.start();
    deviceLogs.start();
  },
  // After the gateway stopped: the last entries are written.
  stop: async ({ audit, deviceLogs }) => {
    await deviceLogs.stop();
    await audit.stop();
  },
});
