/**
 * Accessibility (issue 13 point 15): axe-core on every built screen, in English and Chinese, at
 * 1366×800, signed in as the accounts that open it (signed out for the public ones). A violation
 * of impact serious or critical fails its screen's test, naming the rule, its impact, the elements
 * (selectors) and the page.
 *
 * The screens come from the console's own navigation registry (apps/web/src/app/navigation.ts),
 * so a new screen is checked as soon as it is registered; every route of the specification
 * (routes.tsv) must be either built, and so checked, or named below as not built yet.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { atRestInPage, axeViolations as scan } from './support/axe.ts';
import { WAIT_MS, launch, newPage } from './support/browser.ts';
import { DEMO, DEMO_OPS, pathOf, signIn, type SignedIn } from './support/console.ts';
import { apiCall, apiToken } from './support/simulated-network.ts';

/** The registry's shape as far as this test reads it. */
interface NavEntry {
  path: string;
  roles?: readonly string[];
  page?: unknown;
  children?: readonly NavEntry[];
}
interface Registry {
  NAVIGATION: readonly NavEntry[];
  STANDALONE_PAGES: Readonly<Record<string, unknown>>;
  PUBLIC_PATHS: readonly string[];
  NOT_FOUND_PATH: string;
  flattenEntries(entries: readonly NavEntry[]): NavEntry[];
  isPathPermitted(path: string, viewer: { roles: readonly string[]; mode: string | null }): boolean;
}

// Loaded at run time, not type-checked with the e2e project: the registry belongs to the web
// project (its screens' loaders are never called here).
const registryFile = '../apps/web/src/app/navigation.ts';
const registry = (await import(/* @vite-ignore */ registryFile)) as Registry;

/** spec §2's screens, one per line: path, roles ("public" = no sign-in), flags. */
const SPEC_ROUTES = fs
  .readFileSync(path.resolve(import.meta.dirname, '../../shared/spec/routes.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => {
    const [route = '', roles = ''] = line.split('\t');
    return { route, public: roles.trim() === 'public' };
  });

/**
 * Routes of the specification without a screen yet. The only exemption: a route that gets a
 * screen must leave this list (the first test says so), and is then checked like the others.
 */
const NOT_BUILT = new Set([
  '/prenew',
  '/recharge',
  '/approve',
  '/wechat',
  '/device/showMaps',
  '/device/termLocate',
  '/device/hotMap',
  '/device/devLocation',
  '/device/devicePosition',
  '/deviceconf/certified',
  '/deviceconf/add&edit',
  '/deviceconf/acSet',
  '/financial/list',
  '/financial/rate',
  '/financial/payServe',
  '/financial/renewCloud',
  '/financial/renewSms',
  '/financial/renewDevice',
  '/financial/order',
  '/financial/details',
  '/financial/topup',
  '/financial/payUser',
  '/financial/payUserDetails',
]);

/** Every screen the console builds: the main layout's (groups only redirect) and the standalone. */
const BUILT = [
  ...registry.flattenEntries(registry.NAVIGATION).flatMap((entry) => (entry.page ? [entry.path] : [])),
  ...Object.keys(registry.STANDALONE_PAGES),
];
const isPublic = (route: string) =>
  SPEC_ROUTES.find((r) => r.route === route)?.public ?? registry.PUBLIC_PATHS.includes(route);
const SIGNED_OUT_SCREENS = BUILT.filter(isPublic);
/** The not-found page also shows to a signed-in user, who must be able to go on from it. */
const SIGNED_IN_SCREENS = BUILT.filter((route) => !isPublic(route) || route === registry.NOT_FOUND_PATH);
/**
 * The administrator's Chinese pass: the screens behind a route role (the administrator holds them
 * all), which the demo tenant may lack. Every other screen is the same component the demo tenant's
 * Chinese pass checks, and the administrator's view of it is checked in English.
 */
const ROLE_SCREENS = SIGNED_IN_SCREENS.filter((route) =>
  registry.flattenEntries(registry.NAVIGATION).some((e) => e.path === route && (e.roles?.length ?? 0) > 0),
);

/** What shows that a screen is there, whoever looks; any screen also waits to settle. */
const LOADED: Readonly<Record<string, string>> = {
  '/login': '[data-testid="login-form"]',
  '/forgotpwd': '[data-testid="forgot-page"]',
  '/404': '[data-testid="not-found-home"]',
  '/appTopo': '[data-testid="topology-chart"][data-rendered="1"]',
  '/user/index': '[data-testid="profile-page"]',
  '/deviceconf/apform': '[data-testid="config-form"]',
  '/deviceconf/switchform': '[data-testid="config-form"]',
  '/deviceconf/routerform': '[data-testid="config-form"]',
  '/fwconf/info': '[data-testid^="library-group-"], [data-testid="library-empty"]',
  '/fwconf/upload': '[data-testid="upload-form"]',
  '/fwconf/fw': '[data-testid="upgrade-table"]',
  '/fwconf/fwHistory': '[data-testid="upgrade-table"]',
  // The alarms, or the table saying there are none (the administrator's view, a tenant without any).
  '/log/alarm': '[data-testid^="alarm-row-"], [data-testid="alarm-table"] .ant-table-placeholder',
  '/log/list': '[data-testid^="audit-row-"], [data-testid="log-list-empty"]',
  '/log/device': '[data-testid^="device-log-row-"], [data-testid="device-log-empty"]',
  '/log/message': '[data-testid^="message-row-"], [data-testid="message-empty"]',
  // Opened without `?_id=`: it says to choose a message from the list.
  '/log/detail': '[data-testid="detail-none"]',
  '/maintenance/diagnose_network': '[data-testid="diag-network-form"]',
  '/maintenance/diagnose_portal': '[data-testid="diag-portal-form"]',
  // The timers, or the table saying there are none (the built-in tasks are a tenant's only).
  '/maintenance/timer_list': '[data-testid^="timer-row-"], [data-testid="timer-empty"]',
  '/maintenance/diagnose_record': '[data-testid^="diag-run-row-"], [data-testid="diag-record-empty"]',
  // The flow screens' rankings, or their tables saying there is nothing (the administrator's view).
  '/flow/list': '[data-testid^="flow-list-row-"], [data-testid="flow-list-empty"]',
  '/flow/user': '[data-testid^="flow-user-ap-"], [data-testid="flow-user-empty"]',
  '/flow/listAP': '[data-testid^="flow-ap-row-"], [data-testid="flow-ap-empty"]',
  '/flow/listClient': '[data-testid^="flow-client-row-"], [data-testid="flow-client-empty"]',
  // Live rates come over a socket of the screen's own, not an API call: the screen and its state.
  '/flow/realtimedata': '[data-testid="flow-realtime-page"]:not([data-state="connecting"])',
};

/** What shows that a screen has the demo tenant's data (its fleet, networks and accounts). */
const TENANT_LOADED: Readonly<Record<string, string>> = {
  '/dashboard': '[data-testid^="dashboard-network-status-"]',
  '/dashboard/topology': '[data-testid="topology-chart"][data-rendered="1"]',
  '/dashboard/topoView': '[data-testid="topology-chart"][data-rendered="1"]',
  // A switch's page (addressOf): its port panel comes last.
  '/device/info': '[data-testid^="device-port-"]',
  '/device/list': '[data-testid^="device-row-"]',
  '/device/clientinfo': '[data-testid^="client-row-"]',
  '/user/list': '[data-testid^="user-row-"]',
  '/deviceconf/ap': '[data-testid^="config-row-"]',
  '/deviceconf/switch': '[data-testid^="config-row-"]',
  '/deviceconf/routerConfig': '[data-testid^="config-row-"]',
  '/deviceconf/wireless': '[data-testid^="wireless-row-"]',
  // The demo's first start delivered two profiles; its history has the office profile's change.
  '/deviceconf/conf': '[data-testid^="delivery-row-"]',
  '/deviceconf/configHistory': '[data-testid^="history-row-"]',
};

/** Dialogs opened from a screen, checked open too: the clicks that open one, what shows it ready. */
interface Dialog {
  who: 'tenant' | 'admin';
  clicks: string[];
  ready: string;
}
const DIALOGS: Readonly<Record<string, readonly Dialog[]>> = {
  '/dashboard': [
    { who: 'tenant', clicks: ['add-network'], ready: '[data-testid="wizard-step-info"]' },
    { who: 'tenant', clicks: ['settings-menu', 'header-link-logo'], ready: '[data-testid="logo-modal"]' },
    { who: 'admin', clicks: ['settings-menu', 'header-link-outbox'], ready: '[data-testid="outbox-table"]' },
    {
      who: 'admin',
      clicks: ['settings-menu', 'header-link-releases'],
      ready: '[data-testid="releases-modal"]',
    },
  ],
  '/device/list': [{ who: 'tenant', clicks: ['device-add'], ready: '[data-testid="device-form"]' }],
  '/user/list': [{ who: 'tenant', clicks: ['user-add'], ready: '[data-testid="user-form-username"]' }],
  '/fwconf/fw': [{ who: 'tenant', clicks: ['upgrade-new'], ready: '[data-testid="upgrade-form"]' }],
  '/maintenance/timer_list': [{ who: 'tenant', clicks: ['timer-new'], ready: '[data-testid="timer-form"]' }],
  '/log/alarm': [
    { who: 'tenant', clicks: ['alarm-tab-settings', 'custom-add'], ready: '[data-testid="custom-form"]' },
  ],
  '/flow/listClient': [
    {
      who: 'tenant',
      clicks: ['flow-client-tab-dns', 'flow-watch-open'],
      ready: '[data-testid="flow-watch-form"]',
    },
  ],
};

const ADMIN = () => ({ username: 'admin', password: inject('adminPassword') });
const LANGS = ['en', 'zh'] as const;
type Lang = (typeof LANGS)[number];

/** Seen from a tenant: a network of the demo fleet with a main device, for the topology screens. */
let networkId = '';
/** A switch of the demo fleet: its device page shows the most (details, charts, the port panel). */
let switchSn = '';
let appToken = '';
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  // The mobile app's token (a tenant account of its own, so no browser session below is ended).
  appToken = await apiToken(DEMO_OPS);
  const networks = await apiCall<{ list: { _id: string; MainDevice: string | null }[] }>(
    'GET',
    '/v1/network/getAllNetworks',
    appToken,
  );
  networkId = networks.list.find((n) => n.MainDevice)?._id ?? '';
  expect(networkId, 'a demo network with a main device').not.toBe('');
  const switches = await apiCall<{ list: { SN: string }[] }>('GET', '/v1/device/list?Type=3', appToken);
  switchSn = switches.list[0]?.SN ?? '';
  expect(switchSn, 'a demo switch').not.toBe('');
});
afterAll(async () => {
  await browser.close();
});

/** The address that opens a screen with something to show (a tenant's network, the app's token). */
function addressOf(route: string, tenant: boolean): string {
  if (route === '/appTopo') return `${route}?token=${encodeURIComponent(appToken)}&_id=${networkId}`;
  if (tenant && (route === '/dashboard/topology' || route === '/dashboard/topoView')) {
    return `${route}?_id=${networkId}`;
  }
  if (tenant && route === '/device/info') return `${route}?SN=${switchSn}`;
  return route;
}

/** Counts the page's API calls in flight, so a scan does not read a half-loaded screen. */
function trackRequests(page: Page): () => number {
  let pending = 0;
  const api = (url: string) => new URL(url).pathname.startsWith('/v1/');
  page.on('request', (r) => {
    if (api(r.url())) pending++;
  });
  const done = (r: { url(): string }) => {
    if (api(r.url())) pending--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => pending;
}

/**
 * Waits for the screen's data and then for it to settle: no spinner or skeleton, no API call in
 * flight, no finite animation running (a fading dialog would read as low contrast).
 */
async function loaded(page: Page, route: string, pending: () => number, marker?: string): Promise<void> {
  // A screen that sends its visitor elsewhere is not the screen to check: that ends the wait too.
  if (marker) {
    await expect
      .poll(async () => pathOf(page) !== route || (await page.locator(marker).count()) > 0, {
        timeout: WAIT_MS,
        message: `${route} did not show ${marker}`,
      })
      .toBe(true);
  }
  expect(pathOf(page), `${route} stays open`).toBe(route);
  // At rest (`atRestInPage`: two looks two frames apart, a dialog's opening motion starts a frame
  // or two after it mounts), with no API call in flight before the first look nor after the second.
  await expect
    .poll(async () => pending() === 0 && (await page.evaluate(atRestInPage)) && pending() === 0, {
      timeout: WAIT_MS,
      interval: 50,
      message: `${route} did not settle (spinner, API call or animation still going)`,
    })
    .toBe(true);
}

/** A screen of the main layout (the shell), which the console opens without loading the page again. */
const inShell = (route: string) => !(route in registry.STANDALONE_PAGES);

/**
 * Opens a screen. From a shell screen to another, the way a click in the menu does (history and
 * the router, no page load: a load costs ~1 s a screen, and the screens are many); the screen it
 * left is marked, and its going shows the router has moved on. Otherwise by loading the page.
 */
async function visit(page: Page, route: string, tenant: boolean, pending: () => number): Promise<void> {
  const address = addressOf(route, tenant);
  const moved =
    inShell(route) &&
    (await page.evaluate((to) => {
      // Already there (the sign-in lands on the home screen): nothing to move.
      if (location.pathname + location.search === to) return 'here';
      const current = document.querySelectorAll('main.shell-content > *');
      if (current.length === 0) return false;
      current.forEach((el) => el.setAttribute('data-left', '1'));
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
      return true;
    }, address));
  if (moved === true) {
    await page.waitForFunction(() => !document.querySelector('main.shell-content > [data-left]'));
  } else if (moved !== 'here') {
    await page.goto(address);
  }
  await loaded(page, route, pending, LOADED[route] ?? (tenant ? TENANT_LOADED[route] : undefined));
}

describe('the registry and the specification', () => {
  it('has a check for every built screen, and names each route of the spec not built yet', () => {
    const built = new Set(BUILT);
    expect(
      SPEC_ROUTES.map((r) => r.route).filter((route) => !built.has(route) && !NOT_BUILT.has(route)),
      'routes of the spec neither built nor listed as not built',
    ).toEqual([]);
    expect(
      [...NOT_BUILT].filter((route) => built.has(route)),
      'built now: remove from NOT_BUILT',
    ).toEqual([]);
    expect(
      BUILT.filter((route) => !SIGNED_OUT_SCREENS.includes(route) && !SIGNED_IN_SCREENS.includes(route)),
    ).toEqual([]);
  });
});

describe.each(LANGS)('axe, %s', (lang: Lang) => {
  describe('signed out', () => {
    let context: BrowserContext;
    let page: Page;
    let pending: () => number;
    beforeAll(async () => {
      ({ context, page } = await newPage(browser, { width: 1366, height: 800, lang }));
      pending = trackRequests(page);
    });
    afterAll(async () => {
      await context.close();
    });

    it.each(SIGNED_OUT_SCREENS)(`%s (${lang}, signed out)`, async (route) => {
      const where = `${route} (${lang}, signed out)`;
      await visit(page, route, false, pending);
      expect(await scan(page, where), `axe: serious or critical violations on ${where}`).toEqual([]);
    });
  });

  describe.each([
    { who: 'demo tenant', account: () => DEMO, tenant: true },
    { who: 'administrator', account: ADMIN, tenant: false },
  ])('signed in as $who', ({ who, account, tenant }) => {
    const screens = lang === 'zh' && !tenant ? ROLE_SCREENS : SIGNED_IN_SCREENS;
    let context: BrowserContext;
    let page: Page;
    let pending: () => number;
    let session: SignedIn;
    beforeAll(async () => {
      ({ context, page } = await newPage(browser, { width: 1366, height: 800, lang }));
      pending = trackRequests(page);
      session = await signIn(page, account());
    });
    afterAll(async () => {
      await context.close();
    });

    it.each(screens)(`%s (${lang}, ${who})`, async (route) => {
      const where = `${route} (${lang}, ${who})`;
      const viewer = { roles: session.Roles, mode: session.LoginModel };
      // The administrator holds every role, so each screen is checked at least once.
      if (route !== registry.NOT_FOUND_PATH && !registry.isPathPermitted(route, viewer)) return;
      await visit(page, route, tenant, pending);
      const report = await scan(page, where);

      for (const dialog of DIALOGS[route] ?? []) {
        if (dialog.who !== (tenant ? 'tenant' : 'admin')) continue;
        for (const click of dialog.clicks) await page.getByTestId(click).click();
        await loaded(page, route, pending, dialog.ready);
        report.push(
          ...(await scan(page, `${where}, dialog ${dialog.clicks.join(' → ')}`, '[role="dialog"]')),
        );
        await page.keyboard.press('Escape');
        await page.locator(dialog.ready).waitFor({ state: 'hidden' });
      }
      expect(report, `axe: serious or critical violations on ${where}`).toEqual([]);
    });
  });
});
