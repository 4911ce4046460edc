import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.ts';
import {
  DEFAULT_PROBE_DOMAINS,
  DIAG_DEVICES_MAX,
  diagnoseDispatchBody,
  diagnosisHistoryQuery,
  diagnosisIssueCode,
  diagnosisRunsQuery,
  isDiagnosisTarget,
  type DiagnoseDispatchInput,
} from './diagnosis.ts';

const body = (over: Partial<DiagnoseDispatchInput> = {}): DiagnoseDispatchInput => ({
  Devices: ['d1'],
  Targets: ['www.baidu.com'],
  ...over,
});
function refusal(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, input: unknown) {
  const r = schema.safeParse(input);
  if (r.success) return null;
  const issues = (r.error as { issues: { path: PropertyKey[]; params?: unknown }[] }).issues;
  return issues.map((i) => diagnosisIssueCode(i)).find((c) => c !== null) ?? ErrorCode.ValidationFailed;
}

describe('diagnosis dispatch body (spec §5)', () => {
  it('takes the defaults: network, ping, 4 packets of 56 bytes', () => {
    expect(diagnoseDispatchBody.parse(body({ Devices: ['a', 'a', 'b'] }))).toEqual({
      Kind: 'network',
      Devices: ['a', 'b'],
      Type: 1,
      Targets: ['www.baidu.com'],
      Count: 4,
      Size: 56,
      PortalUrl: null,
      Radius: [],
    });
  });

  it('refuses each edge with its code', () => {
    const d = diagnoseDispatchBody;
    expect(refusal(d, body({ Count: 30, Size: 1464 }))).toBeNull();
    expect(refusal(d, body({ Count: 1, Size: 16 }))).toBeNull();
    expect(refusal(d, body({ Count: 31 }))).toBe(ErrorCode.DiagnosisCountInvalid);
    expect(refusal(d, body({ Count: 0 }))).toBe(ErrorCode.DiagnosisCountInvalid);
    expect(refusal(d, body({ Count: 2.5 }))).toBe(ErrorCode.DiagnosisCountInvalid);
    expect(refusal(d, body({ Size: 1465 }))).toBe(ErrorCode.DiagnosisSizeInvalid);
    expect(refusal(d, body({ Size: 15 }))).toBe(ErrorCode.DiagnosisSizeInvalid);
    expect(refusal(d, body({ Devices: [] }))).toBe(ErrorCode.DiagnosisDevicesRequired);
    expect(refusal(d, body({ Devices: undefined }))).toBe(ErrorCode.DiagnosisDevicesRequired);
    const many = Array.from({ length: DIAG_DEVICES_MAX + 1 }, (_, i) => `d${i}`);
    expect(refusal(d, body({ Devices: many }))).toBe(ErrorCode.DiagnosisTooManyDevices);
    expect(refusal(d, body({ Targets: [] }))).toBe(ErrorCode.DiagnosisTargetsRequired);
    expect(refusal(d, body({ Targets: ['exa mple.com'] }))).toBe(ErrorCode.DiagnosisTargetInvalid);
    expect(refusal(d, body({ Targets: ['1.2.3.256'] }))).toBe(ErrorCode.DiagnosisTargetInvalid);
    const eleven = Array.from({ length: 11 }, (_, i) => `10.0.0.${i + 1}`);
    expect(refusal(d, body({ Targets: eleven }))).toBe(ErrorCode.DiagnosisTooManyTargets);
    expect(refusal(d, body({ Type: 3 }))).toBe(ErrorCode.DiagnosisTypeInvalid);
    expect(refusal(d, body({ Kind: 'cable' }))).toBe(ErrorCode.DiagnosisKindInvalid);
  });

  it('reads a portal diagnosis: a URL and/or up to two RADIUS servers', () => {
    const d = diagnoseDispatchBody;
    const portal = { Kind: 'portal', Devices: ['d1'] } as const;
    expect(
      d.parse({ ...portal, PortalUrl: 'https://portal.example.com/login', Radius: [{ Host: '10.0.0.2' }] }),
    ).toMatchObject({
      Kind: 'portal',
      Targets: [],
      Radius: [{ Host: '10.0.0.2', AuthPort: 1812, AcctPort: 1813 }],
    });
    expect(refusal(d, portal)).toBe(ErrorCode.DiagnosisPortalNothingToCheck);
    expect(refusal(d, { ...portal, PortalUrl: 'ftp://x.com' })).toBe(ErrorCode.DiagnosisPortalUrlInvalid);
    expect(refusal(d, { ...portal, Radius: [{ Host: '10.0.0.2', AuthPort: 70000 }] })).toBe(
      ErrorCode.DiagnosisRadiusInvalid,
    );
    const three = [{ Host: 'a.com' }, { Host: 'b.com' }, { Host: 'c.com' }];
    expect(refusal(d, { ...portal, Radius: three })).toBe(ErrorCode.DiagnosisRadiusInvalid);
  });

  it('knows targets and the default probe domains', () => {
    for (const t of DEFAULT_PROBE_DOMAINS) expect(isDiagnosisTarget(t)).toBe(true);
    expect(isDiagnosisTarget('8.8.8.8')).toBe(true);
    expect(isDiagnosisTarget('bad_domain.com')).toBe(false);
    expect(isDiagnosisTarget('-x.com')).toBe(false);
  });
});

describe('diagnosis queries', () => {
  it('refuse a start after the end and a chart of 0 or 7 devices', () => {
    expect(refusal(diagnosisRunsQuery, { Start: '5', End: '4' })).toBe(ErrorCode.DiagnosisRangeInvalid);
    expect(refusal(diagnosisRunsQuery, { Start: '4', End: '5' })).toBeNull();
    expect(refusal(diagnosisHistoryQuery, { Target: 'x.com' })).toBe(
      ErrorCode.DiagnosisHistoryDevicesInvalid,
    );
    expect(refusal(diagnosisHistoryQuery, { Target: 'x.com', Device: '1,2,3,4,5,6,7' })).toBe(
      ErrorCode.DiagnosisHistoryDevicesInvalid,
    );
    expect(refusal(diagnosisHistoryQuery, { Device: 'a,b' })).toBe(ErrorCode.DiagnosisHistoryTargetRequired);
    expect(refusal(diagnosisHistoryQuery, { Device: 'a,b', Target: 'x.com' })).toBeNull();
  });
});
