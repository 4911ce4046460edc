/**
 * The config domain: configuration profiles per device type, the profiles an access controller
 * pushes to its APs, their wireless groups and every saved version; their delivery as campaigns of
 * the delivery engine and what each device runs (docs/configuration.md).
 */
import multipart from '@fastify/multipart';
import { CONFIG_FILE_MAX_BYTES } from '@netconsole/contract';
import { fileSigningKey } from '../../platform/files/signing.ts';
import { defineModule } from '../../platform/module.ts';
import { deliveryModule } from '../delivery/module.ts';
import { deviceModule } from '../device/module.ts';
import { tenantModule } from '../tenant/module.ts';
import { ConfigDispatch } from './dispatch.ts';
import { configFileRoutes } from './file-routes.ts';
import { ConfigFileCleanup, JOB_FILES_CLEANUP } from './files-cleanup.ts';
import { ConfigFiles } from './files.ts';
import { ConfigHistory } from './history.ts';
import { historyRoutes } from './history-routes.ts';
import { configRoutes } from './routes.ts';
import { ConfigService } from './service.ts';

export const configModule = defineModule({
  name: 'config',
  needs: { tenant: tenantModule, device: deviceModule, delivery: deliveryModule },
  build: (p, { tenant, device, delivery }) => {
    const files = new ConfigFiles(p.files, p.clock, fileSigningKey(p.config), () => p.config.publicUrl);
    const configs = new ConfigService(
      p.db,
      p.clock,
      device.placement,
      (scope, id) => delivery.delivery.sending(scope, 'apply_config', id),
      files,
    );
    const dispatch = new ConfigDispatch(
      p.db,
      configs,
      device.devices,
      device.placement,
      delivery.delivery,
      delivery.issued,
      files,
      p.clock,
    );
    // A delivery the device confirmed decides what it should run (the delivery module registered
    // the reports of apply_config; this hears their effect, after the engine's own listener).
    p.events.on('device.command', (row) => dispatch.onCommand(row));
    const history = new ConfigHistory(p.db, p.clock, configs, dispatch);
    const cleanup = new ConfigFileCleanup(
      p.db,
      files,
      p.clock,
      () => tenant.tenants.liveIds({ tenantId: null, admin: true }),
      p.log,
    );
    p.jobs.define(JOB_FILES_CLEANUP, async () => {
      await cleanup.run();
    });
    // Hourly: an upload outlives its 24 hours by an hour at most.
    p.jobs.every(JOB_FILES_CLEANUP, { cron: '41 * * * *', timeZone: 'UTC' });
    return { configs, dispatch, configFiles: files, history };
  },
  async routes(app, { configs, dispatch, configFiles, history }) {
    configRoutes(app, configs, dispatch);
    historyRoutes(app, history);
    // Only the file upload takes multipart bodies; every other route still refuses them (4150).
    await app.register(async (scoped) => {
      await scoped.register(multipart, {
        limits: { files: 1, fields: 10, fileSize: CONFIG_FILE_MAX_BYTES },
      });
      configFileRoutes(scoped, configFiles);
    });
  },
});
