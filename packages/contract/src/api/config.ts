/**
 * Configuration profiles: spec §3 Config, §5 config validation, §7 CONFIG, §8 14xxx. The device side
 * (docs/device-protocol.md §7.9 `apply_config`, §7.13 telemetry) is config-apply.ts.
 *
 * How a refusal gets its code: every rule of spec §5 is a refinement whose zod issue carries
 * `params: { code }`, a 14xxx catalogue code, and a short English message for `details`. A value of
 * the wrong JSON type (a number for an SSID) has no such param; `configIssueCode` then finds the code
 * by the field's name. The console's form shows `errorText(configIssueCode(issue), lang)` beside the
 * field; a route sets `config.issueCode: configIssueCode` and answers with the code of the first
 * issue (`configProblem` computes the same outside a route).
 */
import { z } from 'zod';
import { DeviceType, type Label } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { PROTOCOL_LIMITS, TELEMETRY_INTERVALS, TOKEN_RE } from '../protocol/constants.ts';
import { DEFAULT_TELEMETRY, type WIFI_SECURITY_MODES, type UploadSwitches } from '../protocol/down.ts';
import { WIFI_BANDS, type WifiBand } from '../protocol/primitives.ts';
import {
  MD5_RE,
  VLAN_ID,
  bandwidthKbps,
  checkIp,
  compareIPv4,
  isGateway,
  isHostAddress,
  isIPv4,
  isPresharedKey,
  isSameSubnet,
  isStrongPassword,
  isSubnetMask,
  isVlanId,
  isWepKey,
  utf8ByteLength,
} from '../validators.ts';
import { queryParent } from './device.ts';

// ---- limits and enumerations ----

/** Profile names are short labels in selects and lists, like network names (27002). */
export const CONFIG_NAME_MAX = 32;
export const CONFIG_DESCRIPTION_MAX = 200;

export const CONFIG_LIMITS = {
  /** spec §5 "max 8 SSIDs", the protocol's `maxWirelessGroups`. */
  groups: PROTOCOL_LIMITS.maxWirelessGroups,
  groupName: 32,
  scheduleRules: PROTOCOL_LIMITS.maxScheduleRules,
  maxClients: { min: 1, max: 1024 },
  /** Group rekeying, seconds: spec §5 "> 0", at most a day as the protocol allows. */
  keyUpdateIntervalS: { min: 1, max: 86_400 },
  rssiDbm: { min: -100, max: -40 },
  ports: PROTOCOL_LIMITS.maxPorts,
  taggedVlans: PROTOCOL_LIMITS.maxTaggedVlans,
  pvid: { min: 1, max: 4094 },
  poeMaxW: 100,
  txPowerDbm: { min: 1, max: 36 },
  pppoeText: 64,
  portDescription: 32,
} as const;

/**
 * The report timer ("cycle time"), in seconds. Spec §5 gives two texts for it: the English form says
 * 1-60, the Chinese form offers 10-120 in steps of 10. Both are read as seconds of one timer, and one
 * rule serves every language: a whole number of seconds from 10 to 120.
 * - The unit is seconds because the timer becomes the device's stats cadence (`statsIntervalS`,
 *   protocol §7.13, at most 3600 s): read as minutes, 120 would not fit, and the console's offline
 *   detection (three stats intervals) would take hours.
 * - The upper bound is the Chinese 120, which contains the English 60.
 * - The lower bound is the Chinese 10: one report a second from each of 10 000 devices is a load the
 *   server is not sized for, and 10 s is also the protocol's default cadence. The English 1-9 are
 *   therefore refused (14021).
 * - Steps of 10 are how the console offers the value (a select of 10, 20 … 120 in both languages);
 *   the server accepts any whole number in range, so a value typed through the API stays valid.
 */
export const CYCLE_TIME = {
  min: 10,
  max: 120,
  step: 10,
  default: TELEMETRY_INTERVALS.statsS.default,
} as const;
/** The choices the console's select offers: 10, 20 … 120. */
export const CYCLE_TIME_CHOICES: readonly number[] = Array.from(
  { length: CYCLE_TIME.max / CYCLE_TIME.step },
  (_, i) => (i + 1) * CYCLE_TIME.step,
);

export function isCycleTime(value: unknown): boolean {
  return (
    Number.isInteger(value) && (value as number) >= CYCLE_TIME.min && (value as number) <= CYCLE_TIME.max
  );
}

/** The device types a profile is for. An AC's own profiles (`add/ac`) are AP profiles it pushes. */
export const CONFIG_TYPES = [DeviceType.AP, DeviceType.Switch, DeviceType.Router] as const;
export type ConfigType = (typeof CONFIG_TYPES)[number];

/** `settings`: the profile's own sections, delivered inline; `file`: a vendor file the device downloads. */
export const CONFIG_SOURCES = ['settings', 'file'] as const;
export type ConfigSource = (typeof CONFIG_SOURCES)[number];
export const configSourceLabels: Record<ConfigSource, Label> = {
  settings: { en: 'Settings', zh: '参数配置' },
  file: { en: 'Configuration file', zh: '配置文件' },
};

/** How the device gets its management address; PPPoE only for a router (its WAN). */
export const IP_MODES = ['dhcp', 'static', 'pppoe'] as const;
export type IpMode = (typeof IP_MODES)[number];
export const ipModeLabels: Record<IpMode, Label> = {
  dhcp: { en: 'DHCP', zh: 'DHCP' },
  static: { en: 'Static IP', zh: '静态 IP' },
  pppoe: { en: 'PPPoE', zh: 'PPPoE' },
};

/** The console's encryption choices (spec §3) and the protocol's security token for each. */
export const ENCRYPTIONS = ['open', 'wep', 'wpa2', 'wpa3', 'wpa_wpa2', 'wpa2_wpa3', '8021x'] as const;
export type Encryption = (typeof ENCRYPTIONS)[number];
export type WifiSecurity = (typeof WIFI_SECURITY_MODES)[number];
export const ENCRYPTION_SECURITY: Readonly<Record<Encryption, WifiSecurity>> = {
  open: 'open',
  wep: 'wep',
  wpa2: 'wpa2_psk',
  wpa3: 'wpa3_sae',
  wpa_wpa2: 'wpa_wpa2_psk',
  wpa2_wpa3: 'wpa2_wpa3',
  '8021x': 'wpa2_eap',
};
export const encryptionLabels: Record<Encryption, Label> = {
  open: { en: 'Open', zh: '不加密' },
  wep: { en: 'WEP', zh: 'WEP' },
  wpa2: { en: 'WPA2-PSK', zh: 'WPA2-PSK' },
  wpa3: { en: 'WPA3-SAE', zh: 'WPA3-SAE' },
  wpa_wpa2: { en: 'WPA/WPA2-PSK mixed', zh: 'WPA/WPA2-PSK 混合' },
  wpa2_wpa3: { en: 'WPA2/WPA3 mixed', zh: 'WPA2/WPA3 混合' },
  '8021x': { en: '802.1X (WPA2-Enterprise)', zh: '802.1X（WPA2 企业级）' },
};

/** Which key an encryption needs: none (open, 802.1X against RADIUS), a WEP key, or a passphrase. */
export function keyKindOf(encryption: Encryption): 'none' | 'wep' | 'psk' {
  if (encryption === 'open' || encryption === '8021x') return 'none';
  return encryption === 'wep' ? 'wep' : 'psk';
}

export const PORT_SPEEDS = ['auto', 10, 100, 1000, 2500, 5000, 10_000, 25_000, 40_000, 100_000] as const;
export type PortSpeed = (typeof PORT_SPEEDS)[number];
export const DUPLEX_MODES = ['auto', 'full', 'half'] as const;
export const POE_PRIORITIES = ['low', 'high', 'critical'] as const;
export const RADIO_WIDTHS = [20, 40, 80, 160, 320] as const;

/** Channels and widths each band allows (0 = automatic channel). */
export const BAND_RULES: Readonly<
  Record<WifiBand, { channels: { min: number; max: number }; widths: readonly number[] }>
> = {
  '2.4': { channels: { min: 1, max: 14 }, widths: [20, 40] },
  '5': { channels: { min: 36, max: 177 }, widths: [20, 40, 80, 160] },
  '6': { channels: { min: 1, max: 233 }, widths: [20, 40, 80, 160, 320] },
};

// ---- the rules, one predicate per field (shared by the form and the server) ----

/** The catalogue code of what is wrong with a profile name, or null. */
export function configNameError(value: string | undefined): number | null {
  const name = (value ?? '').trim();
  if (name === '') return ErrorCode.ConfigNameRequired;
  return name.length <= CONFIG_NAME_MAX && /^\P{Cc}+$/u.test(name) ? null : ErrorCode.ConfigNameTooLong;
}

/** The catalogue code of what is wrong with an SSID, or null: 1-32 bytes of UTF-8, no control characters. */
export function ssidError(value: string | undefined): number | null {
  if ((value ?? '').trim() === '') return ErrorCode.SsidRequired;
  return utf8ByteLength(value!) <= 32 && !/\p{Cc}/u.test(value!) ? null : ErrorCode.SsidInvalid;
}

/** The catalogue code of what is wrong with a group's key for its encryption, or null. */
export function wirelessKeyError(encryption: Encryption, key: string | null | undefined): number | null {
  const kind = keyKindOf(encryption);
  if (kind === 'none') return null;
  if (kind === 'wep') return key && isWepKey(key) ? null : ErrorCode.WepKeyInvalid;
  return key && isPresharedKey(key) ? null : ErrorCode.PresharedKeyInvalid;
}

const HHMM_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const ADMIN_NAME_RE = /^[A-Za-z0-9_.-]{1,32}$/;

// ---- issues ----

type Path = (string | number)[];
type Ctx = z.core.$RefinementCtx;

/** Adds the issue of a broken spec §5 rule: `code` for the server and the form, `message` for details. */
function refuse(ctx: Ctx, code: number, message: string, path: Path): void {
  ctx.addIssue({ code: 'custom', message, path, params: { code } });
}

/**
 * Codes for issues without their own (a wrong JSON type, an unknown enumeration value), by the
 * section (first path key) and the field (last string key).
 */
const SECTION_FIELD_CODES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  Groups: {
    Name: ErrorCode.WirelessGroupNameInvalid,
    SSID: ErrorCode.SsidRequired,
    Bands: ErrorCode.WirelessBandsInvalid,
    Key: ErrorCode.PresharedKeyInvalid,
    KeyUpdateInterval: ErrorCode.KeyUpdateIntervalInvalid,
    MaxClients: ErrorCode.MaxClientsInvalid,
    Bandwidth: ErrorCode.BandwidthInvalid,
    Up: ErrorCode.BandwidthInvalid,
    Down: ErrorCode.BandwidthInvalid,
    VLAN: ErrorCode.VlanInvalid,
    RSSI: ErrorCode.RssiThresholdInvalid,
    Schedule: ErrorCode.ScheduleInvalid,
    Days: ErrorCode.ScheduleInvalid,
    Start: ErrorCode.ScheduleInvalid,
    End: ErrorCode.ScheduleInvalid,
  },
  Ports: {
    PVID: ErrorCode.VlanInvalid,
    TaggedVlans: ErrorCode.VlanInvalid,
    Poe: ErrorCode.PoeSettingsInvalid,
    Priority: ErrorCode.PoeSettingsInvalid,
    MaxW: ErrorCode.PoeSettingsInvalid,
  },
  Lan: { IP: ErrorCode.ConfigIpFormat, NetMask: ErrorCode.ConfigMaskFormat },
  Admin: { Username: ErrorCode.AdminUsernameInvalid, Password: ErrorCode.AdminPasswordInvalid },
};

/**
 * The code of each top-level field, for any issue under it that carries none. Also usable as a
 * route's `config.fieldCodes` (which looks at the first path key only); `Groups` and `Admin` hold
 * fields of different codes, so they are not listed.
 */
export const CONFIG_FIELD_CODES: Readonly<Record<string, number>> = {
  Name: ErrorCode.ConfigNameRequired,
  Description: ErrorCode.ConfigDescriptionTooLong,
  Type: ErrorCode.ConfigTypeInvalid,
  Source: ErrorCode.ConfigFileError,
  File: ErrorCode.ConfigFileError,
  CycleTime: ErrorCode.CycleTimeInvalid,
  IPMode: ErrorCode.ConfigIpFormat,
  IP: ErrorCode.ConfigIpFormat,
  NetMask: ErrorCode.ConfigMaskFormat,
  GateWay: ErrorCode.ConfigGatewayFormat,
  DNS1: ErrorCode.ConfigDnsFormat,
  DNS2: ErrorCode.ConfigDnsFormat,
  Radios: ErrorCode.RadioInvalid,
  Ports: ErrorCode.PortSettingsInvalid,
  Pppoe: ErrorCode.PppoeInvalid,
  Lan: ErrorCode.LanInvalid,
  Controller: ErrorCode.ConfigControllerRequired,
};

/** The catalogue code of one zod issue of a configuration or delivery body, or null (then 4000). */
export function configIssueCode(issue: { path: readonly PropertyKey[]; params?: unknown }): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const keys = issue.path.filter((k): k is string => typeof k === 'string');
  // add/groups sends one group as `Group`: its fields have the codes of the profile's `Groups`.
  const section = keys[0] === 'Group' ? 'Groups' : keys[0];
  const field = keys[keys.length - 1];
  if (section === undefined) return null;
  if (section === 'Groups' && keys.length === 1) return ErrorCode.WirelessGroupLimit;
  return (
    SECTION_FIELD_CODES[section]?.[field ?? ''] ??
    CONFIG_FIELD_CODES[section] ??
    (section === 'Admin' ? ErrorCode.AdminUsernameInvalid : null)
  );
}

/** A refused body as the server answers it: one catalogue code, and each issue for `details`. */
export interface BodyProblem {
  code: number;
  details: { path: string; message: string }[];
}

/**
 * The first issue's code by `codeOf` (4000 when no issue has one), and every issue as
 * `{ path, message }` like the error handler's details.
 */
export function issueProblem(
  error: z.ZodError,
  codeOf: (issue: z.core.$ZodIssue) => number | null,
): BodyProblem {
  const code = error.issues.map(codeOf).find((c) => c !== null) ?? ErrorCode.ValidationFailed;
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return { code, details };
}

/** What the server answers for a profile body that failed. */
export function configProblem(error: z.ZodError): BodyProblem {
  return issueProblem(error, configIssueCode);
}

// ---- sections: stored (reply) shapes ----

const id = z.string().trim().min(1).max(64);
const address = z.string().nullable().meta({ description: 'IPv4, dotted quad; null when not set' });

export const scheduleRuleItem = z.object({
  Days: z.array(z.number().int()).meta({ description: 'Days of the week, 0 Sunday … 6 Saturday' }),
  Start: z.string().meta({ description: 'HH:MM, device local time' }),
  End: z.string().meta({ description: 'HH:MM, exclusive; an end not after the start runs past midnight' }),
});
export type ScheduleRule = z.infer<typeof scheduleRuleItem>;

export const bandwidthItem = z
  .object({
    Up: z.string().nullable().meta({ description: 'Per-client upload limit like 512K; null: none' }),
    Down: z.string().nullable().meta({ description: 'Per-client download limit like 3M; null: none' }),
  })
  .meta({ description: 'Bandwidth limits as typed: a number and K, M, G or T (decimal, bit/s)' });

export const wirelessGroupItem = z.object({
  Name: z.string().meta({ description: 'Unique in its profile (14007); the SSID when not given' }),
  SSID: z.string(),
  Bands: z.array(z.enum(WIFI_BANDS)),
  Encryption: z.enum(ENCRYPTIONS),
  /** Returned: the console shows a group's key to its tenant's users. */
  Key: z.string().nullable().meta({ description: 'WEP key or passphrase; null for open and 802.1X' }),
  KeyUpdateInterval: z.number().int().nullable().meta({ description: 'Group rekey, seconds; null: never' }),
  Hidden: z.boolean(),
  MaxClients: z.number().int(),
  Bandwidth: bandwidthItem.nullable(),
  Roaming: z.boolean().meta({ description: '802.11k/v/r fast roaming' }),
  VLAN: z.number().int().nullable().meta({ description: '2-4094; null: untagged' }),
  Portal: z.boolean().meta({ description: 'Guest portal' }),
  RSSI: z.number().int().nullable().meta({ description: 'Threshold -100 … -40 dBm; null: off' }),
  Isolation: z.boolean().meta({ description: 'Clients cannot reach each other' }),
  Schedule: z.array(scheduleRuleItem).meta({ description: 'When the SSID is on; empty: always' }),
});
export type WirelessGroup = z.infer<typeof wirelessGroupItem>;

export const radioItem = z.object({
  Band: z.enum(WIFI_BANDS),
  Enabled: z.boolean(),
  Channel: z.number().int().meta({ description: '0: automatic' }),
  Width: z.literal(RADIO_WIDTHS).meta({ description: 'Channel width, MHz' }),
  TxPower: z.number().int().nullable().meta({ description: 'dBm 1-36; null: automatic' }),
});
export type RadioSettings = z.infer<typeof radioItem>;

export const poeItem = z.object({
  Enabled: z.boolean(),
  Priority: z.enum(POE_PRIORITIES),
  MaxW: z
    .number()
    .nullable()
    .meta({ description: 'Power limit, W (above 0, at most 100); null: class limit' }),
});

export const portItem = z.object({
  Port: z.number().int(),
  Enabled: z.boolean(),
  Description: z.string(),
  Speed: z.literal(PORT_SPEEDS).meta({ description: 'auto, or Mbit/s' }),
  Duplex: z.enum(DUPLEX_MODES),
  PVID: z.number().int(),
  TaggedVlans: z.array(z.number().int()),
  Poe: poeItem.nullable().meta({ description: 'null: leave PoE as it is (or the port has none)' }),
});
export type PortSettings = z.infer<typeof portItem>;

export const lanItem = z.object({
  IP: z.string(),
  NetMask: z.string(),
  DhcpEnabled: z.boolean(),
  DhcpStart: z.string().nullable(),
  DhcpEnd: z.string().nullable(),
});
export type LanSettings = z.infer<typeof lanItem>;

export const UPLOAD_SWITCHES = [
  'Client',
  'LLDP',
  'DNSLog',
  'SystemLog',
  'DebugLog',
  'TerminalTraffic',
  'Packets',
  'CPU',
  'Memory',
  'HotspotProbe',
  'PoEData',
] as const;
export type UploadSwitch = (typeof UPLOAD_SWITCHES)[number];
/** Each upload switch of a profile (spec §3) and the protocol's switch it sets. */
export const UPLOAD_SWITCH_KEYS: Readonly<Record<UploadSwitch, keyof UploadSwitches>> = {
  Client: 'clients',
  LLDP: 'lldp',
  DNSLog: 'dnsLog',
  SystemLog: 'systemLog',
  DebugLog: 'debugLog',
  TerminalTraffic: 'clientTraffic',
  Packets: 'packets',
  CPU: 'cpu',
  Memory: 'memory',
  HotspotProbe: 'probes',
  PoEData: 'poe',
};
export const uploadSwitchLabels: Record<UploadSwitch, Label> = {
  Client: { en: 'Clients', zh: '终端' },
  LLDP: { en: 'LLDP', zh: 'LLDP' },
  DNSLog: { en: 'DNS log', zh: 'DNS 日志' },
  SystemLog: { en: 'System log', zh: '系统日志' },
  DebugLog: { en: 'Debug log', zh: '调试日志' },
  TerminalTraffic: { en: 'Client traffic', zh: '终端流量' },
  Packets: { en: 'Packets', zh: '报文' },
  CPU: { en: 'CPU', zh: 'CPU' },
  Memory: { en: 'Memory', zh: '内存' },
  HotspotProbe: { en: 'Hotspot probe', zh: '热点探针' },
  PoEData: { en: 'PoE data', zh: 'PoE 数据' },
};
export const uploadItem = z.object(
  Object.fromEntries(UPLOAD_SWITCHES.map((k) => [k, z.boolean()])) as Record<UploadSwitch, z.ZodBoolean>,
);
export type ProfileUpload = z.infer<typeof uploadItem>;
/** The switches a new profile starts with: the protocol's defaults. */
export const DEFAULT_UPLOAD: ProfileUpload = Object.fromEntries(
  UPLOAD_SWITCHES.map((k) => [k, DEFAULT_TELEMETRY.upload[UPLOAD_SWITCH_KEYS[k]]]),
) as ProfileUpload;

export const configFileItem = z.object({
  Path: z.string().meta({ description: 'The uploaded file: the key `POST /v1/config/upload` answered' }),
  MD5: z
    .string()
    .meta({ description: '32 hex digits, computed by the server; the device checks the download' }),
  Size: z.number().int().meta({ description: 'Bytes' }),
  Format: z.string().meta({ description: 'Vendor format token: uci_tar, cli_text or json' }),
  Name: z
    .string()
    .nullish()
    .meta({ description: "The file's name as uploaded; absent on profiles saved before uploads" }),
});
export type ConfigFile = z.infer<typeof configFileItem>;

/**
 * Configuration files (`POST /v1/config/upload`, docs/configuration.md "Configuration files"): a
 * vendor file a device downloads whole. 16 MiB holds any router's or switch's backup archive with
 * room to spare, and stays small enough to keep in memory while its MD5 is taken.
 */
export const CONFIG_FILE_MAX_BYTES = 16 * 1024 * 1024;
/** The formats a file may have, by its name's ending (the protocol's `format` token). */
export const CONFIG_FILE_FORMATS = {
  uci_tar: ['.tar', '.tar.gz', '.tgz'],
  cli_text: ['.cfg', '.txt'],
  json: ['.json'],
} as const;
export type ConfigFileFormat = keyof typeof CONFIG_FILE_FORMATS;
/** For the upload's `accept`. */
export const CONFIG_FILE_EXTENSIONS: readonly string[] = Object.values(CONFIG_FILE_FORMATS).flat();

/** The format of a file by its name's ending (case-insensitive), or null when none is allowed. */
export function configFileFormatOf(name: string): ConfigFileFormat | null {
  const lower = name.toLowerCase();
  for (const [format, endings] of Object.entries(CONFIG_FILE_FORMATS) as [
    ConfigFileFormat,
    readonly string[],
  ][])
    if (endings.some((e) => lower.endsWith(e) && lower.length > e.length)) return format;
  return null;
}

/** `POST /v1/config/upload` answers the stored file; a profile of source `file` names its `Path`. */
export const configFileUploadReply = configFileItem.extend({ Name: z.string() });
export type ConfigFileUploadReply = z.infer<typeof configFileUploadReply>;

/** A write-only secret's place in a reply: whether one is stored, never the value or its hash. */
const secretSet = z.boolean().meta({ description: 'Whether a password is stored; it is never returned' });

/** The fields of a profile every reply shows (without secrets). */
const profileItemFields = {
  Name: z.string(),
  Description: z.string(),
  Type: z.literal(CONFIG_TYPES).meta({ description: 'Device type: 2 AP, 3 switch, 4 router' }),
  Source: z.enum(CONFIG_SOURCES),
  CycleTime: z.number().int().meta({ description: 'Report interval, seconds (10-120)' }),
  IPMode: z.enum(IP_MODES),
  IP: address,
  NetMask: address,
  GateWay: address,
  DNS1: address,
  DNS2: address,
  Radios: z.array(radioItem).meta({ description: 'AP only' }),
  Groups: z.array(wirelessGroupItem).meta({ description: 'Wireless groups, AP only, at most 8' }),
  Ports: z.array(portItem).meta({ description: 'Switch only: the ports the profile sets' }),
  Pppoe: z
    .object({ Username: z.string(), PasswordSet: secretSet })
    .nullable()
    .meta({ description: 'Router' }),
  Lan: lanItem.nullable().meta({ description: 'Router only' }),
  Admin: z
    .object({ Username: z.string(), PasswordSet: secretSet })
    .nullable()
    .meta({ description: "The device's local administrator; null: left as the device has it" }),
  Upload: uploadItem,
  File: configFileItem.nullable().meta({ description: 'Source file only' }),
};

export const configItem = z.object({
  _id: z.string(),
  ...profileItemFields,
  /** The AC whose APs the profile is for (profiles of `add/ac`); null for the tenant's own. */
  Controller: z.string().nullable(),
  Revision: z.number().int().meta({ description: 'Grows with every change; the device reports it back' }),
  Tenant: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type ConfigItem = z.infer<typeof configItem>;

// ---- sections: inputs with their rules ----

const scheduleRuleInput = scheduleRuleItem.superRefine((r, ctx) => {
  const days = new Set(r.Days);
  const daysOk =
    r.Days.length >= 1 &&
    days.size === r.Days.length &&
    r.Days.every((d) => Number.isInteger(d) && d >= 0 && d <= 6);
  if (!daysOk) refuse(ctx, ErrorCode.ScheduleInvalid, 'days: 1-7 different days 0-6', ['Days']);
  if (!HHMM_RE.test(r.Start)) refuse(ctx, ErrorCode.ScheduleInvalid, 'HH:MM', ['Start']);
  if (!HHMM_RE.test(r.End)) refuse(ctx, ErrorCode.ScheduleInvalid, 'HH:MM', ['End']);
  else if (r.End === r.Start) refuse(ctx, ErrorCode.ScheduleInvalid, 'end equals start', ['End']);
});

const wirelessGroupFields = {
  Name: z.string().optional(),
  SSID: z.string(),
  Bands: z.array(z.enum(WIFI_BANDS)).default(['2.4', '5']),
  Encryption: z.enum(ENCRYPTIONS).default('wpa2'),
  Key: z.string().nullish(),
  KeyUpdateInterval: z.number().nullish(),
  Hidden: z.boolean().default(false),
  MaxClients: z.number().default(64),
  Bandwidth: z
    .object({ Up: z.string().trim().nullish(), Down: z.string().trim().nullish() })
    .nullish()
    .meta({ description: 'Per-client limits like 3M or 512K; null or empty: none' }),
  Roaming: z.boolean().default(false),
  VLAN: z.number().nullish(),
  Portal: z.boolean().default(false),
  RSSI: z.number().nullish(),
  Isolation: z.boolean().default(false),
  // The rule's 14 is checked with its code below; 64 only bounds the work of reading a body.
  Schedule: z.array(scheduleRuleInput).max(64).default([]),
};

function wirelessGroupRules(g: z.output<z.ZodObject<typeof wirelessGroupFields>>, ctx: Ctx): void {
  const name = g.Name?.trim();
  if (name !== undefined && name !== '' && (name.length > CONFIG_LIMITS.groupName || /\p{Cc}/u.test(name)))
    refuse(ctx, ErrorCode.WirelessGroupNameInvalid, `at most ${CONFIG_LIMITS.groupName} characters`, [
      'Name',
    ]);
  const ssid = ssidError(g.SSID);
  if (ssid !== null)
    refuse(ctx, ssid, ssid === ErrorCode.SsidRequired ? 'SSID required' : 'at most 32 bytes', ['SSID']);
  if (g.Bands.length < 1 || new Set(g.Bands).size !== g.Bands.length)
    refuse(ctx, ErrorCode.WirelessBandsInvalid, '1-3 different bands', ['Bands']);
  const key = wirelessKeyError(g.Encryption, g.Key);
  if (key !== null)
    refuse(ctx, key, key === ErrorCode.WepKeyInvalid ? 'check WEP key' : '8-63 characters', ['Key']);
  const rekey = g.KeyUpdateInterval;
  if (rekey != null && !inRange(rekey, CONFIG_LIMITS.keyUpdateIntervalS))
    refuse(ctx, ErrorCode.KeyUpdateIntervalInvalid, 'seconds, 1-86400', ['KeyUpdateInterval']);
  if (!inRange(g.MaxClients, CONFIG_LIMITS.maxClients))
    refuse(ctx, ErrorCode.MaxClientsInvalid, 'max clients 1-1024', ['MaxClients']);
  for (const side of ['Up', 'Down'] as const) {
    const text = g.Bandwidth?.[side];
    if (text && bandwidthKbps(text) === null)
      refuse(ctx, ErrorCode.BandwidthInvalid, 'like 3M or 512K', ['Bandwidth', side]);
  }
  if (g.VLAN != null && !isVlanId(g.VLAN))
    refuse(ctx, ErrorCode.VlanInvalid, `VLAN ${VLAN_ID.min}-${VLAN_ID.max}`, ['VLAN']);
  if (g.RSSI != null && !inRange(g.RSSI, CONFIG_LIMITS.rssiDbm))
    refuse(ctx, ErrorCode.RssiThresholdInvalid, 'dBm -100 … -40', ['RSSI']);
  if (g.Schedule.length > CONFIG_LIMITS.scheduleRules)
    refuse(ctx, ErrorCode.ScheduleInvalid, `at most ${CONFIG_LIMITS.scheduleRules} rules`, ['Schedule']);
}

function inRange(value: number, r: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= r.min && value <= r.max;
}

/**
 * One wireless group as typed in the form. The output is the stored form: the name defaults to the
 * SSID, a key the encryption does not use is dropped, empty bandwidth limits become null.
 */
export const wirelessGroupInput = z
  .object(wirelessGroupFields)
  .superRefine(wirelessGroupRules)
  .transform((g): WirelessGroup => ({
    Name: g.Name?.trim() || g.SSID,
    SSID: g.SSID,
    Bands: g.Bands,
    Encryption: g.Encryption,
    Key: keyKindOf(g.Encryption) === 'none' ? null : (g.Key ?? null),
    KeyUpdateInterval: g.KeyUpdateInterval ?? null,
    Hidden: g.Hidden,
    MaxClients: g.MaxClients,
    Bandwidth:
      g.Bandwidth && (g.Bandwidth.Up || g.Bandwidth.Down)
        ? { Up: g.Bandwidth.Up || null, Down: g.Bandwidth.Down || null }
        : null,
    Roaming: g.Roaming,
    VLAN: g.VLAN ?? null,
    Portal: g.Portal,
    RSSI: g.RSSI ?? null,
    Isolation: g.Isolation,
    Schedule: g.Schedule,
  }));
export type WirelessGroupInput = z.input<typeof wirelessGroupInput>;

/**
 * The rules over a profile's wireless groups as a whole: at most 8 (14024), no name twice (14007),
 * no SSID twice (14009), each with the index and field of the offending group. The profile bodies
 * run them; for `add/groups` the service runs them over the stored groups with the new one.
 */
export function wirelessGroupsProblems(
  groups: readonly Pick<WirelessGroup, 'Name' | 'SSID'>[],
): { code: number; index: number | null; field: 'Name' | 'SSID' | null }[] {
  const problems: { code: number; index: number | null; field: 'Name' | 'SSID' | null }[] = [];
  if (groups.length > CONFIG_LIMITS.groups)
    problems.push({ code: ErrorCode.WirelessGroupLimit, index: null, field: null });
  const names = new Set<string>();
  const ssids = new Set<string>();
  groups.forEach((g, index) => {
    if (names.has(g.Name))
      problems.push({ code: ErrorCode.WirelessGroupNameDuplicated, index, field: 'Name' });
    if (ssids.has(g.SSID)) problems.push({ code: ErrorCode.SsidDuplicated, index, field: 'SSID' });
    names.add(g.Name);
    ssids.add(g.SSID);
  });
  return problems;
}

export const radioInput = z
  .object({
    Band: z.enum(WIFI_BANDS),
    Enabled: z.boolean().default(true),
    Channel: z.number().default(0),
    Width: z.number(),
    TxPower: z.number().nullish(),
  })
  .superRefine((r, ctx) => {
    const rule = BAND_RULES[r.Band];
    if (r.Channel !== 0 && !inRange(r.Channel, rule.channels))
      refuse(ctx, ErrorCode.RadioInvalid, `channel 0 or ${rule.channels.min}-${rule.channels.max}`, [
        'Channel',
      ]);
    if (!rule.widths.includes(r.Width))
      refuse(ctx, ErrorCode.RadioInvalid, `width ${rule.widths.join('/')} MHz`, ['Width']);
    if (r.TxPower != null && !inRange(r.TxPower, CONFIG_LIMITS.txPowerDbm))
      refuse(ctx, ErrorCode.RadioInvalid, 'power 1-36 dBm', ['TxPower']);
  })
  .transform((r): RadioSettings => ({
    ...r,
    Width: r.Width as RadioSettings['Width'],
    TxPower: r.TxPower ?? null,
  }));

export const portInput = z
  .object({
    Port: z.number(),
    Enabled: z.boolean().default(true),
    Description: z.string().trim().default(''),
    Speed: z.union([z.literal('auto'), z.number()]).default('auto'),
    Duplex: z.enum(DUPLEX_MODES).default('auto'),
    PVID: z.number().default(1),
    TaggedVlans: z.array(z.number()).max(4094).default([]),
    Poe: z
      .object({
        Enabled: z.boolean(),
        Priority: z.enum(POE_PRIORITIES).default('low'),
        MaxW: z.number().nullish(),
      })
      .nullish(),
  })
  .superRefine((p, ctx) => {
    if (!inRange(p.Port, { min: 1, max: CONFIG_LIMITS.ports }))
      refuse(ctx, ErrorCode.PortSettingsInvalid, `port 1-${CONFIG_LIMITS.ports}`, ['Port']);
    if (p.Description.length > CONFIG_LIMITS.portDescription || /\p{Cc}/u.test(p.Description))
      refuse(ctx, ErrorCode.PortSettingsInvalid, `at most ${CONFIG_LIMITS.portDescription} characters`, [
        'Description',
      ]);
    if (!(PORT_SPEEDS as readonly (string | number)[]).includes(p.Speed))
      refuse(ctx, ErrorCode.PortSettingsInvalid, 'auto or a speed in Mbit/s', ['Speed']);
    // 1000BASE-T and faster have no half duplex (IEEE 802.3 clause 40 dropped it in practice).
    else if (p.Duplex === 'half' && p.Speed !== 'auto' && p.Speed >= 1000)
      refuse(ctx, ErrorCode.PortSettingsInvalid, 'half duplex only below 1000 Mbit/s', ['Duplex']);
    if (!inRange(p.PVID, CONFIG_LIMITS.pvid)) refuse(ctx, ErrorCode.VlanInvalid, 'PVID 1-4094', ['PVID']);
    const tagged = p.TaggedVlans;
    const taggedOk =
      tagged.length <= CONFIG_LIMITS.taggedVlans &&
      new Set(tagged).size === tagged.length &&
      tagged.every((v) => isVlanId(v)) &&
      // The PVID's VLAN leaves the port untagged; tagging it as well is a contradiction switches refuse.
      !tagged.includes(p.PVID);
    if (!taggedOk)
      refuse(
        ctx,
        ErrorCode.VlanInvalid,
        `at most ${CONFIG_LIMITS.taggedVlans} different VLANs 2-4094, not the PVID`,
        ['TaggedVlans'],
      );
    const maxW = p.Poe?.MaxW;
    if (maxW != null && !(Number.isFinite(maxW) && maxW > 0 && maxW <= CONFIG_LIMITS.poeMaxW))
      refuse(ctx, ErrorCode.PoeSettingsInvalid, 'above 0, at most 100 W', ['Poe', 'MaxW']);
  })
  .transform((p): PortSettings => ({
    ...p,
    Speed: p.Speed as PortSettings['Speed'],
    Poe: p.Poe ? { Enabled: p.Poe.Enabled, Priority: p.Poe.Priority, MaxW: p.Poe.MaxW ?? null } : null,
  }));

const optionalAddress = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null));

export const lanInput = z
  .object({
    IP: z.string().trim(),
    NetMask: z.string().trim(),
    DhcpEnabled: z.boolean().default(true),
    DhcpStart: optionalAddress,
    DhcpEnd: optionalAddress,
  })
  .superRefine((l, ctx) => {
    const maskOk = isSubnetMask(l.NetMask);
    const ipProblem = checkIp(l.IP);
    if (ipProblem || (maskOk && !isHostAddress(l.IP, l.NetMask)))
      refuse(ctx, ErrorCode.ConfigIpFormat, ipProblem ?? 'not a host address of the mask', ['IP']);
    if (!maskOk) refuse(ctx, ErrorCode.ConfigMaskFormat, 'check mask', ['NetMask']);
    const { DhcpStart: start, DhcpEnd: end } = l;
    if (!l.DhcpEnabled) {
      // Kept for when DHCP is turned on again, so still checked as addresses.
      if (start && !isIPv4(start)) refuse(ctx, ErrorCode.LanInvalid, 'check IP', ['DhcpStart']);
      if (end && !isIPv4(end)) refuse(ctx, ErrorCode.LanInvalid, 'check IP', ['DhcpEnd']);
      return;
    }
    if (ipProblem || !maskOk) return;
    for (const [key, value] of [
      ['DhcpStart', start],
      ['DhcpEnd', end],
    ] as const) {
      if (
        !value ||
        !isIPv4(value) ||
        !isSameSubnet(value, l.IP, l.NetMask) ||
        !isHostAddress(value, l.NetMask)
      )
        refuse(ctx, ErrorCode.LanInvalid, "an address of the LAN's subnet", [key]);
    }
    if (start && end && isIPv4(start) && isIPv4(end)) {
      if (compareIPv4(start, end) > 0) refuse(ctx, ErrorCode.LanInvalid, 'start after end', ['DhcpEnd']);
      else if (compareIPv4(start, l.IP) <= 0 && compareIPv4(l.IP, end) <= 0)
        refuse(ctx, ErrorCode.LanInvalid, 'the range holds the LAN address', ['DhcpStart']);
    }
  });

/**
 * A file profile's file. Only `Path` (an upload's key) decides: the server takes MD5, size, format and
 * name from its store (14062 for a path that is not one of the tenant's uploads). The others are
 * still accepted, as the upload answered them, and checked for their form.
 */
export const configFileInput = z.object({
  Path: z.string().trim().min(1).max(512),
  MD5: z.string().trim().regex(MD5_RE, { error: '32 hex digits' }).optional(),
  Size: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  Format: z.string().regex(TOKEN_RE, { error: 'lower snake case, 1-32' }).default('uci_tar'),
  Name: z.string().max(255).nullish(),
});

const uploadInput = z
  .object(
    Object.fromEntries(UPLOAD_SWITCHES.map((k) => [k, z.boolean().default(DEFAULT_UPLOAD[k])])) as Record<
      UploadSwitch,
      z.ZodDefault<z.ZodBoolean>
    >,
  )
  .prefault({});

/** The profile's fields as the form sends them (add and update alike). */
const profileInputFields = {
  Name: z.string(),
  Description: z.string().trim().default(''),
  Type: z.literal(CONFIG_TYPES).meta({ description: 'Device type: 2 AP, 3 switch, 4 router' }),
  Source: z.enum(CONFIG_SOURCES).default('settings'),
  CycleTime: z
    .number()
    .default(CYCLE_TIME.default)
    .meta({ description: 'Report interval, seconds (10-120)' }),
  IPMode: z.enum(IP_MODES).default('dhcp'),
  IP: optionalAddress,
  NetMask: optionalAddress,
  GateWay: optionalAddress,
  DNS1: optionalAddress,
  DNS2: optionalAddress,
  Radios: z.array(radioInput).max(PROTOCOL_LIMITS.maxRadios).default([]),
  // 8 is the rule (14024, checked below with its code); 64 only bounds the work of reading a body.
  Groups: z.array(wirelessGroupInput).max(64).default([]),
  Ports: z.array(portInput).max(CONFIG_LIMITS.ports).default([]),
  Pppoe: z
    .object({ Username: z.string().trim(), Password: z.string().optional() })
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'Router WAN by PPPoE; the password is write-only: absent keeps the stored one' }),
  Lan: lanInput.nullish().transform((v) => v ?? null),
  Admin: z
    .object({
      Username: z.string().trim(),
      Password: z
        .string()
        .optional()
        .meta({ description: 'Write-only; absent on update keeps the stored one' }),
    })
    .nullish()
    .transform((v) => v ?? null),
  Upload: uploadInput,
  File: configFileInput.nullish().transform((v) => v ?? null),
};
type ProfileInputOut = z.output<z.ZodObject<typeof profileInputFields>>;

/** What a profile's checks need to know beyond its fields. */
interface ProfileRuleOptions {
  /** `add`: an admin account or PPPoE needs its password; `update` keeps the stored one when absent. */
  passwordRequired: boolean;
  /** The `ac` variants: profiles an AC pushes to its APs, so AP profiles only. */
  acOnly: boolean;
}

function addressRules(p: ProfileInputOut, ctx: Ctx): void {
  const set = (v: string | null): v is string => v !== null;
  const staticMode = p.IPMode === 'static';
  const ipProblem = set(p.IP) ? checkIp(p.IP) : staticMode ? 'IP is null' : null;
  const maskOk = set(p.NetMask) ? isSubnetMask(p.NetMask) : !staticMode;
  // Issues in the form's order (IP, mask, gateway, DNS): the first one is the server's answer.
  if (ipProblem) refuse(ctx, ErrorCode.ConfigIpFormat, ipProblem, ['IP']);
  else if (set(p.IP) && set(p.NetMask) && maskOk && !isHostAddress(p.IP, p.NetMask))
    refuse(ctx, ErrorCode.ConfigIpFormat, 'not a host address of the mask', ['IP']);
  if (!maskOk) refuse(ctx, ErrorCode.ConfigMaskFormat, 'check mask', ['NetMask']);
  if (set(p.GateWay) || staticMode) {
    const gw = p.GateWay ?? '';
    // spec §5: the console's APs and switches sit behind a 192.168.x.x gateway. A router's own
    // gateway is its provider's, any address.
    const gwOk = p.Type === DeviceType.Router ? isIPv4(gw) : isGateway(gw);
    const sameNet =
      !set(p.IP) ||
      !set(p.NetMask) ||
      ipProblem ||
      !maskOk ||
      (isSameSubnet(gw, p.IP, p.NetMask) && gw !== p.IP);
    if (!gwOk || !sameNet)
      refuse(ctx, ErrorCode.ConfigGatewayFormat, gwOk ? 'gateway outside the subnet' : 'check gateway', [
        'GateWay',
      ]);
  }
  if ((set(p.DNS1) || staticMode) && !isIPv4(p.DNS1 ?? ''))
    refuse(ctx, ErrorCode.ConfigDnsFormat, 'check DNS', ['DNS1']);
  if (set(p.DNS2) && !isIPv4(p.DNS2)) refuse(ctx, ErrorCode.ConfigDnsFormat, 'check DNS', ['DNS2']);
}

function profileRules(p: ProfileInputOut, ctx: Ctx, opts: ProfileRuleOptions): void {
  const name = configNameError(p.Name);
  if (name !== null)
    refuse(ctx, name, name === ErrorCode.ConfigNameRequired ? 'name required' : 'too long', ['Name']);
  if (p.Description.length > CONFIG_DESCRIPTION_MAX || /[^\P{Cc}\n]/u.test(p.Description))
    refuse(ctx, ErrorCode.ConfigDescriptionTooLong, `at most ${CONFIG_DESCRIPTION_MAX} characters`, [
      'Description',
    ]);
  if (opts.acOnly && p.Type !== DeviceType.AP)
    refuse(ctx, ErrorCode.ConfigTypeInvalid, 'an AC pushes AP profiles', ['Type']);
  if (!isCycleTime(p.CycleTime))
    refuse(ctx, ErrorCode.CycleTimeInvalid, `seconds ${CYCLE_TIME.min}-${CYCLE_TIME.max}`, ['CycleTime']);
  addressRules(p, ctx);

  // Sections of another device type are refused rather than dropped: silently losing typed settings
  // would surprise whoever typed them.
  const notFor = (path: Path) =>
    refuse(ctx, ErrorCode.ConfigSectionNotForType, 'not for this device type', path);
  if (p.Type !== DeviceType.AP) {
    if (p.Radios.length) notFor(['Radios']);
    if (p.Groups.length) notFor(['Groups']);
  }
  if (p.Type !== DeviceType.Switch && p.Ports.length) notFor(['Ports']);
  if (p.Type !== DeviceType.Router) {
    if (p.IPMode === 'pppoe') notFor(['IPMode']);
    if (p.Pppoe) notFor(['Pppoe']);
    if (p.Lan) notFor(['Lan']);
  }

  const bands = p.Radios.map((r) => r.Band);
  if (new Set(bands).size !== bands.length)
    refuse(ctx, ErrorCode.RadioInvalid, 'one radio per band', ['Radios']);
  const ports = p.Ports.map((x) => x.Port);
  if (new Set(ports).size !== ports.length)
    refuse(ctx, ErrorCode.PortSettingsInvalid, 'each port once', ['Ports']);

  if (p.Source === 'file') {
    if (!p.File) refuse(ctx, ErrorCode.ConfigFileError, 'upload the file', ['File']);
  } else if (p.Type === DeviceType.AP && p.Groups.length === 0) {
    refuse(ctx, ErrorCode.WirelessGroupRequired, 'at least one wireless group', ['Groups']);
  }
  for (const problem of wirelessGroupsProblems(p.Groups)) {
    const path: Path = problem.index === null ? ['Groups'] : ['Groups', problem.index, problem.field!];
    refuse(
      ctx,
      problem.code,
      problem.field ? `${problem.field} twice` : `at most ${CONFIG_LIMITS.groups}`,
      path,
    );
  }

  if (p.IPMode === 'pppoe' && p.Type === DeviceType.Router && !p.Pppoe)
    refuse(ctx, ErrorCode.PppoeInvalid, 'PPPoE account required', ['Pppoe']);
  if (p.Pppoe) {
    const { Username, Password } = p.Pppoe;
    if (!textOk(Username, CONFIG_LIMITS.pppoeText))
      refuse(ctx, ErrorCode.PppoeInvalid, '1-64 characters', ['Pppoe', 'Username']);
    if (Password === undefined ? opts.passwordRequired : !textOk(Password, CONFIG_LIMITS.pppoeText))
      refuse(ctx, ErrorCode.PppoeInvalid, '1-64 characters', ['Pppoe', 'Password']);
  }
  if (p.Admin) {
    const { Username, Password } = p.Admin;
    if (!ADMIN_NAME_RE.test(Username))
      refuse(ctx, ErrorCode.AdminUsernameInvalid, '1-32 of A-Z a-z 0-9 _ . -', ['Admin', 'Username']);
    if (Password === undefined ? opts.passwordRequired : !isStrongPassword(Password))
      refuse(ctx, ErrorCode.AdminPasswordInvalid, 'weak password', ['Admin', 'Password']);
  }
}

function textOk(value: string, max: number): boolean {
  return value.length >= 1 && value.length <= max && !/\p{Cc}/u.test(value);
}

function profileBody<S extends z.ZodRawShape>(extra: S, opts: ProfileRuleOptions) {
  return z
    .object({ ...profileInputFields, ...extra })
    .superRefine((p, ctx) => profileRules(p as ProfileInputOut, ctx, opts))
    .transform((p) => ({ ...p, Name: (p as ProfileInputOut).Name.trim() }));
}

// ---- bodies, queries and replies of the calls ----

/** POST /v1/config/add */
export const configAddBody = profileBody({}, { passwordRequired: true, acOnly: false });
export type ConfigAddBody = z.output<typeof configAddBody>;
export type ConfigProfileInput = z.input<typeof configAddBody>;

/** PUT /v1/config/update: the whole profile again; absent passwords keep the stored ones. */
export const configUpdateBody = profileBody({ _id: id }, { passwordRequired: false, acOnly: false });
export type ConfigUpdateBody = z.output<typeof configUpdateBody>;

const controller = id.meta({ description: "The AC's device _id" });
/** POST /v1/config/add/ac: an AP profile of one AC, which the AC pushes to its APs. */
export const configAcAddBody = profileBody(
  { Controller: controller, Type: z.literal(CONFIG_TYPES).default(DeviceType.AP) },
  { passwordRequired: true, acOnly: true },
);
export type ConfigAcAddBody = z.output<typeof configAcAddBody>;
/** PUT /v1/config/update/ac */
export const configAcUpdateBody = profileBody(
  { _id: id, Controller: controller, Type: z.literal(CONFIG_TYPES).default(DeviceType.AP) },
  { passwordRequired: false, acOnly: true },
);
export type ConfigAcUpdateBody = z.output<typeof configAcUpdateBody>;

/** GET /v1/config/detail, DELETE /v1/config/deleteConfig (in the body or the query). */
export const configRefQuery = z.object({ _id: id });
export type ConfigRefQuery = z.infer<typeof configRefQuery>;
export const configRefBody = configRefQuery;
/** DELETE /v1/config/del/ac/{id} */
export const configAcParams = z.object({ id });

/** add, update, detail and the group calls answer with the whole profile under `list`, like networks. */
export const configReply = z.object({ list: configItem });
export type ConfigReply = z.infer<typeof configReply>;
export const configDeleteReply = z.object({ list: z.object({ ok: z.literal(1), _id: z.string() }) });
export type ConfigDeleteReply = z.infer<typeof configDeleteReply>;

const queryType = z.coerce
  .number()
  .int()
  .refine((t) => (CONFIG_TYPES as readonly number[]).includes(t), { error: '2 AP, 3 switch, 4 router' });

export const CONFIG_SORTS = [
  '-UpdateTime',
  'UpdateTime',
  'Name',
  '-Name',
  'CreateTime',
  '-CreateTime',
] as const;
/** GET /v1/config/get: the profiles of a page (/deviceconf/ap, switch, routerConfig) by `Type`. */
export const configListQuery = pageQuery.extend({
  sort: z.enum(CONFIG_SORTS).default('-UpdateTime'),
  /** Part of the name or the description. */
  search: z.string().trim().max(64).optional(),
  Type: queryType.optional(),
  Source: z.enum(CONFIG_SOURCES).optional(),
  /** One AC's profiles; absent: the tenant's own (no controller). */
  Controller: id.optional(),
});
export type ConfigListQuery = z.infer<typeof configListQuery>;
export const configList = listReply(configItem);

/** GET /v1/config/getAllConfig: every profile for a select, newest first. */
export const configAllQuery = z.object({ Type: queryType.optional(), Controller: id.optional() });
export type ConfigAllQuery = z.infer<typeof configAllQuery>;
export const configOption = z.object({
  _id: z.string(),
  Name: z.string(),
  Type: z.literal(CONFIG_TYPES),
  Source: z.enum(CONFIG_SOURCES),
  Revision: z.number().int(),
  Controller: z.string().nullable(),
});
export type ConfigOption = z.infer<typeof configOption>;
export const configAllReply = z.object({ list: z.array(configOption), count: z.number().int() });
export type ConfigAllReply = z.infer<typeof configAllReply>;

/** GET /v1/config/groups: the groups of one profile (`_id`), or of every profile of the tenant. */
export const configGroupsQuery = z.object({
  _id: id.optional(),
  /** Part of a group's name or SSID. */
  search: z.string().trim().max(64).optional(),
});
export type ConfigGroupsQuery = z.infer<typeof configGroupsQuery>;
export const configGroupItem = wirelessGroupItem.extend({
  Profile: z.string().meta({ description: "The profile's _id" }),
  ProfileName: z.string(),
});
export type ConfigGroupItem = z.infer<typeof configGroupItem>;
export const configGroupsReply = z.object({ list: z.array(configGroupItem), count: z.number().int() });
export type ConfigGroupsReply = z.infer<typeof configGroupsReply>;

/**
 * POST /v1/config/add/groups: adds one wireless group to an AP profile, or replaces the group of the
 * same `Replace` name (the wireless page edits groups one at a time). The profile-wide rules (8 at
 * most, names and SSIDs unique) are the service's: `wirelessGroupsProblems` over the result.
 */
export const configAddGroupBody = z.object({
  _id: id.meta({ description: "The profile's _id" }),
  Group: wirelessGroupInput,
  /** The name of the group this one replaces; absent: a new group. */
  Replace: z.string().trim().min(1).max(CONFIG_LIMITS.groupName).optional(),
});
export type ConfigAddGroupBody = z.output<typeof configAddGroupBody>;

/** DELETE /v1/config/del/groups: removes groups of a profile by name. */
export const configDelGroupsBody = z.object({
  _id: id,
  Names: z.array(z.string().trim().min(1).max(CONFIG_LIMITS.groupName)).min(1).max(CONFIG_LIMITS.groups),
});
export type ConfigDelGroupsBody = z.infer<typeof configDelGroupsBody>;

/**
 * GET /v1/config/apdevice: the devices a profile can be delivered to (its type, the tenant's, and for
 * an AC's profile that AC's APs), each with what it runs, for the delivery picker. The name is the
 * spec's; switches and routers are listed for their profiles the same way.
 */
export const configDevicesQuery = pageQuery.extend({
  _id: id.meta({ description: "The profile's _id" }),
  Parent: queryParent.optional(),
  Model: z.string().trim().min(1).max(64).optional(),
  /** Part of the alias, SN or MAC. */
  search: z.string().trim().max(64).optional(),
  sort: z.enum(['Alias', '-Alias', 'SN', '-SN', 'CreateTime', '-CreateTime']).default('Alias'),
  /** Only devices whose running revision differs from what they should run. */
  Drift: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
});
export type ConfigDevicesQuery = z.infer<typeof configDevicesQuery>;
/** A profile and revision: what a device reports running (`state.config`) or should run. */
export const configRevisionRef = z.object({ Profile: z.string(), Revision: z.number().int() });
export const configDeviceItem = z.object({
  _id: z.string(),
  SN: z.string(),
  MAC: z.string(),
  Alias: z.string(),
  Type: z.number().int(),
  Model: z.string(),
  Online: z.boolean(),
  Parent: z.string().nullable(),
  /** What the device last reported running; null before any report. */
  Running: configRevisionRef.nullable(),
  /** What the latest successful delivery gave it; null when none did. */
  Assigned: configRevisionRef.nullable(),
  /** `Assigned` set and `Running` different from it. */
  Drift: z.boolean(),
});
export type ConfigDeviceItem = z.infer<typeof configDeviceItem>;
export const configDevicesReply = listReply(configDeviceItem);
