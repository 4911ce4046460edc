import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.ts';
import { DELIVERY_MAX_DEVICES } from './delivery.ts';
import {
  firmwareDispatchBody,
  firmwareDispatchProblem,
  insideWindow,
  isTimeZone,
  localMinutes,
  type FirmwareDispatchInput,
} from './firmware-dispatch.ts';

const HOUR = 3_600_000;
const body = (over: Partial<FirmwareDispatchInput> = {}): FirmwareDispatchInput => ({
  _id: 'img1',
  devices: ['d1'],
  ...over,
});
function refusal(input: unknown): number | null {
  const r = firmwareDispatchBody.safeParse(input);
  return r.success ? null : firmwareDispatchProblem(r.error).code;
}

describe('firmware dispatch body', () => {
  it('needs an image and one to DELIVERY_MAX_DEVICES devices', () => {
    expect(refusal(body())).toBeNull();
    expect(refusal(body({ _id: undefined }))).toBe(ErrorCode.FirmwareImageRequired);
    expect(refusal(body({ _id: ' ' }))).toBe(ErrorCode.FirmwareImageRequired);
    expect(refusal(body({ devices: [] }))).toBe(ErrorCode.DeliveryDevicesRequired);
    const many = Array.from({ length: DELIVERY_MAX_DEVICES + 1 }, (_, i) => `d${i}`);
    expect(refusal(body({ devices: many }))).toBe(ErrorCode.DeliveryTooManyDevices);
    expect(firmwareDispatchBody.parse(body({ devices: ['a', 'a', 'b'] })).devices).toEqual(['a', 'b']);
  });

  it('reads the validity: 0 by default, 1 from a start, 2 a period ending after its start (14012)', () => {
    const now = Date.now();
    expect(firmwareDispatchBody.parse(body())).toMatchObject({
      Validity: 0,
      EffectiveTime: null,
      ExpireTime: null,
    });
    expect(refusal(body({ Validity: 0, EffectiveTime: now + HOUR }))).toBeNull();
    expect(refusal(body({ Validity: 0, ExpireTime: now + HOUR }))).toBe(ErrorCode.FirmwareValidityInvalid);
    expect(refusal(body({ Validity: 3 }))).toBe(ErrorCode.FirmwareValidityInvalid);
    expect(refusal(body({ Validity: 1 }))).toBe(ErrorCode.FirmwareEffectiveTimeRequired);
    expect(refusal(body({ Validity: 1, EffectiveTime: now + HOUR }))).toBeNull();
    expect(refusal(body({ Validity: 1, EffectiveTime: now + HOUR, ExpireTime: now + 2 * HOUR }))).toBe(
      ErrorCode.FirmwareValidityInvalid,
    );
    expect(refusal(body({ Validity: 2 }))).toBe(ErrorCode.FirmwareExpireTimeRequired);
    expect(refusal(body({ Validity: 2, ExpireTime: now + HOUR }))).toBeNull();
    expect(refusal(body({ Validity: 2, ExpireTime: now - 1 }))).toBe(ErrorCode.FirmwareIssueEndBeforeStart);
    const start = now + 2 * HOUR;
    expect(refusal(body({ Validity: 2, EffectiveTime: start, ExpireTime: start }))).toBe(
      ErrorCode.FirmwareIssueEndBeforeStart,
    );
    expect(refusal(body({ Validity: 2, EffectiveTime: start, ExpireTime: start + 1 }))).toBeNull();
    expect(refusal(body({ EffectiveTime: now - 1 }))).toBe(ErrorCode.EffectiveTimeNotFuture);
  });

  it('takes a window of two different HH:mm in a known zone', () => {
    expect(refusal(body({ Window: { Start: '22:00', End: '04:30' } }))).toBeNull();
    expect(firmwareDispatchBody.parse(body({ Window: { Start: '02:00', End: '05:00' } })).Window).toEqual({
      Start: '02:00',
      End: '05:00',
      TimeZone: null,
    });
    for (const [Start, End] of [
      ['24:00', '05:00'],
      ['2:00', '05:00'],
      ['02:60', '05:00'],
      ['02:00', '02:00'],
      ['02:00', ''],
    ] as const)
      expect(refusal(body({ Window: { Start, End } })), `${Start}-${End}`).toBe(
        ErrorCode.FirmwareWindowInvalid,
      );
    expect(refusal(body({ Window: { Start: '02:00', End: '05:00', TimeZone: 'Asia/Shanghai' } }))).toBeNull();
    expect(refusal(body({ Window: { Start: '02:00', End: '05:00', TimeZone: 'Nowhere/Land' } }))).toBe(
      ErrorCode.FirmwareTimeZoneInvalid,
    );
  });

  it('limits the devices at once to 1-1000 and checks staged shares', () => {
    expect(refusal(body({ Concurrency: 1 }))).toBeNull();
    expect(refusal(body({ Concurrency: 1000 }))).toBeNull();
    for (const c of [0, 1001, 2.5, -1])
      expect(refusal(body({ Concurrency: c })), String(c)).toBe(ErrorCode.FirmwareConcurrencyInvalid);
    expect(refusal(body({ Staged: { firstPercent: 10, maxFailPercent: 20 } }))).toBeNull();
    expect(refusal(body({ Staged: { firstPercent: 101, maxFailPercent: 20 } }))).toBe(
      ErrorCode.StagedDeliveryInvalid,
    );
  });
});

describe('window time', () => {
  it('is inside from the start (included) to the end (excluded), across midnight when the end is earlier', () => {
    const m = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    expect(insideWindow(m('02:00'), '02:00', '05:00')).toBe(true);
    expect(insideWindow(m('04:59'), '02:00', '05:00')).toBe(true);
    expect(insideWindow(m('05:00'), '02:00', '05:00')).toBe(false);
    expect(insideWindow(m('01:59'), '02:00', '05:00')).toBe(false);
    expect(insideWindow(m('23:30'), '22:00', '04:00')).toBe(true);
    expect(insideWindow(m('03:59'), '22:00', '04:00')).toBe(true);
    expect(insideWindow(m('12:00'), '22:00', '04:00')).toBe(false);
  });

  it('reads the local time of a zone through Intl, daylight saving included', () => {
    const at = Date.UTC(2026, 0, 15, 18, 30); // 18:30 UTC in winter
    expect(localMinutes(at, 'UTC')).toBe(18 * 60 + 30);
    expect(localMinutes(at, 'Asia/Shanghai')).toBe(2 * 60 + 30); // next day 02:30
    expect(localMinutes(at, 'America/New_York')).toBe(13 * 60 + 30);
    expect(localMinutes(Date.UTC(2026, 6, 15, 18, 30), 'America/New_York')).toBe(14 * 60 + 30);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
