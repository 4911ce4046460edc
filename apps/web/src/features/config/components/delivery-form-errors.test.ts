import { describe, expect, it } from 'vitest';
import { DELIVERY_MAX_DEVICES, ErrorCode, errorText } from '@netconsole/contract';
import { deliveryErrors, fieldOfPath } from './delivery-form-errors.ts';

describe('deliveryErrors: the contract’s refusals on their fields', () => {
  it('says every mistake of an empty form at once, in the user’s language', () => {
    // What the form sends for "at an effective time" without a time (0) and a staged share left empty (-1).
    const body = {
      _id: null,
      devices: [],
      EffectiveTime: 0,
      Staged: { firstPercent: -1, maxFailPercent: 20 },
    };
    for (const lang of ['en', 'zh'] as const) {
      expect(deliveryErrors(body, lang)).toEqual({
        profile: errorText(ErrorCode.DeliveryProfileRequired, lang),
        devices: errorText(ErrorCode.DeliveryDevicesRequired, lang),
        effectiveTime: errorText(ErrorCode.EffectiveTimeNotFuture, lang),
        firstPercent: errorText(ErrorCode.StagedDeliveryInvalid, lang),
      });
    }
  });

  it('refuses an expiry before the start and too many devices', () => {
    const now = Date.now();
    const devices = Array.from({ length: DELIVERY_MAX_DEVICES + 1 }, (_, i) => `d${i}`);
    expect(
      deliveryErrors({ _id: 'p', devices, EffectiveTime: now + 60_000, ExpireTime: now + 30_000 }, 'en'),
    ).toEqual({
      devices: errorText(ErrorCode.DeliveryTooManyDevices, 'en'),
      expireTime: errorText(ErrorCode.DeliveryExpiryInvalid, 'en'),
    });
  });

  it('lets a complete body through', () => {
    expect(deliveryErrors({ _id: 'p', devices: ['d1'], EffectiveTime: null }, 'en')).toEqual({});
  });

  it('places a server detail by its path', () => {
    expect(fieldOfPath(['Staged', 'maxFailPercent'])).toBe('maxFailPercent');
    expect(fieldOfPath(['_id'])).toBe('profile');
    expect(fieldOfPath(['devices', 3])).toBe('devices');
    expect(fieldOfPath([])).toBe('form');
  });
});
