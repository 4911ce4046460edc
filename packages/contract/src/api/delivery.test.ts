import { describe, expect, it } from 'vitest';
import { ConfigIssueStatus } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import {
  DELIVERY_MAX_DEVICES,
  configEmitBody,
  deliveryBody,
  deliveryDevicesQuery,
  deliveryIssueCode,
  deliveryProblem,
  effectiveTimeError,
  type DeliveryInput,
} from './delivery.ts';

const body = (over: Partial<DeliveryInput> = {}): DeliveryInput => ({
  _id: 'cfg1',
  devices: ['d1', 'd2'],
  ...over,
});
function refusal(input: unknown): number | null {
  const result = deliveryBody.safeParse(input);
  return result.success ? null : deliveryProblem(result.error).code;
}
const ids = (n: number) => Array.from({ length: n }, (_, i) => `dev${i}`);
const HOUR = 3_600_000;

describe('delivery bodies (newdispatch, configemit)', () => {
  it('needs a profile and at least one device (spec §5)', () => {
    expect(refusal(body())).toBeNull();
    expect(refusal(body({ _id: undefined }))).toBe(ErrorCode.DeliveryProfileRequired);
    expect(refusal(body({ _id: '  ' }))).toBe(ErrorCode.DeliveryProfileRequired);
    expect(refusal(body({ _id: 7 as unknown as string }))).toBe(ErrorCode.DeliveryProfileRequired);
    expect(refusal(body({ devices: [] }))).toBe(ErrorCode.DeliveryDevicesRequired);
    expect(refusal({ _id: 'cfg1' })).toBe(ErrorCode.DeliveryDevicesRequired);
    expect(refusal(body({ devices: 'd1' as unknown as string[] }))).toBe(ErrorCode.DeliveryDevicesRequired);
  });

  it(`takes at most ${DELIVERY_MAX_DEVICES} devices, a repeat counting once`, () => {
    expect(refusal(body({ devices: ids(DELIVERY_MAX_DEVICES) }))).toBeNull();
    expect(refusal(body({ devices: ids(DELIVERY_MAX_DEVICES + 1) }))).toBe(ErrorCode.DeliveryTooManyDevices);
    const repeated = [...ids(DELIVERY_MAX_DEVICES), 'dev0'];
    expect(deliveryBody.parse(body({ devices: repeated })).devices).toHaveLength(DELIVERY_MAX_DEVICES);
  });

  it('wants an effective time later than now, and an expiry after it', () => {
    const now = Date.now();
    expect(refusal(body({ EffectiveTime: now + HOUR }))).toBeNull();
    expect(refusal(body({ EffectiveTime: now - 1 }))).toBe(ErrorCode.EffectiveTimeNotFuture);
    // Seconds instead of milliseconds read as 1970: in the past.
    expect(refusal(body({ EffectiveTime: Math.floor(now / 1000) + 3600 }))).toBe(
      ErrorCode.EffectiveTimeNotFuture,
    );
    expect(refusal(body({ EffectiveTime: null }))).toBeNull();
    expect(refusal(body({ EffectiveTime: now + HOUR, ExpireTime: now + 2 * HOUR }))).toBeNull();
    expect(refusal(body({ EffectiveTime: now + HOUR, ExpireTime: now + HOUR }))).toBe(
      ErrorCode.DeliveryExpiryInvalid,
    );
    expect(refusal(body({ ExpireTime: now - HOUR }))).toBe(ErrorCode.DeliveryExpiryInvalid);
    expect(effectiveTimeError(1000, 999)).toBeNull();
    expect(effectiveTimeError(1000, 1000)).toBe(ErrorCode.EffectiveTimeNotFuture);
    expect(effectiveTimeError(undefined)).toBeNull();
  });

  it('takes a staged delivery of a first share 1-100 % and a failure limit 0-100 %', () => {
    expect(refusal(body({ Staged: { firstPercent: 10, maxFailPercent: 0 } }))).toBeNull();
    expect(refusal(body({ Staged: { firstPercent: 100, maxFailPercent: 100 } }))).toBeNull();
    for (const staged of [
      { firstPercent: 0, maxFailPercent: 10 },
      { firstPercent: 101, maxFailPercent: 10 },
      { firstPercent: 10.5, maxFailPercent: 10 },
      { firstPercent: 10, maxFailPercent: -1 },
      { firstPercent: 10, maxFailPercent: 101 },
      { firstPercent: 10 },
    ])
      expect(refusal(body({ Staged: staged as never })), JSON.stringify(staged)).toBe(
        ErrorCode.StagedDeliveryInvalid,
      );
  });

  it('outputs the stored form: nulls for what was left out', () => {
    expect(configEmitBody.parse(body({ devices: ['d1', 'd1'] }))).toEqual({
      _id: 'cfg1',
      devices: ['d1'],
      EffectiveTime: null,
      ExpireTime: null,
      Staged: null,
      // No maintenance window unless asked for.
      Maintenance: false,
    });
  });

  it('leaves unknown fields to 4000 and reads codes from the issue first', () => {
    expect(deliveryIssueCode({ path: ['other'] })).toBeNull();
    expect(deliveryIssueCode({ path: ['devices'], params: { code: ErrorCode.DeliveryTooManyDevices } })).toBe(
      ErrorCode.DeliveryTooManyDevices,
    );
  });
});

describe('delivery queries', () => {
  it('filters a delivery’s devices by the config issue statuses 0-4', () => {
    for (const s of Object.values(ConfigIssueStatus))
      expect(deliveryDevicesQuery.parse({ _id: 'x', Status: String(s) }).Status).toBe(s);
    expect(deliveryDevicesQuery.safeParse({ _id: 'x', Status: '5' }).success).toBe(false);
    expect(deliveryDevicesQuery.safeParse({}).success).toBe(false);
  });
});
