import { describe, expect, it } from 'vitest';
import {
  ALARM_TYPES,
  AlarmType,
  ErrorCode,
  alarmThresholdUnits,
  errorText,
  updateNetworkAlarmBody,
  type AlarmSetting,
  type NetworkAlarmSettings,
} from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { bodyOf, draftOf, settingsFieldOf } from './settings-draft.ts';
import { clientErrors, MAIL_FIRST, serverErrors } from './settings-errors.ts';

/** A network's settings as the server answers them: the 21 types, CPU on by mail. */
function settings(): NetworkAlarmSettings {
  const alarms: AlarmSetting[] = ALARM_TYPES.map((type) => ({
    Type: type,
    Name: String(type),
    Description: '',
    Enable: type === AlarmType.Cpu,
    Threshold: alarmThresholdUnits[type] === 'none' ? 0 : 90,
    Unit: alarmThresholdUnits[type],
    Level: type === AlarmType.Cpu ? 2 : null,
    Push: type === AlarmType.Cpu ? ['mail'] : [],
    Phone: [],
    Email: type === AlarmType.Cpu ? ['ops@example.com'] : [],
    APP: false,
    Limit: 0,
    Window: 60,
  }));
  return {
    Network: 'net-1',
    NetworkName: 'Office',
    Default: false,
    CustomAlarm: [],
    Alarms: alarms,
    UpdateTime: 1,
  };
}

describe('the settings draft', () => {
  it('shares the recipients of all types and sends them back with every type', () => {
    const draft = draftOf(settings());
    expect(draft.Email).toEqual(['ops@example.com']);
    expect(draft.types.find((t) => t.Type === AlarmType.Cpu)?.Threshold).toBe('90');
    expect(draft.types.find((t) => t.Type === AlarmType.DeviceOffline)?.Threshold).toBe('');
    const body = bodyOf('net-1', draft);
    expect(body.Alarms).toHaveLength(21);
    expect(body.Alarms.every((a) => a.Email.join() === 'ops@example.com')).toBe(true);
    // Types without a threshold send none (the server stores 0).
    expect(body.Alarms.find((a) => a.Type === AlarmType.DeviceOffline)).not.toHaveProperty('Threshold');
    expect(updateNetworkAlarmBody.safeParse(body).success).toBe(true);
  });

  it('says spec §5 refusals on their cells, with their 16xxx texts, in both languages', () => {
    const draft = draftOf(settings());
    draft.types = draft.types.map((t) =>
      t.Type === AlarmType.Cpu
        ? { ...t, Threshold: '9O' }
        : t.Type === AlarmType.Memory
          ? { ...t, Enable: true, Level: null, Push: [] }
          : t,
    );
    draft.Email = ['not-an-address'];
    for (const lang of ['en', 'zh'] as const) {
      const errors = clientErrors(
        updateNetworkAlarmBody,
        bodyOf('net-1', draft),
        settingsFieldOf(draft),
        lang,
      );
      expect(errors).toEqual({
        '3.Threshold': errorText(ErrorCode.AlarmThresholdDigits, lang),
        '4.Level': errorText(ErrorCode.AlarmLevelRequired, lang),
        '4.Push': errorText(ErrorCode.AlarmPushRequired, lang),
        Email: errorText(ErrorCode.AlarmEmailInvalid, lang),
      });
    }
  });

  it('puts the server’s refusals on their fields and 16004 apart, with the server’s text', () => {
    const draft = draftOf(settings());
    const fieldOf = settingsFieldOf(draft);
    const threshold = new ApiError('阈值超出范围', ErrorCode.AlarmThresholdRange, 400, [
      { path: 'Alarms.2.Threshold', message: 'out of range' },
    ]);
    expect(serverErrors(threshold, fieldOf, 'zh')).toEqual({ '3.Threshold': '阈值超出范围' });
    const mail = new ApiError('请先设置邮箱地址', ErrorCode.MailAddressRequired, 400);
    expect(serverErrors(mail, fieldOf, 'zh')).toEqual({ [MAIL_FIRST]: '请先设置邮箱地址' });
    expect(serverErrors(new ApiError('x', 5000, 500), fieldOf, 'en')).toEqual({ form: 'x' });
  });
});
