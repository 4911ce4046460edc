/**
 * The config domain: configuration profiles per device type, the profiles an access controller
 * pushes to its APs, their wireless groups and every saved version (docs/configuration.md).
 */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { configRoutes } from './routes.ts';
import { ConfigService } from './service.ts';

export const configModule = defineModule({
  name: 'config',
  needs: { device: deviceModule },
  build: (p, { device }) => ({ configs: new ConfigService(p.db, p.clock, device.placement) }),
  routes(app, { configs }) {
    configRoutes(app, configs);
  },
});
