import {
  AccountState,
  AccountType,
  ErrorCode,
  type AddTeUserBody,
  type ListReply,
  type TenantUserItem,
  type UpdateUserBody,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { TenantService } from '../tenant/service.ts';
import type { UserService } from './service.ts';
import {
  endUserSessions,
  findUser,
  pageTenantUsers,
  tenantNameTaken,
  updateUser,
  type UserRow,
} from './store.ts';
import { sortOrders } from '../../platform/store/order.ts';

const ORDER = sortOrders({ CreateTime: 'created_at', Username: 'username', Name: 'name' });

function item(u: UserRow): TenantUserItem {
  return {
    _id: u.id,
    Username: u.username,
    Name: u.name,
    Email: u.email,
    Phone: u.phone,
    Status: u.status,
    Online: u.online === 1,
    Operation: {
      Certified: u.op_certified === 1,
      Analysis: u.op_analysis === 1,
      Financial: u.op_financial === 1,
    },
    LastLogin: u.last_login_at,
    CreateTime: u.created_at,
  };
}

/** A tenant's co-administrators (spec §6, screen /user/list): the tenant manages them. */
export class CoAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly users: UserService,
    private readonly tenants: TenantService,
  ) {}

  /**
   * Whose co-administrators: a tenant's own; the administrator (no tenant of its own) names one.
   * Not 4012: that code ends a browser session, and the administrator may be here.
   */
  private tenantOf(scope: Scope, chosen?: string): string {
    if (!scope.admin) {
      if (!scope.tenantId) throw new AppError(ErrorCode.NoAccessRights);
      return scope.tenantId;
    }
    if (!chosen) throw new AppError(ErrorCode.TenantNotFound);
    return chosen;
  }

  private async refuseTakenContacts(email: string | undefined, phone: string | undefined, exceptId?: string) {
    if (email && (await this.users.emailTaken(email, exceptId)))
      throw new AppError(ErrorCode.EmailRegistered);
    if (phone && (await this.users.phoneTaken(phone, exceptId))) throw new AppError(ErrorCode.PhoneBound);
  }

  async add(scope: Scope, body: AddTeUserBody): Promise<TenantUserItem> {
    const tenantId = this.tenantOf(scope, body.TenantId);
    if (scope.admin && !(await this.tenants.get(scope, tenantId)))
      throw new AppError(ErrorCode.TenantNotFound);
    if (await tenantNameTaken(this.db, scope, tenantId, body.Name))
      throw new AppError(ErrorCode.NameDuplicated);
    await this.refuseTakenContacts(body.Email, body.Phone);
    const row = await this.users.createCoAdministrator(scope, tenantId, {
      username: body.Username,
      password: body.Password,
      name: body.Name,
      email: body.Email,
      phone: body.Phone,
      operation: body.Operation,
    });
    return item(row);
  }

  async list(
    scope: Scope,
    q: {
      page: number;
      limit: number;
      sort: string;
      search?: string | undefined;
      TenantId?: string | undefined;
    },
  ): Promise<ListReply<TenantUserItem>> {
    const tenantId = this.tenantOf(scope, q.TenantId);
    const { rows, count } = await pageTenantUsers(this.db, scope, tenantId, {
      type: AccountType.CoAdministrator,
      search: q.search,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      ...ORDER[q.sort]!,
    });
    return { list: rows.map(item), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  private async requireCoAdmin(scope: Scope, id: string): Promise<UserRow> {
    const u = await findUser(this.db, scope, id);
    // Another tenant's account, the tenant owner and abandoned accounts are all "not here".
    if (!u || u.type !== AccountType.CoAdministrator || u.status === AccountState.Abandoned) {
      throw new AppError(ErrorCode.UserNotExist);
    }
    return u;
  }

  async update(scope: Scope, body: UpdateUserBody): Promise<TenantUserItem> {
    const u = await this.requireCoAdmin(scope, body._id);
    if (body.Name !== undefined && (await tenantNameTaken(this.db, scope, u.tenant_id!, body.Name, u.id))) {
      throw new AppError(ErrorCode.NameDuplicated);
    }
    await this.refuseTakenContacts(body.Email, body.Phone, u.id);
    const now = this.clock();
    await updateUser(this.db, scope, u.id, {
      ...(body.Name !== undefined && { name: body.Name }),
      ...(body.Email !== undefined && { email: body.Email }),
      ...(body.Phone !== undefined && { phone: body.Phone }),
      ...(body.Operation && {
        op_certified: body.Operation.Certified ? 1 : 0,
        op_analysis: body.Operation.Analysis ? 1 : 0,
        op_financial: body.Operation.Financial ? 1 : 0,
      }),
      ...(body.Status !== undefined && { status: body.Status }),
      ...(body.Password !== undefined && { password_hash: await hashPassword(body.Password) }),
      updated_at: now,
    });
    // A blocked account or a new password ends the sessions it had.
    if (body.Status === AccountState.Blocked || body.Password !== undefined) {
      await endUserSessions(this.db, u.id, 'disabled', now);
      await updateUser(this.db, scope, u.id, { online: 0 });
    }
    return item((await findUser(this.db, scope, u.id))!);
  }

  /** DELETE disabled/{id}: the account is abandoned (state 0) and signed out. */
  async disable(scope: Scope, id: string): Promise<void> {
    const u = await this.requireCoAdmin(scope, id);
    const now = this.clock();
    await updateUser(this.db, scope, u.id, { status: AccountState.Abandoned, online: 0, updated_at: now });
    await endUserSessions(this.db, u.id, 'disabled', now);
  }
}
