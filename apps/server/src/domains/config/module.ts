/**
 * The config domain: configuration profiles per device type, the profiles an access controller
 * pushes to its APs, their wireless groups and every saved version; their delivery as campaigns of
 * the delivery engine and what each device runs (docs/configuration.md).
 */
import { defineModule } from '../../platform/module.ts';
import { deliveryModule } from '../delivery/module.ts';
import { deviceModule } from '../device/module.ts';
import { ConfigDispatch } from './dispatch.ts';
import { configRoutes } from './routes.ts';
import { ConfigService } from './service.ts';

export const configModule = defineModule({
  name: 'config',
  needs: { device: deviceModule, delivery: deliveryModule },
  build: (p, { device, delivery }) => {
    const configs = new ConfigService(p.db, p.clock, device.placement, (scope, id) =>
      delivery.delivery.sending(scope, 'apply_config', id),
    );
    const dispatch = new ConfigDispatch(
      p.db,
      configs,
      device.devices,
      device.placement,
      delivery.delivery,
      delivery.issued,
    );
    // A delivery the device confirmed decides what it should run (the delivery module registered
    // the reports of apply_config; this hears their effect, after the engine's own listener).
    p.events.on('device.command', (row) => dispatch.onCommand(row));
    return { configs, dispatch };
  },
  routes(app, { configs, dispatch }) {
    configRoutes(app, configs, dispatch);
  },
});
