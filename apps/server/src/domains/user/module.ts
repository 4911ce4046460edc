/**
 * The user domain: accounts, sign-in and sessions, roles, the personal centre, co-administrators.
 * Installs the guard every route's `auth` rule goes through, so it comes before any module with routes.
 */
import { installAuth } from '../../platform/auth/guard.ts';
import { defineModule } from '../../platform/module.ts';
import { tenantModule } from '../tenant/module.ts';
import { AccountService } from './account-service.ts';
import { accountRoutes } from './account-routes.ts';
import { CoAdminService } from './coadmin-service.ts';
import { coAdminRoutes } from './coadmin-routes.ts';
import { profileRoutes } from './profile-routes.ts';
import { userRoutes } from './routes.ts';
import { UserService } from './service.ts';

export const userModule = defineModule({
  name: 'user',
  needs: { tenant: tenantModule },
  build(p, { tenant }) {
    const users = new UserService({
      db: p.db,
      clock: p.clock,
      mode: p.config.mode,
      throttle: p.config.loginThrottle,
      tenants: tenant.tenants,
    });
    const coAdmins = new CoAdminService(p.db, p.clock, users, tenant.tenants);
    const accounts = new AccountService(p.db, users, tenant.tenants);
    return { users, coAdmins, accounts };
  },
  routes(app, { users, coAdmins, accounts }) {
    installAuth(app, (token, o) => users.resolvePrincipal(token, o));
    userRoutes(app, users);
    profileRoutes(app, users);
    coAdminRoutes(app, coAdmins);
    accountRoutes(app, accounts);
  },
});
