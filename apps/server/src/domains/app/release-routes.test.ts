import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let root: string;
let owner: string;
beforeEach(async () => {
  h = await startHarness();
  await seedTenant(h, 'acme');
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  root = (await login(h, 'root')).body.Token;
  owner = (await login(h, 'acmeown')).body.Token;
});
afterEach(async () => {
  await h.close();
});

describe('administrator content routes (docs/api-extensions.tsv)', () => {
  it('publishes an app release that the sign-in page then offers', async () => {
    const add = await h.app.inject({
      method: 'POST',
      url: '/v1/app/add',
      headers: bearer(root),
      payload: { Platform: 'android', Version: '3.0.1', Url: 'https://apps.example.com/nc-3.0.1.apk' },
    });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ Platform: 'android', Version: '3.0.1', Active: true });
    const offered = (await h.app.inject({ url: '/v1/app/listone' })).json().list;
    expect(offered).toEqual([expect.objectContaining({ Platform: 'android', Version: '3.0.1' })]);
    const all = (await h.app.inject({ url: '/v1/app/list', headers: bearer(root) })).json().list;
    expect(all).toHaveLength(1);
  });

  it('answers missing parameters and an incomplete URL with the 26xxx codes, storing nothing', async () => {
    const missing = await h.app.inject({
      method: 'POST',
      url: '/v1/app/add',
      headers: bearer(root),
      payload: { Platform: 'ios' },
    });
    expect(missing.json().code).toBe(26001);
    const url = await h.app.inject({
      method: 'POST',
      url: '/v1/app/add',
      headers: bearer(root),
      payload: { Platform: 'ios', Version: '1.0.0', Url: 'apps.example.com' },
    });
    expect(url.json().code).toBe(26002);
    expect((await h.app.inject({ url: '/v1/app/list', headers: bearer(root) })).json().list).toEqual([]);
  });

  it('lets the administrator edit a help word, and nobody else', async () => {
    const body = { Name: '/dashboard', Lang: 'en', Contents: '# Home\nEdited.' };
    const refused = await h.app.inject({
      method: 'PUT',
      url: '/v1/word/wordDetail',
      headers: bearer(owner),
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.NoAccessRights);
    const saved = await h.app.inject({
      method: 'PUT',
      url: '/v1/word/wordDetail',
      headers: bearer(root),
      payload: body,
    });
    expect(saved.statusCode).toBe(200);
    expect((await h.app.inject({ url: '/v1/word/wordDetail?Name=/dashboard&Lang=en' })).json().Contents).toBe(
      '# Home\nEdited.',
    );
    const list = (await h.app.inject({ url: '/v1/word/list', headers: bearer(root) })).json().list;
    expect(list.map((w: { Name: string }) => w.Name)).toContain('/dashboard');
  });

  it('shows the outbox to the administrator only', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/v1/user/updateEmail',
      headers: bearer(owner),
      payload: { Email: 'new@acme.example' },
    });
    const list = (await h.app.inject({ url: '/v1/outbox/list?channel=mail', headers: bearer(root) })).json();
    expect(list.count).toBe(1);
    expect(list.list[0]).toMatchObject({ Channel: 'mail', To: 'new@acme.example' });
    expect((await h.app.inject({ url: '/v1/outbox/list', headers: bearer(owner) })).statusCode).toBe(403);
  });
});
