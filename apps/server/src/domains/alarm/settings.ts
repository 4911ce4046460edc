/**
 * Alarm settings of networks (spec §3, §5, §7 ALARMS and LIMIT ALARM): the 21 types, custom alarms,
 * limit alarms, copying between networks, and whom an alarm goes to (`of`, for the notifications).
 * The engine reads every network's rules from memory (`rulesOf`), filled at start and after each
 * change on this node.
 */
import {
  ALARM_TYPES,
  CUSTOM_ALARMS_MAX,
  CUSTOM_CODE_BASE,
  ErrorCode,
  LIMIT_ALARMS_MAX,
  LIMIT_CODE_BASE,
  alarmThresholdUnits,
  customMetricInfo,
  limitMetricInfo,
  thresholdValue,
  type AddLimitAlarmBody,
  type AlarmSettingInput,
  type AlarmType,
  type ChangeAlarmBody,
  type ChangeCustomAlarmBody,
  type CopyAlarmSettingsBody,
  type CustomAlarm,
  type CustomAlarmBody,
  type CustomMetric,
  type Lang,
  type LimitAlarm,
  type LimitAlarmListQuery,
  type LimitMetric,
  type ListReply,
  type NetworkAlarmSettings,
  type PushMethod,
  type UpdateLimitAlarmBody,
  type UpdateNetworkAlarmBody,
} from '@netconsole/contract';
import type { Insertable } from 'kysely';
import type { Principal, Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import { isUniqueViolation, type Db } from '../../platform/store/db.ts';
import type { AlarmTargetLookup, AlarmTargets } from './events.ts';
import { TYPE_DEFAULTS, defaultNetworkRules, networkRules, settingItem, type NetworkRules } from './rules.ts';
import {
  allRules,
  allSettings,
  deleteNetworkSettings,
  deleteRule,
  findRule,
  insertRule,
  networkNames,
  nextCode,
  pageLimitRules,
  rulesOf,
  settingsOf,
  updateRule,
  writeSettings,
  type AlarmRuleRow,
} from './store.ts';
import type { AlarmRuleTable, AlarmSettingTable } from './tables.ts';

const SYSTEM: Scope = { tenantId: null, admin: true };

export interface AlarmSettingsOptions {
  db: Db;
  clock: Clock;
  /** The caller's e-mail address ('' when none is bound): mail needs one (16004). */
  accountEmail: (p: Principal) => Promise<string>;
  /** A network the scope sees, or 12111. */
  requireNetwork: (scope: Scope, id: string) => Promise<{ id: string; tenant_id: string; name: string }>;
  /** The figure a limit alarm watches, now (null: unknown). */
  limitFigure?: (networkId: string, metric: string) => number | null;
}

const json = (v: readonly string[]) => JSON.stringify(v.map((s) => s.trim()));
const push = (s: { Push: readonly PushMethod[] }) => [...new Set(s.Push)];

/** What custom and limit alarms answer alike: the window and the push part, as stored. */
function ruleTailOf(
  r: AlarmRuleRow,
): Pick<CustomAlarm, 'Limit' | 'Enable' | 'Level' | 'Push' | 'Phone' | 'Email'> {
  return {
    Limit: r.window_s,
    Enable: r.enable === 1,
    Level: r.level,
    Push: JSON.parse(r.push) as PushMethod[],
    Phone: JSON.parse(r.phones) as string[],
    Email: JSON.parse(r.emails) as string[],
  };
}

function customItem(r: AlarmRuleRow): CustomAlarm {
  const info = customMetricInfo[r.metric as CustomMetric];
  return {
    _id: r.id,
    Network: r.network_id,
    Code: r.code,
    Name: r.name,
    Description: r.description,
    Metric: r.metric as CustomMetric,
    Compare: r.compare === 'lt' ? 'lt' : 'gt',
    Threshold: Number(r.threshold),
    Unit: info?.unit ?? '',
    DeviceType: r.device_type,
    ...ruleTailOf(r),
    CreateTime: r.created_at,
  };
}

export class AlarmSettings implements AlarmTargetLookup {
  private readonly cache = new Map<string, NetworkRules>();
  private readonly listeners: ((networkId: string) => void)[] = [];

  constructor(private readonly o: AlarmSettingsOptions) {}

  /** Every network's stored rules into memory (the engine's start). */
  async load(): Promise<void> {
    const [settings, rules] = await Promise.all([allSettings(this.o.db), allRules(this.o.db)]);
    const ids = new Set([...settings.map((s) => s.network_id), ...rules.map((r) => r.network_id)]);
    this.cache.clear();
    for (const id of ids) {
      this.cache.set(
        id,
        networkRules(
          settings.filter((s) => s.network_id === id),
          rules.filter((r) => r.network_id === id),
        ),
      );
    }
  }

  /** The engine hears of a network whose rules changed. */
  onChange(listener: (networkId: string) => void): void {
    this.listeners.push(listener);
  }

  /** A network's rules as the engine applies them (the defaults when none are saved). */
  rulesOf(networkId: string): NetworkRules {
    let r = this.cache.get(networkId);
    if (!r) {
      r = defaultNetworkRules();
      this.cache.set(networkId, r);
    }
    return r;
  }

  private async reload(networkId: string): Promise<void> {
    const [settings, rules] = await Promise.all([
      settingsOf(this.o.db, SYSTEM, [networkId]),
      rulesOf(this.o.db, SYSTEM, 'custom', [networkId]).then(async (c) => [
        ...c,
        ...(await rulesOf(this.o.db, SYSTEM, 'limit', [networkId])),
      ]),
    ]);
    this.cache.set(networkId, networkRules(settings, rules));
    for (const l of this.listeners) l(networkId);
  }

  /** design-17 §2: the push methods and recipients of a network's alarms of a type. */
  async of(tenantId: string, networkId: string | null, type: number): Promise<AlarmTargets> {
    const none: AlarmTargets = { enabled: false, methods: [], emails: [], phones: [] };
    if (networkId === null) return none;
    const rules = this.rulesOf(networkId);
    const rule =
      rules.types.get(type) ??
      rules.custom.find((c) => c.code === type)?.rule ??
      rules.limits.find((l) => l.code === type)?.rule;
    if (!rule) return none;
    // The tenant is checked against the network's: another tenant's network tells nothing.
    const network = await networkNames(this.o.db, { tenantId, admin: false }, [networkId]);
    if (network.length === 0) return none;
    return {
      enabled: rule.enable,
      methods: [...rule.push],
      emails: [...rule.emails],
      phones: [...rule.phones],
    };
  }

  /** spec §6: mail needs an e-mail bound to the signed-in account (16004). */
  private async needMail(p: Principal, methods: readonly PushMethod[][]): Promise<void> {
    if (!methods.some((m) => m.includes('mail'))) return;
    if ((await this.o.accountEmail(p)).trim() === '') throw new AppError(ErrorCode.MailAddressRequired);
  }

  async get(scope: Scope, networkId: string, lang: Lang): Promise<NetworkAlarmSettings> {
    const network = await this.o.requireNetwork(scope, networkId);
    const [settings, custom] = await Promise.all([
      settingsOf(this.o.db, scope, [network.id]),
      rulesOf(this.o.db, scope, 'custom', [network.id]),
    ]);
    const byType = new Map(settings.map((s) => [s.type, s]));
    return {
      Network: network.id,
      NetworkName: network.name,
      Default: settings.length === 0,
      CustomAlarm: custom.map(customItem),
      Alarms: ALARM_TYPES.map((t) => settingItem(t, byType.get(t), lang)),
      UpdateTime: settings.length ? Math.max(...settings.map((s) => s.updated_at)) : null,
    };
  }

  private settingRow(
    networkId: string,
    tenantId: string,
    s: AlarmSettingInput,
    now: number,
  ): Insertable<AlarmSettingTable> {
    const unit = alarmThresholdUnits[s.Type as AlarmType];
    return {
      network_id: networkId,
      type: s.Type,
      tenant_id: tenantId,
      enable: s.Enable ? 1 : 0,
      threshold:
        unit === 'none' ? 0 : (thresholdValue(s.Threshold) ?? TYPE_DEFAULTS[s.Type as AlarmType].threshold),
      level: s.Level ?? null,
      push: JSON.stringify(push(s)),
      phones: json(s.Phone),
      emails: json(s.Email),
      window_s: s.Limit,
      description: s.Description.trim(),
      updated_at: now,
    };
  }

  /**
   * Writes the given types; at a network's first save the other types are written with their
   * defaults, so the stored settings are whole from then on.
   */
  private async save(
    p: Principal,
    scope: Scope,
    networkId: string,
    items: AlarmSettingInput[],
  ): Promise<string> {
    const network = await this.o.requireNetwork(scope, networkId);
    await this.needMail(p, items.map(push));
    const now = this.o.clock();
    const rows = items.map((s) => this.settingRow(network.id, network.tenant_id, s, now));
    await this.o.db.transaction().execute(async (trx) => {
      const have = new Set((await settingsOf(trx, scope, [network.id])).map((r) => r.type));
      const given = new Set(rows.map((r) => r.type));
      const filled = ALARM_TYPES.filter((t) => !have.has(t) && !given.has(t)).map((t) => {
        const d = settingItem(t, undefined, 'en');
        return this.settingRow(
          network.id,
          network.tenant_id,
          {
            Type: t,
            Enable: d.Enable,
            Threshold: d.Threshold,
            Level: d.Level as 1 | 2 | 3 | null,
            Push: d.Push,
            Phone: [],
            Email: [],
            Limit: 0,
            Description: '',
          },
          now,
        );
      });
      await writeSettings(trx, scope, network.id, [...rows, ...filled]);
    });
    await this.reload(network.id);
    return network.id;
  }

  async change(p: Principal, scope: Scope, body: ChangeAlarmBody, lang: Lang): Promise<NetworkAlarmSettings> {
    const id = await this.save(p, scope, body._id, [body]);
    return this.get(scope, id, lang);
  }

  async updateNetwork(
    p: Principal,
    scope: Scope,
    body: UpdateNetworkAlarmBody,
    lang: Lang,
  ): Promise<NetworkAlarmSettings> {
    const id = await this.save(p, scope, body._id, body.Alarms);
    return this.get(scope, id, lang);
  }

  // ---- custom alarms ----

  private ruleRow(
    kind: 'custom' | 'limit',
    b: CustomAlarmBody | AddLimitAlarmBody,
    now: number,
  ): Omit<Insertable<AlarmRuleTable>, 'id' | 'tenant_id' | 'network_id' | 'code' | 'created_at'> {
    const custom = kind === 'custom' ? (b as CustomAlarmBody) : null;
    const name = b.Name.trim();
    return {
      kind,
      name,
      name_key: name.toLowerCase(),
      description: b.Description.trim(),
      metric: b.Metric,
      compare: custom ? custom.Compare : 'gt',
      threshold: thresholdValue(custom ? custom.Threshold : (b as AddLimitAlarmBody).Max) ?? 0,
      device_type: custom ? custom.DeviceType : 0,
      window_s: b.Limit,
      enable: b.Enable ? 1 : 0,
      level: b.Level ?? null,
      push: JSON.stringify(push(b)),
      phones: json(b.Phone),
      emails: json(b.Email),
      updated_at: now,
    };
  }

  private async addRule(
    p: Principal,
    scope: Scope,
    kind: 'custom' | 'limit',
    b: CustomAlarmBody | AddLimitAlarmBody,
  ): Promise<AlarmRuleRow> {
    const network = await this.o.requireNetwork(scope, b.Network);
    await this.needMail(p, [push(b)]);
    const now = this.o.clock();
    const id = newId();
    const base = kind === 'custom' ? CUSTOM_CODE_BASE : LIMIT_CODE_BASE;
    const max = kind === 'custom' ? CUSTOM_ALARMS_MAX : LIMIT_ALARMS_MAX;
    try {
      await this.o.db.transaction().execute(async (trx) => {
        const { code, count } = await nextCode(trx, network.id, kind, base);
        if (count >= max) {
          throw new AppError(kind === 'custom' ? ErrorCode.CustomAlarmLimit : ErrorCode.LimitAlarmLimit);
        }
        await insertRule(trx, {
          id,
          tenant_id: network.tenant_id,
          network_id: network.id,
          code,
          created_at: now,
          ...this.ruleRow(kind, b, now),
        });
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.AlarmNameExists);
      throw err;
    }
    await this.reload(network.id);
    return (await findRule(this.o.db, scope, kind, id))!;
  }

  private async changeRule(
    p: Principal,
    scope: Scope,
    kind: 'custom' | 'limit',
    id: string,
    b: CustomAlarmBody | AddLimitAlarmBody,
  ): Promise<AlarmRuleRow> {
    const notFound = kind === 'custom' ? ErrorCode.CustomAlarmNotFound : ErrorCode.LimitAlarmNotFound;
    const row = await findRule(this.o.db, scope, kind, id);
    if (!row) throw new AppError(notFound);
    // A rule stays in its network: `Network` must name the one it belongs to.
    if (b.Network !== row.network_id) throw new AppError(notFound);
    await this.needMail(p, [push(b)]);
    try {
      await updateRule(this.o.db, scope, id, this.ruleRow(kind, b, this.o.clock()));
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.AlarmNameExists);
      throw err;
    }
    await this.reload(row.network_id);
    return (await findRule(this.o.db, scope, kind, id))!;
  }

  async addCustom(p: Principal, scope: Scope, b: CustomAlarmBody): Promise<CustomAlarm> {
    return customItem(await this.addRule(p, scope, 'custom', b));
  }

  async changeCustom(p: Principal, scope: Scope, b: ChangeCustomAlarmBody): Promise<CustomAlarm> {
    return customItem(await this.changeRule(p, scope, 'custom', b._id, b));
  }

  async removeCustom(scope: Scope, id: string): Promise<CustomAlarm> {
    const row = await findRule(this.o.db, scope, 'custom', id);
    if (!row) throw new AppError(ErrorCode.CustomAlarmNotFound);
    await deleteRule(this.o.db, scope, id);
    await this.reload(row.network_id);
    return customItem(row);
  }

  // ---- limit alarms ----

  private async limitItem(r: AlarmRuleRow, names?: Map<string, string>): Promise<LimitAlarm> {
    const networkName =
      names?.get(r.network_id) ?? (await networkNames(this.o.db, SYSTEM, [r.network_id]))[0]?.name ?? '';
    return {
      _id: r.id,
      Network: r.network_id,
      NetworkName: networkName,
      Code: r.code,
      Name: r.name,
      Description: r.description,
      Metric: r.metric as LimitMetric,
      Max: Number(r.threshold),
      Unit: limitMetricInfo[r.metric as LimitMetric]?.unit ?? '',
      ...ruleTailOf(r),
      Current: this.o.limitFigure?.(r.network_id, r.metric) ?? null,
      CreateTime: r.created_at,
    };
  }

  async limits(scope: Scope, q: LimitAlarmListQuery): Promise<ListReply<LimitAlarm>> {
    if (q.Network !== undefined) await this.o.requireNetwork(scope, q.Network);
    const { rows, count } = await pageLimitRules(
      this.o.db,
      scope,
      q.Network,
      (q.page - 1) * q.limit,
      q.limit,
    );
    const names = new Map(
      (await networkNames(this.o.db, scope, [...new Set(rows.map((r) => r.network_id))])).map((n) => [
        n.id,
        n.name,
      ]),
    );
    const list = await Promise.all(rows.map((r) => this.limitItem(r, names)));
    return { list, count, limit: q.limit, page: q.page, sort: q.sort ?? null };
  }

  async addLimit(p: Principal, scope: Scope, b: AddLimitAlarmBody): Promise<LimitAlarm> {
    return this.limitItem(await this.addRule(p, scope, 'limit', b));
  }

  /** update: the limit alarm again, whole; with `Remove` it is deleted (answering null). */
  async updateLimit(p: Principal, scope: Scope, b: UpdateLimitAlarmBody): Promise<LimitAlarm | null> {
    if (b.Remove) {
      const row = await findRule(this.o.db, scope, 'limit', b._id);
      if (!row) throw new AppError(ErrorCode.LimitAlarmNotFound);
      await deleteRule(this.o.db, scope, row.id);
      await this.reload(row.network_id);
      return null;
    }
    return this.limitItem(await this.changeRule(p, scope, 'limit', b._id, b));
  }

  // ---- copy ----

  /**
   * One network's settings (the 21 types, custom and limit alarms) replace those of the others:
   * every target is checked first, and all are written in one transaction, or none.
   */
  async copy(p: Principal, scope: Scope, b: CopyAlarmSettingsBody): Promise<number> {
    const from = await this.o.requireNetwork(scope, b._id);
    const targetIds = [...new Set(b.To)];
    const targets = await networkNames(this.o.db, scope, targetIds);
    if (targets.length !== targetIds.length) throw new AppError(ErrorCode.CopyTargetInvalid);
    const [settings, custom, limits] = await Promise.all([
      settingsOf(this.o.db, scope, [from.id]),
      rulesOf(this.o.db, scope, 'custom', [from.id]),
      rulesOf(this.o.db, scope, 'limit', [from.id]),
    ]);
    const rules = [...custom, ...limits];
    await this.needMail(
      p,
      [...settings, ...rules].map((r) => JSON.parse(r.push) as PushMethod[]),
    );
    const now = this.o.clock();
    await this.o.db.transaction().execute(async (trx) => {
      for (const t of targets) {
        await deleteNetworkSettings(trx, scope, t.id);
        await writeSettings(
          trx,
          scope,
          t.id,
          settings.map((s) => ({ ...s, network_id: t.id, tenant_id: t.tenant_id, updated_at: now })),
        );
        for (const r of rules) {
          await insertRule(trx, {
            ...r,
            id: newId(),
            network_id: t.id,
            tenant_id: t.tenant_id,
            created_at: now,
            updated_at: now,
          });
        }
      }
    });
    for (const t of targets) await this.reload(t.id);
    return targets.length;
  }

  /** Counts for the settings screen's network list. */
  async summaries(
    scope: Scope,
    networkIds: readonly string[],
  ): Promise<Map<string, { configured: boolean; enabled: number; custom: number; limits: number }>> {
    const [settings, custom, limits] = await Promise.all([
      settingsOf(this.o.db, scope, networkIds),
      rulesOf(this.o.db, scope, 'custom', networkIds),
      rulesOf(this.o.db, scope, 'limit', networkIds),
    ]);
    const out = new Map<string, { configured: boolean; enabled: number; custom: number; limits: number }>();
    const defaultsEnabled = [...defaultNetworkRules().types.values()].filter((r) => r.enable).length;
    for (const id of networkIds) {
      const own = settings.filter((s) => s.network_id === id);
      out.set(id, {
        configured: own.length > 0,
        enabled: own.length > 0 ? own.filter((s) => s.enable === 1).length : defaultsEnabled,
        custom: custom.filter((c) => c.network_id === id).length,
        limits: limits.filter((c) => c.network_id === id).length,
      });
    }
    return out;
  }

  /** A removed network's settings go with it. */
  async networkRemoved(scope: Scope, networkId: string): Promise<void> {
    await deleteNetworkSettings(this.o.db, scope, networkId);
    this.cache.delete(networkId);
  }
}
