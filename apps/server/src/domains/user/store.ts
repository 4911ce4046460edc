import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/store/db.ts';
import { contains } from '../../platform/store/like.ts';
import { countOf, pageRows, type RowPage } from '../../platform/store/page.ts';
import type { LoginFailureTable, SessionRow, SessionTable, UserRow, UserTable } from './tables.ts';

export type { SessionRow, UserRow };

/**
 * Sign-in is the one lookup made before a scope exists: account names are unique across the
 * platform, and the row found decides the scope of everything after.
 */
export async function findUserForSignIn(db: Db, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
}

/** Is an account name taken anywhere? Names are global, so this answers yes or no only. */
export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst();
  return row !== undefined;
}

export async function findUser(db: Db, scope: Scope, id: string): Promise<UserRow | undefined> {
  let q = db.selectFrom('users').selectAll().where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  return q.executeTakeFirst();
}

export async function listTenantUsers(db: Db, scope: Scope, tenantId: string): Promise<UserRow[]> {
  if (!scope.admin && scope.tenantId !== tenantId) return [];
  return db.selectFrom('users').selectAll().where('tenant_id', '=', tenantId).orderBy('created_at').execute();
}

export async function insertUser(db: Db, row: Insertable<UserTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updateUser(
  db: Db,
  scope: Scope,
  id: string,
  patch: Updateable<UserTable>,
): Promise<number> {
  let q = db.updateTable('users').set(patch).where('id', '=', id);
  if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function countUsers(db: Db): Promise<number> {
  return countOf(db.selectFrom('users'));
}

// Sessions: looked up by the hash of the caller's token, which is the caller's identity.

export async function insertSession(db: Db, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

type SessionFacts = Pick<
  SessionRow,
  'id' | 'user_id' | 'last_seen_at' | 'expires_at' | 'ended_at' | 'end_reason'
>;

/**
 * A request's session and its account in one query (every authenticated request asks): the
 * account is undefined if it no longer exists.
 */
export async function findSessionAndUser(
  db: Db,
  hash: string,
): Promise<{ session: SessionFacts; user: UserRow | undefined } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .leftJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.user_id as session_user_id',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
      'sessions.ended_at as session_ended_at',
      'sessions.end_reason as session_end_reason',
    ])
    .where('sessions.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_user_id,
    session_last_seen_at,
    session_expires_at,
    session_ended_at,
    session_end_reason,
    ...user
  } = row;
  return {
    session: {
      id: session_id,
      user_id: session_user_id,
      last_seen_at: session_last_seen_at,
      expires_at: session_expires_at,
      ended_at: session_ended_at,
      end_reason: session_end_reason,
    },
    user: user.id === null ? undefined : (user as UserRow),
  };
}

/** Ends every open session of a user (a new sign-in elsewhere, or the account was disabled). */
export async function endUserSessions(db: Db, userId: string, reason: string, now: number): Promise<number> {
  const res = await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function endSession(db: Db, sessionId: string, reason: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

export async function touchSession(db: Db, sessionId: string, now: number, expiresAt: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_seen_at: now, expires_at: expiresAt })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

// Failed sign-ins, keyed by 'account:<name>' or 'address:<ip>'.

export async function getLoginFailure(
  db: Db,
  key: string,
): Promise<Selectable<LoginFailureTable> | undefined> {
  return db.selectFrom('login_failures').selectAll().where('key', '=', key).executeTakeFirst();
}

export async function putLoginFailure(db: Db, row: Selectable<LoginFailureTable>): Promise<void> {
  await db
    .insertInto('login_failures')
    .values(row)
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: row.failures,
        first_failure_at: row.first_failure_at,
        last_failure_at: row.last_failure_at,
        locked_until: row.locked_until,
      }),
    )
    .execute();
}

export async function clearLoginFailure(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

export interface UserPageQuery {
  type: number;
  search?: string | undefined;
  offset: number;
  limit: number;
  orderBy: 'created_at' | 'username' | 'name';
  direction: 'asc' | 'desc';
}

/** One tenant's accounts of a type, a page at a time; abandoned accounts (status 0) are gone. */
export async function pageTenantUsers(
  db: Db,
  scope: Scope,
  tenantId: string,
  q: UserPageQuery,
): Promise<RowPage<UserRow>> {
  if (!scope.admin && scope.tenantId !== tenantId) return { rows: [], count: 0 };
  let base = db
    .selectFrom('users')
    .where('tenant_id', '=', tenantId)
    .where('type', '=', q.type)
    .where('status', '!=', 0);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) => eb.or([eb('username', 'like', like), eb('name', 'like', like)]));
  }
  return pageRows(base, (b) => b.selectAll().orderBy(q.orderBy, q.direction).orderBy('id'), q);
}

export interface AccountPageQuery {
  type?: number | undefined;
  tenantId?: string | undefined;
  search?: string | undefined;
  offset: number;
  limit: number;
  orderBy: 'created_at' | 'username' | 'name';
  direction: 'asc' | 'desc';
}

/**
 * Every live account the scope may see, a page at a time: the administrator's whole platform
 * (optionally one tenant's), a tenant only its own accounts, whatever tenant it asks for.
 */
export async function pageAccounts(db: Db, scope: Scope, q: AccountPageQuery): Promise<RowPage<UserRow>> {
  let base = db.selectFrom('users').where('status', '!=', 0);
  if (!scope.admin) base = base.where('tenant_id', '=', scope.tenantId ?? '');
  if (q.tenantId !== undefined) base = base.where('tenant_id', '=', q.tenantId);
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  const search = q.search;
  if (search) base = base.where((eb) => eb.or([contains('username', search), contains('name', search)]));
  return pageRows(base, (b) => b.selectAll().orderBy(q.orderBy, q.direction).orderBy('id'), q);
}

export async function tenantNameTaken(
  db: Db,
  scope: Scope,
  tenantId: string,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  if (!scope.admin && scope.tenantId !== tenantId) return false;
  let q = db
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('name', '=', name)
    .where('status', '!=', 0);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

// Contact details identify one account each: e-mail and phone are unique among live accounts.

/** The spellings a mainland number may have been stored with before it was normalized. */
function phoneForms(phone: string): string[] {
  return [phone, `+86${phone}`, `86${phone}`, `+86 ${phone}`, `+86-${phone}`, `86 ${phone}`, `86-${phone}`];
}

/** Does another live account use this address (any case)? Yes or no only, like usernameTaken. */
export async function emailTaken(db: Db, email: string, exceptUserId?: string): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('status', '!=', 0);
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Does another live account carry this number (11-digit form)? */
export async function phoneTaken(db: Db, phone: string, exceptUserId?: string): Promise<boolean> {
  let q = db
    .selectFrom('users')
    .select('id')
    .where('phone', 'in', phoneForms(phone))
    .where('status', '!=', 0);
  if (exceptUserId) q = q.where('id', '!=', exceptUserId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Password recovery starts from a phone number, before any scope exists (like sign-in): the
 * accounts carrying it, which the proof of holding the phone then narrows to one.
 */
export async function findUsersByPhone(db: Db, phone: string): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('phone', 'in', phoneForms(phone)).execute();
}

/** The owner accounts (type 1) of the given tenants. */
export async function findTenantOwners(db: Db, scope: Scope, tenantIds: string[]): Promise<UserRow[]> {
  const ids = scope.admin ? tenantIds : tenantIds.filter((id) => id === scope.tenantId);
  if (ids.length === 0) return [];
  return db.selectFrom('users').selectAll().where('tenant_id', 'in', ids).where('type', '=', 1).execute();
}

/** Ends every open session of a tenant's accounts and marks them offline (tenant blocked or abandoned). */
export async function endTenantSessions(
  db: Db,
  scope: Scope,
  tenantId: string,
  reason: string,
  now: number,
): Promise<number> {
  if (!scope.admin && scope.tenantId !== tenantId) return 0;
  const res = await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('tenant_id', '=', tenantId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  await db.updateTable('users').set({ online: 0 }).where('tenant_id', '=', tenantId).execute();
  return Number(res.numUpdatedRows);
}

/** Ends a user's sessions but the caller's own (a changed password signs out everywhere else). */
export async function endOtherSessions(
  db: Db,
  userId: string,
  keepSessionId: string,
  reason: string,
  now: number,
): Promise<number> {
  const res = await db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: reason })
    .where('user_id', '=', userId)
    .where('id', '!=', keepSessionId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
