/**
 * Enumerations of spec §3 (and the constants of §9 that forms choose from). Each is an `as const`
 * object, a union type of its values of the same name, and a label map in both languages so
 * lists, filters and selects never spell a label themselves.
 */
import type { Lang } from './errors.ts';

export type Label = Readonly<Record<Lang, string>>;
type ValueOf<T> = T[keyof T];

/** The values of an enumeration object, e.g. for a select's options or `z.enum`. */
export function enumValues<T extends Record<string, string | number>>(e: T): ValueOf<T>[] {
  return Object.values(e) as ValueOf<T>[];
}

export const DeviceType = { AC: 1, AP: 2, Switch: 3, Router: 4 } as const;
export type DeviceType = ValueOf<typeof DeviceType>;
export const deviceTypeLabels: Record<DeviceType, Label> = {
  1: { en: 'AC', zh: 'AC' },
  2: { en: 'AP', zh: 'AP' },
  3: { en: 'Switch', zh: '交换机' },
  4: { en: 'Router', zh: '路由器' },
};

/** The spec names the device status list but not its wire values; the names themselves read best in URLs. */
export const DeviceStatus = { Online: 'Online', Offline: 'Offline', Useless: 'Useless' } as const;
export type DeviceStatus = ValueOf<typeof DeviceStatus>;
export const deviceStatusLabels: Record<DeviceStatus, Label> = {
  Online: { en: 'Online', zh: '在线' },
  Offline: { en: 'Offline', zh: '离线' },
  Useless: { en: 'Unusable', zh: '不可用' },
};

export const LogLevel = { Debug: 1, Info: 2, Warn: 3, Error: 4 } as const;
export type LogLevel = ValueOf<typeof LogLevel>;
export const logLevelLabels: Record<LogLevel, Label> = {
  1: { en: 'Debug', zh: '调试' },
  2: { en: 'Info', zh: '信息' },
  3: { en: 'Warning', zh: '警告' },
  4: { en: 'Error', zh: '错误' },
};

export const Severity = { General: 1, Medium: 2, Severe: 3 } as const;
export type Severity = ValueOf<typeof Severity>;
export const severityLabels: Record<Severity, Label> = {
  1: { en: 'General', zh: '一般' },
  2: { en: 'Medium', zh: '中等' },
  3: { en: 'Severe', zh: '严重' },
};

export const CertificationType = {
  Unverified: 0,
  Sms: 1,
  FixedPassword: 2,
  App: 3,
  WeChat: 4,
  WeChatPortal: 5,
} as const;
export type CertificationType = ValueOf<typeof CertificationType>;
export const certificationTypeLabels: Record<CertificationType, Label> = {
  0: { en: 'Unverified', zh: '免认证' },
  1: { en: 'SMS', zh: '短信认证' },
  2: { en: 'Fixed password', zh: '固定密码认证' },
  3: { en: 'App', zh: 'App 认证' },
  4: { en: 'WeChat', zh: '微信认证' },
  5: { en: 'WeChat portal', zh: '微信 Portal 认证' },
};

export const AccountState = { Abandoned: 0, Normal: 1, Blocked: 2 } as const;
export type AccountState = ValueOf<typeof AccountState>;
export const accountStateLabels: Record<AccountState, Label> = {
  0: { en: 'Abandoned', zh: '已废弃' },
  1: { en: 'Normal', zh: '正常' },
  2: { en: 'Blocked', zh: '已停用' },
};

export const MemberGrade = { Gold: 1, Silver: 2, Copper: 3 } as const;
export type MemberGrade = ValueOf<typeof MemberGrade>;
export const memberGradeLabels: Record<MemberGrade, Label> = {
  1: { en: 'Gold', zh: '金牌' },
  2: { en: 'Silver', zh: '银牌' },
  3: { en: 'Copper', zh: '铜牌' },
};

export const PaymentStatus = { Success: 0, Failed: 1, Unpaid: 2 } as const;
export type PaymentStatus = ValueOf<typeof PaymentStatus>;
export const paymentStatusLabels: Record<PaymentStatus, Label> = {
  0: { en: 'Paid', zh: '支付成功' },
  1: { en: 'Failed', zh: '支付失败' },
  2: { en: 'Unpaid', zh: '未支付' },
};

export const OrderKind = { TenantRecharge: 2, TenantRenewal: 3, PayUserRecharge: 4 } as const;
export type OrderKind = ValueOf<typeof OrderKind>;
export const orderKindLabels: Record<OrderKind, Label> = {
  2: { en: 'Tenant top-up', zh: '租户充值' },
  3: { en: 'Tenant renewal', zh: '租户续费' },
  4: { en: 'Pay-user top-up', zh: '付费用户充值' },
};

export const ClientConnection = { Wired: 0, Wireless: 1 } as const;
export type ClientConnection = ValueOf<typeof ClientConnection>;
export const clientConnectionLabels: Record<ClientConnection, Label> = {
  0: { en: 'Wired', zh: '有线' },
  1: { en: 'Wireless', zh: '无线' },
};

/**
 * The spec lists "failed" twice (0 and 2). By analogy with firmware delivery, 2 is the device
 * failing to apply the configuration; 0 is any other failure.
 */
export const ConfigIssueStatus = {
  Failed: 0,
  Success: 1,
  ApplyFailed: 2,
  DownloadFailed: 3,
  Issuing: 4,
} as const;
export type ConfigIssueStatus = ValueOf<typeof ConfigIssueStatus>;
export const configIssueStatusLabels: Record<ConfigIssueStatus, Label> = {
  0: { en: 'Failed', zh: '失败' },
  1: { en: 'Success', zh: '成功' },
  2: { en: 'Apply failed', zh: '应用失败' },
  3: { en: 'Download failed', zh: '下载失败' },
  4: { en: 'Issued, downloading', zh: '已下发，下载中' },
};

export const FirmwareIssueStatus = { Applied: 1, ApplyFailed: 2, IssueFailed: 3, Issuing: 4 } as const;
export type FirmwareIssueStatus = ValueOf<typeof FirmwareIssueStatus>;
export const firmwareIssueStatusLabels: Record<FirmwareIssueStatus, Label> = {
  1: { en: 'Applied', zh: '应用成功' },
  2: { en: 'Apply failed', zh: '应用失败' },
  3: { en: 'Issue failed', zh: '下发失败' },
  4: { en: 'Issuing', zh: '下发中' },
};

export const IssueValidity = { Permanent: 0, FromTime: 1, Period: 2 } as const;
export type IssueValidity = ValueOf<typeof IssueValidity>;
export const issueValidityLabels: Record<IssueValidity, Label> = {
  0: { en: 'Permanent', zh: '永久有效' },
  1: { en: 'From a given time', zh: '自指定时间起生效' },
  2: { en: 'For a period', zh: '指定时间段内有效' },
};

export const LogSource = { Unknown: 0, User: 1, Device: 2, Docker: 3, UnauthorizedUser: 4 } as const;
export type LogSource = ValueOf<typeof LogSource>;
export const logSourceLabels: Record<LogSource, Label> = {
  0: { en: 'Unknown', zh: '未知' },
  1: { en: 'User', zh: '用户' },
  2: { en: 'Device', zh: '设备' },
  3: { en: 'Docker', zh: 'Docker' },
  4: { en: 'Unauthorized user', zh: '未授权用户' },
};

export const DiagnosticType = { Ping: 1, Mtr: 2 } as const;
export type DiagnosticType = ValueOf<typeof DiagnosticType>;
export const diagnosticTypeLabels: Record<DiagnosticType, Label> = {
  1: { en: 'Ping', zh: 'Ping' },
  2: { en: 'MTR', zh: 'MTR' },
};

export const ResultCode = { Fail: 0, Pass: 1, NoResult: 2 } as const;
export type ResultCode = ValueOf<typeof ResultCode>;
export const resultCodeLabels: Record<ResultCode, Label> = {
  0: { en: 'Fail', zh: '不通过' },
  1: { en: 'Pass', zh: '通过' },
  2: { en: 'No result', zh: '无结果' },
};

/** The spec gives only the names; numbered worst to best so a higher value is a better network. */
export const NetworkQuality = { Interrupt: 0, Poor: 1, Good: 2, Excellent: 3 } as const;
export type NetworkQuality = ValueOf<typeof NetworkQuality>;
export const networkQualityLabels: Record<NetworkQuality, Label> = {
  0: { en: 'Interrupted', zh: '中断' },
  1: { en: 'Poor', zh: '差' },
  2: { en: 'Good', zh: '良' },
  3: { en: 'Excellent', zh: '优' },
};

/**
 * The 21 alarm types, numbered in the spec's order. The spec's list reads as 18 items; rates and
 * traffic in two directions are separate alarms (each has its own threshold), which makes 21,
 * while a port link flap (down/up) is one event.
 */
export const AlarmType = {
  DeviceOffline: 1,
  AllDevicesOffline: 2,
  Cpu: 3,
  Memory: 4,
  SwitchLoop: 5,
  TopologyChange: 6,
  Poe: 7,
  PortUpRate: 8,
  PortDownRate: 9,
  TxTraffic: 10,
  RxTraffic: 11,
  PacketLoss: 12,
  NetworkLoop: 13,
  DhcpServer: 14,
  Link: 15,
  GatewayUpRate: 16,
  GatewayDownRate: 17,
  Pppoe: 18,
  Vpn: 19,
  DhcpPool: 20,
  PortLinkDownUp: 21,
} as const;
export type AlarmType = ValueOf<typeof AlarmType>;
export const alarmTypeLabels: Record<AlarmType, Label> = {
  1: { en: 'Device offline', zh: '设备离线' },
  2: { en: 'All devices offline', zh: '所有设备离线' },
  3: { en: 'CPU usage', zh: 'CPU 使用率' },
  4: { en: 'Memory usage', zh: '内存使用率' },
  5: { en: 'Switch loop', zh: '交换机环路' },
  6: { en: 'Topology change', zh: '拓扑变化' },
  7: { en: 'PoE', zh: 'PoE 供电' },
  8: { en: 'Port upstream rate', zh: '端口上行速率' },
  9: { en: 'Port downstream rate', zh: '端口下行速率' },
  10: { en: 'TX traffic', zh: '发送流量' },
  11: { en: 'RX traffic', zh: '接收流量' },
  12: { en: 'Packet loss', zh: '丢包率' },
  13: { en: 'Network loop', zh: '网络环路' },
  14: { en: 'DHCP server', zh: 'DHCP 服务器' },
  15: { en: 'Link', zh: '链路' },
  16: { en: 'Gateway upstream rate', zh: '网关上行速率' },
  17: { en: 'Gateway downstream rate', zh: '网关下行速率' },
  18: { en: 'PPPoE', zh: 'PPPoE 拨号' },
  19: { en: 'VPN', zh: 'VPN' },
  20: { en: 'DHCP pool', zh: 'DHCP 地址池' },
  21: { en: 'Port link down/up', zh: '端口断开/连接' },
};

export const ThresholdUnit = { None: 'none', Percent: 'percent', KB: 'KB' } as const;
export type ThresholdUnit = ValueOf<typeof ThresholdUnit>;
/** spec §3: CPU, RAM and loss in %, port and gateway rates and flows in KB; event alarms have none. */
export const alarmThresholdUnits: Record<AlarmType, ThresholdUnit> = {
  1: 'none',
  2: 'none',
  3: 'percent',
  4: 'percent',
  5: 'none',
  6: 'none',
  7: 'none',
  8: 'KB',
  9: 'KB',
  10: 'KB',
  11: 'KB',
  12: 'percent',
  13: 'none',
  14: 'none',
  15: 'none',
  16: 'KB',
  17: 'KB',
  18: 'none',
  19: 'none',
  20: 'none',
  21: 'none',
};

export const SwitchEventType = {
  System: 1,
  Stp: 2,
  RebootCompleted: 3,
  PortLinkDown: 4,
  PortLinkUp: 5,
  LoopStatus: 6,
  CfgSetError: 7,
} as const;
export type SwitchEventType = ValueOf<typeof SwitchEventType>;
export const switchEventTypeLabels: Record<SwitchEventType, Label> = {
  1: { en: 'System', zh: '系统' },
  2: { en: 'STP', zh: 'STP' },
  3: { en: 'Reboot completed', zh: '重启完成' },
  4: { en: 'Port link down', zh: '端口断开' },
  5: { en: 'Port link up', zh: '端口连接' },
  6: { en: 'Loop status', zh: '环路状态' },
  7: { en: 'Configuration error', zh: '配置下发错误' },
};

export const LogModule = {
  App: 'app',
  Device: 'device',
  Config: 'config',
  Firmware: 'firmware',
  Flow: 'flow',
  Finance: 'finance',
  Others: 'others',
} as const;
export type LogModule = ValueOf<typeof LogModule>;
export const logModuleLabels: Record<LogModule, Label> = {
  app: { en: 'Application', zh: '应用' },
  device: { en: 'Device', zh: '设备' },
  config: { en: 'Configuration', zh: '配置' },
  firmware: { en: 'Firmware', zh: '固件' },
  flow: { en: 'Traffic', zh: '流量' },
  finance: { en: 'Finance', zh: '财务' },
  others: { en: 'Others', zh: '其他' },
};

/**
 * The spec numbers log codes 1-31, 61-76, 100-102 and 150 without saying which module owns which;
 * this split is ours. 1-31 cover what users and devices do day to day (sign-in and accounts,
 * device state, configuration), 61-76 the delivery and money side, 100 and up system tasks.
 */
export const LOG_CODE_RANGES: readonly { module: LogModule; from: number; to: number }[] = [
  { module: 'app', from: 1, to: 10 },
  { module: 'device', from: 11, to: 24 },
  { module: 'config', from: 25, to: 31 },
  { module: 'firmware', from: 61, to: 68 },
  { module: 'flow', from: 69, to: 72 },
  { module: 'finance', from: 73, to: 76 },
  { module: 'others', from: 100, to: 102 },
  { module: 'others', from: 150, to: 150 },
];

/** The module a log code belongs to, or null for a code outside the spec's ranges. */
export function logModuleOf(code: number): LogModule | null {
  if (!Number.isInteger(code)) return null;
  return LOG_CODE_RANGES.find((r) => code >= r.from && code <= r.to)?.module ?? null;
}

/** spec §9: base 1024. KB is added so values under 1 MB still read naturally. */
export const ByteUnit = { KB: 1024, MB: 1048576, GB: 1073741824, TB: 1099511627776 } as const;
export type ByteUnit = ValueOf<typeof ByteUnit>;
const BYTE_SCALE: readonly (readonly [string, number])[] = [
  ['TB', ByteUnit.TB],
  ['GB', ByteUnit.GB],
  ['MB', ByteUnit.MB],
  ['KB', ByteUnit.KB],
  ['B', 1],
];

/** "1.5 GB"; the largest unit whose rounded value is at least 1, so 1048575 B reads "1 MB". */
export function formatBytes(bytes: number, fractionDigits = 2): string {
  if (!Number.isFinite(bytes)) return '-';
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  for (const [name, size] of BYTE_SCALE) {
    const rounded = Number((abs / size).toFixed(fractionDigits));
    if (rounded >= 1 || size === 1) return `${rounded === 0 ? '' : sign}${rounded} ${name}`;
  }
  return '-'; // unreachable: the scale ends with 1 B
}

/** spec §9: renewal durations 1-9 months and 1-5 years, as months. */
export const RENEWAL_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 24, 36, 48, 60] as const;
export type RenewalMonths = (typeof RENEWAL_MONTHS)[number];
export const renewalDurationLabels: Record<RenewalMonths, Label> = {
  1: { en: '1 month', zh: '1 个月' },
  2: { en: '2 months', zh: '2 个月' },
  3: { en: '3 months', zh: '3 个月' },
  4: { en: '4 months', zh: '4 个月' },
  5: { en: '5 months', zh: '5 个月' },
  6: { en: '6 months', zh: '6 个月' },
  7: { en: '7 months', zh: '7 个月' },
  8: { en: '8 months', zh: '8 个月' },
  9: { en: '9 months', zh: '9 个月' },
  12: { en: '1 year', zh: '1 年' },
  24: { en: '2 years', zh: '2 年' },
  36: { en: '3 years', zh: '3 年' },
  48: { en: '4 years', zh: '4 年' },
  60: { en: '5 years', zh: '5 年' },
};

/** spec §9: device model choices A1-C3. Model names read the same in every language, so no labels. */
export const DEVICE_MODELS = ['A1', 'A2', 'A3', 'B1', 'B2', 'B3', 'C1', 'C2', 'C3'] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];
