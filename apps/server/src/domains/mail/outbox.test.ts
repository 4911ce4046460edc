import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { pageOutbox } from '../../platform/notify/outbox.ts';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
const ADMIN = { tenantId: null, admin: true };

beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('the outbox (no SMTP server or SMS provider configured)', () => {
  it('keeps mail and SMS for the administrator, newest first, by channel', async () => {
    const { tenant } = await seedTenant(h, 'alfa');
    const token = (await login(h, 'alfaown')).body.Token;
    await h.app.inject({
      method: 'POST',
      url: '/v1/user/updateEmail',
      headers: bearer(token),
      payload: { Email: 'boss@alfa.example' },
    });
    h.clock.advance(1000);
    await h.app.inject({
      method: 'POST',
      url: '/v1/user/checkPhone',
      headers: bearer(token),
      payload: { Phone: '13712345678' },
    });
    const all = await h.services.outbox.list(ADMIN, { page: 1, limit: 10 });
    expect(all).toMatchObject({ count: 2, limit: 10, page: 1 });
    expect(all.list.map((m) => [m.Channel, m.To])).toEqual([
      ['sms', '13712345678'],
      ['mail', 'boss@alfa.example'],
    ]);
    expect(all.list[1]!.Subject).toBe('Your e-mail verification code');
    const sms = await h.services.outbox.list(ADMIN, { page: 1, limit: 10, channel: 'sms' });
    expect(sms.count).toBe(1);

    // A tenant reads none of it: not through the service, not through the store.
    const scope = { tenantId: tenant.id, admin: false };
    await expect(h.services.outbox.list(scope, { page: 1, limit: 10 })).rejects.toMatchObject({
      code: ErrorCode.NoAccessRights,
    });
    expect(await pageOutbox(h.store.db, scope, { offset: 0, limit: 10 })).toEqual({ rows: [], count: 0 });
  });
});
