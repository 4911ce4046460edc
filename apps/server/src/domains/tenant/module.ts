/** The tenant domain: tenants and their settings (administered in ./admin-module.ts). */
import { defineModule } from '../../platform/module.ts';
import { TenantService } from './service.ts';

export const tenantModule = defineModule({
  name: 'tenant',
  build: (p) => ({ tenants: new TenantService(p.db, p.clock) }),
});
