import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('/device/clientinfo', () => {
  it('kicks a client of the demo fleet: it leaves the client list without a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO, '/device/clientinfo');
    // The simulated fleet reports its clients within seconds of starting.
    const rows = page.locator('[data-testid^="client-row-"]');
    await rows.first().waitFor();
    const mac = (await rows.first().getAttribute('data-testid'))!.slice('client-row-'.length);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByTestId(`client-kick-${mac}`).click();
    await (await still(page.getByTestId('confirm-ok'))).click();
    // The device reports the kick done; the list reads again by itself and the client is gone.
    await eventually(async () => (await page.getByTestId(`client-row-${mac}`).count()) === 0);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    // Among the kicked clients, with what its device reported.
    await page.getByTestId('client-status-filter').click();
    await page.getByTestId('client-status-option-kicked').click();
    await page.getByTestId(`client-row-${mac}`).waitFor();
    await page.getByTestId(`client-details-${mac}`).click();
    await page.getByTestId('client-details').waitFor();
    await expect
      .poll(() => page.getByTestId('client-command-status').getAttribute('data-status'), { timeout: WAIT_MS })
      .toBe('succeeded');
    expect(await page.getByTestId('client-details-release').count()).toBe(1);
    await context.close();
  });
  it('fits 1366×800 without a sideways scroll, keeps its order between loads and leaves no cell blank', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/device/clientinfo');
    const rows = page.locator('[data-testid^="client-row-"]');
    await rows.first().waitFor();
    const box = page.getByTestId('client-table-box');
    // Rate, traffic and online time are columns; nothing is wider than the pane.
    const hidden = (await box.getAttribute('data-hidden')) ?? '';
    for (const key of ['rate', 'traffic', 'onlineTime', 'mac', 'device']) expect(hidden).not.toContain(key);
    const fit = await box.evaluate((el) => {
      const scrollers = [
        el,
        ...Array.from(el.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')),
      ];
      const table = el.querySelector('table')!.getBoundingClientRect();
      const pane = el.getBoundingClientRect();
      return {
        scroll: scrollers.every((s) => s.scrollWidth <= s.clientWidth),
        inside: table.right <= pane.right + 0.5,
        page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      };
    });
    expect(fit).toEqual({ scroll: true, inside: true, page: true });

    // Rows in the order of a key that does not move (the MAC), the same on the next read.
    const order = async () =>
      (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!))).map((id) =>
        id.slice('client-row-'.length),
      );
    const first = await order();
    expect(first).toEqual([...first].sort());
    await page.waitForResponse((r) => r.url().includes('/v1/client/getAll'));
    await page.waitForResponse((r) => r.url().includes('/v1/client/getAll'));
    const second = await order();
    const common = (list: string[], other: string[]) => list.filter((m) => other.includes(m));
    expect(common(second, first)).toEqual(common(first, second));

    // No blank cell: every data cell says something ("—" when there is nothing).
    const blanks = await rows.evaluateAll((els) =>
      els.flatMap((row) =>
        Array.from(row.querySelectorAll('td'))
          .filter(
            (td) => !td.classList.contains('ant-table-row-expand-icon-cell') && !td.querySelector('button'),
          )
          .filter((td) => (td.textContent ?? '').trim() === '')
          .map((td) => `${row.getAttribute('data-testid')}#${td.cellIndex}`),
      ),
    );
    expect(blanks).toEqual([]);

    // The columns left out are in the row's expansion.
    const mac = first[0]!;
    await page.getByTestId(`client-row-${mac}`).locator('.ant-table-row-expand-icon').click();
    const more = page.getByTestId(`client-more-${mac}`);
    await more.waitFor();
    expect(await more.textContent()).toContain('IP');
    const emptyValues = await more
      .locator('.ant-descriptions-item-content')
      .evaluateAll((els) => els.filter((e) => (e.textContent ?? '').trim() === '').length);
    expect(emptyValues).toBe(0);
    await context.close();
  });
});
