/**
 * From alarms to messages, end to end: alarm changes emitted on the server's real event bus (as
 * the alarm engine emits them), the real alarm settings (C's `alarmTargets`), every channel against
 * its peer — the real SMTP server, the Dysms, WeChat and FCM stand-ins, a webhook receiver checking
 * signatures — and the durable jobs driven by the controllable clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DIGEST_WINDOW_MS,
  NOTIFY_HOURLY_LIMIT,
  type AddWebhookReply,
  type MessageItem,
  type NotifyRecordItem,
  type PushMethod,
} from '@netconsole/contract';
import {
  startFcmStandIn,
  standInServiceAccount,
  type FcmStandIn,
} from '../../platform/notify/fcm-standin.ts';
import { startSmsStandIn, type SmsStandIn } from '../../platform/notify/sms-standin.ts';
import { startSmtpPeer, type SmtpPeer } from '../../platform/notify/smtp-peer.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../platform/notify/webhook-receiver.ts';
import { startWeChatStandIn, type WeChatStandIn } from '../../platform/notify/wechat-standin.ts';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';
import type { AlarmNotice } from '../alarm/events.ts';

const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const APP_TOKEN = 'fcm-token:APA91bH_example-registration-token-0001';
const SMS_KEY = { keyId: 'LTAI-alarm', keySecret: 'alarm-secret-0123456789' };
const here = { longitude: 116.404, latitude: 39.915, address: 'Dongcheng, Beijing' };

let smtp: SmtpPeer;
let sms: SmsStandIn;
let wechat: WeChatStandIn;
let fcm: FcmStandIn;
let hooks: WebhookReceiver;
let hookSecret = '';
let fcmAccount: ReturnType<typeof standInServiceAccount>;

beforeAll(async () => {
  fcmAccount = standInServiceAccount('netconsole-test', 'pending');
  [smtp, sms, wechat, fcm, hooks] = await Promise.all([
    startSmtpPeer(),
    startSmsStandIn({ ...SMS_KEY, signs: ['NetConsole'], templates: ['SMS_CODE', 'SMS_ALARM'] }),
    startWeChatStandIn({
      appId: 'wx-alarm',
      appSecret: 'wx-secret',
      templateId: 'TPL-alarm',
      openids: [OPENID],
    }),
    startFcmStandIn({
      projectId: 'netconsole-test',
      clientEmail: fcmAccount.account.client_email,
      publicKey: fcmAccount.publicKey,
      tokens: [APP_TOKEN],
    }),
    startWebhookReceiver({ secret: () => hookSecret }),
  ]);
});
afterAll(async () => {
  await Promise.all([smtp.close(), sms.close(), wechat.close(), fcm.close(), hooks.close()]);
});

let h: Harness;
beforeEach(async () => {
  for (const list of [smtp.received, sms.messages, wechat.messages, fcm.messages, hooks.received])
    list.length = 0;
  h = await startHarness({
    notify: {
      smtpUrl: smtp.url,
      mailFrom: 'Console <alarms@console.example>',
      sms: { url: sms.url, ...SMS_KEY, sign: 'NetConsole', template: 'SMS_CODE' },
    },
    alerts: {
      smsAlarmTemplate: 'SMS_ALARM',
      wechat: { apiUrl: wechat.url, appId: 'wx-alarm', appSecret: 'wx-secret', templateId: 'TPL-alarm' },
      fcm: {
        apiUrl: fcm.url,
        projectId: 'netconsole-test',
        clientEmail: fcmAccount.account.client_email,
        privateKey: fcmAccount.account.private_key,
        tokenUri: fcm.tokenUri,
      },
      webhookPrivate: true,
      digestWindowMs: DIGEST_WINDOW_MS,
    },
  });
});
afterEach(async () => {
  await h.close();
});

const { call, read, signIn } = apiCaller(() => h);

/** A tenant with a network whose "device offline" alarms go out by `push`. */
async function site(prefix: string, push: PushMethod[]) {
  const s = await signIn(prefix);
  await h.store.db
    .updateTable('users')
    .set({ email: `boss@${prefix}.example` })
    .where('id', '=', s.owner.id)
    .execute();
  const net = await call<{ list: { _id: string } }>(s.token, 'POST', '/v1/network/createNet', {
    Name: 'Head office',
    Location: here,
  });
  const networkId = net.body.list._id;
  const set = await call(s.token, 'POST', '/v1/alarm/changeAlarm', {
    _id: networkId,
    Type: 1,
    Enable: true,
    Level: 3,
    Push: push,
    Email: push.includes('mail') ? [`ops@${prefix}.example`] : [],
    Phone: push.includes('sms') ? ['13712345678'] : [],
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  return { ...s, networkId };
}

let seq = 0;
function notice(tenantId: string, networkId: string | null, over: Partial<AlarmNotice> = {}): AlarmNotice {
  seq++;
  return {
    scope: { tenantId, admin: false },
    alarmId: `alarm-${seq}`,
    tenantId,
    networkId,
    networkName: 'Head office',
    deviceId: `dev-${seq}`,
    sn: `SN0000${seq}`,
    deviceName: `AP-${seq}`,
    type: 1,
    level: 3,
    text: { en: 'Device offline', zh: '设备离线' },
    behind: 0,
    at: h.clock.now,
    ...over,
  };
}

/** Lets the digest window pass and runs what became due (digests, then their sends). */
async function windowPasses(): Promise<void> {
  h.clock.advance(DIGEST_WINDOW_MS);
  await h.services.jobs.runDue();
}

async function records(tenantId: string, q = {}): Promise<NotifyRecordItem[]> {
  const query = { page: 1, limit: 100, ...q };
  return (await h.services.notificationSettings.records({ tenantId, admin: false }, query)).list;
}

describe('a storm becomes one digest', () => {
  it('tells each recipient once per channel, after the window, and the console once', async () => {
    const a = await site('acme', ['mail', 'sms', 'wechat', 'app']);
    await call(a.token, 'POST', '/v1/notification/binding/add', { Channel: 'wechat', Address: OPENID });
    await call(a.token, 'POST', '/v1/notification/binding/add', { Channel: 'app', Address: APP_TOKEN });
    const hook = await read<AddWebhookReply>(a.token, 'POST', '/v1/notification/webhook/add', {
      Name: 'Ops',
      Url: hooks.url,
      Levels: [3],
    });
    hookSecret = hook.Secret;
    for (let i = 0; i < 11; i++) {
      await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
      h.clock.advance(1000);
    }
    await h.services.events.emit('alarm.cleared', notice(a.tenant.id, a.networkId, { behind: 4 }));
    h.clock.advance(DIGEST_WINDOW_MS - 12_000);
    await h.services.jobs.runDue();
    expect(smtp.received).toHaveLength(0);
    await windowPasses();

    expect(smtp.received.map((m) => m.to)).toEqual([['ops@acme.example']]);
    expect(smtp.received[0]!.raw).toContain('11 alarms, 1 cleared in network Head office:');
    expect(smtp.received[0]!.raw).toContain('and 2 more');
    expect(sms.messages).toMatchObject([
      {
        phone: '13712345678',
        template: 'SMS_ALARM',
        params: { network: 'Head office', count: '12', summary: '网络 Head office 有 11 条告警，1 条已恢复' },
      },
    ]);
    expect(wechat.messages).toHaveLength(1);
    expect(wechat.messages[0]!.data).toMatchObject({ keyword1: 'Head office' });
    expect(wechat.messages[0]!.data.first).toContain('11 alarms, 1 cleared');
    expect(fcm.messages.map((m) => m.token)).toEqual([APP_TOKEN]);
    expect(hooks.received).toHaveLength(1);
    const body = hooks.received[0]!.body as { raised: number; cleared: number; alarms: { behind: number }[] };
    expect([body.raised, body.cleared, body.alarms.length, body.alarms[11]!.behind]).toEqual([11, 1, 12, 4]);

    const recs = await records(a.tenant.id);
    expect(recs.map((r) => [r.Channel, r.Status, r.AlarmCount, r.Attempts]).sort()).toEqual([
      ['app', 'sent', 12, 1],
      ['mail', 'sent', 12, 1],
      ['sms', 'sent', 12, 1],
      ['webhook', 'sent', 12, 1],
      ['wechat', 'sent', 12, 1],
    ]);
    expect(recs.find((r) => r.Channel === 'sms')!.Recipient).toBe('137****5678');
    const unread = await read<{ count: number; list: MessageItem[] }>(
      a.token,
      'GET',
      '/v1/dashboard/getUreadMessage',
    );
    expect(unread.count).toBe(1);
    expect(unread.list[0]!.Title).toBe('Alarm digest of network Head office (12)');
    const zh = await read<{ list: MessageItem[] }>(a.token, 'GET', '/v1/message/unread', undefined, 'zh');
    expect(zh.list[0]!.Title).toBe('网络 Head office 告警汇总（12 条）');
    expect(zh.list[0]!.Content).toContain('设备离线');

    // Another window, another digest; and another tenant sees none of these records.
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
    await windowPasses();
    expect(smtp.received).toHaveLength(2);
    const b = await signIn('bolt');
    expect(await records(b.tenant.id)).toEqual([]);
    expect((await read<{ count: number }>(b.token, 'GET', '/v1/notification/list')).count).toBe(0);
  });

  it('tells nobody of a type that is switched off (topology change by default), or of another tenant’s network', async () => {
    const a = await site('acme', ['mail']);
    const b = await signIn('bolt');
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId, { type: 6 }));
    await h.services.events.emit('alarm.raised', notice(b.tenant.id, a.networkId));
    await windowPasses();
    expect(smtp.received).toEqual([]);
    expect(await records(a.tenant.id)).toEqual([]);
    expect(await records(b.tenant.id)).toEqual([]);
    expect((await read<{ count: number }>(a.token, 'GET', '/v1/dashboard/getUreadMessage')).count).toBe(0);
  });
});

describe('the hourly limit', () => {
  it('sends the limit’s digests of a network, then one note, then records the rest as limited until the hour has passed; other networks are not held back', async () => {
    const a = await site('acme', ['mail']);
    // A second network whose alarms go to the same address (made before the clock runs past the session).
    const branch = await call<{ list: { _id: string } }>(a.token, 'POST', '/v1/network/createNet', {
      Name: 'Branch',
      Location: here,
    });
    expect(branch.status, JSON.stringify(branch.body)).toBe(200);
    const branchId = branch.body.list._id;
    const set = await call(a.token, 'POST', '/v1/alarm/changeAlarm', {
      _id: branchId,
      Type: 1,
      Enable: true,
      Level: 3,
      Push: ['mail'],
      Email: ['ops@acme.example'],
      Phone: [],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    for (let i = 0; i < NOTIFY_HOURLY_LIMIT + 2; i++) {
      await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
      await windowPasses();
    }
    expect(smtp.received).toHaveLength(NOTIFY_HOURLY_LIMIT + 1);
    expect(smtp.received.at(-1)!.raw).toContain('More alarms in network Head office');
    const recs = await records(a.tenant.id);
    expect(recs.map((r) => `${r.Kind}/${r.Status}`)).toEqual([
      'digest/limited',
      'note/sent',
      ...Array(NOTIFY_HOURLY_LIMIT).fill('digest/sent'),
    ]);
    expect(recs[0]!.Reason).toBe(`over ${NOTIFY_HOURLY_LIMIT} per hour`);
    // The limit is per network: the same recipient still hears of another network's alarms.
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, branchId, { networkName: 'Branch' }));
    await windowPasses();
    expect(smtp.received).toHaveLength(NOTIFY_HOURLY_LIMIT + 2);
    expect(smtp.received.at(-1)!.raw).toContain('in network Branch');
    expect(smtp.received.at(-1)!.raw).not.toContain('More alarms');
    h.clock.advance(3_600_000);
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
    await windowPasses();
    expect(smtp.received).toHaveLength(NOTIFY_HOURLY_LIMIT + 3);
    expect((await records(a.tenant.id))[0]).toMatchObject({ Kind: 'digest', Status: 'sent' });
  });
});

describe('maintenance windows', () => {
  it('records alarms inside a window as muted and tells nobody; after it ends, alarms go out again', async () => {
    const a = await site('acme', ['mail', 'sms']);
    const w = await read<{ _id: string }>(a.token, 'POST', '/v1/maintenance/add', {
      Network: a.networkId,
      End: h.clock.now + 3_600_000,
      Reason: 'Rewiring',
    });
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
    await windowPasses();
    expect(smtp.received).toEqual([]);
    expect(sms.messages).toEqual([]);
    const muted = await records(a.tenant.id);
    expect(muted.map((r) => [r.Channel, r.Status, r.Reason]).sort()).toEqual([
      ['mail', 'muted', 'maintenance window'],
      ['sms', 'muted', 'maintenance window'],
    ]);
    expect((await read<{ count: number }>(a.token, 'GET', '/v1/dashboard/getUreadMessage')).count).toBe(0);
    await read(a.token, 'POST', '/v1/maintenance/end', { _id: w._id });
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
    await windowPasses();
    expect(smtp.received).toHaveLength(1);
    expect(sms.messages).toHaveLength(1);
  });
});

describe('sends that fail', () => {
  it('retries a webhook on 5xx with back-off, then delivers; the receiver verified every signature', async () => {
    const a = await site('acme', ['mail']);
    const hook = await read<AddWebhookReply>(a.token, 'POST', '/v1/notification/webhook/add', {
      Name: 'Ops',
      Url: hooks.url,
    });
    hookSecret = hook.Secret;
    hooks.failNext(2, 503);
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
    await windowPasses();
    const hookRecord = async () => (await records(a.tenant.id, { Channel: 'webhook' }))[0]!;
    expect(await hookRecord()).toMatchObject({
      Status: 'queued',
      Attempts: 1,
      Reason: 'HTTP 503: Service Unavailable',
    });
    h.clock.advance(10_000);
    await h.services.jobs.runDue();
    expect(await hookRecord()).toMatchObject({ Status: 'queued', Attempts: 2 });
    h.clock.advance(20_000);
    await h.services.jobs.runDue();
    expect(await hookRecord()).toMatchObject({ Status: 'sent', Attempts: 3, Reason: null });
    expect(hooks.received).toHaveLength(1);
    expect(hooks.received[0]!.delivery).toBe((await hookRecord())._id);
    expect(hooks.badSignatures).toBe(0);
  });

  it('records a refusal as failed at once and tells the console', async () => {
    const a = await site('acme', ['sms']);
    const hook = await read<AddWebhookReply>(a.token, 'POST', '/v1/notification/webhook/add', {
      Name: 'Gone',
      Url: hooks.url,
    });
    hookSecret = hook.Secret;
    hooks.failNext(1, 410);
    await h.services.events.emit('alarm.raised', notice(a.tenant.id, a.networkId));
    await windowPasses();
    const [rec] = await records(a.tenant.id, { Status: 'failed' });
    expect(rec).toMatchObject({ Channel: 'webhook', Attempts: 1, Reason: 'HTTP 410: Gone' });
    const unread = await read<{ list: MessageItem[] }>(a.token, 'GET', '/v1/message/unread');
    expect(unread.list.map((m) => m.Title)).toContain('An alarm notification through webhook failed');
  });
});
