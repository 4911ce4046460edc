import {
  AccountRole,
  AccountState,
  AccountType,
  ErrorCode,
  LOGIN_ROLES,
  deriveRouteRoles,
  type CurrentUser,
  type Lang,
  type LoginReply,
  type Operation,
} from '@netconsole/contract';
import type { LoginThrottlePolicy, Mode } from '../../platform/config.ts';
import type { Principal, Scope } from '../../platform/auth/guard.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.ts';
import { newToken, tokenHash } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { summarize, tenantOperation, type TenantService } from '../tenant/service.ts';
import type { TenantRow } from '../tenant/store.ts';
import {
  clearLoginFailure,
  endSession,
  endUserSessions,
  findSessionByTokenHash,
  findUser,
  findUserForSignIn,
  getLoginFailure,
  insertSession,
  insertUser,
  putLoginFailure,
  touchSession,
  updateUser,
  usernameTaken,
  type UserRow,
} from './store.ts';

/** spec §9: the token lifetime defaults to 3 minutes of inactivity. */
export const DEFAULT_TIMEOUT_MINUTES = 3;
/** A session's expiry is pushed forward at most this often, to spare the store a write per call. */
const TOUCH_EVERY_MS = 10_000;

export interface UserServiceDeps {
  db: Db;
  clock: Clock;
  mode: Mode;
  throttle: LoginThrottlePolicy;
  tenants: TenantService;
  sleep?: (ms: number) => Promise<void>;
}

export interface NewUser {
  username: string;
  password: string;
  name: string;
  email?: string;
  phone?: string;
  timeoutMinutes?: number;
  /** Co-administrators only: what this sub-user may do (AddUser is never granted). */
  operation?: Operation;
}

interface SignInContext {
  address: string;
  userAgent: string;
}

const flag = (b: boolean | undefined) => (b ? 1 : 0);

export class UserService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly deps: UserServiceDeps) {
    this.db = deps.db;
    this.clock = deps.clock;
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  // ---- accounts ----

  async createAdministrator(input: NewUser): Promise<UserRow> {
    return this.insert(null, AccountRole.Administrator, AccountType.Administrator, input);
  }

  async createTenantOwner(tenantId: string, input: NewUser): Promise<UserRow> {
    return this.insert(tenantId, AccountRole.User, AccountType.Tenant, input);
  }

  async createCoAdministrator(scope: Scope, tenantId: string, input: NewUser): Promise<UserRow> {
    if (!scope.admin && scope.tenantId !== tenantId) throw new AppError(ErrorCode.NoAccessRights);
    return this.insert(tenantId, AccountRole.User, AccountType.CoAdministrator, input);
  }

  private async insert(
    tenantId: string | null,
    role: number,
    type: number,
    input: NewUser,
  ): Promise<UserRow> {
    if (await usernameTaken(this.db, input.username)) throw new AppError(ErrorCode.AccountExists);
    const now = this.clock();
    const op = type === AccountType.CoAdministrator ? input.operation : undefined;
    const row: UserRow = {
      id: newId(),
      tenant_id: tenantId,
      username: input.username,
      name: input.name,
      role,
      type,
      password_hash: await hashPassword(input.password),
      email: input.email ?? '',
      phone: input.phone ?? '',
      status: AccountState.Normal,
      op_certified: flag(op?.Certified),
      op_analysis: flag(op?.Analysis),
      op_financial: flag(op?.Financial),
      timeout_minutes: input.timeoutMinutes ?? DEFAULT_TIMEOUT_MINUTES,
      language: 'en',
      online: 0,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertUser(this.db, row);
    return row;
  }

  // ---- sign-in ----

  async login(username: string, password: string, ctx: SignInContext): Promise<LoginReply> {
    const keys = [`account:${username.toLowerCase()}`, `address:${ctx.address}`];
    await this.refuseIfLocked(keys);

    const user = await findUserForSignIn(this.db, username);
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !ok) {
      const delay = await this.recordFailure(keys);
      if (delay > 0) await this.sleep(delay);
      throw new AppError(ErrorCode.AccountOrPasswordError);
    }
    if (!LOGIN_ROLES.includes(user.role)) throw new AppError(ErrorCode.LoginRoleNotAllowed);
    if (user.status !== AccountState.Normal) throw new AppError(ErrorCode.UserAbnormal);
    const tenant = await this.tenantOf(user);
    const now = this.clock();
    if (tenant?.service_end != null && tenant.service_end < now) throw new AppError(ErrorCode.AccountExpired);

    await clearLoginFailure(this.db, keys[0]!);
    const token = newToken();
    await this.db.transaction().execute(async (trx) => {
      // One session per account: the earlier one learns of it (4011) on its next call.
      await endUserSessions(trx, user.id, 'elsewhere', now);
      await insertSession(trx, {
        id: newId(),
        token_hash: tokenHash(token),
        user_id: user.id,
        tenant_id: user.tenant_id,
        created_at: now,
        last_seen_at: now,
        expires_at: now + user.timeout_minutes * 60_000,
        ended_at: null,
        end_reason: null,
        address: ctx.address.slice(0, 64),
        user_agent: ctx.userAgent.slice(0, 256),
      });
      await updateUser(trx, { tenantId: null, admin: true }, user.id, { online: 1, last_login_at: now });
    });
    return { Token: token, ...this.describe(user, tenant) };
  }

  private async tenantOf(user: UserRow): Promise<TenantRow | null> {
    if (user.role === AccountRole.Administrator) return null;
    const tenant = user.tenant_id
      ? await this.deps.tenants.get({ tenantId: user.tenant_id, admin: false }, user.tenant_id)
      : undefined;
    if (!tenant || tenant.status !== AccountState.Normal) throw new AppError(ErrorCode.TenantAbnormal);
    return tenant;
  }

  private async refuseIfLocked(keys: string[]): Promise<void> {
    const now = this.clock();
    for (const key of keys) {
      const f = await getLoginFailure(this.db, key);
      if (f?.locked_until && f.locked_until > now) {
        throw new AppError(ErrorCode.SignInLocked, { minutes: Math.ceil((f.locked_until - now) / 60_000) });
      }
    }
  }

  /** Counts a failure against the account and the address; returns how long to hold the reply. */
  private async recordFailure(keys: string[]): Promise<number> {
    const p = this.deps.throttle;
    const now = this.clock();
    let worst = 0;
    for (const key of keys) {
      const prev = await getLoginFailure(this.db, key);
      const fresh =
        !prev || now - prev.last_failure_at > p.windowMinutes * 60_000 || (prev.locked_until ?? 0) > 0;
      const failures = fresh ? 1 : prev.failures + 1;
      const lockAfter = key.startsWith('account:') ? p.lockAccountAfter : p.lockAddressAfter;
      await putLoginFailure(this.db, {
        key,
        failures: failures >= lockAfter ? 0 : failures,
        first_failure_at: fresh ? now : prev.first_failure_at,
        last_failure_at: now,
        locked_until: failures >= lockAfter ? now + p.lockMinutes * 60_000 : null,
      });
      worst = Math.max(worst, failures);
    }
    return worst > p.slowAfter ? Math.min(p.slowMaxMs, (worst - p.slowAfter) * p.slowStepMs) : 0;
  }

  // ---- sessions ----

  async resolvePrincipal(token: string, opts: { allowExpired: boolean }): Promise<Principal> {
    const now = this.clock();
    const session = await findSessionByTokenHash(this.db, tokenHash(token));
    if (!session) throw new AppError(ErrorCode.NotSignedIn);
    if (session.ended_at !== null) {
      throw new AppError(
        session.end_reason === 'elsewhere' ? ErrorCode.LoggedInElsewhere : ErrorCode.NotSignedIn,
      );
    }
    const expired = session.expires_at <= now;
    if (expired && !opts.allowExpired) {
      await endSession(this.db, session.id, 'timeout', now);
      throw new AppError(ErrorCode.NotSignedIn);
    }
    const user = await findUser(this.db, { tenantId: null, admin: true }, session.user_id);
    if (!user || user.status !== AccountState.Normal) {
      await endSession(this.db, session.id, 'disabled', now);
      throw new AppError(ErrorCode.NoAccessRights);
    }
    let tenant: TenantRow | null;
    try {
      tenant = await this.tenantOf(user);
    } catch {
      await endSession(this.db, session.id, 'disabled', now);
      throw new AppError(ErrorCode.NoAccessRights);
    }
    if (!expired && now - session.last_seen_at >= TOUCH_EVERY_MS) {
      await touchSession(this.db, session.id, now, now + user.timeout_minutes * 60_000);
    }
    return {
      sessionId: session.id,
      userId: user.id,
      username: user.username,
      tenantId: user.tenant_id,
      role: user.role,
      type: user.type,
      roles: this.rolesOf(user, tenant),
    };
  }

  /** changeOnline: sign out and mark the account offline. */
  async signOut(p: Principal): Promise<void> {
    const now = this.clock();
    await endSession(this.db, p.sessionId, 'logout', now);
    await updateUser(this.db, { tenantId: null, admin: true }, p.userId, { online: 0, updated_at: now });
  }

  /** changeOnlineTime: the caller is active; push the expiry forward now. */
  async keepAlive(p: Principal): Promise<number> {
    const now = this.clock();
    const user = await this.requireUser(p);
    const expiresAt = now + user.timeout_minutes * 60_000;
    await touchSession(this.db, p.sessionId, now, expiresAt);
    return expiresAt;
  }

  async currentUser(p: Principal): Promise<CurrentUser> {
    const user = await this.requireUser(p);
    const tenant = await this.tenantOf(user);
    return {
      _id: user.id,
      Email: user.email,
      Phone: user.phone,
      Password: user.password_hash !== null,
      ...this.describe(user, tenant),
    };
  }

  async setLanguage(p: Principal, lang: Lang): Promise<void> {
    await updateUser(
      this.db,
      { tenantId: p.tenantId, admin: p.role === AccountRole.Administrator },
      p.userId,
      {
        language: lang,
        updated_at: this.clock(),
      },
    );
  }

  private async requireUser(p: Principal): Promise<UserRow> {
    const user = await findUser(
      this.db,
      { tenantId: p.tenantId, admin: p.role === AccountRole.Administrator },
      p.userId,
    );
    if (!user) throw new AppError(ErrorCode.UserNotExist);
    return user;
  }

  private rolesOf(user: UserRow, tenant: TenantRow | null) {
    return deriveRouteRoles({
      role: user.role,
      type: user.type,
      tenantOperation: tenant ? tenantOperation(tenant) : null,
      ownOperation: this.ownOperation(user),
    });
  }

  private ownOperation(user: UserRow): Operation | null {
    if (user.type !== AccountType.CoAdministrator) return null;
    return {
      Certified: user.op_certified === 1,
      Analysis: user.op_analysis === 1,
      Financial: user.op_financial === 1,
    };
  }

  private describe(user: UserRow, tenant: TenantRow | null): Omit<LoginReply, 'Token'> {
    return {
      LoginModel: this.deps.mode,
      Role: user.role,
      Type: user.type,
      Name: user.name,
      Username: user.username,
      Tenant: tenant ? summarize(tenant) : null,
      Operation: this.ownOperation(user) ?? (tenant ? tenantOperation(tenant) : null),
      Roles: this.rolesOf(user, tenant),
      Timeout: user.timeout_minutes,
      Language: user.language === 'zh' ? 'zh' : 'en',
    };
  }
}
