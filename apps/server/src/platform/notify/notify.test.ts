import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@netconsole/contract';
import { ConfigError, loadConfig, type SmsProviderConfig } from '../config.ts';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { outboxCount } from './testing.ts';
import { AliyunSmsSender, canonicalQuery, rpcSignature, rpcTimestamp } from './aliyun-sms.ts';
import type { DeliveryError } from './delivery.ts';
import { startSmsStandIn, type SmsStandIn } from './sms-standin.ts';
import { startSmtpPeer as startSmtp } from './smtp-peer.ts';
import { SmtpMailer } from './smtp.ts';

const KEY = { keyId: 'LTAI-test-key', keySecret: 'test-secret-0123456789' };
const PROVIDER = { sign: 'NetConsole', template: 'SMS_100200300' };

let standIn: SmsStandIn;
let smsConfig: SmsProviderConfig;
beforeEach(async () => {
  standIn = await startSmsStandIn({ ...KEY, signs: [PROVIDER.sign], templates: [PROVIDER.template] });
  smsConfig = { url: standIn.url, ...KEY, ...PROVIDER };
});
afterEach(async () => {
  await standIn.close();
});

describe('Dysms signature v1', () => {
  it('matches the example of Alibaba Cloud’s signature documentation', () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('encodes as RFC 3986 wants: spaces %20, * %2A, ~ kept, UTF-8 escaped', () => {
    expect(canonicalQuery({ b: 'a b*c~', a: '验证' })).toBe('a=%E9%AA%8C%E8%AF%81&b=a%20b%2Ac~');
  });
});

describe('AliyunSmsSender against the stand-in', () => {
  it('is accepted and delivers the template parameters', async () => {
    await new AliyunSmsSender(smsConfig).send({ phone: '13712345678', params: { code: '12345' }, text: 'x' });
    expect(standIn.messages).toMatchObject([
      { phone: '13712345678', sign: 'NetConsole', template: 'SMS_100200300', params: { code: '12345' } },
    ]);
  });

  it('reports the provider’s refusals as delivery errors', async () => {
    const refusal = (cfg: Partial<SmsProviderConfig>) =>
      new AliyunSmsSender({ ...smsConfig, ...cfg })
        .send({ phone: '13712345678', params: { code: '1' }, text: 'x' })
        .then(
          () => null,
          (e: DeliveryError) => e.providerCode,
        );
    expect(await refusal({ keySecret: 'wrong' })).toBe('SignatureDoesNotMatch');
    expect(await refusal({ keyId: 'other' })).toBe('InvalidAccessKeyId.NotFound');
    expect(await refusal({ template: 'SMS_999' })).toBe('isv.SMS_TEMPLATE_ILLEGAL');
    expect(await refusal({ sign: 'Someone' })).toBe('isv.SMS_SIGNATURE_ILLEGAL');
    expect(await refusal({ url: 'http://127.0.0.1:1/' })).toBe('network');
    expect(standIn.messages).toEqual([]);
  });
});

describe('the stand-in checks requests as the gateway does', () => {
  function signedQuery(over: Record<string, string> = {}, method = 'GET') {
    const params: Record<string, string> = {
      AccessKeyId: KEY.keyId,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: `nonce-${Math.random()}`,
      SignatureVersion: '1.0',
      Timestamp: rpcTimestamp(Date.now()),
      Version: '2017-05-25',
      PhoneNumbers: '13712345678',
      SignName: PROVIDER.sign,
      TemplateCode: PROVIDER.template,
      TemplateParam: '{"code":"55555"}',
      ...over,
    };
    return `${canonicalQuery(params)}&Signature=${encodeURIComponent(rpcSignature(method, params, KEY.keySecret))}`;
  }
  const get = async (query: string) => {
    const res = await fetch(`${standIn.url}?${query}`);
    return {
      status: res.status,
      body: (await res.json()) as { Code: string; Message: string; RequestId: string },
    };
  };

  it('accepts a GET request signed over its query and refuses it replayed', async () => {
    const q = signedQuery();
    const ok = await get(q);
    expect(ok).toMatchObject({ status: 200, body: { Code: 'OK', Message: 'OK' } });
    expect(ok.body.RequestId).toMatch(/^[0-9A-F-]{36}$/);
    expect(await get(q)).toMatchObject({ status: 400, body: { Code: 'SignatureNonceUsed' } });
    expect(standIn.messages).toHaveLength(1);
  });

  it('refuses stale timestamps, changed parameters, missing ones and bad numbers', async () => {
    const stale = signedQuery({ Timestamp: rpcTimestamp(Date.now() - 16 * 60_000) });
    expect((await get(stale)).body.Code).toBe('InvalidTimeStamp.Expired');
    expect((await get(signedQuery({ Timestamp: '2026-11-21 08:00:00' }))).body.Code).toBe(
      'InvalidTimeStamp.Format',
    );
    const tampered = signedQuery().replace('PhoneNumbers=13712345678', 'PhoneNumbers=13700000000');
    expect((await get(tampered)).body.Code).toBe('SignatureDoesNotMatch');
    expect((await get('Action=SendSms')).body.Code).toBe('MissingAccessKeyId');
    expect(await get(signedQuery({ PhoneNumbers: '12345' }))).toMatchObject({
      status: 200,
      body: { Code: 'isv.MOBILE_NUMBER_ILLEGAL' },
    });
    expect((await get(signedQuery({ TemplateParam: '{"code":5}' }))).body.Code).toBe(
      'isv.INVALID_JSON_PARAM',
    );
    expect((await get(signedQuery({ Action: 'QuerySendDetails' }))).status).toBe(404);
    expect(standIn.messages).toEqual([]);
  });
});

describe('SmtpMailer against a real SMTP server', () => {
  it('delivers a message from MAIL_FROM', async () => {
    const smtp = await startSmtp();
    const mailer = new SmtpMailer(smtp.url, 'Network console <no-reply@console.example>');
    try {
      await mailer.send({ to: 'boss@alfa.example', subject: 'Hello there', text: 'Body line' });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'no-reply@console.example', to: ['boss@alfa.example'] });
      expect(smtp.received[0]!.raw).toContain('Subject: Hello there');
      expect(smtp.received[0]!.raw).toContain('Body line');
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});

describe('the console with SMTP and the SMS provider configured', () => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let token: string;

  beforeEach(async () => {
    smtp = await startSmtp({
      onRcptTo(address, _session, done) {
        done(address.address.endsWith('@refused.example') ? new Error('550 mailbox unavailable') : null);
      },
    });
    h = await startHarness({
      notify: { smtpUrl: smtp.url, mailFrom: 'Console <no-reply@console.example>', sms: smsConfig },
    });
    const alfa = await seedTenant(h, 'alfa');
    await h.store.db
      .updateTable('users')
      .set({ phone: '13655554444' })
      .where('id', '=', alfa.owner.id)
      .execute();
    token = (await login(h, 'alfaown')).body.Token;
  });
  afterEach(async () => {
    await h.close();
    await smtp.close();
  });

  it('mails the e-mail change code through SMTP, and the mailed code applies the address', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/user/updateEmail',
      headers: bearer(token),
      payload: { Email: 'boss@alfa.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['boss@alfa.example']);
    const code = /code is (\d{6})/.exec(smtp.received[0]!.raw)?.[1];
    expect(code).toBeDefined();
    const ok = await h.app.inject({
      method: 'POST',
      url: '/v1/user/checkMailCode',
      headers: bearer(token),
      payload: { Email: 'boss@alfa.example', Code: code },
    });
    expect(ok.json().Email).toBe('boss@alfa.example');
    expect(await outboxCount(h)).toBe(0);
  });

  it('answers 24019 when the mail server refuses, and the code is dead', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/user/updateEmail',
      headers: bearer(token),
      payload: { Email: 'me@refused.example' },
    });
    expect(res.json().code).toBe(ErrorCode.MailSendFailed);
    const live = await h.store.db
      .selectFrom('verification_codes')
      .select('id')
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });

  it('sends the forgot-password code through the provider; it verifies', async () => {
    await h.app.inject({
      method: 'POST',
      url: '/v1/sms/send',
      payload: { Phone: '13655554444', Type: 'forgot' },
    });
    await h.services.recovery.idle();
    expect(standIn.messages).toHaveLength(1);
    const { phone, params } = standIn.messages[0]!;
    expect(phone).toBe('13655554444');
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/sms/verifiedForPwd',
      payload: { Phone: '13655554444', Code: params.code },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().Ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 24001 when the provider refuses the phone-change SMS, and the code is dead', async () => {
    await h.close();
    h = await startHarness({
      notify: {
        smtpUrl: undefined,
        mailFrom: 'x <x@x.example>',
        sms: { ...smsConfig, template: 'SMS_UNKNOWN' },
      },
    });
    await seedTenant(h, 'alfa');
    const t = (await login(h, 'alfaown')).body.Token;
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/user/checkPhone',
      headers: bearer(t),
      payload: { Phone: '13712340000' },
    });
    expect(res.json().code).toBe(ErrorCode.SmsSendFailed);
    expect(standIn.refusals).toContain('isv.SMS_TEMPLATE_ILLEGAL');
    const live = await h.store.db
      .selectFrom('verification_codes')
      .select('id')
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});

describe('configuration', () => {
  const env = { DATA_DIR: '/tmp/x' };
  it('takes SMTP and the SMS provider from the environment, the outbox otherwise', () => {
    const none = loadConfig(env);
    expect(none.notify).toEqual({
      smtpUrl: undefined,
      mailFrom: 'Network console <no-reply@localhost>',
      sms: undefined,
    });
    expect(none.publicUrl).toBe('http://localhost:8080');
    const all = loadConfig({
      ...env,
      PUBLIC_URL: 'https://console.example.com/',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Console <no-reply@example.com>',
      SMS_URL: 'https://dysmsapi.aliyuncs.com/',
      SMS_KEY_ID: 'id',
      SMS_KEY_SECRET: 'secret',
      SMS_SIGN: 'Sign',
      SMS_TEMPLATE: 'SMS_1',
    });
    expect(all.publicUrl).toBe('https://console.example.com');
    expect(all.notify).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com:465',
      mailFrom: 'Console <no-reply@example.com>',
      sms: {
        url: 'https://dysmsapi.aliyuncs.com/',
        keyId: 'id',
        keySecret: 'secret',
        sign: 'Sign',
        template: 'SMS_1',
      },
    });
  });

  it('stops on a partial SMS setup or a malformed URL, naming the variables', () => {
    expect(() => loadConfig({ ...env, SMS_URL: 'https://dysmsapi.aliyuncs.com/', SMS_KEY_ID: 'id' })).toThrow(
      /SMS_KEY_SECRET, SMS_SIGN, SMS_TEMPLATE: needed with SMS_URL, SMS_KEY_ID/,
    );
    expect(() => loadConfig({ ...env, SMTP_URL: 'http://mail' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });
});
