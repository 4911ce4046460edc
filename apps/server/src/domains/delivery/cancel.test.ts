/**
 * POST /v1/issued/cancel (docs/api-extensions.tsv, docs/delivery.md "Cancel"): a user cancels a
 * delivery through HTTP; another tenant's delivery is refused and stays as it was; an ended one
 * answers 14049; every refusal in the caller's language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConfigIssueStatus,
  ErrorCode,
  type DeliveryDeviceItem,
  type DeliveryReply,
  type ListReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { randomMac, randomToken } from '../../test/devices.ts';

let h: Harness;

interface Caller {
  scope: Scope;
  userId: string;
  token: string;
}

async function signIn(prefix: string): Promise<Caller> {
  const { tenant, owner } = await seedTenant(h, prefix);
  const token = (await login(h, `${prefix}own`)).body.Token;
  return { scope: { tenantId: tenant.id, admin: false }, userId: owner.id, token };
}

/** An AP that never connects: its command is held for it. */
async function offlineAp(who: Caller): Promise<{ id: string; sn: string }> {
  const sn = `CX${randomToken(8)}`;
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/device/add',
    headers: bearer(who.token),
    payload: { SN: sn, MAC: randomMac(), Type: 2 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: (res.json() as { _id: string })._id, sn };
}

function start(who: Caller, ids: string[], effectiveAt?: number) {
  return h.services.delivery.startCampaign(who.scope, who.userId, {
    kind: 'apply_config',
    targets: ids,
    body: () => ({ configId: 'cfg-office', revision: 1, source: { type: 'inline', config: {} } }),
    ref: { id: 'cfg-office', revision: 1, name: 'Office' },
    effectiveAt,
  });
}

function cancel(who: Caller, body: unknown, language?: 'zh') {
  return h.app.inject({
    method: 'POST',
    url: '/v1/issued/cancel',
    headers: { ...bearer(who.token), ...(language ? { cookie: `language=${language}` } : {}) },
    payload: body as Record<string, unknown>,
  });
}

async function devicesOf(who: Caller, id: string): Promise<DeliveryDeviceItem[]> {
  await h.services.delivery.settled();
  const res = await h.app.inject({
    method: 'GET',
    url: `/v1/issued/device?_id=${id}`,
    headers: bearer(who.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ListReply<DeliveryDeviceItem>).list;
}

describe('POST /v1/issued/cancel', () => {
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('cancels a delivery to an offline device: its held command ends, the item says cancelled', async () => {
    const me = await signIn('acme');
    const off = await offlineAp(me);
    const c = await start(me, [off.id]);
    expect((await devicesOf(me, c.id))[0]).toMatchObject({
      State: 'held',
      Status: ConfigIssueStatus.Issuing,
    });

    const res = await cancel(me, { _id: c.id });
    expect(res.statusCode, res.body).toBe(200);
    const item = (res.json() as DeliveryReply).list;
    expect(item).toMatchObject({ _id: c.id, Status: 'cancelled', Total: 1, Pending: 0, Succeeded: 0 });
    const [row] = await devicesOf(me, c.id);
    expect(row).toMatchObject({ Device: off.id, State: 'cancelled', Status: ConfigIssueStatus.Failed });

    // Once ended, a second cancel is refused with the engine's 14049, in the caller's language.
    const again = await cancel(me, { _id: c.id });
    expect(again.json()).toMatchObject({
      code: ErrorCode.DeliveryEnded,
      message: 'The delivery has already ended',
    });
    const zh = await cancel(me, { _id: c.id }, 'zh');
    expect(zh.json()).toMatchObject({ code: ErrorCode.DeliveryEnded, message: '下发任务已结束' });
  });

  it('cancels a scheduled delivery before it sends anything', async () => {
    const me = await signIn('acme');
    const off = await offlineAp(me);
    const c = await start(me, [off.id], h.clock.now + 3_600_000);
    const res = await cancel(me, { _id: c.id });
    expect((res.json() as DeliveryReply).list).toMatchObject({
      Status: 'cancelled',
      EffectiveTime: c.effective_at,
    });
    expect((await devicesOf(me, c.id))[0]).toMatchObject({ State: 'cancelled', Code: 'cancelled' });
  });

  it("refuses another tenant's delivery and leaves it as it was", async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const mine = await offlineAp(a);
    const c = await start(a, [mine.id]);

    const res = await cancel(b, { _id: c.id });
    expect(res.json()).toMatchObject({
      code: ErrorCode.DeliveryNotExist,
      message: 'The delivery does not exist',
    });
    const zh = await cancel(b, { _id: c.id }, 'zh');
    expect(zh.json()).toMatchObject({ code: ErrorCode.DeliveryNotExist, message: '下发任务不存在' });
    await h.services.delivery.settled();
    expect((await h.services.delivery.campaign(a.scope, c.id))?.status).toBe('running');
    expect((await devicesOf(a, c.id))[0]).toMatchObject({ State: 'held' });
  });

  it('refuses a body without a delivery, and an unknown one', async () => {
    const me = await signIn('acme');
    const none = await cancel(me, {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
    const unknown = await cancel(me, { _id: 'no-such-delivery' });
    expect(unknown.json()).toMatchObject({ code: ErrorCode.DeliveryNotExist });
  });
});
