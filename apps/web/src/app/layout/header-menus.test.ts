import { describe, expect, it } from 'vitest';
import type { NavEntry, PageLoader } from '../navigation.ts';
import {
  isHeaderAction,
  messagesAvailable,
  settingsLinks,
  userLinks,
  type HeaderContext,
} from './header-menus.ts';

const page: PageLoader = () => Promise.resolve({ default: () => null });
const FULL: NavEntry[] = [
  { path: '/dashboard', titleKey: 'a', page },
  { path: '/user/index', titleKey: 'a', hidden: true, page },
  { path: '/user/list', titleKey: 'a', roles: ['adduser'], page },
  { path: '/deviceconf/acSet', titleKey: 'a', mode: 'controller', page },
  {
    path: '/log',
    titleKey: 'a',
    roles: ['user'],
    children: [
      { path: '/log/message', titleKey: 'a', mode: 'cloud', page },
      { path: '/log/alarm', titleKey: 'a', mode: 'cloud', page },
      { path: '/log/device', titleKey: 'a', page },
      { path: '/log/list', titleKey: 'a', page },
    ],
  },
];

const ALL_ROLES = ['user', 'certified', 'analysis', 'financial', 'adduser'] as const;
const admin: HeaderContext = { viewer: { roles: ALL_ROLES, mode: 'cloud' }, roleValue: 10, entries: FULL };
const tenant: HeaderContext = {
  viewer: { roles: ALL_ROLES, mode: 'cloud' },
  roleValue: 1,
  hasTenant: true,
  entries: FULL,
};
const keys = (links: { key: string }[]) => links.map((link) => link.key);

describe('settings menu', () => {
  it('shows account management to role value 10 only', () => {
    expect(keys(settingsLinks(admin))).toEqual(['alarm', 'accounts', 'releases', 'outbox']);
    expect(keys(settingsLinks(tenant))).toEqual(['alarm', 'logo']);
    // Alarm settings open the alarm screen's settings tab.
    expect(settingsLinks(tenant).find((l) => l.key === 'alarm')?.to).toBe('/log/alarm?tab=settings');
  });

  it('offers the logo setting to every tenant account, as an action rather than a link', () => {
    const ops = { ...tenant, viewer: { roles: ['user'] as const, mode: 'cloud' as const } };
    expect(settingsLinks(ops).find((l) => l.key === 'logo')).toEqual({
      key: 'logo',
      labelKey: 'header.logoSetting',
      dot: undefined,
    });
    // The administrator has no tenant, so no logo of its own.
    expect(keys(settingsLinks(admin))).not.toContain('logo');
  });

  it('shows alarm settings in cloud mode and controller settings in controller mode', () => {
    const controller = { ...admin, viewer: { ...admin.viewer, mode: 'controller' as const } };
    expect(keys(settingsLinks(controller))).toEqual(['accounts', 'releases', 'outbox', 'controller']);
  });

  it('shows nothing whose screen is not in the registry yet', () => {
    expect(keys(settingsLinks({ ...admin, entries: [] }))).toEqual(['releases', 'outbox']);
    expect(keys(settingsLinks({ ...tenant, entries: [] }))).toEqual(['logo']);
  });
});

describe('platform content (issue 3)', () => {
  it('offers app releases and the outbox to role value 10 only, as actions', () => {
    const actions = settingsLinks(admin).filter((l) => isHeaderAction(l.key));
    expect(actions).toEqual([
      { key: 'releases', labelKey: 'header.appReleases', dot: undefined },
      { key: 'outbox', labelKey: 'header.outbox', dot: undefined },
    ]);
    expect(keys(settingsLinks(tenant))).not.toContain('releases');
    expect(keys(settingsLinks(tenant))).not.toContain('outbox');
  });

  it('tells dialogs from screens', () => {
    expect(isHeaderAction('logo')).toBe(true);
    expect(isHeaderAction('outbox')).toBe(true);
    expect(isHeaderAction('/user/list')).toBe(false);
  });
});

describe('user menu', () => {
  it('lists personal info, messages, device log and log where they exist', () => {
    expect(keys(userLinks(tenant))).toEqual(['profile', 'messages', 'device-log', 'log']);
    expect(keys(userLinks({ ...tenant, entries: [] }))).toEqual([]);
  });

  it('opens unread messages when there are any, else the list from the start', () => {
    const read = userLinks({ ...tenant, unreadCount: 0 }).find((l) => l.key === 'messages')!;
    const unread = userLinks({ ...tenant, unreadCount: 3 }).find((l) => l.key === 'messages')!;
    expect(read).toEqual(expect.objectContaining({ to: '/log/message?status=init', dot: false }));
    expect(unread).toEqual(expect.objectContaining({ to: '/log/message?status=unread', dot: true }));
  });

  it('has messages in cloud mode only', () => {
    const controller = { ...tenant, viewer: { ...tenant.viewer, mode: 'controller' as const } };
    expect(keys(userLinks(controller))).toEqual(['profile', 'device-log', 'log']);
    expect(messagesAvailable(controller)).toBe(false);
    expect(messagesAvailable(tenant)).toBe(true);
  });

  it('drops log entries for a user without the user role', () => {
    const noLogs = { ...tenant, viewer: { roles: [], mode: 'cloud' as const } };
    expect(keys(userLinks(noLogs))).toEqual(['profile']);
  });
});
