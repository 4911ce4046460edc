/** The logo domain: a tenant's logo, uploaded as multipart and kept in the file store. */
import { LOGO_MAX_BYTES } from '@netconsole/contract';
import multipart from '@fastify/multipart';
import { defineModule } from '../../platform/module.ts';
import { tenantModule } from '../tenant/module.ts';
import { logoRoutes } from './routes.ts';
import { LogoService } from './service.ts';

export const logoModule = defineModule({
  name: 'logo',
  needs: { tenant: tenantModule },
  build: (p, { tenant }) => ({ logos: new LogoService(p.files, tenant.tenants) }),
  async routes(app, { logos }) {
    // Only the logo upload takes multipart bodies; every other route still refuses them (4150).
    await app.register(async (scoped) => {
      await scoped.register(multipart, { limits: { files: 1, fields: 10, fileSize: LOGO_MAX_BYTES } });
      logoRoutes(scoped, logos);
    });
  },
});
