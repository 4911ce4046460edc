import { describe, expect, it } from 'vitest';
import { ErrorCode, errorText } from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { fieldOfPath, serverErrors, upgradeErrors } from './upgrade-form-errors.ts';

describe('upgradeErrors: the contract’s refusals on their fields', () => {
  it('says every mistake of an empty form at once, in the user’s language', () => {
    const body = {
      _id: null,
      devices: [],
      Validity: 1,
      EffectiveTime: null,
      Window: { Start: '02:00', End: '02:00', TimeZone: 'UTC' },
      Staged: { firstPercent: -1, maxFailPercent: 20 },
      Concurrency: 0,
    };
    for (const lang of ['en', 'zh'] as const) {
      expect(upgradeErrors(body, lang)).toEqual({
        image: errorText(ErrorCode.FirmwareImageRequired, lang),
        devices: errorText(ErrorCode.DeliveryDevicesRequired, lang),
        effectiveTime: errorText(ErrorCode.FirmwareEffectiveTimeRequired, lang),
        windowEnd: errorText(ErrorCode.FirmwareWindowInvalid, lang),
        firstPercent: errorText(ErrorCode.StagedDeliveryInvalid, lang),
        concurrency: errorText(ErrorCode.FirmwareConcurrencyInvalid, lang),
      });
    }
  });

  it('says 14012 on the end of a period that is not after its start', () => {
    const now = Date.now();
    const period = { _id: 'fw', devices: ['d1'], Validity: 2, EffectiveTime: now + 120_000 };
    expect(upgradeErrors({ ...period, ExpireTime: now + 60_000 }, 'zh')).toEqual({
      expireTime: errorText(ErrorCode.FirmwareIssueEndBeforeStart, 'zh'),
    });
    expect(upgradeErrors({ ...period, ExpireTime: null }, 'en')).toEqual({
      expireTime: errorText(ErrorCode.FirmwareExpireTimeRequired, 'en'),
    });
    expect(upgradeErrors({ ...period, ExpireTime: now + 3_600_000 }, 'en')).toEqual({});
  });

  it('lets a permanent upgrade with a window through', () => {
    expect(
      upgradeErrors(
        {
          _id: 'fw',
          devices: ['d1'],
          Validity: 0,
          Window: { Start: '23:00', End: '04:00', TimeZone: 'UTC' },
        },
        'en',
      ),
    ).toEqual({});
  });

  it('places a server refusal on its field', () => {
    expect(fieldOfPath(['Window', 'End'])).toBe('windowEnd');
    expect(fieldOfPath(['_id'])).toBe('image');
    expect(fieldOfPath(['devices', 3])).toBe('devices');
    expect(fieldOfPath([])).toBe('form');
    const mismatch = new ApiError('not of model A1: X1', ErrorCode.FirmwareDeviceMismatch, 400);
    expect(serverErrors(mismatch, 'en')).toEqual({ devices: 'not of model A1: X1' });
    const detailed = new ApiError('later', ErrorCode.FirmwareIssueEndBeforeStart, 400, [
      { path: 'ExpireTime', message: 'x' },
      { path: 'Concurrency', message: 'y' },
    ]);
    expect(serverErrors(detailed, 'en')).toEqual({
      expireTime: 'later',
      concurrency: errorText(ErrorCode.FirmwareConcurrencyInvalid, 'en'),
    });
    expect(serverErrors(new ApiError('gone', ErrorCode.FirmwareNotExist, 404), 'en')).toEqual({
      form: 'gone',
    });
  });
});
