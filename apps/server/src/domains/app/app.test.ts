import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../test/harness.ts';
import { insertRelease } from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('GET /v1/app/listone', () => {
  it('answers the newest active release of each platform', async () => {
    const base = { notes: '', active: 1 };
    await insertRelease(h.store.db, {
      ...base,
      id: 'a1',
      platform: 'android',
      version: '1.0.0',
      url: 'https://x/a1',
      created_at: 1,
    });
    await insertRelease(h.store.db, {
      ...base,
      id: 'a2',
      platform: 'android',
      version: '1.1.0',
      url: 'https://x/a2',
      created_at: 2,
    });
    await insertRelease(h.store.db, {
      ...base,
      id: 'a3',
      platform: 'android',
      version: '2.0.0',
      url: 'https://x/a3',
      created_at: 3,
      active: 0,
    });
    await insertRelease(h.store.db, {
      ...base,
      id: 'i1',
      platform: 'ios',
      version: '1.0.5',
      url: 'https://x/i1',
      created_at: 1,
    });
    const res = await h.app.inject({ url: '/v1/app/listone' });
    expect(res.statusCode).toBe(200);
    const list = res.json().list as { Platform: string; Version: string }[];
    expect(list.map((r) => `${r.Platform}@${r.Version}`).sort()).toEqual(['android@1.1.0', 'ios@1.0.5']);
  });

  it('answers an empty list when nothing was published', async () => {
    expect((await h.app.inject({ url: '/v1/app/listone' })).json()).toEqual({ list: [] });
  });
});
