import type { Locator, Page } from 'playwright-core';
import { WAIT_MS, baseURL } from './browser.ts';
import { mailText } from './delivery.ts';

export const DEMO = { username: 'demo', password: 'demo1234' };
export const DEMO_OPS = { username: 'demoops', password: 'demo1234' };

/** What the sign-in call answered (the fields the tests read). */
export interface SignedIn {
  Token: string;
  Role: number;
  Roles: string[];
  LoginModel: 'cloud' | 'controller';
}

/** Where a signed-in user lands (apps/web/src/app/navigation.ts HOME_PATH). */
export const HOME = '/dashboard';

/**
 * Signs in through the form, as a person would, and waits for what completes it: the server's
 * answer to the sign-in (a refusal fails here, saying why), the move away from /login, the shell,
 * and the landing screen's code (its loading spinner gone). For the tests of the sign-in itself;
 * the others use `signIn`.
 */
export async function signInThroughForm(
  page: Page,
  account: { username: string; password: string },
): Promise<SignedIn> {
  await page.goto('/login');
  const username = page.getByTestId('login-username');
  const password = page.getByTestId('login-password');
  // The form must hold what was typed when it is sent: a render of the page that lands after the
  // typing (a late chunk on a busy machine) gives fresh, empty fields.
  await eventually(async () => {
    if ((await username.inputValue()) !== account.username) await username.fill(account.username);
    if ((await password.inputValue()) !== account.password) await password.fill(account.password);
    return (
      (await username.inputValue()) === account.username && (await password.inputValue()) === account.password
    );
  });
  const submit = await still(page.getByTestId('login-submit'));
  const [reply] = await Promise.all([
    page
      .waitForResponse((r) => r.url().endsWith('/v1/user/login') && r.request().method() === 'POST')
      .catch(async (err: Error) => {
        // Say what the page showed instead of an answer, so a failure here can be understood.
        const shown = await page
          .locator('.ant-form-item-explain-error, .ant-alert')
          .allTextContents()
          .catch(() => []);
        throw new Error(
          `sign-in of ${account.username} got no answer at ${page.url()} (the page showed: ${JSON.stringify(shown)}): ${err.message}`,
        );
      }),
    submit.click(),
  ]);
  if (!reply.ok()) throw new Error(`sign-in of ${account.username}: ${reply.status()} ${await reply.text()}`);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await shellReady(page);
  return (await reply.json()) as SignedIn;
}

/**
 * Signs in as the console does after a reload: the sign-in call, then the session's Token cookie,
 * then `to` opened with it (the console reads the cookie and asks who the user is). One page load
 * where the form costs two (the sign-in page, then the landing screen before the test's own): the
 * form itself is what auth.spec.ts tests, through `signInThroughForm`.
 */
export async function signIn(
  page: Page,
  account: { username: string; password: string },
  to = HOME,
): Promise<SignedIn> {
  const reply = await page.request.post('/v1/user/login', {
    data: { Username: account.username, Password: account.password },
  });
  if (!reply.ok()) throw new Error(`sign-in of ${account.username}: ${reply.status()} ${await reply.text()}`);
  const session = (await reply.json()) as SignedIn;
  await page.context().addCookies([{ name: 'Token', value: session.Token, url: baseURL() }]);
  await page.goto(to);
  await shellReady(page);
  return session;
}

/** The shell and the screen's code are there: the sidebar, and no loading spinner of a lazy page. */
async function shellReady(page: Page): Promise<void> {
  await page.getByTestId('sidebar').waitFor();
  await page.getByTestId('page-spin').first().waitFor({ state: 'detached' });
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** What `still` reads of a Web Animation (bench/ type-checks this file without the DOM library). */
interface Motion {
  playState: string;
  effect: { getTiming(): { iterations?: number } } | null;
}

/**
 * Waits until `target` and everything around it stand still: a dialog zooms in when it opens, and
 * on a busy machine a click aimed at a button that is still moving lands beside it — on the
 * dialog's mask, which cancels the dialog. Animations that never end (spinners) do not count.
 */
export async function still(target: Locator): Promise<Locator> {
  await target.waitFor();
  await eventually(() =>
    target.evaluate((el) => {
      for (let e: typeof el | null = el; e; e = e.parentElement) {
        const moving = e
          .getAnimations()
          .some((a: Motion) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
        if (moving) return false;
      }
      return true;
    }),
  );
  return target;
}

/** Waits until fn() holds, polling; for states that follow a timer (reloads, toasts). */
export async function eventually(fn: () => Promise<boolean> | boolean, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The newest code of `digits` characters delivered to `to` by mail or SMS, waiting for it. */
export async function deliveredCode(
  mailboxURL: string,
  channel: 'mail' | 'sms',
  to: string,
  pattern = /\b(\d{6})\b/,
): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const list = (await (await fetch(`${mailboxURL}/${channel}`)).json()) as
      { to: string[]; raw: string }[] | { phone: string; params: Record<string, string> }[];
    for (const item of [...list].reverse()) {
      if ('raw' in item && item.to.includes(to)) {
        const m = pattern.exec(mailText(item.raw));
        if (m) return m[1]!;
      }
      if ('phone' in item && item.phone === to && item.params.code) return item.params.code;
    }
    if (Date.now() > deadline) throw new Error(`no ${channel} code for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
