/**
 * The diagnosis-timer domain: recurring diagnoses at a time of day and the built-in timed tasks
 * (docs/diagnosis.md "Timers"). Each firing is a durable job run that calls the diagnosis
 * domain's `dispatch`.
 */
import { DeviceStatus } from '@netconsole/contract';
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { diagnosisModule } from '../diagnosis/module.ts';
import { timerRoutes } from './routes.ts';
import { JOB_FIRE, JOB_REPAIR, TimerService, type FirePayload } from './service.ts';

export const diagnosisTimerModule = defineModule({
  name: 'diagnosis-timer',
  needs: { device: deviceModule, diagnosis: diagnosisModule },
  build(p, { device, diagnosis }) {
    const timers = new TimerService({
      db: p.db,
      clock: p.clock,
      log: p.log,
      jobs: p.jobs,
      // The setting DEFAULT_TIME_ZONE (Asia/Shanghai: the spec's market), docs/diagnosis.md.
      defaultTimeZone: p.config.defaultTimeZone,
      requireDevice: (scope, id) => device.devices.require(scope, { _id: id }),
      onlineDevices: async (scope, type, limit) =>
        (
          await device.devices.page(scope, {
            status: DeviceStatus.Online,
            ...(type === null ? {} : { type }),
            offset: 0,
            limit,
            orderBy: 'created_at',
            direction: 'asc',
          })
        ).rows.map((r) => r.id),
      dispatch: (scope, req, origin) => diagnosis.diagnosis.dispatch(scope, req, origin),
    });
    p.jobs.define<FirePayload>(JOB_FIRE, ({ payload }) => timers.fire(payload));
    p.jobs.define(JOB_REPAIR, () => timers.repair());
    p.jobs.every(JOB_REPAIR, { cron: '41 * * * *', timeZone: 'UTC' });
    return { timers };
  },
  routes(app, { timers }) {
    timerRoutes(app, timers);
  },
  // A node starting looks for firings lost to a node that died mid-save (one run for nodes starting together).
  start: async (_services, p) => {
    await p.jobs.enqueue(JOB_REPAIR, null, { key: 'start' });
  },
});
