import { describe, expect, it } from 'vitest';
import type { NavEntry, PageLoader } from '../navigation.ts';
import { PUBLIC_PATHS } from '../navigation.ts';
import {
  decideNavigation,
  normalizePath,
  parseRoamQuery,
  type NavigationInput,
} from './decide-navigation.ts';

const page: PageLoader = () => Promise.resolve({ default: () => null });
const ENTRIES: NavEntry[] = [
  { path: '/dashboard', titleKey: 'nav.dashboard', page },
  {
    path: '/log',
    titleKey: 'nav.log',
    roles: ['user'],
    children: [{ path: '/log/list', titleKey: 'x', page }],
  },
  { path: '/flow/list', titleKey: 'nav.flow', roles: ['analysis'], page },
  { path: '/deviceconf/acSet', titleKey: 'nav.acSet', mode: 'controller', page },
];

const signedOut: NavigationInput = {
  path: '/dashboard',
  search: '',
  hasToken: false,
  roles: [],
  mode: null,
  timedOut: false,
  roamUsed: true,
  entries: ENTRIES,
};
const signedIn: NavigationInput = { ...signedOut, hasToken: true, roles: ['user'], mode: 'cloud' };
const decide = (input: Partial<NavigationInput>, base = signedIn) => decideNavigation({ ...base, ...input });

const ROAM = '?role=1&token=abc&name=Demo&tenant=t1&username=demo';

describe('without a token', () => {
  it('lets the public paths of spec §2 through', () => {
    expect(PUBLIC_PATHS).toEqual([
      '/login',
      '/404',
      '/approve',
      '/prenew',
      '/recharge',
      '/forgotpwd',
      '/wechat',
      '/appTopo',
    ]);
    for (const path of PUBLIC_PATHS) expect(decide({ path }, signedOut)).toEqual({ kind: 'allow' });
  });

  it('shows /404 itself (public in spec §2), while unknown paths still lead to /login', () => {
    expect(decide({ path: '/404' }, signedOut)).toEqual({ kind: 'allow' });
  });

  it('sends everything else to /login, remembering where the user was going', () => {
    expect(decide({ path: '/dashboard', search: '?x=1' }, signedOut)).toEqual({
      kind: 'redirect',
      to: '/login',
      from: '/dashboard?x=1',
    });
    expect(decide({ path: '/' }, signedOut)).toEqual({ kind: 'redirect', to: '/login', from: undefined });
    expect(decide({ path: '/no/such/page' }, signedOut)).toMatchObject({ kind: 'redirect', to: '/login' });
  });
});

describe('with a token', () => {
  it('sends /login and /forgotpwd to the root', () => {
    expect(decide({ path: '/login' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ path: '/forgotpwd' })).toEqual({ kind: 'redirect', to: '/' });
    // Even before the roles are known.
    expect(decide({ path: '/login', roles: [] })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('after signing in, goes on to the page the visitor asked for', () => {
    expect(decide({ path: '/login', from: '/log/list?page=2' })).toEqual({
      kind: 'redirect',
      to: '/log/list?page=2',
    });
    expect(decide({ path: '/login', from: '//evil.example/x' })).toEqual({ kind: 'redirect', to: '/' });
  });

  it('fetches the current user while the role list is empty', () => {
    expect(decide({ roles: [] })).toEqual({ kind: 'fetch-user' });
    expect(decide({ path: '/404', roles: [] })).toEqual({ kind: 'fetch-user' });
  });

  it("sends '' to /dashboard", () => {
    expect(decide({ path: '/' })).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('allows permitted screens, the 404 page and the other public pages', () => {
    expect(decide({ path: '/dashboard' })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/log/list' })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/log' })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/404' })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/approve' })).toEqual({ kind: 'allow' });
  });

  it('sends unknown and forbidden paths to /404', () => {
    expect(decide({ path: '/no/such/page' })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide({ path: '/flow/list' })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide({ path: '/flow/list', roles: ['user', 'analysis'] })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/deviceconf/acSet' })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide({ path: '/deviceconf/acSet', mode: 'controller' })).toEqual({ kind: 'allow' });
  });

  it('ignores a trailing slash', () => {
    expect(decide({ path: '/dashboard/' })).toEqual({ kind: 'allow' });
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/log/list//')).toBe('/log/list');
  });
});

describe('the time-out marker', () => {
  it('comes first: the lapsed session is signed out before anything else', () => {
    expect(decide({ timedOut: true }, signedOut)).toEqual({ kind: 'sign-out-timed-out' });
    expect(decide({ timedOut: true, path: '/login' }, signedOut)).toEqual({ kind: 'sign-out-timed-out' });
  });
});

describe('roam mode 0', () => {
  it('signs in from a complete query string while the roam flag is not set', () => {
    expect(decide({ search: ROAM, roamUsed: false }, signedOut)).toEqual({
      kind: 'roam',
      params: { role: '1', token: 'abc', name: 'Demo', tenant: 't1', username: 'demo' },
    });
    // It replaces whatever session this browser had.
    expect(decide({ search: ROAM, roamUsed: false })).toMatchObject({ kind: 'roam' });
  });

  it('ignores the query once the roam flag is set', () => {
    expect(decide({ search: ROAM, roamUsed: true }, signedOut)).toMatchObject({
      kind: 'redirect',
      to: '/login',
    });
  });

  it('needs an & and all five fields', () => {
    expect(parseRoamQuery('?token=abc')).toBeNull();
    expect(parseRoamQuery('?role=1&token=abc&name=Demo&username=demo')).toBeNull();
    expect(parseRoamQuery('?role=1&token=&name=Demo&tenant=t1&username=demo')).toBeNull();
    expect(parseRoamQuery('?role=10&token=abc&name=Admin&tenant=&username=admin')).toEqual({
      role: '10',
      token: 'abc',
      name: 'Admin',
      tenant: '',
      username: 'admin',
    });
  });
});
