import { describe, expect, it } from 'vitest';
import { ErrorCode, errorText } from '@netconsole/contract';
import { dispatchErrors } from './dispatch-errors.ts';
import { timerErrors } from './timer-errors.ts';

const ok = { Kind: 'network', Devices: ['d1'], Targets: ['www.baidu.com'], Count: 4, Size: 56, Type: 1 };

describe('the diagnosis form refuses spec §5 edges on their fields, in both languages', () => {
  it('before sending a dispatch', () => {
    expect(dispatchErrors(ok, 'en')).toEqual({});
    expect(dispatchErrors({ ...ok, Count: 31 }, 'en')).toEqual({
      count: errorText(ErrorCode.DiagnosisCountInvalid, 'en'),
    });
    expect(dispatchErrors({ ...ok, Size: 1465 }, 'zh')).toEqual({
      size: errorText(ErrorCode.DiagnosisSizeInvalid, 'zh'),
    });
    expect(dispatchErrors({ ...ok, Devices: [] }, 'en').devices).toBe(
      errorText(ErrorCode.DiagnosisDevicesRequired, 'en'),
    );
    expect(dispatchErrors({ ...ok, Targets: [] }, 'en').targets).toBe(
      errorText(ErrorCode.DiagnosisTargetsRequired, 'en'),
    );
    // A bad target names itself.
    expect(dispatchErrors({ ...ok, Targets: ['www.baidu.com', 'bad_domain!'] }, 'en').targets).toBe(
      `${errorText(ErrorCode.DiagnosisTargetInvalid, 'en')}: bad_domain!`,
    );
    expect(dispatchErrors({ Kind: 'portal', Devices: ['d1'] }, 'en').portalUrl).toBe(
      errorText(ErrorCode.DiagnosisPortalNothingToCheck, 'en'),
    );
  });

  it('before saving a timer: a name, a device and a target are required', () => {
    const found = timerErrors(
      { Name: '', Data: { Hour: 3, Minute: 0, Second: 0 }, Devices: [], Targets: [] },
      'en',
    );
    expect(found).toEqual({
      name: errorText(ErrorCode.TimerNameRequired, 'en'),
      devices: errorText(ErrorCode.TimerDevicesRequired, 'en'),
      targets: errorText(ErrorCode.TimerTargetsRequired, 'en'),
    });
    expect(
      timerErrors(
        {
          Name: 'n',
          Data: { Hour: 3, Minute: 0, Second: 0 },
          Devices: ['d1'],
          Targets: ['8.8.8.8'],
          Count: 31,
        },
        'zh',
      ),
    ).toEqual({ count: errorText(ErrorCode.TimerCountInvalid, 'zh') });
  });
});
