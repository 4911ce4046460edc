import {
  AccountState,
  ErrorCode,
  type AddTenantBody,
  type ListReply,
  type TenantItem,
  type TenantListQuery,
  type TenantNamesReply,
  type UpdateTenantBody,
  type WeChatUrlReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import { isUniqueViolation, type Db } from '../../platform/store/db.ts';
import type { UserService } from '../user/service.ts';
import type { UserRow } from '../user/tables.ts';
import { tenantOperation, type TenantService } from './service.ts';
import { findTenant, listTenantNames, pageTenants, updateTenant, type TenantRow } from './store.ts';
import { sortOrders } from '../../platform/store/order.ts';

const ORDER = sortOrders({ CreateTime: 'created_at', Name: 'name', ServiceEnd: 'service_end' });

/**
 * Says whether a tenant still holds something that keeps it from being abandoned (25006). Other
 * domains register one: devices registered to the tenant, an open balance, and so on.
 */
export type TenantUsageCheck = (tenantId: string) => Promise<boolean>;

function item(t: TenantRow, owner: UserRow | undefined): TenantItem {
  return {
    _id: t.id,
    Name: t.name,
    Status: t.status,
    Phone: t.phone,
    Email: t.email,
    Operation: tenantOperation(t),
    Level: { Device: t.discount_device, Sms: t.discount_sms, Cloud: t.discount_cloud },
    ServiceStart: t.service_start,
    ServiceEnd: t.service_end,
    LogoPath: t.logo_path,
    CreateTime: t.created_at,
    Owner: owner ? { _id: owner.id, Username: owner.username, Name: owner.name } : null,
  };
}

/** Local midnight of the day `now` falls in: "today" of the service-period rule. */
function startOfDay(now: number): number {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Account management of tenants (role value 10): a tenant and its owner account are one thing. */
export class TenantAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly tenants: TenantService,
    private readonly users: UserService,
    private readonly publicUrl: string,
    /** What keeps a tenant from being deleted (its devices, …), asked of the domains that hold it. */
    private readonly usageChecks: readonly TenantUsageCheck[] = [],
  ) {}

  private requireAdmin(scope: Scope): void {
    if (!scope.admin) throw new AppError(ErrorCode.NoAccessRights);
  }

  private async requireLive(scope: Scope, id: string): Promise<TenantRow> {
    const t = await findTenant(this.db, scope, id);
    if (!t || t.status === AccountState.Abandoned) throw new AppError(ErrorCode.TenantNotFound);
    return t;
  }

  /**
   * spec §8 25004/25005: a start newly set may not lie before today (a start kept from before
   * may), and the end must come after the start.
   */
  private checkPeriod(start: number | null, end: number | null, startChanged: boolean): void {
    if (startChanged && start !== null && start < startOfDay(this.clock())) {
      throw new AppError(ErrorCode.ServiceStartNotAfterToday);
    }
    if (start !== null && end !== null && end <= start) throw new AppError(ErrorCode.ServiceEndBeforeStart);
  }

  async list(scope: Scope, q: TenantListQuery): Promise<ListReply<TenantItem>> {
    this.requireAdmin(scope);
    const { rows, count } = await pageTenants(this.db, scope, {
      search: q.search,
      status: q.Status,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      ...ORDER[q.sort]!,
    });
    const owners = await this.users.ownersOf(
      scope,
      rows.map((t) => t.id),
    );
    return {
      list: rows.map((t) => item(t, owners.get(t.id))),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort,
    };
  }

  async names(scope: Scope): Promise<TenantNamesReply> {
    this.requireAdmin(scope);
    const rows = await listTenantNames(this.db, scope);
    return { list: rows.map((t) => ({ _id: t.id, Name: t.name })) };
  }

  /** Creates the tenant and its owner account in one transaction. */
  async add(scope: Scope, body: AddTenantBody): Promise<TenantItem> {
    this.requireAdmin(scope);
    this.checkPeriod(body.ServiceStart, body.ServiceEnd, true);
    if (await this.users.usernameTaken(body.Username)) throw new AppError(ErrorCode.AccountExists);
    if (await this.users.emailTaken(body.Email)) throw new AppError(ErrorCode.EmailRegistered);
    if (await this.users.phoneTaken(body.Phone)) throw new AppError(ErrorCode.PhoneBound);
    // Hashed before the transaction: SQLite's one writer should not wait on argon2.
    const passwordHash = await hashPassword(body.Password);
    try {
      return await this.db.transaction().execute(async (trx) => {
        const tenant = await this.tenants.create(
          scope,
          {
            name: body.Name,
            phone: body.Phone,
            email: body.Email,
            operation: body.Operation,
            level: body.Level,
            serviceStart: body.ServiceStart,
            serviceEnd: body.ServiceEnd,
          },
          trx,
        );
        const owner = await this.users.createTenantOwner(
          tenant.id,
          {
            username: body.Username,
            password: body.Password,
            passwordHash,
            name: body.Contact ?? body.Name,
            email: body.Email,
            phone: body.Phone,
          },
          trx,
        );
        return item(tenant, owner);
      });
    } catch (err) {
      // Two administrators adding the same account name at once: the store's unique index decides.
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.AccountExists);
      throw err;
    }
  }

  async update(scope: Scope, body: UpdateTenantBody): Promise<TenantItem> {
    this.requireAdmin(scope);
    const t = await this.requireLive(scope, body._id);
    const start = body.ServiceStart ?? t.service_start;
    const end = body.ServiceEnd ?? t.service_end;
    this.checkPeriod(start, end, body.ServiceStart !== undefined && body.ServiceStart !== t.service_start);
    const op = body.Operation;
    const blocking = body.Status === AccountState.Blocked && t.status !== AccountState.Blocked;
    await this.db.transaction().execute(async (trx) => {
      await updateTenant(trx, scope, t.id, {
        ...(body.Name !== undefined && { name: body.Name }),
        ...(body.Phone !== undefined && { phone: body.Phone }),
        ...(body.Email !== undefined && { email: body.Email }),
        ...(op && {
          op_certified: op.Certified ? 1 : 0,
          op_analysis: op.Analysis ? 1 : 0,
          op_financial: op.Financial ? 1 : 0,
          op_adduser: op.AddUser ? 1 : 0,
        }),
        ...(body.Level && {
          discount_device: body.Level.Device,
          discount_sms: body.Level.Sms,
          discount_cloud: body.Level.Cloud,
        }),
        ...(body.ServiceStart !== undefined && { service_start: body.ServiceStart }),
        ...(body.ServiceEnd !== undefined && { service_end: body.ServiceEnd }),
        ...(body.Status !== undefined && { status: body.Status }),
        updated_at: this.clock(),
      });
      // A blocked tenant's accounts are signed out now, not at their next call.
      if (blocking) await this.users.endTenantSessions(scope, t.id, trx);
    });
    const updated = (await findTenant(this.db, scope, t.id))!;
    return item(updated, (await this.users.ownersOf(scope, [t.id])).get(t.id));
  }

  /** DELETE disabled/{id}: abandoned (state 0), every session of its accounts ended. */
  async disable(scope: Scope, id: string): Promise<void> {
    this.requireAdmin(scope);
    const t = await this.requireLive(scope, id);
    for (const inUse of this.usageChecks) {
      if (await inUse(t.id)) throw new AppError(ErrorCode.TenantInUse);
    }
    await this.db.transaction().execute(async (trx) => {
      await updateTenant(trx, scope, t.id, { status: AccountState.Abandoned, updated_at: this.clock() });
      await this.users.endTenantSessions(scope, t.id, trx);
    });
  }

  /** The tenant's WeChat portal entry: the console's public /wechat route with the tenant named. */
  async weChatUrl(scope: Scope, id: string): Promise<WeChatUrlReply> {
    this.requireAdmin(scope);
    const t = await this.requireLive(scope, id);
    return { Tenant: t.id, Url: `${this.publicUrl}/wechat?tenant=${encodeURIComponent(t.id)}` };
  }
}
