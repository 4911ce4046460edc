import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, type MessageItem } from '@netconsole/contract';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { read, signIn, admin } = apiCaller<Page>(() => h);

interface Page {
  list: MessageItem[];
  count: number;
  code?: number;
}

describe('messages', () => {
  it('counts unread ones for the dashboard; reading one, then all, empties the count', async () => {
    const { tenant, token } = await signIn('acme');
    await h.services.messages.notify(tenant.id, 'topology_changed', { network: 'Head office', changed: 2 });
    h.clock.advance(1000);
    await h.services.messages.notify(tenant.id, 'topology_changed', { network: 'Shop', changed: 1 });
    const unread = await read(token, 'GET', '/v1/dashboard/getUreadMessage?page=1&limit=1');
    expect(unread.count).toBe(2);
    expect(unread.list).toHaveLength(1);
    expect(unread.list[0]).toMatchObject({
      Type: 'system',
      Status: 'unread',
      Title: 'Topology of Shop changed',
      ReadTime: null,
    });
    const zh = await read(token, 'GET', '/v1/message/unread', undefined, 'zh');
    expect(zh.list[0]!.Title).toBe('网络 Shop 的拓扑已变化');
    const opened = await read<MessageItem>(token, 'POST', '/v1/message/status', { _id: unread.list[0]!._id });
    expect(opened).toMatchObject({ Status: 'read', ReadTime: h.clock.now });
    expect((await read(token, 'GET', '/v1/dashboard/getUreadMessage')).count).toBe(1);
    expect((await read(token, 'GET', '/v1/message/read')).list.map((m) => m.Title)).toEqual([
      'Topology of Shop changed',
    ]);
    expect((await read(token, 'GET', '/v1/message/all?status=unread')).count).toBe(1);
    expect(await read(token, 'POST', '/v1/message/allStatus')).toEqual({ count: 1 });
    expect((await read(token, 'GET', '/v1/dashboard/getUreadMessage')).count).toBe(0);
    expect((await read(token, 'GET', '/v1/dashboard/message')).count).toBe(2);
  });

  it('removes one or all, with 18004 for an id the caller has no message of', async () => {
    const { tenant, token } = await signIn('acme');
    for (const n of [1, 2, 3]) {
      await h.services.messages.notify(tenant.id, 'topology_changed', { network: `N${n}`, changed: n });
    }
    const all = await read(token, 'GET', '/v1/message/all');
    expect(await read(token, 'DELETE', `/v1/message/disabled/${all.list[0]!._id}`)).toEqual({ count: 1 });
    const again = await read<{ code: number }>(token, 'DELETE', `/v1/message/disabled/${all.list[0]!._id}`);
    expect(again.code).toBe(ErrorCode.MessageIdInvalid);
    expect((await read<{ code: number }>(token, 'POST', '/v1/message/status', {})).code).toBe(
      ErrorCode.MessageIdInvalid,
    );
    expect(await read(token, 'PUT', '/v1/message/allDisabled')).toEqual({ count: 2 });
    expect((await read(token, 'GET', '/v1/message/all')).count).toBe(0);
  });

  it('lets the administrator write to one tenant or to all, with the 18xxx checks', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const root = await admin();
    const send = (body: object, token = root) =>
      read<{ count?: number; code?: number }>(token, 'POST', '/v1/message/add', body);
    expect((await send({ Title: ' ', Content: 'x' })).code).toBe(ErrorCode.MessageTitleRequired);
    expect((await send({ Title: 'x'.repeat(101), Content: 'x' })).code).toBe(ErrorCode.MessageTitleRequired);
    expect((await send({ Title: 'Hello', Content: '' })).code).toBe(ErrorCode.MessageContentRequired);
    expect((await send({ Title: 'Hello', Content: 'x', Tenant: 'nope' })).code).toBe(
      ErrorCode.TenantNotFound,
    );
    expect((await send({ Title: 'Hi', Content: 'x' }, a.token)).code).toBe(ErrorCode.NoAccessRights);
    expect(await send({ Title: 'Maintenance', Content: 'Tonight 22:00-23:00', Tenant: a.tenant.id })).toEqual(
      {
        count: 1,
      },
    );
    expect(await send({ Title: 'Welcome', Content: 'to the console' })).toEqual({ count: 2 });
    const ofA = await read(a.token, 'GET', '/v1/message/all?type=admin');
    expect(ofA.list.map((m) => m.Title).sort()).toEqual(['Maintenance', 'Welcome']);
    expect((await read(b.token, 'GET', '/v1/message/all')).list.map((m) => m.Title)).toEqual(['Welcome']);
  });

  it('keeps each tenant to its own messages', async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    await h.services.messages.notify(a.tenant.id, 'topology_changed', { network: 'A', changed: 1 });
    const [mine] = (await read(a.token, 'GET', '/v1/message/all')).list;
    expect((await read(b.token, 'GET', '/v1/dashboard/getUreadMessage')).count).toBe(0);
    expect(
      (await read<{ code: number }>(b.token, 'POST', '/v1/message/status', { _id: mine!._id })).code,
    ).toBe(ErrorCode.MessageIdInvalid);
    expect((await read<{ code: number }>(b.token, 'DELETE', `/v1/message/disabled/${mine!._id}`)).code).toBe(
      ErrorCode.MessageIdInvalid,
    );
    expect(await read(b.token, 'POST', '/v1/message/allStatus')).toEqual({ count: 0 });
    expect(await read(b.token, 'PUT', '/v1/message/allDisabled')).toEqual({ count: 0 });
    expect((await read(a.token, 'GET', '/v1/dashboard/getUreadMessage')).count).toBe(1);
  });
});
