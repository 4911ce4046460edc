/**
 * Configuration profiles (spec §3 Config, §5 config validation, §7 CONFIG; docs/configuration.md):
 * a tenant's profiles per device type, the profiles an access controller pushes to its APs (the
 * `ac` calls), their wireless groups, and every saved version. The rules of a single body are the
 * contract's (api/config.ts, checked at the route); those that need the store are here: names
 * unique per tenant, type and controller, the group rules over a profile's stored groups, write-only
 * secrets kept on update, the controller being the tenant's AC.
 */
import { randomBytes } from 'node:crypto';
import { encrypt } from 'unixcrypt';
import {
  DeviceType,
  ErrorCode,
  toApplyConfig,
  toTelemetrySettings,
  wirelessGroupsProblems,
  type ConfigAcAddBody,
  type ConfigAcUpdateBody,
  type ConfigAddBody,
  type ConfigAddGroupBody,
  type ConfigAllQuery,
  type ConfigAllReply,
  type ConfigDelGroupsBody,
  type ConfigDeleteReply,
  type ConfigFile,
  type ConfigGroupItem,
  type ConfigGroupsQuery,
  type ConfigGroupsReply,
  type ConfigItem,
  type ConfigListQuery,
  type ConfigReply,
  type ConfigSource,
  type ConfigType,
  type ConfigUpdateBody,
  type DeviceConfigBody,
  type IpMode,
  type LanSettings,
  type ListReply,
  type PortSettings,
  type ProfileUpload,
  type RadioSettings,
  type TelemetrySettings,
  type WirelessGroup,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import { isUniqueViolation, type Db } from '../../platform/store/db.ts';
import { sortOrders } from '../../platform/store/order.ts';
import type { DevicePlacement } from '../device/placement.ts';
import type { ConfigFiles } from './files.ts';
import {
  deleteProfile,
  findProfile,
  insertProfile,
  insertVersion,
  listProfiles,
  listVersions,
  pageProfiles,
  profileNameTaken,
  updateProfile,
  type ConfigProfileRow,
  type ConfigVersionRow,
} from './store.ts';

/** Unpaged lists (selects, the groups of every profile) stop here. */
export const ALL_PROFILES_MAX = 1000;
/** Saves that lost a race on the revision are retried on the newer one this many times. */
const SAVE_ATTEMPTS = 3;

const ORDER = sortOrders({ UpdateTime: 'updated_at', CreateTime: 'created_at', Name: 'name_key' });

/** Who saves: the scope, and the account the version rows name. */
export interface Actor {
  scope: Scope;
  userId: string;
  username: string;
}

/**
 * The sections of a profile as stored (the `body` column and each version's): the secrets are kept
 * (the PPPoE password the device needs; the administrator's SHA-512 crypt hash) and never leave in
 * a reply, which says only whether one is set.
 */
export interface StoredProfileBody {
  IPMode: IpMode;
  IP: string | null;
  NetMask: string | null;
  GateWay: string | null;
  DNS1: string | null;
  DNS2: string | null;
  Radios: RadioSettings[];
  Groups: WirelessGroup[];
  Ports: PortSettings[];
  Pppoe: { Username: string; Password: string } | null;
  Lan: LanSettings | null;
  Admin: { Username: string; PasswordHash: string } | null;
  Upload: ProfileUpload;
  File: ConfigFile | null;
}

/** The columns and sections of one saved state of a profile: what a version row records. */
interface ProfileState {
  name: string;
  description: string;
  cycleTime: number;
  source: ConfigSource;
  body: StoredProfileBody;
}

/** What a delivery sends for a profile at its current revision (protocol §7.9 and §7.13). */
export interface ProfileSnapshot {
  id: string;
  tenantId: string;
  name: string;
  type: ConfigType;
  controllerId: string | null;
  revision: number;
  source: ConfigSource;
  /** Source `settings`: the inline configuration, null when no section applies (see toApplyConfig). */
  config: DeviceConfigBody | null;
  /** Source `file`: the uploaded file. */
  file: ConfigFile | null;
  /** The report timer and upload switches, sent as telemetry settings. */
  telemetry: TelemetrySettings;
}

function bodyOf(row: { body: string }): StoredProfileBody {
  return JSON.parse(row.body) as StoredProfileBody;
}

function itemOf(r: ConfigProfileRow): ConfigItem {
  const b = bodyOf(r);
  return {
    _id: r.id,
    Name: r.name,
    Description: r.description,
    Type: r.device_type as ConfigType,
    Source: r.source as ConfigSource,
    CycleTime: r.cycle_time,
    IPMode: b.IPMode,
    IP: b.IP,
    NetMask: b.NetMask,
    GateWay: b.GateWay,
    DNS1: b.DNS1,
    DNS2: b.DNS2,
    Radios: b.Radios,
    Groups: b.Groups,
    Ports: b.Ports,
    Pppoe: b.Pppoe ? { Username: b.Pppoe.Username, PasswordSet: b.Pppoe.Password !== '' } : null,
    Lan: b.Lan,
    Admin: b.Admin ? { Username: b.Admin.Username, PasswordSet: b.Admin.PasswordHash !== '' } : null,
    Upload: b.Upload,
    File: b.File,
    Controller: r.controller_id === '' ? null : r.controller_id,
    Revision: r.revision,
    Tenant: r.tenant_id,
    CreateTime: r.created_at,
    UpdateTime: r.updated_at,
  };
}

/** The fields of `next` that differ from `prev`: the version's "what changed". */
function changesOf(prev: ProfileState, next: ProfileState): string[] {
  const top: [string, unknown, unknown][] = [
    ['Name', prev.name, next.name],
    ['Description', prev.description, next.description],
    ['CycleTime', prev.cycleTime, next.cycleTime],
    ['Source', prev.source, next.source],
  ];
  const keys = Object.keys(next.body) as (keyof StoredProfileBody)[];
  const sections = keys.map((k): [string, unknown, unknown] => [k, prev.body[k], next.body[k]]);
  return [...top, ...sections].filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b)).map(([k]) => k);
}

function stateOf(row: ConfigProfileRow): ProfileState {
  return {
    name: row.name,
    description: row.description,
    cycleTime: row.cycle_time,
    source: row.source as ConfigSource,
    body: bodyOf(row),
  };
}

type ProfileInput = ConfigAddBody | ConfigUpdateBody | ConfigAcAddBody | ConfigAcUpdateBody;

/**
 * The access controller an `ac` body names, null for the tenant's own profiles; and the device type
 * (always set: the `ac` bodies default it). Read through these because the contract's shared body
 * builder types the fields it adds loosely.
 */
function controllerOf(body: ProfileInput): string | null {
  return 'Controller' in body && typeof body.Controller === 'string' ? body.Controller : null;
}
function typeOf(body: ProfileInput): ConfigType {
  return body.Type as ConfigType;
}

/** SHA-512 crypt with a random 16-character salt (the `$6$` format devices verify). */
function sha512Crypt(password: string): string {
  const salt = randomBytes(12).toString('base64').replace(/\+/g, '.').replace(/=/g, '');
  return encrypt(password, `$6$${salt}`);
}

export class ConfigService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly devices: DevicePlacement,
    /** Whether a delivery still sends this profile (the delivery engine's answer; 14042 on removal). */
    private readonly sending: (scope: Scope, profileId: string) => Promise<boolean>,
    /** The uploaded files a profile of source `file` names (its MD5 and size come from there). */
    private readonly files: ConfigFiles,
  ) {}

  /** A file profile's file: one of the tenant's uploads, as measured at upload (14062 otherwise). */
  private async fileOf(tenantId: string, body: ProfileInput): Promise<ConfigFile | null> {
    if (body.Source !== 'file' || !body.File) return null;
    return this.files.resolve(tenantId, body.File.Path);
  }

  /** A profile the scope sees, or 14017 (another tenant's answers like a missing one). */
  private async require(scope: Scope, id: string): Promise<ConfigProfileRow> {
    const row = await findProfile(this.db, scope, id);
    if (!row) throw new AppError(ErrorCode.ConfigNotExist);
    return row;
  }

  /** The tenant's access controller an `ac` profile belongs to (14051 otherwise). */
  private async controller(scope: Scope, tenantId: string, id: string): Promise<string> {
    const [row] = await this.devices.find(scope, [id]);
    if (!row || row.tenant_id !== tenantId || row.type !== DeviceType.AC) {
      throw new AppError(ErrorCode.ConfigControllerRequired);
    }
    return row.id;
  }

  /**
   * The sections to store from a body: secrets absent on update keep the stored ones. The local
   * administrator's password is stored only as its SHA-512 crypt hash (`$6$…`, protocol §7.9: the
   * password itself never travels), with a random salt; an update without one keeps the stored hash
   * when the account name is unchanged, and is refused (14041) when there is none to keep.
   */
  private sections(
    body: ProfileInput,
    before: StoredProfileBody | null,
    file: ConfigFile | null,
  ): StoredProfileBody {
    let admin: StoredProfileBody['Admin'] = null;
    if (body.Admin) {
      const { Username, Password } = body.Admin;
      let hash: string;
      if (Password !== undefined && Password !== '') hash = sha512Crypt(Password);
      else if (before?.Admin && before.Admin.Username === Username) hash = before.Admin.PasswordHash;
      else throw new AppError(ErrorCode.AdminPasswordInvalid);
      admin = { Username, PasswordHash: hash };
    }
    let pppoe: StoredProfileBody['Pppoe'] = null;
    if (body.Pppoe) {
      const password = body.Pppoe.Password ?? before?.Pppoe?.Password;
      if (password === undefined) throw new AppError(ErrorCode.PppoeInvalid);
      pppoe = { Username: body.Pppoe.Username, Password: password };
    }
    return {
      IPMode: body.IPMode,
      IP: body.IP,
      NetMask: body.NetMask,
      GateWay: body.GateWay,
      DNS1: body.DNS1,
      DNS2: body.DNS2,
      Radios: body.Radios,
      Groups: body.Groups,
      Ports: body.Ports,
      Pppoe: pppoe,
      Lan: body.Lan,
      Admin: admin,
      Upload: body.Upload,
      File: file,
    };
  }

  private async nameFree(
    scope: Scope,
    row: { tenantId: string; type: number; controllerId: string; name: string },
    exceptId: string | null,
  ): Promise<void> {
    const key = { ...row, deviceType: row.type, nameKey: row.name.toLowerCase() };
    if (await profileNameTaken(this.db, scope, key, exceptId)) throw new AppError(ErrorCode.ConfigNameExists);
  }

  async create(actor: Actor, body: ConfigAddBody | ConfigAcAddBody): Promise<ConfigReply> {
    const { scope } = actor;
    // A profile belongs to a tenant; the administrator has none.
    if (scope.admin || !scope.tenantId) throw new AppError(ErrorCode.NoAccessRights);
    const tenantId = scope.tenantId;
    const ac = controllerOf(body);
    const controllerId = ac === null ? '' : await this.controller(scope, tenantId, ac);
    const type = typeOf(body);
    await this.nameFree(scope, { tenantId, type, controllerId, name: body.Name }, null);
    const now = this.clock();
    const id = newId();
    const state: ProfileState = {
      name: body.Name,
      description: body.Description,
      cycleTime: body.CycleTime,
      source: body.Source,
      body: this.sections(body, null, await this.fileOf(tenantId, body)),
    };
    try {
      await this.db.transaction().execute(async (trx) => {
        await insertProfile(trx, {
          id,
          tenant_id: tenantId,
          device_type: type,
          controller_id: controllerId,
          source: state.source,
          name: state.name,
          name_key: state.name.toLowerCase(),
          description: state.description,
          cycle_time: state.cycleTime,
          body: JSON.stringify(state.body),
          revision: 1,
          created_by: actor.userId,
          created_at: now,
          updated_by: actor.userId,
          updated_at: now,
        });
        await this.writeVersion(trx, actor, { id, tenantId }, 1, 'created', state, []);
      });
    } catch (err) {
      // Another request created the same name a moment ago.
      if (isUniqueViolation(err)) throw new AppError(ErrorCode.ConfigNameExists);
      throw err;
    }
    return { list: itemOf(await this.require(scope, id)) };
  }

  private async writeVersion(
    db: Db,
    actor: Actor,
    profile: { id: string; tenantId: string },
    revision: number,
    action: 'created' | 'updated' | 'deleted',
    state: ProfileState,
    changes: string[],
  ): Promise<void> {
    await insertVersion(db, {
      id: newId(),
      tenant_id: profile.tenantId,
      profile_id: profile.id,
      revision,
      action,
      name: state.name,
      description: state.description,
      cycle_time: state.cycleTime,
      body: JSON.stringify(state.body),
      changes: JSON.stringify(changes),
      user_id: actor.userId,
      user_name: actor.username,
      created_at: this.clock(),
    });
  }

  /**
   * Saves a new state of a profile: the row moves to the next revision and a version records it, in
   * one transaction. A save that finds the row moved on since it was read (another save came
   * first) is made again on the newer row, so neither is lost; a save that changes nothing writes
   * nothing.
   */
  private async save(
    actor: Actor,
    id: string,
    next: (row: ConfigProfileRow) => Promise<{ state: ProfileState; controllerId?: string }>,
  ): Promise<ConfigReply> {
    const { scope } = actor;
    for (let attempt = 1; ; attempt++) {
      const row = await this.require(scope, id);
      const { state, controllerId = row.controller_id } = await next(row);
      const changes = changesOf(stateOf(row), state);
      if (controllerId !== row.controller_id) changes.push('Controller');
      if (changes.length === 0) return { list: itemOf(row) };
      const revision = row.revision + 1;
      let saved: boolean;
      try {
        saved = await this.db.transaction().execute(async (trx) => {
          const n = await updateProfile(trx, scope, row.id, row.revision, {
            controller_id: controllerId,
            source: state.source,
            name: state.name,
            name_key: state.name.toLowerCase(),
            description: state.description,
            cycle_time: state.cycleTime,
            body: JSON.stringify(state.body),
            revision,
            updated_by: actor.userId,
            updated_at: this.clock(),
          });
          if (n === 0) return false;
          const profile = { id: row.id, tenantId: row.tenant_id };
          await this.writeVersion(trx, actor, profile, revision, 'updated', state, changes);
          return true;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The name was taken a moment ago, or another save wrote this revision's version first.
        const nameKey = state.name.toLowerCase();
        const key = { tenantId: row.tenant_id, deviceType: row.device_type, controllerId, nameKey };
        if (await profileNameTaken(this.db, scope, key, row.id))
          throw new AppError(ErrorCode.ConfigNameExists);
        saved = false;
      }
      if (saved) return { list: itemOf(await this.require(scope, id)) };
      // Logged and answered with 5000: three saves in a row overtaking this one is not a caller's error.
      if (attempt >= SAVE_ATTEMPTS) throw new Error(`profile ${id} kept changing while being saved`);
    }
  }

  async update(actor: Actor, body: ConfigUpdateBody | ConfigAcUpdateBody): Promise<ConfigReply> {
    const ac = controllerOf(body);
    return this.save(actor, body._id, async (row) => {
      // The tenant's own profiles change through `update`, an AC's through `update/ac`.
      if ((row.controller_id !== '') !== (ac !== null)) throw new AppError(ErrorCode.ConfigNotExist);
      // The device type is the profile's for good: its devices and deliveries depend on it.
      if (typeOf(body) !== row.device_type) throw new AppError(ErrorCode.ConfigTypeInvalid);
      const controllerId = ac === null ? '' : await this.controller(actor.scope, row.tenant_id, ac);
      const key = { tenantId: row.tenant_id, type: row.device_type, controllerId, name: body.Name };
      await this.nameFree(actor.scope, key, row.id);
      const state: ProfileState = {
        name: body.Name,
        description: body.Description,
        cycleTime: body.CycleTime,
        source: body.Source,
        body: this.sections(body, bodyOf(row), await this.fileOf(row.tenant_id, body)),
      };
      return { state, controllerId };
    });
  }

  /** Removes a profile; its versions stay, the last one recording the removal. */
  async remove(actor: Actor, id: string | undefined, ac: boolean): Promise<ConfigDeleteReply> {
    if (!id) throw new AppError(ErrorCode.ConfigNotExist);
    const { scope } = actor;
    const row = await this.require(scope, id);
    if ((row.controller_id !== '') !== ac) throw new AppError(ErrorCode.ConfigNotExist);
    // What the devices of an open delivery are told they run must stay readable and deliverable.
    if (await this.sending(scope, row.id)) throw new AppError(ErrorCode.ConfigInUse);
    const removed = await this.db.transaction().execute(async (trx) => {
      if ((await deleteProfile(trx, scope, row.id)) === 0) return false;
      const profile = { id: row.id, tenantId: row.tenant_id };
      await this.writeVersion(trx, actor, profile, row.revision + 1, 'deleted', stateOf(row), []);
      return true;
    });
    if (!removed) throw new AppError(ErrorCode.ConfigNotExist);
    return { list: { ok: 1, _id: row.id } };
  }

  async detail(scope: Scope, id: string): Promise<ConfigReply> {
    return { list: itemOf(await this.require(scope, id)) };
  }

  async list(scope: Scope, q: ConfigListQuery): Promise<ListReply<ConfigItem>> {
    const { rows, count } = await pageProfiles(
      this.db,
      scope,
      { deviceType: q.Type, source: q.Source, controllerId: q.Controller ?? '', search: q.search },
      ORDER[q.sort]!,
      (q.page - 1) * q.limit,
      q.limit,
    );
    return { list: rows.map(itemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** Every profile of a type for a select, newest first. */
  async all(scope: Scope, q: ConfigAllQuery): Promise<ConfigAllReply> {
    const rows = await listProfiles(
      this.db,
      scope,
      { deviceType: q.Type, controllerId: q.Controller ?? '' },
      ALL_PROFILES_MAX,
    );
    rows.sort((a, b) => b.updated_at - a.updated_at || a.id.localeCompare(b.id));
    const list = rows.map((r) => ({
      _id: r.id,
      Name: r.name,
      Type: r.device_type as ConfigType,
      Source: r.source as ConfigSource,
      Revision: r.revision,
      Controller: r.controller_id === '' ? null : r.controller_id,
    }));
    return { list, count: list.length };
  }

  /** The wireless groups of one AP profile, or of every AP profile the scope sees. */
  async groups(scope: Scope, q: ConfigGroupsQuery): Promise<ConfigGroupsReply> {
    const rows = q._id
      ? [await this.require(scope, q._id)]
      : await listProfiles(this.db, scope, { deviceType: DeviceType.AP }, ALL_PROFILES_MAX);
    const needle = q.search?.toLowerCase();
    const list: ConfigGroupItem[] = [];
    for (const r of rows) {
      for (const g of bodyOf(r).Groups) {
        if (needle && !g.Name.toLowerCase().includes(needle) && !g.SSID.toLowerCase().includes(needle))
          continue;
        list.push({ ...g, Profile: r.id, ProfileName: r.name });
      }
    }
    return { list, count: list.length };
  }

  /** The group rules over a profile's whole list (at most 8, names and SSIDs once), first code thrown. */
  private checkGroups(groups: WirelessGroup[]): void {
    const [problem] = wirelessGroupsProblems(groups);
    if (problem) throw new AppError(problem.code);
  }

  /** Adds a wireless group to an AP profile, or replaces the one named `Replace`. */
  async addGroup(actor: Actor, body: ConfigAddGroupBody): Promise<ConfigReply> {
    return this.save(actor, body._id, async (row) => {
      if (row.device_type !== DeviceType.AP || row.source !== 'settings') {
        throw new AppError(ErrorCode.ConfigSectionNotForType);
      }
      const state = stateOf(row);
      const groups = [...state.body.Groups];
      if (body.Replace !== undefined) {
        const at = groups.findIndex((g) => g.Name === body.Replace);
        if (at < 0)
          throw new AppError(ErrorCode.ValidationFailed, { detail: 'Replace: no group of this name' });
        groups[at] = body.Group;
      } else {
        groups.push(body.Group);
      }
      this.checkGroups(groups);
      return { state: { ...state, body: { ...state.body, Groups: groups } } };
    });
  }

  /** Removes wireless groups of a profile by name; an AP profile keeps at least one (14008). */
  async removeGroups(actor: Actor, body: ConfigDelGroupsBody): Promise<ConfigReply> {
    return this.save(actor, body._id, async (row) => {
      const state = stateOf(row);
      const names = new Set(body.Names);
      const known = new Set(state.body.Groups.map((g) => g.Name));
      const unknown = [...names].filter((n) => !known.has(n));
      if (unknown.length > 0) {
        throw new AppError(ErrorCode.ValidationFailed, { detail: `Names: no group ${unknown.join(', ')}` });
      }
      const groups = state.body.Groups.filter((g) => !names.has(g.Name));
      if (groups.length === 0 && row.device_type === DeviceType.AP && row.source === 'settings') {
        throw new AppError(ErrorCode.WirelessGroupRequired);
      }
      return { state: { ...state, body: { ...state.body, Groups: groups } } };
    });
  }

  /** A profile's versions, newest first (the history screen; also those of a removed profile). */
  versions(scope: Scope, profileId: string): Promise<ConfigVersionRow[]> {
    return listVersions(this.db, scope, profileId);
  }

  /** What a delivery sends for a profile at its current revision. */
  async snapshot(scope: Scope, id: string): Promise<ProfileSnapshot> {
    const row = await this.require(scope, id);
    const b = bodyOf(row);
    const type = row.device_type as ConfigType;
    const source = row.source as ConfigSource;
    return {
      id: row.id,
      tenantId: row.tenant_id,
      name: row.name,
      type,
      controllerId: row.controller_id === '' ? null : row.controller_id,
      revision: row.revision,
      source,
      config: source === 'settings' ? toApplyConfig({ ...b, Type: type }) : null,
      file: source === 'file' ? b.File : null,
      telemetry: toTelemetrySettings({ CycleTime: row.cycle_time, Upload: b.Upload }),
    };
  }
}
