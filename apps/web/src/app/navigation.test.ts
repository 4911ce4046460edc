import { describe, expect, it } from 'vitest';
import {
  NAVIGATION,
  PUBLIC_PATHS,
  STANDALONE_PAGES,
  compactMenu,
  findEntry,
  firstPage,
  isPathPermitted,
  menuEntries,
  permittedEntries,
  type NavEntry,
  type PageLoader,
} from './navigation.ts';

const page: PageLoader = () => Promise.resolve({ default: () => null });

/** A registry shaped like the full route tree of spec §2. */
const TREE: NavEntry[] = [
  { path: '/dashboard', titleKey: 'nav.dashboard', page },
  { path: '/dashboard/topoView', titleKey: 'nav.topoView', hidden: true, page },
  {
    path: '/device',
    titleKey: 'nav.device',
    children: [
      { path: '/device/info', titleKey: 'nav.deviceInfo', page },
      { path: '/device/list', titleKey: 'nav.deviceList', page },
      { path: '/device/showMaps', titleKey: 'nav.showMaps', hidden: true, page },
    ],
  },
  {
    path: '/deviceconf',
    titleKey: 'nav.deviceconf',
    children: [
      { path: '/deviceconf/certified', titleKey: 'nav.certified', roles: ['certified'], page },
      { path: '/deviceconf/acSet', titleKey: 'nav.acSet', mode: 'controller', page },
    ],
  },
  {
    path: '/log',
    titleKey: 'nav.log',
    roles: ['user'],
    children: [
      { path: '/log/list', titleKey: 'nav.logList', page },
      { path: '/log/alarm', titleKey: 'nav.alarm', mode: 'cloud', page },
    ],
  },
  {
    path: '/financial',
    titleKey: 'nav.financial',
    roles: ['financial'],
    children: [
      { path: '/financial/list', titleKey: 'nav.finList', page },
      { path: '/financial/payUser', titleKey: 'nav.payUser', roles: ['financial', 'certified'], page },
    ],
  },
  {
    path: '/flow',
    titleKey: 'nav.flow',
    roles: ['analysis'],
    children: [{ path: '/flow/list', titleKey: 'nav.flowList', page }],
  },
];

const paths = (entries: NavEntry[]) => entries.map((entry) => entry.path);
const tenant = { roles: ['user'] as const, mode: 'cloud' as const };

describe('permittedEntries', () => {
  it('shows routes without roles to everyone', () => {
    const result = permittedEntries(TREE, { roles: [], mode: 'cloud' });
    expect(paths(result)).toEqual(['/dashboard', '/dashboard/topoView', '/device']);
  });

  it('hides a route whose roles share nothing with the user', () => {
    const result = permittedEntries(TREE, tenant);
    expect(paths(result)).toEqual(['/dashboard', '/dashboard/topoView', '/device', '/log']);
  });

  it('filters children the same way and drops groups left empty', () => {
    // certified is missing and acSet is controller-only: /deviceconf has nothing left to open.
    const result = permittedEntries(TREE, tenant);
    expect(findEntry('/deviceconf', result)).toBeUndefined();
    expect(paths(findEntry('/log', result)!.children as NavEntry[])).toEqual(['/log/list', '/log/alarm']);
  });

  it('keeps a child when any one of its roles matches', () => {
    const result = permittedEntries(TREE, { roles: ['financial'], mode: 'cloud' });
    expect(paths(findEntry('/financial', result)!.children as NavEntry[])).toEqual([
      '/financial/list',
      '/financial/payUser',
    ]);
  });

  it('filters by the login model (cloud or controller)', () => {
    const cloud = permittedEntries(TREE, { roles: ['user'], mode: 'cloud' });
    const controller = permittedEntries(TREE, { roles: ['user'], mode: 'controller' });
    expect(isPathPermitted('/log/alarm', { roles: ['user'], mode: 'cloud' }, TREE)).toBe(true);
    expect(isPathPermitted('/log/alarm', { roles: ['user'], mode: 'controller' }, TREE)).toBe(false);
    expect(paths(findEntry('/deviceconf', controller)!.children as NavEntry[])).toEqual([
      '/deviceconf/acSet',
    ]);
    expect(findEntry('/deviceconf', cloud)).toBeUndefined();
    expect(paths(findEntry('/log', controller)!.children as NavEntry[])).toEqual(['/log/list']);
  });
});

describe('menuEntries', () => {
  it('leaves hidden screens out of the menu, but they stay permitted', () => {
    const menu = menuEntries(TREE, tenant);
    expect(paths(menu)).toEqual(['/dashboard', '/device', '/log']);
    expect(paths(menu[1]!.children as NavEntry[])).toEqual(['/device/info', '/device/list']);
    expect(isPathPermitted('/device/showMaps', tenant, TREE)).toBe(true);
  });
});

describe('isPathPermitted', () => {
  it('forbids a child whose group is forbidden', () => {
    expect(isPathPermitted('/flow/list', tenant, TREE)).toBe(false);
    expect(isPathPermitted('/flow/list', { roles: ['analysis'], mode: 'cloud' }, TREE)).toBe(true);
  });

  it('knows nothing of paths outside the registry', () => {
    expect(isPathPermitted('/nowhere', tenant, TREE)).toBe(false);
  });
});

describe('compactMenu', () => {
  it('lists the spec compact entries that exist and are permitted, in the spec order', () => {
    expect(paths(compactMenu(TREE, tenant))).toEqual(['/dashboard', '/device/list']);
    expect(paths(compactMenu(TREE, { roles: ['user', 'analysis'], mode: 'cloud' }))).toEqual([
      '/dashboard',
      '/device/list',
      '/flow/list',
    ]);
  });
});

describe('firstPage', () => {
  it('sends a group to its first permitted screen', () => {
    expect(firstPage(findEntry('/device', TREE)!, tenant)).toBe('/device/info');
    expect(firstPage(findEntry('/financial', TREE)!, { roles: ['financial'], mode: 'cloud' })).toBe(
      '/financial/list',
    );
    expect(firstPage(findEntry('/deviceconf', TREE)!, tenant)).toBeUndefined();
  });
});

describe('the registry', () => {
  it('has unique absolute paths, each with a title and a screen or children', () => {
    const all = NAVIGATION.flatMap(function flat(entry): NavEntry[] {
      return [entry, ...(entry.children ?? []).flatMap(flat)];
    });
    expect(new Set(paths(all)).size).toBe(all.length);
    for (const entry of all) {
      expect(entry.path).toMatch(/^\/[A-Za-z]/);
      expect(entry.titleKey).not.toBe('');
      expect(Boolean(entry.page) || Boolean(entry.children?.length)).toBe(true);
    }
  });

  it('opens the home screen to every signed-in user', () => {
    expect(isPathPermitted('/dashboard', { roles: ['user'], mode: 'controller' })).toBe(true);
  });

  it('opens the personal centre to everyone, outside the menu', () => {
    const ops = { roles: ['user'] as const, mode: 'cloud' as const };
    expect(isPathPermitted('/user/index', ops)).toBe(true);
    expect(findEntry('/user/index')?.hidden).toBe(true);
    expect(paths(menuEntries(NAVIGATION, ops))).not.toContain('/user/index');
  });

  it('keeps account management to route role adduser (the administrator holds it)', () => {
    expect(isPathPermitted('/user/list', { roles: ['user'], mode: 'cloud' })).toBe(false);
    expect(isPathPermitted('/user/list', { roles: ['user', 'adduser'], mode: 'cloud' })).toBe(true);
  });

  it('has a screen for the public forgotten-password path', () => {
    expect(PUBLIC_PATHS).toContain('/forgotpwd');
    expect(STANDALONE_PAGES['/forgotpwd']).toBeTypeOf('function');
  });
});
