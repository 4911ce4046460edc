import type { RouteRole } from '@netconsole/contract';
import type { LoginModel } from '#shared/session.ts';
import {
  HOME_PATH,
  LOGIN_PATH,
  NAVIGATION,
  NOT_FOUND_PATH,
  PUBLIC_PATHS,
  SIGNED_OUT_ONLY_PATHS,
  isPathPermitted,
  type NavEntry,
} from '../navigation.ts';

/** What another console hands over in roam mode 0 (spec §2). */
export interface RoamParams {
  role: string;
  token: string;
  name: string;
  tenant: string;
  username: string;
}

export interface NavigationInput {
  path: string;
  search: string;
  hasToken: boolean;
  /** Empty until the account is known. */
  roles: readonly RouteRole[];
  mode: LoginModel | null;
  /** The 'kk' marker: the client timer lapsed. */
  timedOut: boolean;
  /** The roam flag is '1'. */
  roamUsed: boolean;
  /** Where a signed-out visitor was going when the guard sent them to /login (router state). */
  from?: string;
  entries?: readonly NavEntry[];
}

export type NavigationDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; from?: string }
  | { kind: 'fetch-user' }
  | { kind: 'sign-out-timed-out' }
  | { kind: 'roam'; params: RoamParams };

const ALLOW: NavigationDecision = { kind: 'allow' };

export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** Only a path of this console (not '//host/...') may be a redirect target. */
function sameAppPath(path: string | undefined): string | undefined {
  return path?.startsWith('/') && !path.startsWith('//') ? path : undefined;
}

/** A roaming query string has '&' and all five fields; token and username must not be empty. */
export function parseRoamQuery(search: string): RoamParams | null {
  if (!search.includes('&')) return null;
  const query = new URLSearchParams(search);
  const role = query.get('role');
  const token = query.get('token');
  const name = query.get('name');
  const tenant = query.get('tenant');
  const username = query.get('username');
  if (role === null || name === null || tenant === null || !token || !username) return null;
  return { role, token, name, tenant, username };
}

/** The navigation guard of spec §2 as a pure function of the session and the target. */
export function decideNavigation(input: NavigationInput): NavigationDecision {
  const path = normalizePath(input.path);
  if (input.timedOut) return { kind: 'sign-out-timed-out' };
  if (!input.roamUsed) {
    const params = parseRoamQuery(input.search);
    if (params) return { kind: 'roam', params };
  }
  if (!input.hasToken) {
    if (PUBLIC_PATHS.includes(path)) return ALLOW;
    return { kind: 'redirect', to: LOGIN_PATH, from: path === '/' ? undefined : path + input.search };
  }
  // Signing in lands here too: the guard, not the form, takes the user on to where they were going.
  if (SIGNED_OUT_ONLY_PATHS.includes(path)) return { kind: 'redirect', to: sameAppPath(input.from) ?? '/' };
  if (input.roles.length === 0) return { kind: 'fetch-user' };
  if (path === '/') return { kind: 'redirect', to: HOME_PATH };
  if (path === NOT_FOUND_PATH || PUBLIC_PATHS.includes(path)) return ALLOW;
  const viewer = { roles: input.roles, mode: input.mode };
  return isPathPermitted(path, viewer, input.entries ?? NAVIGATION)
    ? ALLOW
    : { kind: 'redirect', to: NOT_FOUND_PATH };
}
