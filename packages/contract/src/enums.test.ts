import { describe, expect, it } from 'vitest';
import {
  AccountState,
  AlarmType,
  ByteUnit,
  CertificationType,
  ClientConnection,
  ConfigIssueStatus,
  DEVICE_MODELS,
  DeviceStatus,
  DeviceType,
  DiagnosticType,
  FirmwareIssueStatus,
  IssueValidity,
  LOG_CODE_RANGES,
  LogLevel,
  LogModule,
  LogSource,
  MemberGrade,
  NetworkQuality,
  OrderKind,
  PaymentStatus,
  RENEWAL_MONTHS,
  ResultCode,
  Severity,
  SwitchEventType,
  ThresholdUnit,
  accountStateLabels,
  alarmThresholdUnits,
  alarmTypeLabels,
  certificationTypeLabels,
  clientConnectionLabels,
  configIssueStatusLabels,
  deviceStatusLabels,
  deviceTypeLabels,
  diagnosticTypeLabels,
  enumValues,
  firmwareIssueStatusLabels,
  formatBytes,
  issueValidityLabels,
  logLevelLabels,
  logModuleLabels,
  logModuleOf,
  logSourceLabels,
  memberGradeLabels,
  networkQualityLabels,
  orderKindLabels,
  paymentStatusLabels,
  renewalDurationLabels,
  resultCodeLabels,
  severityLabels,
  switchEventTypeLabels,
  type Label,
} from './enums.ts';

const CJK = /[\u4e00-\u9fff]/;

/** Each enumeration beside its label map and the values spec §3 gives it. */
const enumerations: [
  string,
  Record<string, string | number>,
  Record<string | number, Label>,
  (string | number)[],
][] = [
  ['DeviceType', DeviceType, deviceTypeLabels, [1, 2, 3, 4]],
  ['DeviceStatus', DeviceStatus, deviceStatusLabels, ['Online', 'Offline', 'Useless']],
  ['LogLevel', LogLevel, logLevelLabels, [1, 2, 3, 4]],
  ['Severity', Severity, severityLabels, [1, 2, 3]],
  ['CertificationType', CertificationType, certificationTypeLabels, [0, 1, 2, 3, 4, 5]],
  ['AccountState', AccountState, accountStateLabels, [0, 1, 2]],
  ['MemberGrade', MemberGrade, memberGradeLabels, [1, 2, 3]],
  ['PaymentStatus', PaymentStatus, paymentStatusLabels, [0, 1, 2]],
  ['OrderKind', OrderKind, orderKindLabels, [2, 3, 4]],
  ['ClientConnection', ClientConnection, clientConnectionLabels, [0, 1]],
  ['ConfigIssueStatus', ConfigIssueStatus, configIssueStatusLabels, [0, 1, 2, 3, 4]],
  ['FirmwareIssueStatus', FirmwareIssueStatus, firmwareIssueStatusLabels, [1, 2, 3, 4]],
  ['IssueValidity', IssueValidity, issueValidityLabels, [0, 1, 2]],
  ['LogSource', LogSource, logSourceLabels, [0, 1, 2, 3, 4]],
  ['DiagnosticType', DiagnosticType, diagnosticTypeLabels, [1, 2]],
  ['ResultCode', ResultCode, resultCodeLabels, [0, 1, 2]],
  ['NetworkQuality', NetworkQuality, networkQualityLabels, [0, 1, 2, 3]],
  ['AlarmType', AlarmType, alarmTypeLabels, Array.from({ length: 21 }, (_, i) => i + 1)],
  ['SwitchEventType', SwitchEventType, switchEventTypeLabels, [1, 2, 3, 4, 5, 6, 7]],
  [
    'LogModule',
    LogModule,
    logModuleLabels,
    ['app', 'device', 'config', 'firmware', 'flow', 'finance', 'others'],
  ],
];

describe.each(enumerations)('%s', (_name, values, labels, expected) => {
  it('has exactly the values of the spec, each once', () => {
    const list = enumValues(values);
    expect(new Set(list).size).toBe(list.length);
    expect([...list].sort()).toEqual([...expected].sort());
  });

  it('labels every value, and nothing else, in both languages', () => {
    expect(Object.keys(labels).sort()).toEqual(expected.map(String).sort());
    for (const value of expected) {
      const label = labels[value]!;
      expect(label.en.trim()).not.toBe('');
      expect(label.zh.trim()).not.toBe('');
    }
  });

  it('uses distinct labels', () => {
    for (const lang of ['en', 'zh'] as const) {
      const texts = expected.map((v) => labels[v]![lang]);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });
});

describe('labels', () => {
  it('are Chinese where the word is not a product name', () => {
    expect(logLevelLabels[LogLevel.Error]).toEqual({ en: 'Error', zh: '错误' });
    expect(deviceTypeLabels[DeviceType.Switch].zh).toMatch(CJK);
    expect(certificationTypeLabels[CertificationType.WeChatPortal].zh).toMatch(CJK);
    expect(paymentStatusLabels[PaymentStatus.Unpaid].zh).toBe('未支付');
  });
});

describe('spec values', () => {
  it('keeps the numbers of spec §3', () => {
    expect(DeviceType).toEqual({ AC: 1, AP: 2, Switch: 3, Router: 4 });
    expect(LogLevel).toEqual({ Debug: 1, Info: 2, Warn: 3, Error: 4 });
    expect(AccountState).toEqual({ Abandoned: 0, Normal: 1, Blocked: 2 });
    expect(CertificationType.Unverified).toBe(0);
    expect(CertificationType.WeChatPortal).toBe(5);
    expect(OrderKind.PayUserRecharge).toBe(4);
    expect(FirmwareIssueStatus.Issuing).toBe(4);
    expect(ConfigIssueStatus.DownloadFailed).toBe(3);
    expect(IssueValidity.Period).toBe(2);
    expect(LogSource.UnauthorizedUser).toBe(4);
    expect(DiagnosticType.Mtr).toBe(2);
    expect(ResultCode.NoResult).toBe(2);
    expect(SwitchEventType.CfgSetError).toBe(7);
  });

  it('orders network quality from worst to best', () => {
    expect(NetworkQuality.Interrupt).toBeLessThan(NetworkQuality.Poor);
    expect(NetworkQuality.Poor).toBeLessThan(NetworkQuality.Good);
    expect(NetworkQuality.Good).toBeLessThan(NetworkQuality.Excellent);
  });
});

describe('alarm thresholds', () => {
  it('gives every alarm type a unit', () => {
    const types = enumValues(AlarmType);
    expect(types).toHaveLength(21);
    expect(
      Object.keys(alarmThresholdUnits)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(types);
    for (const t of types) expect(enumValues(ThresholdUnit)).toContain(alarmThresholdUnits[t]);
  });

  it('measures CPU, memory and loss in percent, rates and flows in KB', () => {
    const percent = [AlarmType.Cpu, AlarmType.Memory, AlarmType.PacketLoss];
    const kb = [
      AlarmType.PortUpRate,
      AlarmType.PortDownRate,
      AlarmType.TxTraffic,
      AlarmType.RxTraffic,
      AlarmType.GatewayUpRate,
      AlarmType.GatewayDownRate,
    ];
    for (const t of enumValues(AlarmType)) {
      const unit = percent.includes(t as never) ? 'percent' : kb.includes(t as never) ? 'KB' : 'none';
      expect(alarmThresholdUnits[t], alarmTypeLabels[t].en).toBe(unit);
    }
  });
});

describe('logModuleOf', () => {
  const specCodes = [
    ...Array.from({ length: 31 }, (_, i) => i + 1),
    ...Array.from({ length: 16 }, (_, i) => i + 61),
    100,
    101,
    102,
    150,
  ];

  it('places every code of the spec in a module', () => {
    for (const code of specCodes) expect(logModuleOf(code), String(code)).not.toBeNull();
  });

  it('places nothing outside the spec ranges', () => {
    for (let code = -5; code <= 200; code++) {
      if (!specCodes.includes(code)) expect(logModuleOf(code), String(code)).toBeNull();
    }
    expect(logModuleOf(1.5)).toBeNull();
    expect(logModuleOf(Number.NaN)).toBeNull();
  });

  it('uses every module and keeps ranges apart', () => {
    const used = new Set(specCodes.map(logModuleOf));
    expect([...used].sort()).toEqual(enumValues(LogModule).sort());
    const sorted = [...LOG_CODE_RANGES].sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.from).toBeGreaterThan(sorted[i - 1]!.to);
  });

  it('splits at the range edges', () => {
    expect(logModuleOf(1)).toBe('app');
    expect(logModuleOf(31)).toBe('config');
    expect(logModuleOf(61)).toBe('firmware');
    expect(logModuleOf(76)).toBe('finance');
    expect(logModuleOf(100)).toBe('others');
    expect(logModuleOf(150)).toBe('others');
  });
});

describe('bytes', () => {
  it('uses base 1024 (spec §9)', () => {
    expect(ByteUnit.MB).toBe(1048576);
    expect(ByteUnit.GB).toBe(1073741824);
    expect(ByteUnit.TB).toBe(1099511627776);
    expect(ByteUnit.GB / ByteUnit.MB).toBe(1024);
  });

  it('formats with the largest fitting unit', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1018)).toBe('1018 B');
    expect(formatBytes(1023)).toBe('1 KB'); // 0.999 KB rounds to 1 at two digits
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(ByteUnit.MB)).toBe('1 MB');
    expect(formatBytes(1.25 * ByteUnit.GB)).toBe('1.25 GB');
    expect(formatBytes(3 * ByteUnit.TB)).toBe('3 TB');
    expect(formatBytes(2048 * ByteUnit.TB)).toBe('2048 TB');
  });

  it('rounds up into the next unit instead of printing 1024 of the smaller one', () => {
    expect(formatBytes(ByteUnit.MB - 1)).toBe('1 MB');
    expect(formatBytes(ByteUnit.GB - 1)).toBe('1 GB');
  });

  it('honours the digits asked for', () => {
    expect(formatBytes(1.23456 * ByteUnit.GB, 1)).toBe('1.2 GB');
    expect(formatBytes(1.5 * ByteUnit.GB, 0)).toBe('2 GB');
  });

  it('handles negatives and non-numbers', () => {
    expect(formatBytes(-1536)).toBe('-1.5 KB');
    expect(formatBytes(-0.001)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('-');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('-');
  });
});

describe('renewal durations and models', () => {
  it('offers 1-9 months and 1-5 years', () => {
    expect(RENEWAL_MONTHS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 24, 36, 48, 60]);
    expect(Object.keys(renewalDurationLabels).map(Number)).toEqual([...RENEWAL_MONTHS]);
    expect(renewalDurationLabels[1]).toEqual({ en: '1 month', zh: '1 个月' });
    expect(renewalDurationLabels[36]).toEqual({ en: '3 years', zh: '3 年' });
  });

  it('offers models A1 to C3', () => {
    expect(DEVICE_MODELS).toHaveLength(9);
    expect(DEVICE_MODELS[0]).toBe('A1');
    expect(DEVICE_MODELS[8]).toBe('C3');
    for (const m of DEVICE_MODELS) expect(m).toMatch(/^[ABC][123]$/);
  });
});
