import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AddWebhookReply,
  type BindingItem,
  type MaintenanceItem,
  type NotifyRecordItem,
  type WebhookItem,
} from '@netconsole/contract';
import { outboxCount } from '../../platform/notify/testing.ts';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';
import { seedNotificationDemo } from './demo.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

interface Page<T> {
  list: T[];
  count: number;
}
const { call, read, signIn } = apiCaller(() => h);
const here = { longitude: 116.404, latitude: 39.915, address: 'Dongcheng, Beijing' };
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const APP_TOKEN = 'fcm-token:APA91bH_example-registration-token-0001';

async function network(token: string, Name: string): Promise<string> {
  const r = await call<{ list: { _id: string } }>(token, 'POST', '/v1/network/createNet', {
    Name,
    Location: here,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list._id;
}
const code = async (p: Promise<{ code?: number }>) => (await p).code;

describe('webhooks', () => {
  it('adds one with its secret shown once, lists, changes, renews the secret and removes it', async () => {
    const { token } = await signIn('acme');
    const added = await read<AddWebhookReply>(token, 'POST', '/v1/notification/webhook/add', {
      Name: ' Ops chat ',
      Url: 'https://hooks.example/netconsole',
      Levels: [3, 2],
    });
    expect(added).toMatchObject({ Name: 'Ops chat', Enabled: true, Levels: [2, 3], CreateTime: h.clock.now });
    expect(added.Secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(added.SecretHint).toBe(added.Secret.slice(0, 12));
    const list = await read<Page<WebhookItem & { Secret?: string }>>(
      token,
      'GET',
      '/v1/notification/webhook/list',
    );
    expect(list.count).toBe(1);
    expect(list.list[0]!.Secret).toBeUndefined();
    h.clock.advance(1000);
    const changed = await read<WebhookItem & { Secret: string | null }>(
      token,
      'POST',
      '/v1/notification/webhook/update',
      {
        _id: added._id,
        Enabled: false,
        Levels: [1],
      },
    );
    expect(changed).toMatchObject({ Enabled: false, Levels: [1], Secret: null, UpdateTime: h.clock.now });
    const renewed = await read<{ Secret: string }>(token, 'POST', '/v1/notification/webhook/update', {
      _id: added._id,
      NewSecret: true,
    });
    expect(renewed.Secret).toMatch(/^whsec_/);
    expect(renewed.Secret).not.toBe(added.Secret);
    expect(await read(token, 'DELETE', `/v1/notification/webhook/remove/${added._id}`)).toEqual({ count: 1 });
    expect((await read<Page<WebhookItem>>(token, 'GET', '/v1/notification/webhook/list')).count).toBe(0);
  });

  it('refuses bad input with its code, in the caller’s language', async () => {
    const { token } = await signIn('acme');
    const add = (body: object, lang?: 'en' | 'zh') =>
      read(token, 'POST', '/v1/notification/webhook/add', body, lang);
    expect(await code(add({ Name: 'x', Url: 'ftp://hooks.example/' }))).toBe(
      ErrorCode.NotifyWebhookUrlInvalid,
    );
    expect(await code(add({ Name: 'x', Url: 'not a url' }))).toBe(ErrorCode.NotifyWebhookUrlInvalid);
    expect(await code(add({ Name: 'x', Url: `https://h.example/${'a'.repeat(500)}` }))).toBe(
      ErrorCode.NotifyWebhookUrlInvalid,
    );
    expect(await code(add({ Name: '', Url: 'https://h.example/' }))).toBe(ErrorCode.NotifyWebhookNameInvalid);
    expect(await code(add({ Name: 'x', Url: 'https://h.example/', Levels: [] }))).toBe(
      ErrorCode.NotifyLevelsInvalid,
    );
    expect(await code(add({ Name: 'x', Url: 'https://h.example/', Levels: [4] }))).toBe(
      ErrorCode.NotifyLevelsInvalid,
    );
    expect(await code(add({ Name: 'x', Url: 'https://h.example/', Enabled: 'yes' }))).toBe(
      ErrorCode.NotifyWebhookEnabledInvalid,
    );
    const zh = await add({ Name: 'x', Url: 'ftp://h.example/' }, 'zh');
    expect(zh.message).toBe('Webhook 地址须为 http(s) 地址，最多 500 个字符');
    for (let i = 0; i < 10; i++) await add({ Name: `h${i}`, Url: 'https://h.example/' });
    expect(await code(add({ Name: 'h10', Url: 'https://h.example/' }))).toBe(ErrorCode.NotifyWebhookLimit);
    expect(await code(read(token, 'POST', '/v1/notification/webhook/update', { _id: 'nope' }))).toBe(
      ErrorCode.NotifyWebhookNotFound,
    );
  });

  it('keeps each tenant to its own webhooks', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const hook = await read<AddWebhookReply>(a.token, 'POST', '/v1/notification/webhook/add', {
      Name: 'A',
      Url: 'https://a.example/',
    });
    expect((await read<Page<WebhookItem>>(b.token, 'GET', '/v1/notification/webhook/list')).count).toBe(0);
    expect(
      await code(read(b.token, 'POST', '/v1/notification/webhook/update', { _id: hook._id, Enabled: false })),
    ).toBe(ErrorCode.NotifyWebhookNotFound);
    expect(await code(read(b.token, 'DELETE', `/v1/notification/webhook/remove/${hook._id}`))).toBe(
      ErrorCode.NotifyWebhookNotFound,
    );
    const mine = await read<Page<WebhookItem>>(a.token, 'GET', '/v1/notification/webhook/list');
    expect(mine.list).toMatchObject([{ _id: hook._id, Enabled: true }]);
  });
});

describe('bindings', () => {
  it('binds the caller’s WeChat openid and app token; the owner sees the tenant’s, a co-administrator its own', async () => {
    const a = await signIn('acme');
    const sub = (
      await call<{ Token: string }>('', 'POST', '/v1/user/login', {
        Username: 'acmesub',
        Password: 'pass1234',
      })
    ).body.Token;
    const wx = await read<BindingItem>(a.token, 'POST', '/v1/notification/binding/add', {
      Channel: 'wechat',
      Address: OPENID,
    });
    expect(wx).toMatchObject({
      Channel: 'wechat',
      Label: 'WeChat',
      Address: 'oUpF8u…',
      AccountName: 'acmeown',
    });
    const again = await read<BindingItem>(a.token, 'POST', '/v1/notification/binding/add', {
      Channel: 'wechat',
      Address: OPENID,
    });
    expect(again._id).toBe(wx._id);
    await read(sub, 'POST', '/v1/notification/binding/add', {
      Channel: 'app',
      Address: APP_TOKEN,
      Label: 'Pixel',
    });
    expect((await read<Page<BindingItem>>(a.token, 'GET', '/v1/notification/binding/list')).count).toBe(2);
    const subs = await read<Page<BindingItem>>(sub, 'GET', '/v1/notification/binding/list');
    expect(subs.list.map((x) => x.Label)).toEqual(['Pixel']);
    expect(await code(read(sub, 'DELETE', `/v1/notification/binding/remove/${wx._id}`))).toBe(
      ErrorCode.NotifyBindingNotFound,
    );
    expect(await read(a.token, 'DELETE', `/v1/notification/binding/remove/${wx._id}`)).toEqual({ count: 1 });
  });

  it('refuses bad addresses and channels, and keeps tenants apart', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const add = (t: string, body: object) =>
      read<BindingItem>(t, 'POST', '/v1/notification/binding/add', body);
    expect(await code(add(a.token, { Channel: 'wechat', Address: 'short' }))).toBe(
      ErrorCode.NotifyBindingAddressInvalid,
    );
    expect(await code(add(a.token, { Channel: 'app', Address: 'has spaces in it, not a token' }))).toBe(
      ErrorCode.NotifyBindingAddressInvalid,
    );
    expect(await code(add(a.token, { Channel: 'pigeon', Address: OPENID }))).toBe(
      ErrorCode.NotifyChannelInvalid,
    );
    const mine = await add(a.token, { Channel: 'wechat', Address: OPENID });
    expect((await read<Page<BindingItem>>(b.token, 'GET', '/v1/notification/binding/list')).count).toBe(0);
    expect(await code(read(b.token, 'DELETE', `/v1/notification/binding/remove/${mine._id}`))).toBe(
      ErrorCode.NotifyBindingNotFound,
    );
    expect((await read<Page<BindingItem>>(a.token, 'GET', '/v1/notification/binding/list')).count).toBe(1);
  });
});

describe('maintenance windows', () => {
  it('adds, lists, ends early; muted() follows the window', async () => {
    const { token, tenant } = await signIn('acme');
    const net = await network(token, 'Head office');
    const now = h.clock.now;
    const w = await read<MaintenanceItem>(token, 'POST', '/v1/maintenance/add', {
      Network: net,
      End: now + 3_600_000,
      Reason: 'Switch replacement',
    });
    expect(w).toMatchObject({
      Network: net,
      NetworkName: 'Head office',
      Start: now,
      End: now + 3_600_000,
      EndedTime: null,
      Creator: 'acmeown',
    });
    const later = await read<MaintenanceItem>(token, 'POST', '/v1/maintenance/add', {
      Network: net,
      Start: now + 86_400_000,
      End: now + 90_000_000,
    });
    const { maintenance } = h.services;
    expect(await maintenance.muted(tenant.id, net, now + 1000)).toBe(true);
    expect(await maintenance.muted(tenant.id, net, now + 3_600_000)).toBe(false);
    expect(await maintenance.muted(tenant.id, net, now + 86_400_000)).toBe(true);
    expect(await maintenance.muted('other', net, now + 1000)).toBe(false);
    const active = await read<Page<MaintenanceItem>>(
      token,
      'GET',
      `/v1/maintenance/list?Active=true&Network=${net}`,
    );
    expect(active.list.map((x) => x._id)).toEqual([later._id, w._id]);
    // Less than the session's 3 minutes.
    h.clock.advance(60_000);
    const ended = await read<MaintenanceItem>(token, 'POST', '/v1/maintenance/end', { _id: w._id });
    expect(ended.EndedTime).toBe(h.clock.now);
    expect(await maintenance.muted(tenant.id, net, h.clock.now + 1)).toBe(false);
    expect(await maintenance.muted(tenant.id, net, h.clock.now - 1)).toBe(true);
    expect(await code(read(token, 'POST', '/v1/maintenance/end', { _id: w._id }))).toBe(
      ErrorCode.MaintenanceOver,
    );
    const over = await read<Page<MaintenanceItem>>(token, 'GET', '/v1/maintenance/list?Active=false');
    expect(over.list.map((x) => x._id)).toEqual([w._id]);
  });

  it('refuses bad windows with their codes', async () => {
    const { token } = await signIn('acme');
    const net = await network(token, 'Shop');
    const now = h.clock.now;
    const add = (body: object) => read(token, 'POST', '/v1/maintenance/add', body);
    expect(await code(add({ Network: 'nope', End: now + 1000 }))).toBe(ErrorCode.MaintenanceNetworkInvalid);
    expect(await code(add({ End: now + 1000 }))).toBe(ErrorCode.MaintenanceNetworkInvalid);
    expect(await code(add({ Network: net, End: now - 1 }))).toBe(ErrorCode.MaintenanceTimeInvalid);
    expect(await code(add({ Network: net, Start: now + 5000, End: now + 4000 }))).toBe(
      ErrorCode.MaintenanceTimeInvalid,
    );
    expect(await code(add({ Network: net, End: 'soon' }))).toBe(ErrorCode.MaintenanceTimeInvalid);
    expect(await code(add({ Network: net, End: now + 31 * 86_400_000 }))).toBe(ErrorCode.MaintenanceTooLong);
    expect(await code(add({ Network: net, End: now + 1000, Reason: 'x'.repeat(201) }))).toBe(
      ErrorCode.MaintenanceReasonTooLong,
    );
    expect(await code(read(token, 'POST', '/v1/maintenance/end', { _id: 'nope' }))).toBe(
      ErrorCode.MaintenanceNotFound,
    );
  });

  it('keeps each tenant to its own networks and windows', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const net = await network(a.token, 'A site');
    const w = await read<MaintenanceItem>(a.token, 'POST', '/v1/maintenance/add', {
      Network: net,
      End: h.clock.now + 60_000,
    });
    expect(
      await code(read(b.token, 'POST', '/v1/maintenance/add', { Network: net, End: h.clock.now + 60_000 })),
    ).toBe(ErrorCode.MaintenanceNetworkInvalid);
    expect((await read<Page<MaintenanceItem>>(b.token, 'GET', '/v1/maintenance/list')).count).toBe(0);
    expect(await code(read(b.token, 'POST', '/v1/maintenance/end', { _id: w._id }))).toBe(
      ErrorCode.MaintenanceNotFound,
    );
    expect(
      (await read<Page<MaintenanceItem>>(a.token, 'GET', '/v1/maintenance/list?Active=true')).count,
    ).toBe(1);
  });
});

describe('records', () => {
  it('lists a tenant’s own records with masked recipients and filters; others see none', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const base = {
      tenant_id: a.tenant.id,
      network_id: 'n1',
      network_name: 'Head office',
      kind: 'digest',
      label: '',
      target_id: null,
      alarm_ids: JSON.stringify(['al-1', 'al-2']),
      alarm_count: 2,
      subject: '2 alarms in network Head office',
      body: 'x',
      reason: null,
      attempts: 1,
      sent_at: null,
    };
    await h.store.db
      .insertInto('notification_records')
      .values([
        {
          ...base,
          id: 'r1',
          channel: 'mail',
          recipient: 'boss@alfa.example',
          status: 'sent',
          created_at: 1000,
        },
        { ...base, id: 'r2', channel: 'sms', recipient: '13712345678', status: 'failed', created_at: 2000 },
        {
          ...base,
          id: 'r3',
          channel: 'webhook',
          recipient: 'https://h.example/x',
          label: 'Ops',
          status: 'muted',
          created_at: 3000,
          alarm_ids: '["al-3"]',
        },
      ])
      .execute();
    const all = await read<Page<NotifyRecordItem>>(a.token, 'GET', '/v1/notification/list');
    expect(all.list.map((r) => [r._id, r.Recipient])).toEqual([
      ['r3', 'Ops'],
      ['r2', '137****5678'],
      ['r1', 'b***@alfa.example'],
    ]);
    const q = (s: string) => read<Page<NotifyRecordItem>>(a.token, 'GET', `/v1/notification/list?${s}`);
    expect((await q('Channel=sms')).list.map((r) => r._id)).toEqual(['r2']);
    expect((await q('Status=sent')).list.map((r) => r._id)).toEqual(['r1']);
    expect((await q('Alarm=al-3')).list.map((r) => r._id)).toEqual(['r3']);
    expect((await q('from=1500&to=3000')).list.map((r) => r._id)).toEqual(['r2']);
    expect((await q('limit=1&page=2')).list.map((r) => r._id)).toEqual(['r2']);
    expect(await code(q('from=3000&to=1000'))).toBe(ErrorCode.NotifyRangeInvalid);
    expect(await code(q('Channel=pigeon'))).toBe(ErrorCode.NotifyChannelInvalid);
    expect((await read<Page<NotifyRecordItem>>(b.token, 'GET', '/v1/notification/list')).count).toBe(0);
  });
});

describe('housekeeping', () => {
  it('removes records older than 90 days at 03:41 UTC', async () => {
    const { tenant } = await signIn('acme');
    const row = (id: string, created_at: number) => ({
      id,
      tenant_id: tenant.id,
      network_id: null,
      network_name: null,
      channel: 'mail',
      kind: 'digest',
      recipient: 'boss@acme.example',
      label: '',
      target_id: null,
      alarm_ids: '[]',
      alarm_count: 1,
      subject: 's',
      body: 'b',
      status: 'sent',
      reason: null,
      attempts: 1,
      created_at,
      sent_at: created_at,
    });
    const day = 86_400_000;
    await h.store.db
      .insertInto('notification_records')
      .values([row('old', h.clock.now - 91 * day), row('new', h.clock.now - day)])
      .execute();
    h.clock.advance(20 * 3_600_000);
    await h.services.jobs.runDue();
    const left = await h.store.db.selectFrom('notification_records').select('id').execute();
    expect(left.map((r) => r.id)).toEqual(['new']);
  });
});

describe('without providers', () => {
  it('keeps mail in the outbox and records WeChat as not configured, without a failure message', async () => {
    const { token, tenant, owner } = await signIn('acme');
    await h.store.db
      .updateTable('users')
      .set({ email: 'boss@acme.example' })
      .where('id', '=', owner.id)
      .execute();
    const net = await network(token, 'Head office');
    const set = await call(token, 'POST', '/v1/alarm/changeAlarm', {
      _id: net,
      Type: 1,
      Enable: true,
      Level: 2,
      Push: ['mail', 'wechat'],
      Email: ['ops@acme.example'],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await read(token, 'POST', '/v1/notification/binding/add', { Channel: 'wechat', Address: OPENID });
    await h.services.events.emit('alarm.raised', {
      scope: { tenantId: tenant.id, admin: false },
      alarmId: 'alarm-1',
      tenantId: tenant.id,
      networkId: net,
      networkName: 'Head office',
      deviceId: null,
      sn: 'SN000001',
      deviceName: null,
      type: 1,
      level: 2,
      text: { en: 'Device offline', zh: '设备离线' },
      behind: 0,
      at: h.clock.now,
    });
    h.clock.advance(30_000);
    await h.services.jobs.runDue();
    const recs = await read<Page<NotifyRecordItem>>(token, 'GET', '/v1/notification/list');
    expect(recs.list.map((r) => [r.Channel, r.Status, r.Reason]).sort()).toEqual([
      ['mail', 'sent', null],
      [
        'wechat',
        'failed',
        'not-configured: WeChat is not configured (WECHAT_APP_ID, WECHAT_APP_SECRET, WECHAT_TEMPLATE_ID)',
      ],
    ]);
    expect(await outboxCount(h)).toBe(1);
    const unread = await read<{ list: { Title: string }[] }>(token, 'GET', '/v1/message/unread');
    expect(unread.list.map((m) => m.Title)).toEqual(['Alarm digest of network Head office (1)']);
  });
});

describe('demo data', () => {
  it('adds a switched-off webhook and a maintenance window to come', async () => {
    const { token, tenant, owner } = await signIn('acme');
    const net = await network(token, 'Head office');
    const scope = { tenantId: tenant.id, admin: false };
    await seedNotificationDemo(
      h.services,
      scope,
      { userId: owner.id, username: 'acmeown' },
      [{ _id: net }],
      h.clock.now,
    );
    expect((await read<Page<WebhookItem>>(token, 'GET', '/v1/notification/webhook/list')).list).toMatchObject(
      [{ Enabled: false, Levels: [2, 3] }],
    );
    const windows = await read<Page<MaintenanceItem>>(token, 'GET', '/v1/maintenance/list?Active=true');
    expect(windows.list).toMatchObject([
      { Network: net, Reason: 'Switch firmware upgrade', Creator: 'acmeown' },
    ]);
    expect(windows.list[0]!.Start).toBeGreaterThan(h.clock.now);
  });
});
