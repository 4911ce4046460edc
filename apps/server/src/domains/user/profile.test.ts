import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { newToken, tokenHash } from '../../platform/auth/tokens.ts';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { outboxCount } from '../../platform/notify/testing.ts';
import { lastCode, snapshot } from '../account/testing.ts';

let h: Harness;
let alfa: Awaited<ReturnType<typeof seedTenant>>;
let bravo: Awaited<ReturnType<typeof seedTenant>>;
let alfaToken: string;
let bravoToken: string;

const MINUTE = 60_000;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const me = async (token: string) => (await call('GET', '/v1/user/getCurrentUser', token)).json();

beforeEach(async () => {
  h = await startHarness();
  alfa = await seedTenant(h, 'alfa');
  bravo = await seedTenant(h, 'bravo');
  alfaToken = (await login(h, 'alfaown')).body.Token;
  bravoToken = (await login(h, 'bravoown')).body.Token;
});
afterEach(async () => {
  await h.close();
});

describe('PUT /v1/user/updateUserInfo', () => {
  it('changes the caller’s name only, and refuses a name the tenant already uses', async () => {
    const res = await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Name: '  Alfa Boss ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Username: 'alfaown', Name: 'Alfa Boss' });
    const before = await snapshot(h);
    expect((await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Name: 'alfa Sub' })).json().code).toBe(
      ErrorCode.AccountNameDuplicated,
    );
    expect((await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Name: '' })).json().code).toBe(4000);
    expect(
      (await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Name: 'x'.repeat(33) })).json().code,
    ).toBe(4000);
    expect(await snapshot(h)).toEqual(before);
    // Another tenant's names do not count.
    expect((await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Name: 'bravo Sub' })).statusCode).toBe(
      200,
    );
  });
});

describe('PUT /v1/user/pass', () => {
  const pass = (token: string, body: object) => call('PUT', '/v1/user/pass', token, body);
  const good = { OldPassword: 'pass1234', Password: 'new-pass99', ConfirmPassword: 'new-pass99' };

  it('checks the old password, the strength, the confirmation and that it changes', async () => {
    const before = await snapshot(h);
    const code = async (body: object) => (await pass(alfaToken, { ...good, ...body })).json().code;
    expect(await code({ OldPassword: 'wrong-pass1' })).toBe(ErrorCode.OldPasswordWrong);
    expect(await code({ Password: 'pass1234', ConfirmPassword: 'pass1234' })).toBe(
      ErrorCode.PasswordUnchanged,
    );
    expect(await code({ Password: 'abcdefgh', ConfirmPassword: 'abcdefgh' })).toBe(ErrorCode.PasswordWeak);
    expect(await code({ Password: 'ab1', ConfirmPassword: 'ab1' })).toBe(ErrorCode.PasswordWeak);
    expect(await code({ ConfirmPassword: 'new-pass98' })).toBe(ErrorCode.PasswordsDiffer);
    expect(await code({ ConfirmPassword: undefined })).toBe(ErrorCode.PasswordsDiffer);
    expect(await snapshot(h)).toEqual(before);
  });

  it('sets the new password, answers 11018 and ends the caller’s other sessions only', async () => {
    // A second session of the same account, as another device would hold it.
    const other = newToken();
    await h.store.db
      .insertInto('sessions')
      .values({
        id: 'other-session',
        token_hash: tokenHash(other),
        user_id: alfa.owner.id,
        tenant_id: alfa.tenant.id,
        created_at: h.clock.now,
        last_seen_at: h.clock.now,
        expires_at: h.clock.now + 3 * MINUTE,
        ended_at: null,
        end_reason: null,
        address: '',
        user_agent: '',
      })
      .execute();
    expect((await call('GET', '/v1/user/getCurrentUser', other)).statusCode).toBe(200);
    const res = await pass(alfaToken, good);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: 'Password changed' });
    expect((await call('GET', '/v1/user/getCurrentUser', other)).json().code).toBe(4010);
    expect((await call('GET', '/v1/user/getCurrentUser', alfaToken)).statusCode).toBe(200);
    expect((await login(h, 'alfaown')).body.code).toBe(ErrorCode.AccountOrPasswordError);
    expect((await login(h, 'alfaown', 'new-pass99')).status).toBe(200);
    const zh = await h.app.inject({
      method: 'PUT',
      url: '/v1/user/pass',
      headers: bearer((await login(h, 'alfasub')).body.Token),
      cookies: { language: 'zh' },
      payload: good,
    });
    expect(zh.json().message).toBe('密码修改成功');
  });

  it('counts wrong old passwords like failed sign-ins and locks after the limit', async () => {
    for (let i = 0; i < h.config.loginThrottle.lockAccountAfter; i++) {
      expect((await pass(alfaToken, { ...good, OldPassword: 'wrong-pass1' })).json().code).toBe(
        ErrorCode.OldPasswordWrong,
      );
    }
    const locked = await pass(alfaToken, good);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe(ErrorCode.SignInLocked);
  });
});

describe('e-mail change: GET checkMail, POST updateEmail, POST checkMailCode', () => {
  it('tells the caller’s address and whether another account has one', async () => {
    expect((await call('GET', '/v1/user/checkMail', alfaToken)).json()).toEqual({ Email: '', Bound: false });
    await h.store.db
      .updateTable('users')
      .set({ email: 'Boss@Bravo.example' })
      .where('id', '=', bravo.owner.id)
      .execute();
    expect((await call('GET', '/v1/user/checkMail?Email=boss@bravo.example', alfaToken)).json()).toEqual({
      Email: '',
      Bound: false,
      Registered: true,
    });
    expect(
      (await call('GET', '/v1/user/checkMail?Email=free@alfa.example', alfaToken)).json().Registered,
    ).toBe(false);
    expect((await call('GET', '/v1/user/checkMail?Email=nope', alfaToken)).json().code).toBe(
      ErrorCode.EmailFormat,
    );
    // The caller's own address is not "registered" by another.
    expect(
      (await call('GET', '/v1/user/checkMail?Email=Boss@bravo.example', bravoToken)).json(),
    ).toMatchObject({
      Email: 'Boss@Bravo.example',
      Bound: true,
      Registered: false,
    });
  });

  it('sends a 6-digit code to the new address; the code applies it once', async () => {
    const sent = await call('POST', '/v1/user/updateEmail', alfaToken, { Email: 'Boss@Alfa.example' });
    expect(sent.json()).toEqual({ ok: true, expiresIn: 600 });
    const code = await lastCode(h, 'Boss@Alfa.example');
    expect(code).toMatch(/^\d{6}$/);
    const stored = await h.store.db.selectFrom('verification_codes').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(code!);

    const before = await snapshot(h);
    const wrong = code === '000000' ? '000001' : '000000';
    const bad = await call('POST', '/v1/user/checkMailCode', alfaToken, {
      Email: 'boss@alfa.example',
      Code: wrong,
    });
    expect(bad.json().code).toBe(ErrorCode.VerificationCodeWrong);
    expect(
      (
        await call('POST', '/v1/user/checkMailCode', alfaToken, { Email: 'boss@alfa.example', Code: '12' })
      ).json().code,
    ).toBe(ErrorCode.VerificationCodeWrong);
    // The code is for the address it was sent to.
    expect(
      (
        await call('POST', '/v1/user/checkMailCode', alfaToken, { Email: 'other@alfa.example', Code: code })
      ).json().code,
    ).toBe(ErrorCode.VerificationCodeInvalid);
    expect(await snapshot(h)).toEqual(before);

    const ok = await call('POST', '/v1/user/checkMailCode', alfaToken, {
      Email: 'Boss@Alfa.example',
      Code: code,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ Email: 'Boss@Alfa.example' });
    // The owner is the tenant's contact.
    const t = await h.store.db
      .selectFrom('tenants')
      .select('email')
      .where('id', '=', alfa.tenant.id)
      .executeTakeFirstOrThrow();
    expect(t.email).toBe('Boss@Alfa.example');
    const replay = await call('POST', '/v1/user/checkMailCode', alfaToken, {
      Email: 'Boss@Alfa.example',
      Code: code,
    });
    expect(replay.json().code).toBe(ErrorCode.VerificationCodeInvalid);
  });

  it('refuses an address another account has (24015) and sends nothing', async () => {
    await h.store.db
      .updateTable('users')
      .set({ email: 'taken@bravo.example' })
      .where('id', '=', bravo.sub.id)
      .execute();
    const res = await call('POST', '/v1/user/updateEmail', alfaToken, { Email: 'TAKEN@bravo.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.EmailRegistered);
    expect(await outboxCount(h)).toBe(0);
    expect((await call('POST', '/v1/user/updateEmail', alfaToken, { Email: 'bad@' })).json().code).toBe(
      ErrorCode.EmailFormat,
    );
  });

  it('kills a code after five wrong tries, at expiry, and when a newer one is sent', async () => {
    const email = 'x@alfa.example';
    // A longer session, so that moving the clock past a code's life does not sign the caller out.
    await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Minute: 60 });
    const send = () => call('POST', '/v1/user/updateEmail', alfaToken, { Email: email });
    const check = (Code: string) => call('POST', '/v1/user/checkMailCode', alfaToken, { Email: email, Code });
    await send();
    let code = (await lastCode(h, email))!;
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++)
      expect((await check(wrong)).json().code).toBe(ErrorCode.VerificationCodeWrong);
    expect((await check(code)).json().code).toBe(ErrorCode.VerificationCodeInvalid);

    h.clock.advance(MINUTE + 1);
    await send();
    code = (await lastCode(h, email))!;
    h.clock.advance(10 * MINUTE + 1);
    expect((await check(code)).json().code).toBe(ErrorCode.VerificationCodeInvalid);

    await send();
    const first = (await lastCode(h, email))!;
    h.clock.advance(MINUTE + 1);
    await send();
    const second = (await lastCode(h, email))!;
    if (first !== second) expect((await check(first)).json().code).toBe(ErrorCode.VerificationCodeWrong);
    expect((await check(second)).statusCode).toBe(200);
    expect((await me(alfaToken)).Email).toBe(email);
  });

  it('limits sends to an address: one a minute', async () => {
    const send = () => call('POST', '/v1/user/updateEmail', alfaToken, { Email: 'y@alfa.example' });
    expect((await send()).statusCode).toBe(200);
    const again = await send();
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe(ErrorCode.TooManyRequests);
    h.clock.advance(MINUTE);
    expect((await send()).statusCode).toBe(200);
  });
});

describe('phone change: POST checkPhone, POST updatePhone', () => {
  it('sends a code by SMS to the new number; the code binds it, for the caller only', async () => {
    const sent = await call('POST', '/v1/user/checkPhone', alfaToken, { Phone: '+86 13712345678' });
    expect(sent.json()).toEqual({ ok: true, expiresIn: 600 });
    const code = (await lastCode(h, '13712345678'))!;
    expect(code).toMatch(/^\d{6}$/);

    // Another tenant's user cannot use the code sent for alfa, even for the same number.
    const before = await snapshot(h);
    const theft = await call('POST', '/v1/user/updatePhone', bravoToken, {
      Phone: '13712345678',
      Code: code,
    });
    expect(theft.json().code).toBe(ErrorCode.VerificationCodeInvalid);
    const wrong = code === '111111' ? '111112' : '111111';
    expect(
      (await call('POST', '/v1/user/updatePhone', alfaToken, { Phone: '13712345678', Code: wrong })).json()
        .code,
    ).toBe(ErrorCode.VerificationCodeWrong);
    expect(await snapshot(h)).toEqual(before);

    const ok = await call('POST', '/v1/user/updatePhone', alfaToken, { Phone: '13712345678', Code: code });
    expect(ok.json()).toMatchObject({ Phone: '13712345678', Tenant: { Phone: '13712345678' } });
    expect(
      (await call('POST', '/v1/user/updatePhone', alfaToken, { Phone: '13712345678', Code: code })).json()
        .code,
    ).toBe(ErrorCode.VerificationCodeInvalid);
  });

  it('refuses a number bound to another account (24016), and a bad one (11026)', async () => {
    await h.store.db
      .updateTable('users')
      .set({ phone: '13812345678' })
      .where('id', '=', bravo.owner.id)
      .execute();
    const res = await call('POST', '/v1/user/checkPhone', alfaToken, { Phone: '13812345678' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe(ErrorCode.PhoneBound);
    expect((await call('POST', '/v1/user/checkPhone', alfaToken, { Phone: '1234' })).json().code).toBe(
      ErrorCode.PhoneFormat,
    );
    expect(await outboxCount(h)).toBe(0);
  });

  it('a co-administrator binds its own phone; the tenant contact stays the owner’s', async () => {
    const subToken = (await login(h, 'alfasub')).body.Token;
    await call('POST', '/v1/user/checkPhone', subToken, { Phone: '13700000009' });
    const code = (await lastCode(h, '13700000009'))!;
    const ok = await call('POST', '/v1/user/updatePhone', subToken, { Phone: '13700000009', Code: code });
    expect(ok.json()).toMatchObject({ Phone: '13700000009', Tenant: { Phone: '' } });
  });
});

describe('session timeout: getMinute, updateUserInfo { Minute }', () => {
  it('applies a new timeout to the current session at once, with or without a new name', async () => {
    expect((await call('GET', '/v1/user/getMinute', alfaToken)).json()).toEqual({ Minute: 3 });
    const res = await call('PUT', '/v1/user/updateUserInfo', alfaToken, { Minute: 10 });
    expect(res.json()).toMatchObject({ Timeout: 10, Username: 'alfaown' });
    h.clock.advance(8 * MINUTE);
    expect((await call('GET', '/v1/user/getMinute', alfaToken)).json()).toEqual({ Minute: 10 });
    h.clock.advance(10 * MINUTE + 1);
    expect((await call('GET', '/v1/user/getMinute', alfaToken)).json().code).toBe(4010);
    const again = await login(h, 'alfaown');
    expect(again.body.Timeout).toBe(10);
    const both = await call('PUT', '/v1/user/updateUserInfo', again.body.Token, {
      Name: 'Alfa B',
      Minute: 30,
    });
    expect(both.json()).toMatchObject({ Timeout: 30, Name: 'Alfa B' });
  });

  it('refuses a value off the list, or nothing to change, and changes nothing', async () => {
    const before = await snapshot(h);
    for (const body of [{ Minute: 7 }, { Minute: 'x' }, {}, { Name: 'Ok name', Minute: 7 }])
      expect((await call('PUT', '/v1/user/updateUserInfo', alfaToken, body)).json().code).toBe(4000);
    expect(await snapshot(h)).toEqual(before);
  });

  it('needs a session for every personal-centre call', async () => {
    const before = await snapshot(h);
    for (const [method, url, payload] of [
      ['GET', '/v1/user/getMinute', undefined],
      [
        'PUT',
        '/v1/user/pass',
        { OldPassword: 'pass1234', Password: 'new-pass99', ConfirmPassword: 'new-pass99' },
      ],
      ['PUT', '/v1/user/updateUserInfo', { Name: 'Who' }],
      ['GET', '/v1/user/checkMail', undefined],
      ['POST', '/v1/user/updateEmail', { Email: 'a@b.example' }],
      ['POST', '/v1/user/checkMailCode', { Email: 'a@b.example', Code: '123456' }],
      ['POST', '/v1/user/checkPhone', { Phone: '13700000001' }],
      ['POST', '/v1/user/updatePhone', { Phone: '13700000001', Code: '123456' }],
    ] as const) {
      const res = await h.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.json().code, url).toBe(4010);
    }
    expect(await snapshot(h)).toEqual(before);
    expect(await outboxCount(h)).toBe(0);
  });
});
