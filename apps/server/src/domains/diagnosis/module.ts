/**
 * The diagnosis domain: diagnoses from the devices (ping, MTR, portal checks) sent as
 * `run_diagnosis` campaigns of the delivery engine, each device's result followed from its command,
 * live results and the records (docs/diagnosis.md). The timers (diagnosis-timer domain) call
 * `diagnosis.dispatch`.
 */
import type { Scope } from '../../platform/auth/guard.ts';
import { defineModule } from '../../platform/module.ts';
import { deliveryModule } from '../delivery/module.ts';
import { deviceModule } from '../device/module.ts';
import { networkModule } from '../network/module.ts';
import { portalChecks } from './portal.ts';
import { diagnosisRoutes } from './routes.ts';
import { DiagnosisService } from './service.ts';
import './alarm-hook.ts';

export const JOB_SWEEP = 'diagnosis.sweep';
const SYSTEM: Scope = { tenantId: null, admin: true };

export const diagnosisModule = defineModule({
  name: 'diagnosis',
  needs: { device: deviceModule, delivery: deliveryModule, network: networkModule },
  build(p, { device, delivery, network }) {
    const diagnosis = new DiagnosisService({
      db: p.db,
      clock: p.clock,
      log: p.log,
      hub: p.hub,
      events: p.events,
      requireDevice: (scope, id) => device.devices.require(scope, { _id: id }),
      networkName: async (scope, id) => (await network.networks.find(scope, id))?.name ?? null,
      startCampaign: async (scope, userId, runId, deviceIds, body) =>
        (
          await delivery.delivery.startCampaign(scope, userId, {
            kind: 'run_diagnosis',
            targets: deviceIds,
            body: () => body,
            ref: { id: runId, name: 'diagnosis' },
          })
        ).id,
      commandsOfCampaign: async (campaignId) =>
        new Map(
          (await delivery.delivery.targetsOf(SYSTEM, campaignId)).map((t) => [t.device_id, t.command_id]),
        ),
      commands: (ids) => device.commands.find(ids),
      portal: (req) => portalChecks({ publicUrl: p.config.publicUrl }, req),
    });
    // After the delivery engine's listener (registered before): the command row is the same.
    p.events.on('device.command', (row) => diagnosis.onCommand(row));
    p.jobs.define(JOB_SWEEP, () => diagnosis.sweep());
    p.jobs.every(JOB_SWEEP, { cron: '*/5 * * * *', timeZone: 'UTC' });
    return { diagnosis };
  },
  routes(app, { diagnosis }) {
    diagnosisRoutes(app, diagnosis);
  },
});
