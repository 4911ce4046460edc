/**
 * Account kinds and the route roles derived from them (spec §6).
 *
 * Role is what the login response carries: 1 for a tenant-side account (the tenant owner or one
 * of its co-administrators) and 10 for the platform administrator. Type tells the two tenant-side
 * accounts apart. Any other role value (e.g. portal pay users of the finance area) cannot sign in.
 */
export const AccountRole = { User: 1, Administrator: 10 } as const;
export type AccountRole = (typeof AccountRole)[keyof typeof AccountRole];
export const LOGIN_ROLES: readonly number[] = [AccountRole.User, AccountRole.Administrator];

export const AccountType = { Administrator: 0, Tenant: 1, CoAdministrator: 2 } as const;
export type AccountType = (typeof AccountType)[keyof typeof AccountType];

export const ROUTE_ROLES = ['user', 'certified', 'analysis', 'financial', 'adduser'] as const;
export type RouteRole = (typeof ROUTE_ROLES)[number];

export interface Operation {
  Certified: boolean;
  Analysis: boolean;
  Financial: boolean;
  AddUser?: boolean;
}

/**
 * spec §6: a tenant-level sub-user takes certified, analysis and financial from its own
 * Operation and never adduser; other users take them from the tenant's Operation, AddUser
 * included. The administrator holds every route role. A sub-user never holds more than its
 * tenant: a tenant cannot grant what it was not granted.
 */
export function deriveRouteRoles(input: {
  role: number;
  type: number;
  tenantOperation: Operation | null;
  ownOperation: Operation | null;
}): RouteRole[] {
  if (input.role === AccountRole.Administrator) return [...ROUTE_ROLES];
  const roles: RouteRole[] = ['user'];
  const sub = input.type === AccountType.CoAdministrator;
  const tenant = input.tenantOperation;
  const own = sub ? input.ownOperation : tenant;
  if (own?.Certified && tenant?.Certified) roles.push('certified');
  if (own?.Analysis && tenant?.Analysis) roles.push('analysis');
  if (own?.Financial && tenant?.Financial) roles.push('financial');
  if (!sub && tenant?.AddUser) roles.push('adduser');
  return roles;
}

/** spec §2: a route is hidden when its allowed-roles list shares nothing with the user's roles. */
export function routeAllowed(allowed: readonly string[] | undefined, userRoles: readonly string[]): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((r) => userRoles.includes(r));
}
