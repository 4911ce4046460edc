import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage } from './support/browser.ts';
import { DEMO, deliveredCode, eventually, pathOf, signIn, signOut, still } from './support/console.ts';

// One co-administrator made through the screen, then used by the flows below (in order).
const OPS = {
  username: 'nightops',
  password: 'night-shift1',
  name: 'Night Operator',
  email: 'night@demo.example',
  phone: '13912340001',
};

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function antdToast(page: Page, text: string) {
  await page.locator('.ant-message').getByText(text, { exact: false }).first().waitFor();
}

describe('accounts', () => {
  it('adds a co-administrator whose menu follows its permissions', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    await page.getByTestId('menu-/user/list').click();
    await page.getByTestId('user-list-page').waitFor();
    await page.getByTestId('user-add').click();
    await page.getByTestId('user-form-username').fill(OPS.username);
    await page.getByTestId('user-form-name').fill(OPS.name);
    await page.getByTestId('user-form-password').fill(OPS.password);
    await page.getByTestId('user-form-confirm').fill(OPS.password);
    await page.getByTestId('user-form-email').fill(OPS.email);
    await page.getByTestId('user-form-phone').fill(OPS.phone);
    await page.getByTestId('user-form-op-analysis').check();
    await page.getByTestId('user-form-submit').click();
    await page.getByTestId(`user-row-${OPS.username}`).waitFor();
    await context.close();

    const ops = await newPage(browser);
    await signIn(ops.page, OPS);
    expect(pathOf(ops.page)).toBe('/dashboard');
    // Analysis only: no account management; the dashboard lists exactly its permissions.
    expect(await ops.page.getByTestId('menu-/user/list').count()).toBe(0);
    const perms = await ops.page.getByTestId('dashboard-account').textContent();
    expect(perms).toContain('Analytics');
    expect(perms).not.toContain('Finance');
    await ops.context.close();
  });

  it('changes the password in the personal centre', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, OPS, '/user/index');
    await page.getByTestId('profile-page').waitFor();
    await page.getByTestId('profile-password').click();
    await page.getByTestId('pwd-old').fill(OPS.password);
    await page.getByTestId('pwd-new').fill('dawn-shift2');
    await page.getByTestId('pwd-confirm').fill('dawn-shift2');
    await page.getByTestId('pwd-submit').click();
    await antdToast(page, 'Password changed');
    OPS.password = 'dawn-shift2';
    await signOut(page);
    // The new password opens the console (signIn waits for the shell); the old one no longer does.
    await signIn(page, OPS);
    expect(pathOf(page)).not.toBe('/login');
    const old = await page.request.post('/v1/user/login', {
      data: { Username: OPS.username, Password: 'night-shift1' },
    });
    expect((await old.json()).code).toBe(11005);
    await context.close();
  });

  it('changes the e-mail with the code the SMTP server received', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, OPS, '/user/index');
    await page.getByTestId('profile-email').click();
    await page.getByTestId('email-new').fill('dawn@demo.example');
    await page.getByTestId('email-send').click();
    const code = await deliveredCode(inject('mailboxURL'), 'mail', 'dawn@demo.example');
    await page.getByTestId('email-code').fill(code);
    await page.getByTestId('email-submit').click();
    await eventually(async () => {
      const r = await page.evaluate(async () => {
        const token = document.cookie.match(/(?:^|; )Token=([^;]+)/)?.[1];
        const res = await fetch('/v1/user/getCurrentUser', { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { Email: string }).Email;
      });
      return r === 'dawn@demo.example';
    });
    await context.close();
  });

  it('recovers a forgotten password with the code the SMS provider was asked to send', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByTestId('forgot-link').click();
    await page.getByTestId('forgot-page').waitFor();
    await page.getByTestId('forgot-phone').fill(OPS.phone);
    await page.getByTestId('forgot-send').click();
    const code = await deliveredCode(inject('mailboxURL'), 'sms', OPS.phone, /^(.*)$/);
    expect(code).toMatch(/^[A-Za-z0-9]{5}$/);
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-verify').click();
    await page.getByTestId('forgot-password').fill('sunrise-3x');
    await page.getByTestId('forgot-confirm').fill('sunrise-3x');
    await page.getByTestId('forgot-submit').click();
    // The reset signs the account in.
    await page.waitForURL('**/dashboard');
    await signOut(page);
    OPS.password = 'sunrise-3x';
    await signIn(page, OPS);
    expect(pathOf(page)).toBe('/dashboard');
    await context.close();
  });

  it('refuses a PNG as logo and accepts a JPEG, which the top bar then shows', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    // Real image files, drawn by the browser itself.
    const image = async (type: 'image/png' | 'image/jpeg') =>
      Buffer.from(
        (
          await page.evaluate((t) => {
            const c = document.createElement('canvas');
            c.width = 120;
            c.height = 40;
            const g = c.getContext('2d')!;
            g.fillStyle = '#1668dc';
            g.fillRect(0, 0, 120, 40);
            return c.toDataURL(t);
          }, type)
        ).split(',')[1]!,
        'base64',
      );
    await page.getByTestId('settings-menu').click();
    await page.getByTestId('header-link-logo').click();
    await page.getByTestId('logo-modal').waitFor();
    const input = page.locator(
      '[data-testid="logo-upload"] input[type=file], input[type=file][data-testid="logo-upload"]',
    );
    await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await image('image/png') });
    await page.getByText('JPEG', { exact: false }).first().waitFor();
    await input.setInputFiles({
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: await image('image/jpeg'),
    });
    await page.getByTestId('logo-confirm').click();
    // The page reloads 2 s after a change (spec §4) and shows the tenant's logo.
    await page.getByTestId('topbar-logo').waitFor();
    const src = await page.getByTestId('topbar-logo').getAttribute('src');
    expect(src).toMatch(/^\/files\/logos\//);
    const res = await page.request.get(src!);
    expect(res.headers()['content-type']).toBe('image/jpeg');
    await context.close();
  });

  it('removes a co-administrator after confirmation', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    const token = await page.evaluate(() => document.cookie.match(/(?:^|; )Token=([^;]+)/)![1]!);
    const added = await page.request.post('/v1/user/addteUser', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        Username: 'tempops',
        Password: 'temp-ops1',
        Name: 'Temporary',
        Operation: { Certified: false, Analysis: false, Financial: false },
      },
    });
    expect(added.status()).toBe(200);
    await page.getByTestId('menu-/user/list').click();
    await page.getByTestId('user-row-tempops').waitFor();
    await page.getByTestId('user-remove-tempops').click();
    await (await still(page.getByTestId('confirm-ok'))).click();
    await page.getByTestId('user-row-tempops').waitFor({ state: 'detached' });
    const gone = await page.request.post('/v1/user/login', {
      data: { Username: 'tempops', Password: 'temp-ops1' },
    });
    expect((await gone.json()).code).toBe(11019);
    await context.close();
  });

  it('searches the co-administrators as you type, and clearing shows them all again', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    await page.getByTestId('menu-/user/list').click();
    await page.getByTestId('user-row-demoops').waitFor();
    const rows = page.locator('[data-testid^="user-row-"]');
    const all = await rows.count();
    expect(all).toBeGreaterThan(1);
    await page.getByTestId('user-search').fill('demoop');
    await eventually(async () => (await rows.count()) === 1);
    await page.getByTestId('user-row-demoops').waitFor();
    await page.getByTestId('user-search').fill('');
    await eventually(async () => (await rows.count()) === all);
    await context.close();
  });
});
