/**
 * The rules the engine applies: each alarm type's defaults (threshold, level, windows) and a
 * network's settings as the engine reads them, in memory. docs/alarms.md has the same table.
 */
import {
  AlarmType,
  alarmThresholdUnits,
  type AlarmSetting,
  type Lang,
  type PushMethod,
  alarmTypeLabels,
} from '@netconsole/contract';
import type { AlarmRuleRow, AlarmSettingRow } from './tables.ts';

export type Level = 1 | 2 | 3;

interface TypeDefault {
  enable: boolean;
  threshold: number;
  level: Level;
  /** Seconds the condition holds before the alarm is raised, and is gone before it clears. */
  raiseS: number;
  clearS: number;
  /**
   * A momentary alarm is an event, not a condition (topology change, a port flap): raised at once,
   * counted again while open, cleared after `clearS` without another.
   */
  momentary?: boolean;
}

const RATE = { threshold: 100_000, level: 1, raiseS: 300, clearS: 300 } as const;
const EVENT = { raiseS: 0, clearS: 60 } as const;
/** Momentary alarms (a topology change, a port flap): off until set, cleared after ten quiet minutes. */
const MOMENTARY = { enable: false, threshold: 0, level: 1, raiseS: 0, clearS: 600, momentary: true } as const;

/**
 * Defaults of a network without saved settings. Rates and traffic depend on the site, so they are
 * off until a tenant sets them; the push method is the console's app (no recipient needed).
 */
export const TYPE_DEFAULTS: Record<AlarmType, TypeDefault> = {
  [AlarmType.DeviceOffline]: { enable: true, threshold: 0, level: 2, raiseS: 60, clearS: 30 },
  [AlarmType.AllDevicesOffline]: { enable: true, threshold: 0, level: 3, raiseS: 60, clearS: 30 },
  [AlarmType.Cpu]: { enable: true, threshold: 90, level: 2, raiseS: 300, clearS: 300 },
  [AlarmType.Memory]: { enable: true, threshold: 90, level: 2, raiseS: 300, clearS: 300 },
  [AlarmType.SwitchLoop]: { enable: true, threshold: 0, level: 3, ...EVENT },
  [AlarmType.TopologyChange]: MOMENTARY,
  [AlarmType.Poe]: { enable: true, threshold: 0, level: 2, ...EVENT },
  [AlarmType.PortUpRate]: { enable: false, ...RATE },
  [AlarmType.PortDownRate]: { enable: false, ...RATE },
  [AlarmType.TxTraffic]: { enable: false, ...RATE, threshold: 6_000_000 },
  [AlarmType.RxTraffic]: { enable: false, ...RATE, threshold: 6_000_000 },
  [AlarmType.PacketLoss]: { enable: true, threshold: 10, level: 2, raiseS: 300, clearS: 300 },
  [AlarmType.NetworkLoop]: { enable: true, threshold: 0, level: 3, ...EVENT },
  [AlarmType.DhcpServer]: { enable: true, threshold: 0, level: 3, ...EVENT },
  [AlarmType.Link]: { enable: true, threshold: 0, level: 3, ...EVENT },
  [AlarmType.GatewayUpRate]: { enable: false, ...RATE },
  [AlarmType.GatewayDownRate]: { enable: false, ...RATE },
  [AlarmType.Pppoe]: { enable: true, threshold: 0, level: 3, ...EVENT },
  [AlarmType.Vpn]: { enable: true, threshold: 0, level: 2, ...EVENT },
  [AlarmType.DhcpPool]: { enable: true, threshold: 0, level: 2, ...EVENT },
  [AlarmType.PortLinkDownUp]: MOMENTARY,
};

export const DEFAULT_PUSH: PushMethod[] = ['app'];
/** Custom and limit alarms: windows when their `Limit` is 0. */
export const CUSTOM_DEFAULT_S = 300;
export const LIMIT_DEFAULT_S = 300;

/** A type's settings as the engine applies them. */
export interface TypeRule {
  enable: boolean;
  threshold: number;
  level: Level;
  push: PushMethod[];
  phones: string[];
  emails: string[];
  raiseMs: number;
  clearMs: number;
  momentary: boolean;
}

export interface CustomRule {
  id: string;
  code: number;
  name: string;
  metric: string;
  compare: 'gt' | 'lt';
  threshold: number;
  deviceType: number;
  rule: TypeRule;
}

export interface LimitRule {
  id: string;
  code: number;
  name: string;
  metric: string;
  max: number;
  rule: TypeRule;
}

/** A network's rules: the 21 types, its custom and its limit alarms. */
export interface NetworkRules {
  configured: boolean;
  types: Map<number, TypeRule>;
  custom: CustomRule[];
  limits: LimitRule[];
}

function windows(code: AlarmType, windowS: number): Pick<TypeRule, 'raiseMs' | 'clearMs' | 'momentary'> {
  const d = TYPE_DEFAULTS[code];
  if (windowS > 0)
    return { raiseMs: d.momentary ? 0 : windowS * 1000, clearMs: windowS * 1000, momentary: !!d.momentary };
  return { raiseMs: d.raiseS * 1000, clearMs: d.clearS * 1000, momentary: !!d.momentary };
}

export function defaultRule(code: AlarmType): TypeRule {
  const d = TYPE_DEFAULTS[code];
  return {
    enable: d.enable,
    threshold: d.threshold,
    level: d.level,
    push: [...DEFAULT_PUSH],
    phones: [],
    emails: [],
    ...windows(code, 0),
  };
}

const parse = (text: string): string[] => JSON.parse(text) as string[];

export function ruleOfSetting(row: AlarmSettingRow): TypeRule {
  const code = row.type as AlarmType;
  return {
    enable: row.enable === 1,
    threshold: Number(row.threshold),
    level: (row.level ?? TYPE_DEFAULTS[code].level) as Level,
    push: parse(row.push) as PushMethod[],
    phones: parse(row.phones),
    emails: parse(row.emails),
    ...windows(code, row.window_s),
  };
}

function ruleOfRow(row: AlarmRuleRow, defaultS: number): TypeRule {
  const s = row.window_s > 0 ? row.window_s : defaultS;
  return {
    enable: row.enable === 1,
    threshold: Number(row.threshold),
    level: (row.level ?? 2) as Level,
    push: parse(row.push) as PushMethod[],
    phones: parse(row.phones),
    emails: parse(row.emails),
    raiseMs: s * 1000,
    clearMs: s * 1000,
    momentary: false,
  };
}

export function customOf(row: AlarmRuleRow): CustomRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    metric: row.metric,
    compare: row.compare === 'lt' ? 'lt' : 'gt',
    threshold: Number(row.threshold),
    deviceType: row.device_type,
    rule: ruleOfRow(row, CUSTOM_DEFAULT_S),
  };
}

export function limitOf(row: AlarmRuleRow): LimitRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    metric: row.metric,
    max: Number(row.threshold),
    rule: ruleOfRow(row, LIMIT_DEFAULT_S),
  };
}

export function defaultNetworkRules(): NetworkRules {
  const types = new Map<number, TypeRule>();
  for (const t of Object.values(AlarmType)) types.set(t, defaultRule(t));
  return { configured: false, types, custom: [], limits: [] };
}

/** A network's rules from its stored rows (types without a row keep their defaults). */
export function networkRules(settings: AlarmSettingRow[], rules: AlarmRuleRow[]): NetworkRules {
  const n = defaultNetworkRules();
  n.configured = settings.length > 0;
  for (const s of settings) n.types.set(s.type, ruleOfSetting(s));
  n.custom = rules.filter((r) => r.kind === 'custom').map(customOf);
  n.limits = rules.filter((r) => r.kind === 'limit').map(limitOf);
  return n;
}

/** One type's settings as the API answers them. */
export function settingItem(type: AlarmType, row: AlarmSettingRow | undefined, lang: Lang): AlarmSetting {
  const rule = row ? ruleOfSetting(row) : defaultRule(type);
  const windowS = row?.window_s ?? 0;
  return {
    Type: type,
    Name: alarmTypeLabels[type][lang],
    Description: row?.description ?? '',
    Enable: rule.enable,
    Threshold: rule.threshold,
    Unit: alarmThresholdUnits[type],
    Level: row ? row.level : rule.level,
    Push: rule.push,
    Phone: rule.phones,
    Email: rule.emails,
    APP: rule.push.includes('app'),
    Limit: windowS,
    Window: Math.round((rule.momentary ? rule.clearMs : rule.raiseMs) / 1000),
  };
}
