import { describe, expect, it } from 'vitest';
import { AccountRole, AccountType, deriveRouteRoles, routeAllowed } from './roles.ts';

const all = { Certified: true, Analysis: true, Financial: true, AddUser: true };
const none = { Certified: false, Analysis: false, Financial: false, AddUser: false };

describe('deriveRouteRoles (spec §6)', () => {
  it('gives the administrator every route role', () => {
    expect(
      deriveRouteRoles({
        role: AccountRole.Administrator,
        type: AccountType.Administrator,
        tenantOperation: null,
        ownOperation: null,
      }),
    ).toEqual(['user', 'certified', 'analysis', 'financial', 'adduser']);
  });

  it('gives a tenant the flags of its Operation, AddUser included', () => {
    const r = deriveRouteRoles({
      role: 1,
      type: AccountType.Tenant,
      tenantOperation: { ...none, Analysis: true, AddUser: true },
      ownOperation: null,
    });
    expect(r).toEqual(['user', 'analysis', 'adduser']);
  });

  it('gives a co-administrator its own flags, never adduser, and never more than its tenant', () => {
    const own = { Certified: true, Analysis: true, Financial: true };
    expect(
      deriveRouteRoles({
        role: 1,
        type: AccountType.CoAdministrator,
        tenantOperation: all,
        ownOperation: own,
      }),
    ).toEqual(['user', 'certified', 'analysis', 'financial']);
    expect(
      deriveRouteRoles({
        role: 1,
        type: AccountType.CoAdministrator,
        tenantOperation: { ...all, Financial: false },
        ownOperation: own,
      }),
    ).toEqual(['user', 'certified', 'analysis']);
    expect(
      deriveRouteRoles({
        role: 1,
        type: AccountType.CoAdministrator,
        tenantOperation: all,
        ownOperation: null,
      }),
    ).toEqual(['user']);
  });
});

describe('routeAllowed (spec §2)', () => {
  it('shows a route without roles to everyone and hides one sharing no role', () => {
    expect(routeAllowed(undefined, ['user'])).toBe(true);
    expect(routeAllowed([], [])).toBe(true);
    expect(routeAllowed(['financial', 'certified'], ['user', 'certified'])).toBe(true);
    expect(routeAllowed(['adduser'], ['user', 'analysis'])).toBe(false);
  });
});
