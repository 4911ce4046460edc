/**
 * Tenant administration (role value 10): a tenant and its owner account are made, changed and
 * deleted together, so this module comes after the user domain; a tenant still in use is kept.
 */
import { defineModule } from '../../platform/module.ts';
import { deviceModule } from '../device/module.ts';
import { userModule } from '../user/module.ts';
import { tenantModule } from './module.ts';
import { TenantAdminService } from './admin-service.ts';
import { tenantRoutes } from './routes.ts';

export const tenantAdminModule = defineModule({
  name: 'tenant-admin',
  needs: { tenant: tenantModule, user: userModule, device: deviceModule },
  build: (p, { tenant, user, device }) => ({
    tenantAdmin: new TenantAdminService(p.db, p.clock, tenant.tenants, user.users, p.config.publicUrl, [
      (tenantId) => device.devices.tenantInUse(tenantId),
    ]),
  }),
  routes(app, { tenantAdmin }) {
    tenantRoutes(app, tenantAdmin);
  },
});
