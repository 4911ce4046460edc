/**
 * Firmware upgrades: images delivered to devices as campaigns of the delivery engine, applied only
 * when the device comes back on the new version (docs/firmware-upgrades.md). The engine registers
 * the `upgrade_firmware` reports and checks the version on success (delivery/engine.ts); this
 * module starts the campaigns.
 */
import { defineModule } from '../../platform/module.ts';
import { deliveryModule } from '../delivery/module.ts';
import { deviceModule } from '../device/module.ts';
import { networkModule } from '../network/module.ts';
import { FirmwareDispatch } from './dispatch.ts';
import { firmwareDispatchRoutes } from './dispatch-routes.ts';
import { firmwareModule } from './module.ts';

export const firmwareDispatchModule = defineModule({
  name: 'firmware-dispatch',
  needs: { firmware: firmwareModule, delivery: deliveryModule, device: deviceModule, network: networkModule },
  build: (p, { firmware, delivery, device, network }) => ({
    firmwareDispatch: new FirmwareDispatch(
      firmware.images,
      device.devices,
      device.placement,
      delivery.delivery,
      delivery.issued,
      p.clock,
      // A window runs in each device's network's zone (docs/firmware-upgrades.md, "Window").
      (scope, ids) => network.networks.timeZones(scope, ids),
    ),
  }),
  routes(app, { firmwareDispatch }) {
    firmwareDispatchRoutes(app, firmwareDispatch);
  },
});
