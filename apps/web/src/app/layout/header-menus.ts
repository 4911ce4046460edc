import { AccountRole } from '@netconsole/contract';
import { NAVIGATION, isPathPermitted, type NavEntry, type Viewer } from '../navigation.ts';

/**
 * The top bar's dropdown entries (spec §2). A link to a screen shows only once that screen is in
 * the registry and open to this user, plus the spec's own mode and role rules. An entry without
 * `to` is an action of the top bar itself (a dialog: logo, app releases, outbox), named by its key.
 */
export interface HeaderLink {
  key: string;
  to?: string;
  labelKey: string;
  /** The unread-messages dot. */
  dot?: boolean;
}

export interface HeaderContext {
  viewer: Viewer;
  /** The account's Role value (10 = administrator). */
  roleValue: number;
  /** The account belongs to a tenant (everyone but the administrator). */
  hasTenant?: boolean;
  unreadCount?: number;
  entries?: readonly NavEntry[];
}

interface Candidate {
  key: string;
  /** None: an action, not a screen. */
  path?: string;
  labelKey: string;
  when: boolean;
  search?: string;
  dot?: boolean;
}

export const MESSAGES_PATH = '/log/message';

function resolve(candidates: Candidate[], ctx: HeaderContext): HeaderLink[] {
  return candidates
    .filter((c) => c.when && (!c.path || isPathPermitted(c.path, ctx.viewer, ctx.entries ?? NAVIGATION)))
    .map((c) => ({
      key: c.key,
      ...(c.path && { to: c.path + (c.search ?? '') }),
      labelKey: c.labelKey,
      dot: c.dot,
    }));
}

/** The settings menu's dialogs (actions of the top bar rather than screens), by their keys. */
export const LOGO_ACTION = 'logo';
export const RELEASES_ACTION = 'releases';
export const OUTBOX_ACTION = 'outbox';
export const HEADER_ACTIONS = [LOGO_ACTION, RELEASES_ACTION, OUTBOX_ACTION] as const;
export type HeaderAction = (typeof HEADER_ACTIONS)[number];

export function isHeaderAction(key: string): key is HeaderAction {
  return (HEADER_ACTIONS as readonly string[]).includes(key);
}

export function settingsLinks(ctx: HeaderContext): HeaderLink[] {
  const { mode } = ctx.viewer;
  return resolve(
    [
      {
        // The alarm screen's settings tab (its other tab lists the alarms).
        key: 'alarm',
        path: '/log/alarm',
        search: '?tab=settings',
        labelKey: 'header.alarmSettings',
        when: mode === 'cloud',
      },
      {
        key: 'accounts',
        path: '/user/list',
        labelKey: 'header.accountManagement',
        when: ctx.roleValue === AccountRole.Administrator,
      },
      // issue 3: the platform's content, the administrator's alone.
      {
        key: RELEASES_ACTION,
        labelKey: 'header.appReleases',
        when: ctx.roleValue === AccountRole.Administrator,
      },
      { key: OUTBOX_ACTION, labelKey: 'header.outbox', when: ctx.roleValue === AccountRole.Administrator },
      // spec §6: any user may change the logo; it is a tenant's, so the administrator has none.
      { key: LOGO_ACTION, labelKey: 'header.logoSetting', when: Boolean(ctx.hasTenant) },
      {
        key: 'controller',
        path: '/deviceconf/acSet',
        labelKey: 'header.controllerSettings',
        when: mode === 'controller',
      },
    ],
    ctx,
  );
}

/** Whether the messages entry (and so the unread count) applies to this user. */
export function messagesAvailable(ctx: HeaderContext): boolean {
  return ctx.viewer.mode === 'cloud' && isPathPermitted(MESSAGES_PATH, ctx.viewer, ctx.entries ?? NAVIGATION);
}

export function userLinks(ctx: HeaderContext): HeaderLink[] {
  const unread = (ctx.unreadCount ?? 0) > 0;
  return resolve(
    [
      { key: 'profile', path: '/user/index', labelKey: 'header.personalInfo', when: true },
      {
        key: 'messages',
        path: MESSAGES_PATH,
        search: unread ? '?status=unread' : '?status=init',
        labelKey: 'header.messages',
        when: ctx.viewer.mode === 'cloud',
        dot: unread,
      },
      { key: 'device-log', path: '/log/device', labelKey: 'header.deviceLog', when: true },
      { key: 'log', path: '/log/list', labelKey: 'header.log', when: true },
    ],
    ctx,
  );
}
