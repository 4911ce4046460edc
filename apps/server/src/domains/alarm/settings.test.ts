/**
 * Alarm settings through HTTP: defaults, the 21 types, custom and limit alarms, copying, the
 * validation of spec §5 with its codes, and each tenant kept to its own networks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type AlarmSettingsReply,
  type CustomAlarm,
  type LimitAlarm,
  type ListReply,
  type NetworkAlarmData,
} from '@netconsole/contract';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { read, call, signIn } = apiCaller(() => h);

async function site(token: string, Name = 'Head office'): Promise<string> {
  const r = await read<{ list: { _id: string } }>(token, 'POST', '/v1/network/createNet', {
    Name,
    Location: { longitude: 116.4, latitude: 39.9 },
  });
  return r.list._id;
}

/** Binds an e-mail address to the account (what the personal centre's e-mail change ends with). */
async function bindMail(userId: string, email = 'ops@example.com') {
  await h.store.db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}

const cpu = (extra: object = {}) => ({
  Type: 3,
  Enable: true,
  Threshold: '80',
  Level: 3,
  Push: ['mail'],
  Email: ['noc@example.com'],
  ...extra,
});

describe('alarm settings', () => {
  it('answers the defaults, saves one type and the whole network, and needs a bound e-mail for mail', async () => {
    const { token, owner } = await signIn('acme');
    const net = await site(token);
    const first = await read<AlarmSettingsReply>(token, 'GET', `/v1/alarm/get?_id=${net}`);
    const s = first.list[0]!;
    expect(s).toMatchObject({ Network: net, NetworkName: 'Head office', Default: true, CustomAlarm: [] });
    expect(s.Alarms).toHaveLength(21);
    expect(s.Alarms[2]).toMatchObject({
      Type: 3,
      Name: 'CPU usage',
      Threshold: 90,
      Unit: 'percent',
      Enable: true,
    });
    expect(s.Alarms[11]).toMatchObject({ Type: 12, Threshold: 10, Unit: 'percent' });
    expect(s.Alarms[0]).toMatchObject({ Type: 1, Window: 60, Push: ['app'], APP: true });

    // spec §6: mail needs an e-mail bound to the signed-in account.
    const unbound = await call(token, 'POST', '/v1/alarm/changeAlarm', { _id: net, ...cpu() }, 'zh');
    expect(unbound.body).toMatchObject({ code: ErrorCode.MailAddressRequired, message: '请先设置邮箱地址' });
    await bindMail(owner.id);
    const saved = await read<AlarmSettingsReply>(token, 'POST', '/v1/alarm/changeAlarm', {
      _id: net,
      ...cpu(),
    });
    expect(saved.list[0]!.Default).toBe(false);
    expect(saved.list[0]!.Alarms[2]).toMatchObject({
      Threshold: 80,
      Level: 3,
      Push: ['mail'],
      Email: ['noc@example.com'],
    });
    // The other types were written with their defaults.
    expect(saved.list[0]!.Alarms[3]).toMatchObject({ Type: 4, Threshold: 90, Enable: true });

    const whole = await read<AlarmSettingsReply>(token, 'POST', '/v1/alarm/updateNetworkAlarm', {
      _id: net,
      Alarms: [
        { Type: 4, Enable: false, Threshold: 70, Level: 1, Push: [] },
        { Type: 1, Enable: true, Level: 2, Push: ['sms', 'app'], Phone: ['13800138000'], Limit: 5 },
      ],
    });
    const byType = new Map(whole.list[0]!.Alarms.map((a) => [a.Type, a]));
    expect(byType.get(4)).toMatchObject({ Enable: false, Threshold: 70 });
    expect(byType.get(1)).toMatchObject({
      Push: ['sms', 'app'],
      Phone: ['13800138000'],
      Limit: 5,
      Window: 5,
    });
    expect(byType.get(3)).toMatchObject({ Threshold: 80 });
    // The engine's rules follow at once.
    expect(h.services.alarmSettings.rulesOf(net).types.get(1)).toMatchObject({ raiseMs: 5000, enable: true });
    expect(await h.services.alarmTargets.of(owner.tenant_id!, net, 3)).toEqual({
      enabled: true,
      methods: ['mail'],
      emails: ['noc@example.com'],
      phones: [],
    });

    const data = await read<ListReply<NetworkAlarmData>>(token, 'GET', '/v1/alarm/networkdata');
    expect(data.list).toEqual([
      expect.objectContaining({ _id: net, Configured: true, Enabled: 12, Custom: 0, LimitAlarms: 0 }),
    ]);
  });

  it('refuses what spec §5 refuses, each with its code', async () => {
    const { token, owner } = await signIn('acme');
    await bindMail(owner.id);
    const net = await site(token);
    const codeOf = async (body: object, url = '/v1/alarm/changeAlarm') =>
      (await call(token, 'POST', url, { _id: net, ...body })).body.code;
    expect(await codeOf(cpu({ Threshold: '8O' }))).toBe(ErrorCode.AlarmThresholdDigits);
    expect(await codeOf(cpu({ Threshold: '-5' }))).toBe(ErrorCode.AlarmThresholdDigits);
    expect(await codeOf(cpu({ Threshold: 9.5 }))).toBe(ErrorCode.AlarmThresholdDigits);
    expect(await codeOf(cpu({ Threshold: '101' }))).toBe(ErrorCode.AlarmThresholdRange);
    expect(await codeOf(cpu({ Threshold: '0' }))).toBe(ErrorCode.AlarmThresholdRange);
    expect(await codeOf(cpu({ Type: 8, Threshold: '100000000' }))).toBe(ErrorCode.AlarmThresholdRange);
    expect(await codeOf(cpu({ Level: null }))).toBe(ErrorCode.AlarmLevelRequired);
    expect(await codeOf(cpu({ Push: [] }))).toBe(ErrorCode.AlarmPushRequired);
    expect(await codeOf(cpu({ Push: ['fax'] }))).toBe(ErrorCode.AlarmPushRequired);
    expect(await codeOf(cpu({ Push: ['sms'] }))).toBe(ErrorCode.AlarmPhoneRequired);
    expect(await codeOf(cpu({ Push: ['sms'], Phone: ['12345'] }))).toBe(ErrorCode.AlarmPhoneInvalid);
    expect(await codeOf(cpu({ Email: [] }))).toBe(ErrorCode.AlarmEmailRequired);
    expect(await codeOf(cpu({ Email: ['noc@'] }))).toBe(ErrorCode.AlarmEmailInvalid);
    expect(await codeOf(cpu({ Email: Array(6).fill('a@example.com') }))).toBe(
      ErrorCode.AlarmRecipientsTooMany,
    );
    expect(await codeOf(cpu({ Type: 22 }))).toBe(ErrorCode.AlarmTypeInvalid);
    expect(await codeOf(cpu({ Limit: 3601 }))).toBe(ErrorCode.AlarmWindowInvalid);
    expect(await codeOf(cpu({ Description: 'x'.repeat(101) }))).toBe(ErrorCode.AlarmDescriptionTooLong);
    // A disabled type needs no level nor push method, but its threshold is still digits.
    expect(await codeOf(cpu({ Enable: false, Level: null, Push: [], Email: [] }))).toBeUndefined();
    expect(await codeOf(cpu({ Enable: false, Threshold: 'x' }))).toBe(ErrorCode.AlarmThresholdDigits);
    expect(await codeOf({ Alarms: [cpu(), cpu()] }, '/v1/alarm/updateNetworkAlarm')).toBe(
      ErrorCode.AlarmTypeInvalid,
    );
    const zh = await call(
      token,
      'POST',
      '/v1/alarm/changeAlarm',
      { _id: net, ...cpu({ Threshold: 'abc' }) },
      'zh',
    );
    expect(zh.status).toBe(400);
    expect(zh.body.message).toBe('阈值只能包含数字 0-9');
  });

  it('adds, changes and removes custom alarms, numbered per network from 1000', async () => {
    const { token } = await signIn('acme');
    const net = await site(token);
    const body = {
      Network: net,
      Name: 'Hot',
      Metric: 'temperature',
      Compare: 'gt',
      Threshold: '70',
      Enable: true,
      Level: 2,
      Push: ['app'],
    };
    const added = await read<{ list: CustomAlarm }>(token, 'POST', '/v1/alarm/customAlarm', body);
    expect(added.list).toMatchObject({ Code: 1000, Name: 'Hot', Unit: '°C', Threshold: 70 });
    const second = await read<{ list: CustomAlarm }>(token, 'POST', '/v1/alarm/customAlarm', {
      ...body,
      Name: 'Busy',
      Metric: 'clients',
      Threshold: 50,
    });
    expect(second.list.Code).toBe(1001);
    expect((await call(token, 'POST', '/v1/alarm/customAlarm', { ...body, Name: 'hot' })).body.code).toBe(
      ErrorCode.AlarmNameExists,
    );
    expect((await call(token, 'POST', '/v1/alarm/customAlarm', { ...body, Name: ' ' })).body.code).toBe(
      ErrorCode.AlarmNameRequired,
    );
    expect(
      (await call(token, 'POST', '/v1/alarm/customAlarm', { ...body, Name: 'x'.repeat(31) })).body.code,
    ).toBe(ErrorCode.AlarmNameTooLong);
    expect(
      (await call(token, 'POST', '/v1/alarm/customAlarm', { ...body, Name: 'A', Metric: 'rssi' })).body.code,
    ).toBe(ErrorCode.CustomAlarmMetricInvalid);
    expect(
      (await call(token, 'POST', '/v1/alarm/customAlarm', { ...body, Name: 'A', Compare: 'eq' })).body.code,
    ).toBe(ErrorCode.CustomAlarmCompareInvalid);
    expect(
      (
        await call(token, 'POST', '/v1/alarm/customAlarm', {
          ...body,
          Name: 'A',
          Metric: 'cpu',
          Threshold: '101',
        })
      ).body.code,
    ).toBe(ErrorCode.AlarmThresholdRange);
    const changed = await read<{ list: CustomAlarm }>(token, 'POST', '/v1/alarm/changeCustomAlarm', {
      ...body,
      _id: added.list._id,
      Compare: 'lt',
      Threshold: 5,
    });
    expect(changed.list).toMatchObject({ Code: 1000, Compare: 'lt', Threshold: 5 });
    const settings = await read<AlarmSettingsReply>(token, 'GET', `/v1/alarm/get?_id=${net}`);
    expect(settings.list[0]!.CustomAlarm.map((c) => c.Name)).toEqual(['Hot', 'Busy']);
    expect(h.services.alarmSettings.rulesOf(net).custom.map((c) => c.code)).toEqual([1000, 1001]);
    await read(token, 'POST', '/v1/alarm/delCustomAlarm', { _id: added.list._id });
    expect((await call(token, 'POST', '/v1/alarm/delCustomAlarm', { _id: added.list._id })).body.code).toBe(
      ErrorCode.CustomAlarmNotFound,
    );
    expect(h.services.alarmSettings.rulesOf(net).custom.map((c) => c.code)).toEqual([1001]);
  });

  it('keeps limit alarms per network, and copies settings to other networks all or nothing', async () => {
    const { token } = await signIn('acme');
    const a = await site(token, 'A');
    const b = await site(token, 'B');
    const c = await site(token, 'C');
    const limit = {
      Network: a,
      Name: 'Crowd',
      Metric: 'clients',
      Max: '200',
      Enable: true,
      Level: 2,
      Push: ['app'],
    };
    const added = await read<{ list: LimitAlarm }>(token, 'POST', '/v1/limitalarm/add', limit);
    expect(added.list).toMatchObject({ Code: 2000, Max: 200, NetworkName: 'A', Current: null });
    expect(
      (await call(token, 'POST', '/v1/limitalarm/add', { ...limit, Name: 'X', Metric: 'cpu' })).body.code,
    ).toBe(ErrorCode.LimitAlarmMetricInvalid);
    expect(
      (await call(token, 'POST', '/v1/limitalarm/add', { ...limit, Name: 'X', Max: '0' })).body.code,
    ).toBe(ErrorCode.AlarmThresholdRange);
    const updated = await read<{ list: LimitAlarm }>(token, 'POST', '/v1/limitalarm/update', {
      ...limit,
      _id: added.list._id,
      Max: 300,
    });
    expect(updated.list.Max).toBe(300);
    await read(token, 'POST', '/v1/alarm/changeAlarm', {
      _id: a,
      Type: 3,
      Enable: true,
      Threshold: 75,
      Level: 1,
      Push: ['app'],
    });
    await read(token, 'POST', '/v1/alarm/customAlarm', {
      Network: a,
      Name: 'Hot',
      Metric: 'temperature',
      Threshold: 70,
      Enable: true,
      Level: 2,
      Push: ['app'],
    });

    // A target the tenant has no network of: nothing is copied anywhere.
    const refused = await call(token, 'POST', '/v1/alarm/copyAlarmSettings', { _id: a, To: [b, 'nope'] });
    expect(refused.body.code).toBe(ErrorCode.CopyTargetInvalid);
    expect((await read<AlarmSettingsReply>(token, 'GET', `/v1/alarm/get?_id=${b}`)).list[0]!.Default).toBe(
      true,
    );
    expect((await call(token, 'POST', '/v1/alarm/copyAlarmSettings', { _id: a, To: [] })).body.code).toBe(
      ErrorCode.CopyTargetsRequired,
    );
    expect((await call(token, 'POST', '/v1/alarm/copyAlarmSettings', { _id: a, To: [a] })).body.code).toBe(
      ErrorCode.CopyTargetInvalid,
    );

    expect(await read(token, 'POST', '/v1/alarm/copyAlarmSettings', { _id: a, To: [b, c] })).toEqual({
      list: { ok: 1, Copied: 2 },
    });
    const copied = (await read<AlarmSettingsReply>(token, 'GET', `/v1/alarm/get?_id=${c}`)).list[0]!;
    expect(copied.Alarms[2]).toMatchObject({ Threshold: 75, Level: 1 });
    expect(copied.CustomAlarm.map((x) => [x.Name, x.Code])).toEqual([['Hot', 1000]]);
    const limits = await read<ListReply<LimitAlarm>>(token, 'GET', `/v1/limitalarm/getall?Network=${b}`);
    expect(limits.list.map((l) => [l.Name, l.Max, l.NetworkName])).toEqual([['Crowd', 300, 'B']]);
    expect((await read<ListReply<LimitAlarm>>(token, 'GET', '/v1/limitalarm/getall')).count).toBe(3);

    expect(
      await read(token, 'POST', '/v1/limitalarm/update', { ...limit, _id: added.list._id, Remove: true }),
    ).toEqual({ list: null });
    expect(
      (await call(token, 'POST', '/v1/limitalarm/update', { ...limit, _id: added.list._id })).body.code,
    ).toBe(ErrorCode.LimitAlarmNotFound);

    // A removed network's settings go with it.
    await read(token, 'DELETE', '/v1/network/delNet', { _id: c });
    expect(
      await h.store.db.selectFrom('alarm_settings').select('type').where('network_id', '=', c).execute(),
    ).toEqual([]);
    expect(
      await h.store.db.selectFrom('alarm_rules').select('id').where('network_id', '=', c).execute(),
    ).toEqual([]);
  });

  it("keeps each tenant to its own networks' settings", async () => {
    const a = await signIn('acme');
    const b = await signIn('bolt');
    const netA = await site(a.token);
    const netB = await site(b.token);
    const custom = await read<{ list: CustomAlarm }>(a.token, 'POST', '/v1/alarm/customAlarm', {
      Network: netA,
      Name: 'Hot',
      Metric: 'temperature',
      Threshold: 70,
      Enable: true,
      Level: 2,
      Push: ['app'],
    });
    const limit = await read<{ list: LimitAlarm }>(a.token, 'POST', '/v1/limitalarm/add', {
      Network: netA,
      Name: 'Crowd',
      Metric: 'clients',
      Max: 200,
      Enable: true,
      Level: 2,
      Push: ['app'],
    });
    const codeOf = async (method: 'GET' | 'POST', url: string, body?: object) =>
      (await call(b.token, method, url, body)).body.code;
    expect(await codeOf('GET', `/v1/alarm/get?_id=${netA}`)).toBe(ErrorCode.TargetNetworkNotExist);
    expect(await codeOf('POST', '/v1/alarm/changeAlarm', { _id: netA, Type: 3, Enable: false })).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
    expect(
      await codeOf('POST', '/v1/alarm/updateNetworkAlarm', {
        _id: netA,
        Alarms: [{ Type: 3, Enable: false }],
      }),
    ).toBe(ErrorCode.TargetNetworkNotExist);
    expect(
      await codeOf('POST', '/v1/alarm/customAlarm', {
        Network: netA,
        Name: 'X',
        Metric: 'cpu',
        Threshold: 1,
        Push: [],
      }),
    ).toBe(ErrorCode.TargetNetworkNotExist);
    expect(
      await codeOf('POST', '/v1/alarm/changeCustomAlarm', {
        _id: custom.list._id,
        Network: netA,
        Name: 'X',
        Metric: 'cpu',
        Threshold: 1,
      }),
    ).toBe(ErrorCode.CustomAlarmNotFound);
    expect(await codeOf('POST', '/v1/alarm/delCustomAlarm', { _id: custom.list._id })).toBe(
      ErrorCode.CustomAlarmNotFound,
    );
    expect(
      await codeOf('POST', '/v1/limitalarm/update', {
        _id: limit.list._id,
        Network: netA,
        Name: 'X',
        Metric: 'clients',
        Max: 1,
        Remove: true,
      }),
    ).toBe(ErrorCode.LimitAlarmNotFound);
    expect(
      await codeOf('POST', '/v1/limitalarm/add', { Network: netA, Name: 'X', Metric: 'clients', Max: 1 }),
    ).toBe(ErrorCode.TargetNetworkNotExist);
    expect(await codeOf('POST', '/v1/alarm/copyAlarmSettings', { _id: netB, To: [netA] })).toBe(
      ErrorCode.CopyTargetInvalid,
    );
    expect(await codeOf('POST', '/v1/alarm/copyAlarmSettings', { _id: netA, To: [netB] })).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
    expect((await read<ListReply<LimitAlarm>>(b.token, 'GET', '/v1/limitalarm/getall')).count).toBe(0);
    expect(await codeOf('GET', `/v1/limitalarm/getall?Network=${netA}`)).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
    expect(
      (await read<ListReply<NetworkAlarmData>>(b.token, 'GET', '/v1/alarm/networkdata')).list.map(
        (n) => n._id,
      ),
    ).toEqual([netB]);
    expect(await h.services.alarmTargets.of(b.tenant.id, netA, 3)).toMatchObject({
      enabled: false,
      methods: [],
    });
    // Nothing of A's changed.
    const mine = (await read<AlarmSettingsReply>(a.token, 'GET', `/v1/alarm/get?_id=${netA}`)).list[0]!;
    expect(mine).toMatchObject({ Default: true, CustomAlarm: [expect.objectContaining({ Name: 'Hot' })] });
  });
});
