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
import { pointReads, type Db } from '../../platform/store/db.ts';
import { summarize, tenantOperation, type TenantService } from '../tenant/service.ts';
import type { TenantRow } from '../tenant/tables.ts';
import {
  clearLoginFailure,
  emailTaken,
  endOtherSessions,
  endSession,
  endTenantSessions,
  endUserSessions,
  findSessionAndUser,
  findTenantOwners,
  findUser,
  findUserForSignIn,
  findUsersByPhone,
  getLoginFailure,
  insertSession,
  insertUser,
  phoneTaken,
  putLoginFailure,
  tenantNameTaken,
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
  /** Hashed ahead by a caller that inserts inside its own transaction (hashing is slow). */
  passwordHash?: string;
  name: string;
  email?: string;
  phone?: string;
  timeoutMinutes?: number;
  /** Co-administrators only: what this sub-user may do (AddUser is never granted). */
  operation?: Operation;
}

export interface SignInContext {
  address: string;
  userAgent: string;
}

/** Work that must land in the caller's transaction, e.g. using up the code that proves a change. */
export type InTransaction<T = void> = (trx: Db) => Promise<T>;

const flag = (b: boolean | undefined) => (b ? 1 : 0);
/** The account's own updates (sign-in bookkeeping, recovery) need no tenant filter. */
const ANY: Scope = { tenantId: null, admin: true };
const scopeOfPrincipal = (p: Principal): Scope => ({
  tenantId: p.tenantId,
  admin: p.role === AccountRole.Administrator,
});

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

  /** `db` may be the caller's transaction, e.g. the one that creates the tenant. */
  async createTenantOwner(tenantId: string, input: NewUser, db: Db = this.db): Promise<UserRow> {
    return this.insert(tenantId, AccountRole.User, AccountType.Tenant, input, db);
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
    db: Db = this.db,
  ): Promise<UserRow> {
    if (await usernameTaken(db, input.username)) throw new AppError(ErrorCode.AccountExists);
    const now = this.clock();
    const op = type === AccountType.CoAdministrator ? input.operation : undefined;
    const row: UserRow = {
      id: newId(),
      tenant_id: tenantId,
      username: input.username,
      name: input.name,
      role,
      type,
      password_hash: input.passwordHash ?? (await hashPassword(input.password)),
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
    await insertUser(db, row);
    return row;
  }

  usernameTaken(username: string): Promise<boolean> {
    return usernameTaken(this.db, username);
  }

  /** 'mail already registered': another live account uses the address. */
  emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    return emailTaken(this.db, email, exceptUserId);
  }

  /** 'number already bound': another live account carries the number. */
  phoneTaken(phone: string, exceptUserId?: string): Promise<boolean> {
    return phoneTaken(this.db, phone, exceptUserId);
  }

  /** The owner account of each tenant asked for, by tenant id. */
  async ownersOf(scope: Scope, tenantIds: string[]): Promise<Map<string, UserRow>> {
    const rows = await findTenantOwners(this.db, scope, tenantIds);
    return new Map(rows.map((u) => [u.tenant_id!, u]));
  }

  /** A tenant was blocked or abandoned: every session of its accounts ends now. */
  async endTenantSessions(scope: Scope, tenantId: string, db: Db = this.db): Promise<number> {
    return endTenantSessions(db, scope, tenantId, 'disabled', this.clock());
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
    const tenant = await this.admit(user);
    await clearLoginFailure(this.db, keys[0]!);
    return this.openSession(user, tenant, ctx);
  }

  /** May this account sign in now? Its tenant (null for the administrator) when it may. */
  private async admit(user: UserRow): Promise<TenantRow | null> {
    if (!LOGIN_ROLES.includes(user.role)) throw new AppError(ErrorCode.LoginRoleNotAllowed);
    if (user.status !== AccountState.Normal) throw new AppError(ErrorCode.UserAbnormal);
    const tenant = await this.tenantOf(user);
    if (tenant?.service_end != null && tenant.service_end < this.clock()) {
      throw new AppError(ErrorCode.AccountExpired);
    }
    return tenant;
  }

  /**
   * The one way a session starts (sign-in, password reset): `before` runs first in the same
   * transaction, so a code used up there and the new session stand or fall together.
   */
  private async openSession(
    user: UserRow,
    tenant: TenantRow | null,
    ctx: SignInContext,
    before?: InTransaction,
  ): Promise<LoginReply> {
    const now = this.clock();
    const token = newToken();
    await this.db.transaction().execute(async (trx) => {
      await before?.(trx);
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
      await updateUser(trx, ANY, user.id, { online: 1, last_login_at: now });
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
    // Every authenticated request asks this first: a point read, on this thread.
    const found = await findSessionAndUser(pointReads(this.db), tokenHash(token));
    if (!found) throw new AppError(ErrorCode.NotSignedIn);
    const { session, user } = found;
    if (session.ended_at !== null) {
      // Why it ended decides what the console does: 4011 and 4012 end the browser session with
      // their own message, 4010 just asks for a sign-in.
      const byReason: Record<string, number> = {
        elsewhere: ErrorCode.LoggedInElsewhere,
        disabled: ErrorCode.NoAccessRights,
      };
      throw new AppError(byReason[session.end_reason ?? ''] ?? ErrorCode.NotSignedIn);
    }
    const expired = session.expires_at <= now;
    if (expired && !opts.allowExpired) {
      await endSession(this.db, session.id, 'timeout', now);
      throw new AppError(ErrorCode.NotSignedIn);
    }
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
    await updateUser(this.db, ANY, p.userId, { online: 0, updated_at: now });
  }

  /** changeOnlineTime: the caller is active; push the expiry forward now. */
  async keepAlive(p: Principal): Promise<number> {
    const now = this.clock();
    const user = await this.accountOf(p);
    const expiresAt = now + user.timeout_minutes * 60_000;
    await touchSession(this.db, p.sessionId, now, expiresAt);
    return expiresAt;
  }

  async currentUser(p: Principal): Promise<CurrentUser> {
    const user = await this.accountOf(p);
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
    await updateUser(this.db, scopeOfPrincipal(p), p.userId, { language: lang, updated_at: this.clock() });
  }

  /** The caller's own account row. */
  async accountOf(p: Principal): Promise<UserRow> {
    const user = await findUser(this.db, scopeOfPrincipal(p), p.userId);
    if (!user) throw new AppError(ErrorCode.UserNotExist);
    return user;
  }

  // ---- personal centre ----

  /** updateUserInfo: a new name, a new session timeout (it also moves this session's expiry), or both. */
  async updateInfo(p: Principal, change: { Name?: string; Minute?: number }): Promise<CurrentUser> {
    const user = await this.accountOf(p);
    const scope = scopeOfPrincipal(p);
    const name = change.Name;
    // Names tell a tenant's accounts apart in its lists, as for co-administrators (11007).
    if (
      name !== undefined &&
      user.tenant_id &&
      (await tenantNameTaken(this.db, scope, user.tenant_id, name, user.id))
    ) {
      throw new AppError(ErrorCode.AccountNameDuplicated);
    }
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, scope, user.id, {
        ...(name !== undefined ? { name } : {}),
        ...(change.Minute !== undefined ? { timeout_minutes: change.Minute } : {}),
        updated_at: now,
      });
      if (change.Minute !== undefined)
        await touchSession(trx, p.sessionId, now, now + change.Minute * 60_000);
    });
    return this.currentUser(p);
  }

  /** PUT pass: the old password must be right and differ from the new; other sessions end. */
  async changePassword(p: Principal, oldPassword: string, newPassword: string): Promise<void> {
    const user = await this.accountOf(p);
    // Guessing the old password from a left-open session counts like failed sign-ins.
    const key = `account:${user.username.toLowerCase()}`;
    await this.refuseIfLocked([key]);
    if (!(await verifyPassword(user.password_hash, oldPassword))) {
      const delay = await this.recordFailure([key]);
      if (delay > 0) await this.sleep(delay);
      throw new AppError(ErrorCode.OldPasswordWrong);
    }
    if (newPassword === oldPassword) throw new AppError(ErrorCode.PasswordUnchanged);
    const hash = await hashPassword(newPassword);
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      await updateUser(trx, scopeOfPrincipal(p), user.id, { password_hash: hash, updated_at: now });
      await endOtherSessions(trx, user.id, p.sessionId, 'password', now);
    });
    await clearLoginFailure(this.db, key);
  }

  async timeoutOf(p: Principal): Promise<number> {
    return (await this.accountOf(p)).timeout_minutes;
  }

  /** Sets a verified e-mail or phone; `use` spends the code in the same transaction (false: spent). */
  async applyContact(
    p: Principal,
    contact: { email: string } | { phone: string },
    use: InTransaction<boolean>,
  ): Promise<CurrentUser> {
    const user = await this.accountOf(p);
    const scope = scopeOfPrincipal(p);
    // Checked again here: another account may have taken it since the code was sent.
    if ('email' in contact && (await emailTaken(this.db, contact.email, user.id))) {
      throw new AppError(ErrorCode.EmailRegistered);
    }
    if ('phone' in contact && (await phoneTaken(this.db, contact.phone, user.id))) {
      throw new AppError(ErrorCode.PhoneBound);
    }
    await this.db.transaction().execute(async (trx) => {
      if (!(await use(trx))) throw new AppError(ErrorCode.VerificationCodeInvalid);
      await updateUser(trx, scope, user.id, { ...contact, updated_at: this.clock() });
      // The owner is the tenant's contact: the tenant record follows the verified value.
      if (user.type === AccountType.Tenant && user.tenant_id) {
        await this.deps.tenants.setContact(scope, user.tenant_id, contact, trx);
      }
    });
    return this.currentUser(p);
  }

  // ---- password recovery ----

  /** The live accounts carrying a number (recovery runs before any scope exists). */
  async holdersOfPhone(phone: string): Promise<UserRow[]> {
    const rows = await findUsersByPhone(this.db, phone);
    return rows.filter((u) => u.status === AccountState.Normal && LOGIN_ROLES.includes(u.role));
  }

  /**
   * forgotPwd: a new password for an account whose phone was proven, then the sign-in response.
   * Nothing changes when the account may not sign in; `use` spends the proof with the change.
   */
  async resetPassword(
    userId: string,
    password: string,
    ctx: SignInContext,
    use: InTransaction<boolean>,
  ): Promise<LoginReply> {
    const user = await findUser(this.db, ANY, userId);
    if (!user) throw new AppError(ErrorCode.VerificationCodeInvalid);
    const tenant = await this.admit(user);
    if (await verifyPassword(user.password_hash, password)) throw new AppError(ErrorCode.PasswordUnchanged);
    const hash = await hashPassword(password);
    const reply = await this.openSession(user, tenant, ctx, async (trx) => {
      if (!(await use(trx))) throw new AppError(ErrorCode.VerificationCodeInvalid);
      await updateUser(trx, ANY, user.id, { password_hash: hash, updated_at: this.clock() });
    });
    await clearLoginFailure(this.db, `account:${user.username.toLowerCase()}`);
    return reply;
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
      LogoPath: tenant?.logo_path ?? null,
    };
  }
}
