import {
  ErrorCode,
  type AccountItem,
  type AccountQuery,
  type AddAccountBody,
  type ListReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sortOrders } from '../../platform/store/order.ts';
import type { Db } from '../../platform/store/db.ts';
import type { TenantService } from '../tenant/service.ts';
import type { UserService } from './service.ts';
import { pageAccounts, type UserRow } from './store.ts';

const ORDER = sortOrders({ CreateTime: 'created_at', Username: 'username', Name: 'name' });

function item(u: UserRow, tenantName: string | undefined): AccountItem {
  return {
    _id: u.id,
    Username: u.username,
    Name: u.name,
    Email: u.email,
    Phone: u.phone,
    Role: u.role,
    Type: u.type,
    Status: u.status,
    Online: u.online === 1,
    Tenant: u.tenant_id ? { _id: u.tenant_id, Name: tenantName ?? '' } : null,
    LastLogin: u.last_login_at,
    CreateTime: u.created_at,
  };
}

/**
 * Accounts of every type (spec §7 `add` and `list`, beside the co-administrators' `addteUser` and
 * `tenantUser`): the administrator's view over the platform's accounts and the one way to add
 * another administrator; a tenant's view of its own accounts.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly tenants: TenantService,
  ) {}

  /** Owners come with their tenant (tenant/add), co-administrators through addteUser. */
  async addAdministrator(scope: Scope, body: AddAccountBody): Promise<AccountItem> {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
    if (body.Email && (await this.users.emailTaken(body.Email)))
      throw new AppError(ErrorCode.EmailRegistered);
    if (body.Phone && (await this.users.phoneTaken(body.Phone))) throw new AppError(ErrorCode.PhoneBound);
    const row = await this.users.createAdministrator({
      username: body.Username,
      password: body.Password,
      name: body.Name,
      email: body.Email,
      phone: body.Phone,
    });
    return item(row, undefined);
  }

  async list(scope: Scope, q: AccountQuery): Promise<ListReply<AccountItem>> {
    const { rows, count } = await pageAccounts(this.db, scope, {
      type: q.Type,
      tenantId: q.TenantId,
      search: q.search,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      ...ORDER[q.sort]!,
    });
    const names = new Map<string, string>();
    for (const id of new Set(rows.map((r) => r.tenant_id).filter((t): t is string => t !== null))) {
      const tenant = await this.tenants.get(scope, id);
      if (tenant) names.set(id, tenant.name);
    }
    return {
      list: rows.map((r) => item(r, r.tenant_id ? names.get(r.tenant_id) : undefined)),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort,
    };
  }
}
