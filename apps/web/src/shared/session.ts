import { useSyncExternalStore } from 'react';
import { AccountState, type CurrentUser, type LoginReply, type RouteRole } from '@netconsole/contract';
import { deleteCookie, readCookie, writeCookie } from './cookies.ts';

/**
 * The browser side of a sign-in (spec §3 "User session", §4 "Login"): the token cookie, the local
 * copies the spec lists, the client-side idle timer and the in-memory account. One external store,
 * so the navigation guard re-decides the moment any of it changes.
 */

export type LoginModel = CurrentUser['LoginModel'];
export type SessionUser = Pick<
  CurrentUser,
  'Name' | 'Username' | 'Role' | 'Type' | 'LoginModel' | 'Tenant' | 'Operation' | 'Roles' | 'Timeout'
>;

export const SESSION_KEYS = {
  /** Cookie: the bearer token; its max-age is the session timeout and slides on every call. */
  tokenCookie: 'Token',
  /** sessionStorage for a tenant in normal state, localStorage otherwise (spec §4). */
  tokenCopy: 'token',
  roleValue: 'roleValue',
  timeout: 'timeout',
  loginFlag: 'isLogin',
  /** When the session lapses; shared by all tabs so one tab's activity keeps the others alive. */
  expiresAt: 'sessionExpiresAt',
  /** Set when the client timer lapses: the next navigation signs the account out on the server. */
  timedOut: 'kk',
  /** '1' after a sign-out: a roaming query string no longer signs in (spec §2, roam mode 0). */
  roam: 'roam',
} as const;

/** spec §4 and §9: token cookie lifetime when the account states none. */
export const DEFAULT_TIMEOUT_MINUTES = 3;

export interface SessionSnapshot {
  token: string | null;
  /** Null until the login reply or the current-user reply is known (after a reload). */
  user: SessionUser | null;
  /** The route roles of spec §6; empty means "fetch the current user first". */
  roles: readonly RouteRole[];
  timedOut: boolean;
  roamUsed: boolean;
}

let snapshot: SessionSnapshot | null = null;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function load(): SessionSnapshot {
  const token = readCookie(SESSION_KEYS.tokenCookie);
  if (token) {
    const stored = Number(localStorage.getItem(SESSION_KEYS.expiresAt));
    arm(stored > Date.now() ? stored : Date.now() + timeoutMinutes(null) * 60_000);
  }
  return {
    token,
    user: null,
    roles: [],
    timedOut: localStorage.getItem(SESSION_KEYS.timedOut) === '1',
    roamUsed: localStorage.getItem(SESSION_KEYS.roam) === '1',
  };
}

export function getSession(): SessionSnapshot {
  snapshot ??= load();
  return snapshot;
}

function update(patch: Partial<SessionSnapshot>): void {
  snapshot = { ...getSession(), ...patch };
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSession);
}

function timeoutMinutes(user: SessionUser | null): number {
  const minutes = user?.Timeout ?? Number(localStorage.getItem(SESSION_KEYS.timeout));
  return Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_TIMEOUT_MINUTES;
}

function arm(expiresAt: number): void {
  clearTimeout(timer);
  timer = setTimeout(lapse, Math.max(0, expiresAt - Date.now()));
}

function lapse(): void {
  const shared = Number(localStorage.getItem(SESSION_KEYS.expiresAt));
  if (shared > Date.now()) return arm(shared);
  if (!getSession().token) return;
  // Keep the token copy: the guard still needs it to mark the account offline on the server.
  localStorage.setItem(SESSION_KEYS.timedOut, '1');
  deleteCookie(SESSION_KEYS.tokenCookie);
  update({ token: null, user: null, roles: [], timedOut: true });
}

/** Slides the session: called after every successful authenticated call. */
export function touchSession(): void {
  const { token, user } = getSession();
  if (!token) return;
  const minutes = timeoutMinutes(user);
  const expiresAt = Date.now() + minutes * 60_000;
  writeCookie(SESSION_KEYS.tokenCookie, token, minutes * 60);
  localStorage.setItem(SESSION_KEYS.expiresAt, String(expiresAt));
  arm(expiresAt);
}

function pickUser(source: SessionUser): SessionUser {
  const { Name, Username, Role, Type, LoginModel, Tenant, Operation, Roles, Timeout } = source;
  return { Name, Username, Role, Type, LoginModel, Tenant, Operation, Roles, Timeout };
}

/** Stores what spec §3 "Local storage" lists, and the token copy where spec §4 wants it. */
function remember(token: string, user: SessionUser): void {
  const browserSessionOnly = user.Tenant?.Status === AccountState.Normal;
  (browserSessionOnly ? sessionStorage : localStorage).setItem(SESSION_KEYS.tokenCopy, token);
  (browserSessionOnly ? localStorage : sessionStorage).removeItem(SESSION_KEYS.tokenCopy);
  localStorage.setItem(SESSION_KEYS.roleValue, String(user.Role));
  localStorage.setItem(SESSION_KEYS.timeout, String(user.Timeout));
  localStorage.setItem(SESSION_KEYS.loginFlag, '1');
  localStorage.removeItem(SESSION_KEYS.timedOut);
}

/** After a successful sign-in through the login form. */
export function startSession(reply: LoginReply): void {
  // A fresh sign-in re-enables roaming links from another console (the flag only guards stale URLs).
  localStorage.removeItem(SESSION_KEYS.roam);
  update({ token: reply.Token, roamUsed: false });
  setSessionUser(reply);
}

/** Roam mode: a token handed over by another console, to be verified with the current user. */
export function adoptToken(token: string): void {
  writeCookie(SESSION_KEYS.tokenCookie, token, timeoutMinutes(null) * 60);
  update({ token, user: null, roles: [] });
}

/** After the login reply, or the current-user reply (a reload, a roaming sign-in). */
export function setSessionUser(source: SessionUser): void {
  const { token } = getSession();
  if (!token) return;
  const user = pickUser(source);
  remember(token, user);
  update({ user, roles: user.Roles, timedOut: false });
  touchSession();
}

/**
 * A new session timeout chosen in the personal centre: the server moved this session's expiry at
 * once, so the Token cookie's lifetime and the idle timer follow now rather than at the next call.
 */
export function setSessionTimeout(minutes: number): void {
  const { token, user } = getSession();
  if (!token || !user || !(minutes > 0)) return;
  localStorage.setItem(SESSION_KEYS.timeout, String(minutes));
  update({ user: { ...user, Timeout: minutes } });
  touchSession();
}

/** Forgets the sign-in everywhere in the browser; preferences (language, sidebar) stay. */
export function endSession(): void {
  clearTimeout(timer);
  deleteCookie(SESSION_KEYS.tokenCookie);
  sessionStorage.removeItem(SESSION_KEYS.tokenCopy);
  for (const key of ['tokenCopy', 'roleValue', 'timeout', 'loginFlag', 'expiresAt', 'timedOut'] as const) {
    localStorage.removeItem(SESSION_KEYS[key]);
  }
  update({ token: null, user: null, roles: [], timedOut: false });
}

/**
 * Consumes the time-out marker: returns the lapsed session's token (to mark it offline) and
 * forgets the session. Null when there is no marker, so a repeated call is a no-op.
 */
export function takeTimedOutSession(): { token: string | null } | null {
  if (!getSession().timedOut) return null;
  const token =
    sessionStorage.getItem(SESSION_KEYS.tokenCopy) ?? localStorage.getItem(SESSION_KEYS.tokenCopy) ?? null;
  endSession();
  return { token };
}

export function markRoamUsed(): void {
  localStorage.setItem(SESSION_KEYS.roam, '1');
  update({ roamUsed: true });
}
