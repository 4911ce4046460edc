import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';
import { routeOfFile } from './service.ts';

let h: Harness;
let dir: string;
beforeEach(async () => {
  h = await startHarness();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'words-'));
  fs.mkdirSync(path.join(dir, 'en'));
  fs.mkdirSync(path.join(dir, 'zh'));
  fs.writeFileSync(path.join(dir, 'en', 'dashboard.md'), '# Dashboard\nYour networks at a glance.');
  fs.writeFileSync(path.join(dir, 'zh', 'dashboard.md'), '# 仪表盘\n一览所有网络。');
  fs.writeFileSync(path.join(dir, 'en', 'device__list.md'), '# Devices');
});
afterEach(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('GET /v1/word/wordDetail', () => {
  it('maps file names to route paths', () => {
    expect(routeOfFile('device__list.md')).toBe('/device/list');
    expect(routeOfFile('dashboard.md')).toBe('/dashboard');
  });

  it('answers the help of a route in the asked language, or null', async () => {
    expect(await h.services.help.seedShipped(dir)).toBe(3);
    const en = await h.app.inject({ url: '/v1/word/wordDetail?Name=/dashboard&Lang=en' });
    expect(en.json()).toEqual({
      Name: '/dashboard',
      Lang: 'en',
      Contents: '# Dashboard\nYour networks at a glance.',
    });
    const zh = await h.app.inject({ url: '/v1/word/wordDetail?Name=/dashboard&Lang=zh' });
    expect(zh.json().Contents).toContain('仪表盘');
    const none = await h.app.inject({ url: '/v1/word/wordDetail?Name=/device/list&Lang=zh' });
    expect(none.json().Contents).toBeNull();
  });

  it('keeps a word an administrator edited when the shipped texts are loaded again', async () => {
    await h.services.help.seedShipped(dir);
    await h.store.db
      .updateTable('help_words')
      .set({ contents: 'Edited by admin', owner: 'admin-id' })
      .where('name', '=', '/dashboard')
      .where('lang', '=', 'en')
      .execute();
    await h.services.help.seedShipped(dir);
    const en = await h.app.inject({ url: '/v1/word/wordDetail?Name=/dashboard&Lang=en' });
    expect(en.json().Contents).toBe('Edited by admin');
  });

  it('requires a Name and a known language', async () => {
    expect((await h.app.inject({ url: '/v1/word/wordDetail' })).json().code).toBe(4000);
    expect((await h.app.inject({ url: '/v1/word/wordDetail?Name=/x&Lang=fr' })).json().code).toBe(4000);
  });

  it('ships help for every screen in both languages', () => {
    const shipped = path.join(path.dirname(new URL(import.meta.url).pathname), 'words');
    const en = fs.readdirSync(path.join(shipped, 'en')).sort();
    const zh = fs.readdirSync(path.join(shipped, 'zh')).sort();
    expect(en.length).toBeGreaterThan(0);
    expect(zh).toEqual(en);
  });
});
