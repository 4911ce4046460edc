import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig, type FcmConfig, type WeChatConfig } from '../config.ts';
import { FcmSender, signJwt } from './fcm.ts';
import { startFcmStandIn, standInServiceAccount, type FcmStandIn } from './fcm-standin.ts';
import { SendFailure } from './send-failure.ts';
import type { lookup, LookupAddress } from 'node:dns';
import { isPrivateAddress, postWebhook, verifyWebhookSignature, webhookSignature } from './webhook.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.ts';
import { WeChatTemplateSender } from './wechat.ts';
import { startWeChatStandIn, type WeChatStandIn } from './wechat-standin.ts';

/** The failure a promise ends with, as `code/transient`; 'ok' when it resolves. */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof SendFailure) return `${err.providerCode}/${err.transient ? 'transient' : 'final'}`;
    throw err;
  }
}

const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

describe('WeChat template messages against the stand-in', () => {
  let standIn: WeChatStandIn;
  let cfg: WeChatConfig;
  beforeEach(async () => {
    standIn = await startWeChatStandIn({
      appId: 'wx1234567890abcdef',
      appSecret: 'secret-0123456789',
      templateId: 'TPL-alarm',
      openids: [OPENID],
    });
    cfg = {
      apiUrl: standIn.url,
      appId: 'wx1234567890abcdef',
      appSecret: 'secret-0123456789',
      templateId: 'TPL-alarm',
    };
  });
  afterEach(() => standIn.close());

  it('fetches a token once, keeps it, and delivers the template data', async () => {
    const sender = new WeChatTemplateSender(cfg);
    const msgid = await sender.send({ openid: OPENID, data: { first: 'Alarm', keyword1: 'Head office' } });
    await sender.send({ openid: OPENID, data: { first: 'Again' }, url: 'https://console.example/log/alarm' });
    expect(msgid).toMatch(/^\d+$/);
    expect(standIn.tokensIssued).toBe(1);
    expect(standIn.messages.map((m) => [m.openid, m.templateId, m.data.first, m.url])).toEqual([
      [OPENID, 'TPL-alarm', 'Alarm', null],
      [OPENID, 'TPL-alarm', 'Again', 'https://console.example/log/alarm'],
    ]);
  });

  it('refreshes an expired token once (42001) and sends again', async () => {
    const sender = new WeChatTemplateSender(cfg);
    await sender.send({ openid: OPENID, data: { first: 'one' } });
    standIn.expireTokens();
    await sender.send({ openid: OPENID, data: { first: 'two' } });
    expect(standIn.refusals).toEqual([42001]);
    expect(standIn.tokensIssued).toBe(2);
    expect(standIn.messages).toHaveLength(2);
  });

  it('tells final refusals from busy ones', async () => {
    expect(
      await outcome(
        new WeChatTemplateSender({ ...cfg, appSecret: 'wrong' }).send({ openid: OPENID, data: {} }),
      ),
    ).toBe('40125/final');
    const sender = new WeChatTemplateSender(cfg);
    expect(await outcome(sender.send({ openid: 'oNotAFollower_0000000000000', data: {} }))).toBe(
      '43004/final',
    );
    expect(
      await outcome(
        new WeChatTemplateSender({ ...cfg, templateId: 'TPL-x' }).send({ openid: OPENID, data: {} }),
      ),
    ).toBe('40037/final');
    standIn.failNext(1);
    expect(await outcome(sender.send({ openid: OPENID, data: {} }))).toBe('-1/transient');
    expect(
      await outcome(
        new WeChatTemplateSender({ ...cfg, apiUrl: 'http://127.0.0.1:1' }).send({ openid: OPENID, data: {} }),
      ),
    ).toBe('network/transient');
    expect(standIn.messages).toEqual([]);
  });
});

describe('FCM HTTP v1 against the stand-in', () => {
  let standIn: FcmStandIn;
  let cfg: FcmConfig;
  const TOKEN = 'fcm-token:APA91bH_example-registration-token-0001';
  beforeEach(async () => {
    const keys = standInServiceAccount('netconsole-test', 'pending');
    standIn = await startFcmStandIn({
      projectId: 'netconsole-test',
      clientEmail: keys.account.client_email,
      publicKey: keys.publicKey,
      tokens: [TOKEN],
    });
    cfg = {
      apiUrl: standIn.url,
      projectId: 'netconsole-test',
      clientEmail: keys.account.client_email,
      privateKey: keys.account.private_key,
      tokenUri: standIn.tokenUri,
    };
  });
  afterEach(() => standIn.close());

  it('signs in with the service account JWT once and pushes', async () => {
    const sender = new FcmSender(cfg);
    const name = await sender.send({
      token: TOKEN,
      title: '3 alarms',
      body: 'Head office',
      data: { n: '3' },
    });
    await sender.send({ token: TOKEN, title: 'again', body: 'x' });
    expect(name).toBe('projects/netconsole-test/messages/1');
    expect(standIn.accessTokensIssued).toBe(1);
    expect(standIn.messages.map((m) => [m.title, m.body, m.data])).toEqual([
      ['3 alarms', 'Head office', { n: '3' }],
      ['again', 'x', {}],
    ]);
  });

  it('fetches a new access token once after a 401', async () => {
    const sender = new FcmSender(cfg);
    await sender.send({ token: TOKEN, title: 'a', body: 'b' });
    standIn.revokeTokens();
    await sender.send({ token: TOKEN, title: 'c', body: 'd' });
    expect(standIn.refusals).toEqual(['UNAUTHENTICATED']);
    expect(standIn.accessTokensIssued).toBe(2);
  });

  it('refuses a JWT signed with another key, and reports unregistered tokens and outages', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    expect(
      await outcome(
        new FcmSender({ ...cfg, privateKey: other.toString() }).send({ token: TOKEN, title: 'a', body: 'b' }),
      ),
    ).toBe('invalid_grant/final');
    const sender = new FcmSender(cfg);
    expect(
      await outcome(sender.send({ token: 'fcm-token:unknown-device-000000000', title: 'a', body: 'b' })),
    ).toBe('UNREGISTERED/final');
    standIn.failNext(1);
    expect(await outcome(sender.send({ token: TOKEN, title: 'a', body: 'b' }))).toBe('UNAVAILABLE/transient');
    expect(
      await outcome(
        new FcmSender({ ...cfg, projectId: 'someone-else' }).send({ token: TOKEN, title: 'a', body: 'b' }),
      ),
    ).toBe('SENDER_ID_MISMATCH/final');
    expect(standIn.messages).toEqual([]);
  });

  it('refuses an expired JWT', async () => {
    const iat = Math.floor(Date.now() / 1000) - 7200;
    const jwt = signJwt(
      {
        iss: cfg.clientEmail,
        scope: 'https://www.googleapis.com/auth/firebase.messaging',
        aud: cfg.tokenUri,
        iat,
        exp: iat + 3600,
      },
      cfg.privateKey,
    );
    const res = await fetch(cfg.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: jwt,
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });
});

describe('webhooks', () => {
  let receiver: WebhookReceiver;
  const secret = 'whsec_test-secret';
  beforeEach(async () => {
    receiver = await startWebhookReceiver({ secret: () => secret });
  });
  afterEach(() => receiver.close());

  const post = (over: Partial<Parameters<typeof postWebhook>[0]> = {}) =>
    postWebhook({
      url: receiver.url,
      secret,
      body: JSON.stringify({ event: 'alarm.digest', alarms: [] }),
      event: 'alarm.digest',
      delivery: 'rec-1',
      nowS: Math.floor(Date.now() / 1000),
      allowPrivate: true,
      ...over,
    });

  it('signs t.body with HMAC-SHA256; the receiver verifies it and refuses changes and old stamps', () => {
    const body = '{"a":1}';
    const header = webhookSignature(secret, body, 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(header, body, secret, 1_700_000_100)).toBe(true);
    expect(verifyWebhookSignature(header, '{"a":2}', secret, 1_700_000_100)).toBe(false);
    expect(verifyWebhookSignature(header, body, 'whsec_other', 1_700_000_100)).toBe(false);
    expect(verifyWebhookSignature(header, body, secret, 1_700_000_301)).toBe(false);
    expect(verifyWebhookSignature(undefined, body, secret, 1_700_000_000)).toBe(false);
  });

  it('delivers to the receiver, which checks the signature', async () => {
    expect(await post()).toBe(204);
    expect(receiver.received).toMatchObject([
      { event: 'alarm.digest', delivery: 'rec-1', body: { alarms: [] } },
    ]);
    expect(await outcome(post({ secret: 'whsec_wrong' }))).toBe('HTTP 401/final');
    expect(receiver.badSignatures).toBe(1);
  });

  it('calls 5xx and unreachable transient, other refusals final, private addresses refused unless allowed', async () => {
    receiver.failNext(1, 503);
    expect(await outcome(post())).toBe('HTTP 503/transient');
    receiver.failNext(1, 410);
    expect(await outcome(post())).toBe('HTTP 410/final');
    expect(await outcome(post({ url: 'http://127.0.0.1:1/hook' }))).toBe('network/transient');
    expect(await outcome(post({ allowPrivate: false }))).toBe('private-address/final');
    // A name is checked in the connection's own lookup: what is checked is what is connected to.
    const port = new URL(receiver.url).port;
    const toLoopback: typeof lookup = ((_h: string, _o: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
      cb(null, [{ address: '127.0.0.1', family: 4 }])) as never;
    const before = receiver.received.length;
    const named = { url: `http://hooks.example.test:${port}/hook`, resolve: toLoopback };
    expect(await outcome(post({ ...named, allowPrivate: false }))).toBe('private-address/final');
    expect(receiver.received).toHaveLength(before);
    // The same name allowed: the request went to the address the lookup gave.
    expect(await post({ ...named, allowPrivate: true })).toBe(204);
    expect(receiver.received).toHaveLength(before + 1);
    expect(
      [
        '10.1.2.3',
        '192.168.0.1',
        '172.20.0.1',
        '127.0.0.1',
        '169.254.169.254',
        '::1',
        'fd00::1',
        '::ffff:10.0.0.1',
      ].map(isPrivateAddress),
    ).toEqual(Array(8).fill(true));
    expect(['8.8.8.8', '172.32.0.1', '2001:db8::1'].map(isPrivateAddress)).toEqual([false, false, false]);
  });
});

describe('settings', () => {
  it('reads WeChat (all three or none), the FCM service-account file, the webhook switch and the digest window', () => {
    expect(loadConfig({}).alerts).toEqual({
      smsAlarmTemplate: undefined,
      wechat: undefined,
      fcm: undefined,
      webhookPrivate: false,
      digestWindowMs: 30_000,
    });
    expect(loadConfig({ ALARM_DIGEST_SECONDS: '3' }).alerts.digestWindowMs).toBe(3000);
    expect(() => loadConfig({ ALARM_DIGEST_SECONDS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx1' })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx1' })).toThrow(
      /WECHAT_APP_SECRET, WECHAT_TEMPLATE_ID: needed/,
    );
    const wx = loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_TEMPLATE_ID: 't' }).alerts
      .wechat;
    expect(wx).toEqual({
      apiUrl: 'https://api.weixin.qq.com',
      appId: 'wx1',
      appSecret: 's',
      templateId: 't',
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fcm-'));
    try {
      const { account } = standInServiceAccount('p1', 'https://oauth2.example/token');
      fs.writeFileSync(path.join(dir, 'sa.json'), JSON.stringify(account));
      fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ project_id: 'p1' }));
      const fcm = loadConfig({ FCM_CREDENTIALS: 'sa.json', WEBHOOK_PRIVATE: '1' }, dir);
      expect(fcm.alerts.fcm).toMatchObject({ projectId: 'p1', apiUrl: 'https://fcm.googleapis.com' });
      expect(fcm.alerts.webhookPrivate).toBe(true);
      expect(() => loadConfig({ FCM_CREDENTIALS: 'bad.json' }, dir)).toThrow(/client_email missing/);
      expect(() => loadConfig({ FCM_CREDENTIALS: 'none.json' }, dir)).toThrow(ConfigError);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
