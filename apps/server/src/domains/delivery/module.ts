/**
 * The delivery domain: the engine that sends one command kind to many devices as a campaign
 * (docs/delivery.md), used by configuration (`apply_config`) and next by firmware, diagnosis and
 * the wizard's reset; and the ISSUED reads of its campaigns and their targets.
 */
import { defineModule } from '../../platform/module.ts';
import { background } from '../../platform/store/db.ts';
import { deviceModule } from '../device/module.ts';
import { DeliveryEngine, JOB_ADVANCE, JOB_SWEEP } from './engine.ts';
import { IssuedReads } from './issued.ts';
import { deliveryRoutes } from './routes.ts';

export const deliveryModule = defineModule({
  name: 'delivery',
  needs: { device: deviceModule },
  build(p, { device }) {
    // Its steps, claims and copies of the targets run by the thousand: the store's background lane,
    // behind the requests' reads and writes (db.ts); the ISSUED lists read like any list.
    const delivery = new DeliveryEngine(
      background(p.db),
      p.clock,
      p.log,
      p.jobs,
      device.devices,
      device.commands,
      p.hub,
      p.jobs.node,
      // A firmware target succeeds only on the version the device's hello reported (engine.ts).
      async (sn) => (await device.live.get(sn))?.fwVersion || null,
      // Maintenance windows of deliveries: the notification domain listens (maintenance.ts).
      p.events,
    );
    // The reports on the kinds campaigns send go to the command service like every report; the
    // engine hears their effect through `device.command` (reset's are the device domain's already).
    p.gateway.onAck(['apply_config', 'upgrade_firmware', 'run_diagnosis', 'cancel'], (sn, ack) =>
      device.commands.report(sn, ack),
    );
    p.events.on('device.command', (row) => delivery.onCommand(row));
    p.jobs.define<{ campaignId: string }>(JOB_ADVANCE, ({ payload }) => delivery.advance(payload.campaignId));
    p.jobs.define(JOB_SWEEP, () => delivery.sweep());
    // Catches up after a node died mid-step; a restart does the same at once (start, below).
    p.jobs.every(JOB_SWEEP, { cron: '*/5 * * * *', timeZone: 'UTC' });
    return { delivery, issued: new IssuedReads(p.db, device.devices) };
  },
  routes(app, { issued, delivery }) {
    deliveryRoutes(app, issued, delivery);
  },
  // Campaigns left open resume from their rows as a job run, so after the gateway takes messages
  // (jobs start last); a store without any adds no run.
  start: async ({ delivery }, p) => {
    if (await delivery.anyActive()) await p.jobs.enqueue(JOB_SWEEP, null, { key: 'start' });
  },
  // The server is closing: no more commands are issued from here (targets not issued yet stay
  // pending for the next start); after the gateway stopped, the steps under way finish the commands
  // being issued before the store closes (engine.ts, stop).
  preClose: ({ delivery }) => delivery.halt(),
  stop: ({ delivery }) => delivery.stop(),
});
