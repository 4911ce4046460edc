import {
  ErrorCode,
  addTenantBody,
  errorText,
  idParams,
  okReply,
  tenantItem,
  tenantList,
  tenantListQuery,
  tenantNamesReply,
  updateTenantBody,
  weChatUrlQuery,
  weChatUrlReply,
} from '@netconsole/contract';
import { principalOf, scopeOf, type AuthRule } from '../../platform/auth/guard.ts';
import { requestLang } from '../../platform/http/lang.ts';
import { replies, type App } from '../../platform/http/schemas.ts';
import type { TenantAdminService } from './admin-service.ts';

/** Tenants are the administrator's (role value 10, spec §2 "/user/list (role value 10 only)"). */
const auth: AuthRule = { accountRoles: [10] };
const fieldCodes = {
  Username: ErrorCode.AccountNameFormat,
  Password: ErrorCode.PasswordWeak,
  Name: ErrorCode.TenantInfoIncomplete,
  Contact: ErrorCode.TenantInfoIncomplete,
  Operation: ErrorCode.TenantInfoIncomplete,
  Level: ErrorCode.TenantInfoIncomplete,
  ServiceStart: ErrorCode.TenantInfoIncomplete,
  ServiceEnd: ErrorCode.TenantInfoIncomplete,
  Phone: ErrorCode.TenantContactInvalid,
  Email: ErrorCode.TenantContactInvalid,
};
const tags = ['tenant'];

export function tenantRoutes(app: App, tenants: TenantAdminService): void {
  app.get(
    '/v1/tenant/list',
    {
      schema: {
        tags,
        summary: 'Tenants, paged, with their owner accounts',
        querystring: tenantListQuery,
        response: replies({ 200: tenantList }),
      },
      config: { auth },
    },
    (req) => tenants.list(scopeOf(principalOf(req)), req.query),
  );
  app.get(
    '/v1/tenant/getAll',
    {
      schema: {
        tags,
        summary: 'Ids and names of the live tenants',
        response: replies({ 200: tenantNamesReply }),
      },
      config: { auth },
    },
    (req) => tenants.names(scopeOf(principalOf(req))),
  );
  app.post(
    '/v1/tenant/add',
    {
      schema: {
        tags,
        summary: 'Create a tenant and its owner account',
        body: addTenantBody,
        response: replies({ 200: tenantItem }),
      },
      config: { auth, fieldCodes },
    },
    (req) => tenants.add(scopeOf(principalOf(req)), req.body),
  );
  app.put(
    '/v1/tenant/update',
    {
      schema: {
        tags,
        summary: 'Change a tenant (state 2 blocks it and ends its sessions)',
        body: updateTenantBody,
        response: replies({ 200: tenantItem }),
      },
      config: { auth, fieldCodes },
    },
    (req) => tenants.update(scopeOf(principalOf(req)), req.body),
  );
  app.delete(
    '/v1/tenant/disabled/:id',
    {
      schema: {
        tags,
        summary: 'Abandon a tenant (state 0) and end its sessions',
        params: idParams,
        response: replies({ 200: okReply }),
      },
      config: { auth },
    },
    async (req) => {
      await tenants.disable(scopeOf(principalOf(req)), req.params.id);
      return { ok: true as const, message: errorText(ErrorCode.DeleteSuccess, requestLang(req)) };
    },
  );
  app.get(
    '/v1/tenant/getWeChatUrl',
    {
      schema: {
        tags,
        summary: "The tenant's WeChat portal URL",
        querystring: weChatUrlQuery,
        response: replies({ 200: weChatUrlReply }),
      },
      config: { auth },
    },
    (req) => tenants.weChatUrl(scopeOf(principalOf(req)), req.query.id),
  );
}
