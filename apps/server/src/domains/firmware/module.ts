/**
 * The firmware domain: the image library (upload, list, update, remove, the library view), its
 * files in the platform's file store, and the signed, resumable downloads devices fetch images
 * through (docs/firmware.md). The upgrades themselves are dispatch-module.ts.
 */
import path from 'node:path';
import multipart from '@fastify/multipart';
import { FIRMWARE_MAX_BYTES } from '@netconsole/contract';
import { fileSigningKey } from '../../platform/files/signing.ts';
import { defineModule } from '../../platform/module.ts';
import { deliveryModule } from '../delivery/module.ts';
import { firmwareImageRoutes } from './image-routes.ts';
import { FirmwareImages } from './images.ts';
import { firmwareRoutes, firmwareUploadRoute } from './routes.ts';

/** Campaigns of every tenant: an image id names one image, whoever's campaign sends it. */
const ALL = { tenantId: null, admin: true };

export const firmwareModule = defineModule({
  name: 'firmware',
  needs: { delivery: deliveryModule },
  build: (p, { delivery }) => {
    const images = new FirmwareImages(
      p.db,
      p.files,
      p.clock,
      path.join(p.config.dataDir, 'tmp', 'firmware-uploads'),
      fileSigningKey(p.config),
      () => p.config.publicUrl,
      (id) => delivery.delivery.sending(ALL, 'upgrade_firmware', id),
    );
    return { images };
  },
  async routes(app, { images }, p) {
    firmwareRoutes(app, images);
    // Read per download, so a test can set it on the running server's config.
    firmwareImageRoutes(app, images, () => p.config.firmwareDownloadKbps);
    // Only the upload takes multipart bodies; every other route still refuses them (4150).
    await app.register(async (scoped) => {
      await scoped.register(multipart, {
        limits: { files: 1, fields: 20, fileSize: FIRMWARE_MAX_BYTES },
      });
      firmwareUploadRoute(scoped, images);
    });
  },
  start: ({ images }) => images.start(),
});
