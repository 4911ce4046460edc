import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { outboxCount } from '../../platform/notify/testing.ts';
import { lastCode, snapshot } from './testing.ts';

let h: Harness;
let alfa: Awaited<ReturnType<typeof seedTenant>>;

const MINUTE = 60_000;
const PHONE = '13655554444';
const NEW = { Password: 'fresh-pass7', ConfirmPassword: 'fresh-pass7' };

const post = (url: string, payload: object, ip = '10.1.1.1') =>
  h.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const send = (Phone = PHONE, ip?: string) => post('/v1/sms/send', { Phone, Type: 'forgot' }, ip);

/** Sends a code and waits until it is in the outbox (the SMS leaves in the background). */
async function codeFor(phone = PHONE): Promise<string> {
  expect((await send(phone)).statusCode).toBe(200);
  await h.services.recovery.idle();
  const code = await lastCode(h, phone);
  expect(code).toMatch(/^\d{5}$/);
  return code!;
}

const other = (code: string) => (code === '00000' ? '00001' : '00000');

beforeEach(async () => {
  h = await startHarness();
  alfa = await seedTenant(h, 'alfa');
  await h.store.db.updateTable('users').set({ phone: PHONE }).where('id', '=', alfa.owner.id).execute();
});
afterEach(async () => {
  await h.close();
});

describe('POST /v1/sms/send (Type forgot)', () => {
  it('answers alike for a known and an unknown number, and sends only to the known one', async () => {
    const known = await send();
    const unknown = await send('13900000000');
    expect(known.json()).toEqual({ ok: true, expiresIn: 600 });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.statusCode).toBe(known.statusCode);
    await h.services.recovery.idle();
    expect(await outboxCount(h)).toBe(1);
    expect(await lastCode(h, PHONE)).toMatch(/^\d{5}$/);
  });

  it('sends nothing for a blocked account, or a number several accounts carry', async () => {
    await h.store.db.updateTable('users').set({ status: 2 }).where('id', '=', alfa.owner.id).execute();
    await send();
    await h.store.db
      .updateTable('users')
      .set({ phone: '13655550000' })
      .where('tenant_id', '=', alfa.tenant.id)
      .execute();
    await h.store.db.updateTable('users').set({ status: 1 }).where('id', '=', alfa.owner.id).execute();
    await send('13655550000');
    await h.services.recovery.idle();
    expect(await outboxCount(h)).toBe(0);
  });

  it('limits sends per number (1 a minute, 10 a day) and per address (20 an hour), known or not', async () => {
    expect((await send()).statusCode).toBe(200);
    const soon = await send();
    expect(soon.statusCode).toBe(429);
    expect(soon.json().code).toBe(ErrorCode.TooManyRequests);
    for (let i = 1; i < 10; i++) {
      h.clock.advance(MINUTE);
      expect((await send()).statusCode).toBe(200);
    }
    h.clock.advance(MINUTE);
    expect((await send()).json().code).toBe(ErrorCode.TooManyRequests);
    h.clock.advance(24 * 60 * MINUTE);
    expect((await send()).statusCode).toBe(200);

    // One address asking for many numbers, none of them known.
    for (let i = 0; i < 20; i++)
      expect((await send(`1380000${String(i).padStart(4, '0')}`, '10.2.2.2')).statusCode).toBe(200);
    expect((await send('13800009999', '10.2.2.2')).json().code).toBe(ErrorCode.TooManyRequests);
    expect((await send('13800009999', '10.2.2.3')).statusCode).toBe(200);
  });

  it('validates the number and the type', async () => {
    expect((await send('12345')).json().code).toBe(ErrorCode.PhoneFormat);
    expect((await post('/v1/sms/send', { Phone: PHONE, Type: 'login' })).json().code).toBe(4000);
    expect(await outboxCount(h)).toBe(0);
  });
});

describe('POST /v1/sms/verifiedForPwd and /v1/user/forgotPwd', () => {
  it('trades the code for a ticket that sets the password and signs in (spec §3 login response)', async () => {
    const signedIn = (await login(h, 'alfaown')).body.Token;
    const code = await codeFor();
    const wrong = await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: other(code) });
    expect(wrong.json().code).toBe(ErrorCode.VerificationCodeWrong);
    const verified = await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: code });
    expect(verified.statusCode).toBe(200);
    const { Ticket, ExpiresAt } = verified.json();
    expect(ExpiresAt).toBe(h.clock.now + 10 * MINUTE);
    // The code served once: it became the ticket.
    expect((await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: code })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );

    const res = await post('/v1/user/forgotPwd', { Phone: PHONE, Ticket, ...NEW });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toBe(body.Token);
    expect(body).toMatchObject({
      Role: 1,
      Type: 1,
      Name: 'alfa Owner',
      Username: 'alfaown',
      Tenant: { _id: alfa.tenant.id, Status: 1 },
      LoginModel: 'cloud',
    });
    expect(
      (await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(body.Token) })).statusCode,
    ).toBe(200);
    // The session open before is over, as after any new sign-in.
    expect(
      (await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(signedIn) })).json().code,
    ).toBe(4011);
    expect((await login(h, 'alfaown')).body.code).toBe(ErrorCode.AccountOrPasswordError);
    expect((await login(h, 'alfaown', 'fresh-pass7')).status).toBe(200);
    // The ticket served once too.
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Ticket, ...NEW })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
  });

  it('also takes the SMS code itself', async () => {
    const code = await codeFor();
    const res = await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW });
    expect(res.statusCode).toBe(200);
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
  });

  it('kills the code after five wrong tries and at expiry', async () => {
    let code = await codeFor();
    for (let i = 0; i < 5; i++) {
      expect((await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: other(code) })).json().code).toBe(
        ErrorCode.VerificationCodeWrong,
      );
    }
    expect((await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: code })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
    h.clock.advance(MINUTE);
    code = await codeFor();
    h.clock.advance(10 * MINUTE + 1);
    expect((await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: code })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
    // A ticket expires the same way.
    code = await codeFor();
    const { Ticket } = (await post('/v1/sms/verifiedForPwd', { Phone: PHONE, Code: code })).json();
    h.clock.advance(10 * MINUTE + 1);
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Ticket, ...NEW })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
  });

  it('refuses bad input with its code and changes nothing', async () => {
    const code = await codeFor();
    const before = await snapshot(h);
    const forgot = async (body: object) =>
      (await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW, ...body })).json().code;
    expect(await forgot({ Password: 'abcdefgh', ConfirmPassword: 'abcdefgh' })).toBe(ErrorCode.PasswordWeak);
    expect(await forgot({ ConfirmPassword: 'fresh-pass8' })).toBe(ErrorCode.PasswordsDiffer);
    expect(await forgot({ Phone: '123' })).toBe(ErrorCode.PhoneFormat);
    expect(await forgot({ Code: 'abc' })).toBe(ErrorCode.VerificationCodeWrong);
    expect(await forgot({ Code: undefined })).toBe(ErrorCode.VerificationCodeWrong);
    expect(await forgot({ Code: undefined, Ticket: 'not-a-ticket-at-all-0123' })).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
    expect(await forgot({ Phone: '13900000000' })).toBe(ErrorCode.VerificationCodeInvalid);
    expect(await forgot({ Password: 'pass1234', ConfirmPassword: 'pass1234' })).toBe(
      ErrorCode.PasswordUnchanged,
    );
    expect(await snapshot(h)).toEqual(before);
    // Still good after all that: only the unchanged password spent a try (one of five).
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW })).statusCode).toBe(200);
  });

  it('does not reset an account that may not sign in (blocked, tenant blocked or expired)', async () => {
    const code = await codeFor();
    await h.store.db
      .updateTable('tenants')
      .set({ service_end: h.clock.now - 1 })
      .where('id', '=', alfa.tenant.id)
      .execute();
    const before = await snapshot(h);
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW })).json().code).toBe(
      ErrorCode.AccountExpired,
    );
    await h.store.db
      .updateTable('tenants')
      .set({ service_end: null, status: 2 })
      .where('id', '=', alfa.tenant.id)
      .execute();
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW })).json().code).toBe(
      ErrorCode.TenantAbnormal,
    );
    await h.store.db.updateTable('tenants').set({ status: 1 }).where('id', '=', alfa.tenant.id).execute();
    await h.store.db.updateTable('users').set({ status: 2 }).where('id', '=', alfa.owner.id).execute();
    // The number no longer leads to a live account.
    expect((await post('/v1/user/forgotPwd', { Phone: PHONE, Code: code, ...NEW })).json().code).toBe(
      ErrorCode.VerificationCodeInvalid,
    );
    const after = await snapshot(h);
    expect(after.users.find((u) => u.id === alfa.owner.id)!.password_hash).toBe(
      before.users.find((u) => u.id === alfa.owner.id)!.password_hash,
    );
  });
});
