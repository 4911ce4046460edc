// Screenshots of the shell for a visual check. Needs a server with the built console, e.g.
//   PORT=8090 DATA_DIR=/tmp/web-dev-data npx tsx apps/server/src/main.ts
// then: node apps/web/scripts/screenshots.mjs [baseURL] [outDir]
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const baseURL = process.argv[2] ?? 'http://127.0.0.1:8090';
const out = process.argv[3] ?? '/tmp/web-shots';
const user = process.env.SHOT_USER ?? 'demo';
const password = process.env.SHOT_PASSWORD ?? 'demo1234';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

function watch(page, name) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      console.log(`[${name}] ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => console.log(`[${name}] pageerror: ${error.message}`));
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('dashboard-welcome').waitFor();
  await page.getByTestId('server-time').waitFor();
}

try {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watch(page, 'en');

  await page.goto('/login');
  await page.getByTestId('app-download-android').waitFor();
  await page.screenshot({ path: `${out}/01-login.png` });

  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('login-error').waitFor();
  await page.screenshot({ path: `${out}/02-login-error.png` });

  await signIn(page);
  await page.screenshot({ path: `${out}/03-shell-en.png` });

  await page.getByTestId('help-toggle').click();
  await page.getByTestId('help-content').waitFor();
  await page.screenshot({ path: `${out}/04-help-en.png` });
  await page.getByTestId('help-close').click();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').waitFor();
  await page.waitForTimeout(400); // the menu's opening animation
  await page.screenshot({ path: `${out}/05-user-menu.png` });
  await page.keyboard.press('Escape');

  await page.getByTestId('language-select').click();
  await page.getByTestId('language-option-zh').click();
  await page.waitForEvent('load');
  await page.getByTestId('server-time').waitFor();
  await page.screenshot({ path: `${out}/06-shell-zh.png` });
  await page.getByTestId('help-toggle').click();
  await page.getByTestId('help-content').waitFor();
  await page.screenshot({ path: `${out}/07-help-zh.png` });

  await page.goto('/no-such-page');
  await page.getByTestId('not-found-home').waitFor();
  await page.screenshot({ path: `${out}/08-404-zh.png` });

  // Back to English and signed out: the login page in Chinese first.
  await page.goto('/dashboard');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByTestId('login-submit').waitFor();
  await page.screenshot({ path: `${out}/09-login-zh.png` });
  await page.getByTestId('language-option-en').click();
  await page.waitForEvent('load');

  const narrow = await browser.newContext({ baseURL, viewport: { width: 600, height: 800 } });
  const small = await narrow.newPage();
  watch(small, 'narrow');
  await signIn(small);
  await small.screenshot({ path: `${out}/10-narrow.png` });
  await small.getByTestId('help-toggle').click();
  await small.getByTestId('help-content').waitFor();
  await small.screenshot({ path: `${out}/11-narrow-help.png` });

  // Signed out, /404 leads to the sign-in page; signing in goes on to the page asked for.
  await page.goto('/404');
  await page.getByTestId('login-submit').waitFor();
  console.log(`signed-out /404 -> ${new URL(page.url()).pathname}`);
  await page.getByTestId('login-username').fill(user);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('not-found-home').waitFor();
  await page.screenshot({ path: `${out}/12-404-en.png` });
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
}
