// bench:web — the gzip size of the JavaScript a first visit loads, measured in a real browser:
// every script response of the page, gzipped as a server would send it. Goals (docs/performance.md):
// /login ≤ 250 KB; /dashboard ≤ 320 KB from an empty cache and ≤ 150 KB beyond what /login already
// loaded (charts, maps and PDF export load on demand).
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser-args.ts';
import { startServerProcess } from '../e2e/support/server-process.ts';

/** Goals in KB gzip: a cold visit of each page, and the dashboard right after signing in. */
const GOALS = { '/login': 250, '/dashboard': 320, afterLogin: 150 } as const;

async function scriptsOf(page: Page, visit: () => Promise<void>) {
  const seen = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if (type !== 'script') return;
    pending.push(
      res.body().then(
        (b) => void seen.set(new URL(res.url()).pathname, gzipSync(b, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  await visit();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return seen;
}

function report(name: string, files: Map<string, number>, goal: number): boolean {
  const total = [...files.values()].reduce((a, b) => a + b, 0) / 1024;
  console.log(
    `\n${name}: ${files.size} scripts, ${total.toFixed(1)} KB gzip (goal ≤ ${goal} KB) ${total <= goal ? 'ok' : 'OVER'}`,
  );
  for (const [f, n] of [...files].sort((a, b) => b[1] - a[1]))
    console.log(`  ${(n / 1024).toFixed(1).padStart(7)} KB  ${f}`);
  return total <= goal;
}

const server = await startServerProcess();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
try {
  const login = await browser.newPage({ baseURL: server.baseURL });
  const loginFiles = await scriptsOf(login, async () => {
    await login.goto('/login');
  });

  // A first visit to /dashboard by a signed-in user: a fresh browser holding only the token cookie.
  const res = await fetch(`${server.baseURL}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: 'demo', Password: 'demo1234' }),
  });
  const { Token } = (await res.json()) as { Token: string };
  const ctx = await browser.newContext({ baseURL: server.baseURL });
  await ctx.addCookies([{ name: 'Token', value: Token, url: server.baseURL }]);
  const dash = await ctx.newPage();
  const dashFiles = await scriptsOf(dash, async () => {
    await dash.goto('/dashboard');
  });
  // Signing in leads from /login to /dashboard: what the browser holds already is not fetched again.
  const afterLogin = new Map([...dashFiles].filter(([f]) => !loginFiles.has(f)));
  const ok = [
    report('/login', loginFiles, GOALS['/login']),
    report('/dashboard', dashFiles, GOALS['/dashboard']),
    report('/dashboard after /login (scripts /login did not load)', afterLogin, GOALS.afterLogin),
  ].every(Boolean);
  console.log(ok ? '\nAll within budget.' : '\nOver budget.');
} finally {
  await browser.close();
  await server.stop();
}
