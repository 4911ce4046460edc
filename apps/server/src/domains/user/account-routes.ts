import { ErrorCode, accountItem, accountList, accountQuery, addAccountBody } from '@netconsole/contract';
import { principalOf, scopeOf } from '../../platform/auth/guard.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { AccountService } from './account-service.ts';

const tags = ['user'];

export function accountRoutes(app: App, accounts: AccountService): void {
  app.get(
    '/v1/user/list',
    {
      schema: {
        tags,
        summary:
          'Accounts of every type, paged: the administrator sees the platform’s (filter by Type, TenantId), a tenant its own',
        querystring: accountQuery,
        response: replies({ 200: accountList }),
      },
      // The /user/list screen's role (spec §2); the administrator holds every role.
      config: { auth: { roles: ['adduser'] } },
    },
    (req) => accounts.list(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/user/add',
    {
      schema: {
        tags,
        summary:
          'The administrator adds another administrator (owners come with tenant/add, co-administrators with addteUser)',
        body: addAccountBody,
        response: replies({ 200: accountItem }),
      },
      config: {
        auth: { accountRoles: [10] },
        fieldCodes: {
          Username: ErrorCode.AccountNameFormat,
          Password: ErrorCode.PasswordWeak,
          Email: ErrorCode.EmailFormat,
          Phone: ErrorCode.PhoneFormat,
        },
      },
    },
    (req) => accounts.addAdministrator(scopeOf(principalOf(req)), req.body),
  );
}
