/**
 * Wireless groups' schedule rules through the calls the wireless screen makes (spec §3 Config,
 * docs/device-protocol.md §7.9 `schedule[]`): stored as sent by add/groups, changed by a replace,
 * refused with 14034 in both languages (no day, a day twice, a bad time, an end equal to its start,
 * a 15th rule) leaving the profile as it was, and another tenant's group neither seen nor changed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, errorText, type ConfigGroupsReply, type ConfigItem } from '@netconsole/contract';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { call, signIn } = apiCaller(() => h);

const staff = { SSID: 'Staff', Encryption: 'wpa2', Key: 'correct-horse-42' };
const night = { Days: [5, 6], Start: '22:00', End: '06:00' };
const office = { Days: [1, 2, 3, 4, 5], Start: '08:00', End: '18:00' };

async function profile(token: string): Promise<ConfigItem> {
  const reply = await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add', {
    Name: 'Shop',
    Type: 2,
    CycleTime: 30,
    IPMode: 'dhcp',
    Radios: [{ Band: '2.4', Width: 20 }],
    Groups: [staff],
  });
  expect(reply.status).toBe(200);
  return reply.body.list;
}

describe('wireless group schedules', () => {
  it('stores a schedule as sent, past midnight included, and changes it by a replace', async () => {
    const { token } = await signIn('sched');
    const p = await profile(token);
    const added = await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add/groups', {
      _id: p._id,
      Group: { SSID: 'Night', Encryption: 'open', Schedule: [office, night] },
    });
    expect(added.status).toBe(200);
    const listed = await call<ConfigGroupsReply>(token, 'GET', `/v1/config/groups?_id=${p._id}`);
    expect(listed.body.list.map((g) => [g.SSID, g.Schedule])).toEqual([
      ['Staff', []],
      ['Night', [office, night]],
    ]);

    const replaced = await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add/groups', {
      _id: p._id,
      Group: { SSID: 'Night', Encryption: 'open', Schedule: [night] },
      Replace: 'Night',
    });
    expect(replaced.body.list).toMatchObject({ Revision: 3 });
    expect(replaced.body.list.Groups.find((g) => g.SSID === 'Night')?.Schedule).toEqual([night]);
  });

  it('refuses a bad rule with 14034 in English and Chinese, leaving the profile as it was', async () => {
    const { token } = await signIn('sched');
    const p = await profile(token);
    const bad = [
      { ...office, Days: [] },
      { ...office, Days: [1, 1] },
      { ...office, Days: [7] },
      { ...office, Start: '8:00' },
      { ...office, End: '24:00' },
      { ...office, End: office.Start },
    ];
    for (const rule of bad) {
      const r = await call(token, 'POST', '/v1/config/add/groups', {
        _id: p._id,
        Group: { SSID: 'Night', Encryption: 'open', Schedule: [rule] },
      });
      expect([rule, r.status >= 400, r.body.code]).toEqual([rule, true, ErrorCode.ScheduleInvalid]);
      expect(r.body.message).toBe(errorText(ErrorCode.ScheduleInvalid, 'en'));
    }
    const fifteen = Array.from({ length: 15 }, () => office);
    const zh = await call(
      token,
      'POST',
      '/v1/config/add/groups',
      { _id: p._id, Group: { SSID: 'Night', Encryption: 'open', Schedule: fifteen } },
      'zh',
    );
    expect(zh.body).toMatchObject({
      code: ErrorCode.ScheduleInvalid,
      message: errorText(ErrorCode.ScheduleInvalid, 'zh'),
    });
    const fourteen = await call(token, 'POST', '/v1/config/add/groups', {
      _id: p._id,
      Group: { SSID: 'Night', Encryption: 'open', Schedule: fifteen.slice(1) },
    });
    expect(fourteen.status).toBe(200);
    const detail = await call<{ list: ConfigItem }>(token, 'GET', `/v1/config/detail?_id=${p._id}`);
    // Only the 14-rule group went in: one revision after the profile's first.
    expect(detail.body.list.Revision).toBe(2);
  });

  it('keeps another tenant from seeing or changing a group and its schedule', async () => {
    const { token: mine } = await signIn('sched');
    const { token: theirs } = await signIn('other');
    const p = await profile(mine);
    await call(mine, 'POST', '/v1/config/add/groups', {
      _id: p._id,
      Group: { SSID: 'Night', Encryption: 'open', Schedule: [night] },
    });
    const replace = await call(theirs, 'POST', '/v1/config/add/groups', {
      _id: p._id,
      Group: { SSID: 'Night', Encryption: 'open', Schedule: [] },
      Replace: 'Night',
    });
    expect(replace.body.code).toBe(ErrorCode.ConfigNotExist);
    const remove = await call(theirs, 'DELETE', '/v1/config/del/groups', { _id: p._id, Names: ['Night'] });
    expect(remove.body.code).toBe(ErrorCode.ConfigNotExist);
    expect((await call<ConfigGroupsReply>(theirs, 'GET', '/v1/config/groups')).body.count).toBe(0);
    const kept = await call<ConfigGroupsReply>(mine, 'GET', `/v1/config/groups?_id=${p._id}`);
    expect(kept.body.list.find((g) => g.SSID === 'Night')?.Schedule).toEqual([night]);
  });
});
