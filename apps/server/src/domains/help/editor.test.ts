import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { seedTenant, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
const ADMIN = { tenantId: null, admin: true };

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('HelpEditor (no write path in the specification yet)', () => {
  it('saves a word that wordDetail then answers, with the editor as owner', async () => {
    const saved = await h.services.helpEditor.save(ADMIN, 'admin-id', {
      Name: '/device/list',
      Lang: 'zh',
      Contents: '# 设备列表',
    });
    expect(saved).toEqual({
      Name: '/device/list',
      Lang: 'zh',
      Contents: '# 设备列表',
      Owner: 'admin-id',
      UpdateTime: h.clock.now,
    });
    const res = await h.app.inject({ url: '/v1/word/wordDetail?Name=/device/list&Lang=zh' });
    expect(res.json().Contents).toBe('# 设备列表');
    // Shipped texts loaded again leave an edited word alone.
    await h.services.help.seedShipped();
    await h.services.helpEditor.save(ADMIN, 'admin-2', {
      Name: '/dashboard',
      Lang: 'en',
      Contents: 'Edited',
    });
    await h.services.help.seedShipped();
    expect((await h.app.inject({ url: '/v1/word/wordDetail?Name=/dashboard&Lang=en' })).json().Contents).toBe(
      'Edited',
    );
    const words = await h.services.helpEditor.list(ADMIN);
    expect(words.find((w) => w.Name === '/dashboard' && w.Lang === 'en')?.Owner).toBe('admin-2');
  });

  it('is the administrator’s and validates the word', async () => {
    const { tenant } = await seedTenant(h, 'alfa');
    const tenantScope = { tenantId: tenant.id, admin: false };
    await expect(
      h.services.helpEditor.save(tenantScope, 'x', { Name: '/dashboard', Lang: 'en', Contents: 'x' }),
    ).rejects.toMatchObject({ code: ErrorCode.NoAccessRights });
    await expect(h.services.helpEditor.list(tenantScope)).rejects.toMatchObject({
      code: ErrorCode.NoAccessRights,
    });
    for (const bad of [
      { Name: 'dashboard', Lang: 'en', Contents: 'x' },
      { Name: '/dash board', Lang: 'en', Contents: 'x' },
      { Name: '/dashboard', Lang: 'fr', Contents: 'x' },
      { Name: '/dashboard', Lang: 'en', Contents: 'x'.repeat(64 * 1024 + 1) },
    ]) {
      await expect(h.services.helpEditor.save(ADMIN, 'a', bad as never)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
    }
    expect(await h.store.db.selectFrom('help_words').selectAll().execute()).toEqual([]);
  });
});
