import type { ComponentType } from 'react';
import {
  AlertOutlined,
  ApartmentOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  ClockCircleOutlined,
  ClusterOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  HddOutlined,
  HistoryOutlined,
  LineChartOutlined,
  MailOutlined,
  MedicineBoxOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SendOutlined,
  RocketOutlined,
  SettingOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  UserOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { RouteRole } from '@netconsole/contract';
import { routeAllowed } from '@netconsole/contract';
import type { LoginModel } from '#shared/session.ts';
import { withTexts } from './i18n.ts';

/**
 * The one navigation registry (docs/style.md §7): it feeds the router, the sidebar menu, the
 * header menus and the guard. Adding a screen is one entry here plus its feature folder.
 */

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface NavEntry {
  /** Absolute path, the same string the help words and tabs are keyed by. */
  path: string;
  /** Key in the `app` i18n namespace. */
  titleKey: string;
  icon?: ComponentType;
  /** Route roles of spec §6; none means every signed-in user. */
  roles?: readonly RouteRole[];
  /** Shown only in this production mode (spec §2: e.g. /log/alarm cloud, /deviceconf/acSet controller). */
  mode?: LoginModel;
  /** Routable but not in the menu (detail and form screens). */
  hidden?: boolean;
  /** The screen; a group without a page redirects to its first permitted child. */
  page?: PageLoader;
  children?: readonly NavEntry[];
}

export const HOME_PATH = '/dashboard';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';

/**
 * spec §2: the only paths reachable without a token (the public routes: the guard's list and /404).
 * Their pages arrive with later issues.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/404',
  '/approve',
  '/prenew',
  '/recharge',
  '/forgotpwd',
  '/wechat',
  '/appTopo',
];
/** With a token these go to the root instead (spec §2). */
export const SIGNED_OUT_ONLY_PATHS: readonly string[] = ['/login', '/forgotpwd'];

/** Screens outside the main layout (no top bar, no sidebar; /404 only while signed out). */
export const STANDALONE_PAGES: Readonly<Record<string, PageLoader>> = {
  [LOGIN_PATH]: () => import('#features/user/pages/login-page.tsx'),
  [NOT_FOUND_PATH]: () => import('./pages/not-found-page.tsx'),
  '/forgotpwd': withTexts(() => import('#features/user/pages/forgot-password-page.tsx'), 'user-forgot'),
  // spec §2 /appTopo (public): the mobile app's topology, signed by the token in its address.
  '/appTopo': withTexts(() => import('#features/topology/pages/app-topo-page.tsx'), 'topology-view'),
};

/** The main layout's screens, in menu order. */
export const NAVIGATION: readonly NavEntry[] = [
  {
    path: HOME_PATH,
    titleKey: 'nav.dashboard',
    icon: DashboardOutlined,
    page: () => import('#features/dashboard/pages/dashboard-page.tsx'),
  },
  {
    // spec §2 /dashboard/topology (routes.tsv: everyone): a network's LLDP topology and its history.
    path: '/dashboard/topology',
    titleKey: 'nav.topology',
    icon: ApartmentOutlined,
    page: withTexts(
      () => import('#features/topology/pages/topology-page.tsx'),
      'topology-view',
      'pdf-export',
    ),
  },
  {
    // spec §2 /dashboard/topoView (hidden): the same drawing over the whole window.
    path: '/dashboard/topoView',
    titleKey: 'nav.topoView',
    hidden: true,
    page: withTexts(
      () => import('#features/topology/pages/topo-view-page.tsx'),
      'topology-view',
      'pdf-export',
    ),
  },
  {
    // spec §2: /device goes to its first child the viewer may open.
    path: '/device',
    titleKey: 'nav.device',
    icon: ClusterOutlined,
    children: [
      {
        // spec §2 /device/info (routes.tsv: everyone), where /device leads: one device's details
        // and charts; `?SN=` names the device.
        path: '/device/info',
        titleKey: 'nav.deviceInfo',
        icon: DashboardOutlined,
        page: withTexts(() => import('#features/telemetry/pages/device-info-page.tsx'), 'telemetry-info'),
      },
      {
        // spec §2 /device/list (routes.tsv: everyone): the devices, live; a row opens /device/info.
        path: '/device/list',
        titleKey: 'nav.deviceList',
        icon: UnorderedListOutlined,
        page: withTexts(() => import('#features/device/pages/device-list-page.tsx'), 'device-list'),
      },
      {
        // spec §2 /device/clientinfo (routes.tsv: everyone): the clients of the APs and routers.
        path: '/device/clientinfo',
        titleKey: 'nav.clientInfo',
        icon: WifiOutlined,
        page: withTexts(() => import('#features/client/pages/client-info-page.tsx'), 'client-info'),
      },
    ],
  },
  {
    // spec §2: /deviceconf goes to its first child the viewer may open.
    path: '/deviceconf',
    titleKey: 'nav.deviceconf',
    icon: SettingOutlined,
    children: [
      {
        // spec §2 /deviceconf/ap (routes.tsv: everyone): the tenant's AP profiles.
        path: '/deviceconf/ap',
        titleKey: 'nav.apProfiles',
        icon: ControlOutlined,
        page: withTexts(() => import('#features/config/pages/ap-list-page.tsx'), 'config-ap'),
      },
      {
        // spec §2 /deviceconf/apform (hidden): one AP profile, `?id=` to edit, `?copy=` to copy.
        path: '/deviceconf/apform',
        titleKey: 'nav.apForm',
        hidden: true,
        page: withTexts(
          () => import('#features/config/pages/ap-form-page.tsx'),
          'config-ap',
          'config-wireless',
          'config-file',
        ),
      },
      {
        // spec §2 /deviceconf/wireless (everyone): the wireless groups (SSIDs) of every AP profile.
        path: '/deviceconf/wireless',
        titleKey: 'nav.wireless',
        icon: WifiOutlined,
        page: withTexts(
          () => import('#features/config/pages/wireless-page.tsx'),
          'config-wireless',
          'config-ap',
        ),
      },
      {
        // spec §2 /deviceconf/switch (everyone): the tenant's switch profiles.
        path: '/deviceconf/switch',
        titleKey: 'nav.switchProfiles',
        icon: ApartmentOutlined,
        page: withTexts(
          () => import('#features/config/pages/switch-list-page.tsx'),
          'config-switch',
          'config-ap',
        ),
      },
      {
        // spec §2 /deviceconf/switchform (hidden): one switch profile with the front panel.
        path: '/deviceconf/switchform',
        titleKey: 'nav.switchForm',
        hidden: true,
        page: withTexts(
          () => import('#features/config/pages/switch-form-page.tsx'),
          'config-switch',
          'config-ap',
          'config-file',
        ),
      },
      {
        // spec §2 /deviceconf/routerConfig (everyone): the tenant's router profiles.
        path: '/deviceconf/routerConfig',
        titleKey: 'nav.routerProfiles',
        icon: ClusterOutlined,
        page: withTexts(
          () => import('#features/config/pages/router-list-page.tsx'),
          'config-router',
          'config-ap',
        ),
      },
      {
        // spec §2 /deviceconf/routerform (hidden): one router profile.
        path: '/deviceconf/routerform',
        titleKey: 'nav.routerForm',
        hidden: true,
        page: withTexts(
          () => import('#features/config/pages/router-form-page.tsx'),
          'config-router',
          'config-ap',
          'config-file',
        ),
      },
      {
        // spec §2 /deviceconf/conf "config issue" (everyone): deliver a profile, follow deliveries live.
        path: '/deviceconf/conf',
        titleKey: 'nav.configIssue',
        icon: SendOutlined,
        page: withTexts(() => import('#features/config/pages/delivery-page.tsx'), 'config-delivery'),
      },
      {
        // spec §2 /deviceconf/configHistory (everyone): versions, side-by-side diff, restore.
        path: '/deviceconf/configHistory',
        titleKey: 'nav.configHistory',
        icon: HistoryOutlined,
        page: withTexts(() => import('#features/config/pages/history-page.tsx'), 'config-history'),
      },
    ],
  },
  {
    // spec §2: /fwconf goes to its first child (routes.tsv: everyone).
    path: '/fwconf',
    titleKey: 'nav.fwconf',
    icon: RocketOutlined,
    children: [
      {
        // spec §2 /fwconf/info: the image library per model and hardware version, who runs what.
        path: '/fwconf/info',
        titleKey: 'nav.fwInfo',
        icon: DatabaseOutlined,
        page: withTexts(() => import('#features/firmware/pages/library-page.tsx'), 'firmware-library'),
      },
      {
        // spec §2 /fwconf/upload: upload an image with its model, versions, checksum and MD5.
        path: '/fwconf/upload',
        titleKey: 'nav.fwUpload',
        icon: CloudUploadOutlined,
        page: withTexts(() => import('#features/firmware/pages/upload-page.tsx'), 'firmware-upload'),
      },
      {
        // spec §2 /fwconf/fw "firmware issue": upgrade devices, followed live.
        path: '/fwconf/fw',
        titleKey: 'nav.fwIssue',
        icon: SendOutlined,
        page: withTexts(() => import('#features/firmware/pages/upgrade-page.tsx'), 'firmware-upgrade'),
      },
      {
        // spec §2 /fwconf/fwHistory: every upgrade, who, when, each device's outcome and duration.
        path: '/fwconf/fwHistory',
        titleKey: 'nav.fwHistory',
        icon: HistoryOutlined,
        page: withTexts(() => import('#features/firmware/pages/history-page.tsx'), 'firmware-history'),
      },
    ],
  },
  {
    // spec §2: /log (route role user) — messages and alarms in cloud mode only; reached from the
    // top bar's menus too (header-menus.ts).
    path: '/log',
    titleKey: 'nav.log',
    icon: FileTextOutlined,
    roles: ['user'],
    children: [
      {
        // spec §2 /log/list: the audit log — who did what, on which object, when, with what outcome.
        path: '/log/list',
        titleKey: 'nav.logList',
        icon: ProfileOutlined,
        roles: ['user'],
        page: withTexts(() => import('#features/log/pages/list-page.tsx'), 'log-list', 'log-common'),
      },
      {
        // spec §2 /log/device: device logs and switch events, per device.
        path: '/log/device',
        titleKey: 'nav.logDevice',
        icon: HddOutlined,
        roles: ['user'],
        page: withTexts(() => import('#features/log/pages/device-page.tsx'), 'log-device', 'log-common'),
      },
      {
        // spec §2 /log/alarm (cloud mode): alarms and their handling, and the alarm settings.
        path: '/log/alarm',
        titleKey: 'nav.logAlarm',
        icon: AlertOutlined,
        roles: ['user'],
        mode: 'cloud',
        page: withTexts(() => import('#features/alarm/pages/alarm-page.tsx'), 'alarm-settings'),
      },
      {
        // spec §2 /log/message (cloud mode): the message centre (?status=unread|init).
        path: '/log/message',
        titleKey: 'nav.logMessage',
        icon: MailOutlined,
        roles: ['user'],
        mode: 'cloud',
        page: withTexts(() => import('#features/log/pages/message-page.tsx'), 'log-message'),
      },
      {
        // spec §2 /log/detail: one message read in full (?_id=), reached from the message list.
        path: '/log/detail',
        titleKey: 'nav.logDetail',
        hidden: true,
        roles: ['user'],
        page: withTexts(() => import('#features/log/pages/detail-page.tsx'), 'log-detail'),
      },
    ],
  },
  {
    // spec §2: /flow (route role analysis) — traffic and behaviour analytics (docs/analytics.md).
    path: '/flow',
    titleKey: 'nav.flow',
    icon: BarChartOutlined,
    roles: ['analysis'],
    children: [
      {
        // spec §2 /flow/list: networks ranked by traffic, users and devices online over a period.
        path: '/flow/list',
        titleKey: 'nav.flowList',
        icon: BarChartOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/flow/pages/list-page.tsx'),
          'flow-list',
          'flow-common',
          'pdf-export',
        ),
      },
      {
        // spec §2 /flow/user: users online now per network, AP, band and SSID; users per hour.
        path: '/flow/user',
        titleKey: 'nav.flowUser',
        icon: UserOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/flow/pages/user-page.tsx'),
          'flow-user',
          'flow-common',
          'pdf-export',
        ),
      },
      {
        // spec §2 /flow/listAP: traffic per AP and device over time, top N.
        path: '/flow/listAP',
        titleKey: 'nav.flowListAP',
        icon: AreaChartOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/flow/pages/ap-page.tsx'),
          'flow-ap',
          'flow-common',
          'pdf-export',
        ),
      },
      {
        // spec §2 /flow/listClient: clients ranked by traffic, online time, connections; DNS behaviour.
        path: '/flow/listClient',
        titleKey: 'nav.flowListClient',
        icon: TeamOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/flow/pages/client-page.tsx'),
          'flow-client',
          'flow-common',
          'pdf-export',
        ),
      },
      {
        // spec §2 /flow/realtimedata: live rates of a network or device (30 s or 1000 ms).
        path: '/flow/realtimedata',
        titleKey: 'nav.flowRealtime',
        icon: ThunderboltOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/flow/pages/realtime-page.tsx'),
          'flow-realtime',
          'flow-common',
        ),
      },
    ],
  },
  {
    // spec §2: /maintenance (route role analysis) — diagnoses from the devices and timed tasks
    // (docs/diagnosis.md).
    path: '/maintenance',
    titleKey: 'nav.maintenance',
    icon: ToolOutlined,
    roles: ['analysis'],
    children: [
      {
        // spec §2 /maintenance/diagnose_network: ping or mtr from chosen devices, live results.
        path: '/maintenance/diagnose_network',
        titleKey: 'nav.diagnoseNetwork',
        icon: MedicineBoxOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/diagnosis/pages/network-page.tsx'),
          'diagnosis-network',
          'diagnosis-common',
        ),
      },
      {
        // spec §2 /maintenance/diagnose_portal: the devices towards a profile's portal and RADIUS.
        path: '/maintenance/diagnose_portal',
        titleKey: 'nav.diagnosePortal',
        icon: SafetyOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/diagnosis/pages/portal-page.tsx'),
          'diagnosis-portal',
          'diagnosis-common',
        ),
      },
      {
        // spec §2 /maintenance/timer_list: recurring diagnoses and the built-in timed tasks.
        path: '/maintenance/timer_list',
        titleKey: 'nav.timerList',
        icon: ClockCircleOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/diagnosis/pages/timer-page.tsx'),
          'diagnosis-timer',
          'diagnosis-common',
        ),
      },
      {
        // spec §2 /maintenance/diagnose_record: every run, per device and target; latency charts.
        path: '/maintenance/diagnose_record',
        titleKey: 'nav.diagnoseRecord',
        icon: LineChartOutlined,
        roles: ['analysis'],
        page: withTexts(
          () => import('#features/diagnosis/pages/record-page.tsx'),
          'diagnosis-record',
          'diagnosis-common',
        ),
      },
    ],
  },
  {
    // spec §2: account management (route role adduser): a tenant's co-administrators; for the
    // administrator (role value 10), the tenants and each tenant's co-administrators.
    path: '/user/list',
    titleKey: 'nav.userList',
    icon: TeamOutlined,
    roles: ['adduser'],
    page: () => import('./pages/account-management-page.tsx'),
  },
  {
    // spec §2: the personal centre, every signed-in account; reached from the user menu.
    path: '/user/index',
    titleKey: 'nav.profile',
    hidden: true,
    page: withTexts(() => import('#features/user/pages/profile-page.tsx'), 'user-profile'),
  },
];

/** spec §2 "Compact menu": the flat list the collapsed sidebar shows, where those screens exist. */
export const COMPACT_MENU_PATHS: readonly string[] = [
  '/dashboard',
  '/device/list',
  '/device/clientinfo',
  '/flow/list',
  '/flow/user',
  '/flow/listAP',
  '/flow/listClient',
  '/flow/realtimedata',
];

export interface Viewer {
  roles: readonly RouteRole[];
  mode: LoginModel | null;
}

function entryAllowed(entry: NavEntry, viewer: Viewer): boolean {
  return routeAllowed(entry.roles, viewer.roles) && (!entry.mode || entry.mode === viewer.mode);
}

/**
 * The entries this viewer may open (spec §2): an entry is dropped when its roles share nothing
 * with the viewer's or its mode differs; children are filtered the same way, and a group whose
 * children are all dropped goes too.
 */
export function permittedEntries(entries: readonly NavEntry[], viewer: Viewer): NavEntry[] {
  const result: NavEntry[] = [];
  for (const entry of entries) {
    if (!entryAllowed(entry, viewer)) continue;
    if (!entry.children) {
      result.push(entry);
      continue;
    }
    const children = permittedEntries(entry.children, viewer);
    if (children.length > 0 || entry.page) result.push({ ...entry, children });
  }
  return result;
}

/** Permitted entries without the hidden ones: what the sidebar shows. */
export function menuEntries(entries: readonly NavEntry[], viewer: Viewer): NavEntry[] {
  return permittedEntries(entries, viewer).flatMap((entry) => {
    if (entry.hidden) return [];
    if (!entry.children) return [entry];
    const children = menuEntries(entry.children, viewer);
    return children.length > 0 || entry.page ? [{ ...entry, children }] : [];
  });
}

export function flattenEntries(entries: readonly NavEntry[]): NavEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenEntries(entry.children ?? [])]);
}

export function findEntry(path: string, entries: readonly NavEntry[] = NAVIGATION): NavEntry | undefined {
  return flattenEntries(entries).find((entry) => entry.path === path);
}

/** The entry's own rule and every ancestor's: a child of a forbidden group is forbidden too. */
export function isPathPermitted(
  path: string,
  viewer: Viewer,
  entries: readonly NavEntry[] = NAVIGATION,
): boolean {
  return flattenEntries(permittedEntries(entries, viewer)).some((entry) => entry.path === path);
}

export function compactMenu(
  entries: readonly NavEntry[],
  viewer: Viewer,
  paths: readonly string[] = COMPACT_MENU_PATHS,
): NavEntry[] {
  const visible = flattenEntries(menuEntries(entries, viewer));
  return paths.flatMap((path) => visible.filter((entry) => entry.path === path && entry.page));
}

/** Where a group's own path leads: its first permitted child with a screen. */
export function firstPage(entry: NavEntry, viewer: Viewer): string | undefined {
  if (entry.page) return entry.path;
  for (const child of permittedEntries(entry.children ?? [], viewer)) {
    const target = firstPage(child, viewer);
    if (target) return target;
  }
  return undefined;
}
