import {
  ErrorCode,
  addTeUserBody,
  errorText,
  idParams,
  okReply,
  tenantUserItem,
  tenantUserList,
  tenantUserQuery,
  updateUserBody,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { CoAdminService } from './coadmin-service.ts';

const auth: AuthRule = { roles: ['adduser'] };
const fieldCodes = {
  Username: ErrorCode.AccountNameFormat,
  Password: ErrorCode.PasswordWeak,
  Email: ErrorCode.EmailFormat,
  Phone: ErrorCode.PhoneFormat,
};
const tags = ['user'];

export function coAdminRoutes(app: App, coAdmins: CoAdminService): void {
  app.get(
    '/v1/user/tenantUser',
    {
      schema: {
        tags,
        summary: "The tenant's co-administrators, paged",
        querystring: tenantUserQuery,
        response: replies({ 200: tenantUserList }),
      },
      config: { auth },
    },
    (req) => coAdmins.list(scopeOf(principalOf(req)), req.query),
  );
  app.post(
    '/v1/user/addteUser',
    {
      schema: {
        tags,
        summary: 'Add a co-administrator',
        body: addTeUserBody,
        response: replies({ 200: tenantUserItem }),
      },
      config: { auth, fieldCodes },
    },
    (req) => coAdmins.add(scopeOf(principalOf(req)), req.body),
  );
  app.put(
    '/v1/user/update',
    {
      schema: {
        tags,
        summary: 'Change a co-administrator',
        body: updateUserBody,
        response: replies({ 200: tenantUserItem }),
      },
      config: { auth, fieldCodes },
    },
    (req) => coAdmins.update(scopeOf(principalOf(req)), req.body),
  );
  app.delete(
    '/v1/user/disabled/:id',
    {
      schema: {
        tags,
        summary: 'Remove a co-administrator (abandoned, signed out)',
        params: idParams,
        response: replies({ 200: okReply }),
      },
      config: { auth },
    },
    async (req) => {
      await coAdmins.disable(scopeOf(principalOf(req)), req.params.id);
      return { ok: true as const, message: errorText(ErrorCode.DeleteSuccess, requestLang(req)) };
    },
  );
}
