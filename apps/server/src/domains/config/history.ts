/**
 * Configuration history (spec §2 /deviceconf/configHistory, §7 LOGS `getConfigLog`): the versions
 * the config service writes on every save, read back; one version's body for the diff; and restore,
 * which makes an earlier version the profile's settings again as a new revision and may deliver it
 * to the devices that have the profile assigned. docs/configuration.md, "History and restore".
 *
 * Restore writes through the store's own guarded update (the service's save is private to it), the
 * same way: the row moves from the revision it was read at, and a version row records it, in one
 * transaction.
 */
import { sql } from 'kysely';
import {
  ErrorCode,
  type ConfigItem,
  type ConfigLogQuery,
  type ConfigLogReply,
  type ConfigRestoreBody,
  type ConfigRestoreReply,
  type ConfigSource,
  type ConfigType,
  type ConfigVersionAction,
  type ConfigVersionBody,
  type ConfigVersionItem,
  type ConfigVersionQuery,
  type ConfigVersionReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import { isUniqueViolation, type Db } from '../../platform/store/db.ts';
import { likePattern } from '../../platform/store/like.ts';
import type { ConfigDispatch } from './dispatch.ts';
import type { Actor, ConfigService, StoredProfileBody } from './service.ts';
import {
  findProfile,
  findVersion,
  insertVersion,
  listVersions,
  profileNameTaken,
  updateProfile,
  type ConfigProfileRow,
  type ConfigVersionRow,
} from './store.ts';

/** Restores that lost a race on the revision are made again on the newer one this many times. */
const RESTORE_ATTEMPTS = 3;

/** A version row with what the history needs of its profile (absent when the profile is removed). */
type LogRow = ConfigVersionRow & { device_type: number | null; current_revision: number | null };

function parseBody(row: { body: string }): StoredProfileBody {
  return JSON.parse(row.body) as StoredProfileBody;
}

/** The content a restore compares and copies: everything a version records but who and when. */
function sameContent(
  a: Pick<ConfigVersionRow, 'name' | 'description' | 'cycle_time' | 'body'>,
  b: typeof a,
): boolean {
  return (
    a.name === b.name && a.description === b.description && a.cycle_time === b.cycle_time && a.body === b.body
  );
}

/** The top-level fields of `next` that differ from `prev` (as the service records a change). */
function changesOf(
  prev: Pick<ConfigVersionRow, 'name' | 'description' | 'cycle_time' | 'body'>,
  next: typeof prev,
): string[] {
  const a = parseBody(prev);
  const b = parseBody(next);
  const out: string[] = [];
  if (prev.name !== next.name) out.push('Name');
  if (prev.description !== next.description) out.push('Description');
  if (prev.cycle_time !== next.cycle_time) out.push('CycleTime');
  if ((a.File !== null) !== (b.File !== null)) out.push('Source');
  for (const k of Object.keys(b) as (keyof StoredProfileBody)[]) {
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) out.push(k);
  }
  return out;
}

/** Versions keep no source column: a file profile is the one whose body holds its file. */
function sourceOf(body: StoredProfileBody): ConfigSource {
  return body.File ? 'file' : 'settings';
}

function actionOf(a: string): ConfigVersionAction {
  return a === 'created' || a === 'deleted' || a === 'restored' ? a : 'updated';
}

export class ConfigHistory {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly configs: ConfigService,
    private readonly dispatch: ConfigDispatch,
  ) {}

  /** The versions the scope sees, with their profile's type and current revision. */
  private rows(scope: Scope) {
    let q = this.db
      .selectFrom('config_versions as v')
      .leftJoin('config_profiles as p', 'p.id', 'v.profile_id');
    if (!scope.admin) q = q.where('v.tenant_id', '=', scope.tenantId ?? '');
    return q;
  }

  /** For a restored version: the newest earlier revision it equals (what was restored). */
  private async restoredFrom(v: ConfigVersionRow): Promise<number | null> {
    const earlier = await this.db
      .selectFrom('config_versions')
      .select('revision')
      .where('profile_id', '=', v.profile_id)
      .where('tenant_id', '=', v.tenant_id)
      .where('revision', '<', v.revision)
      .where('action', '!=', 'deleted')
      .where('name', '=', v.name)
      .where('description', '=', v.description)
      .where('cycle_time', '=', v.cycle_time)
      .where('body', '=', v.body)
      .orderBy('revision', 'desc')
      .executeTakeFirst();
    return earlier?.revision ?? null;
  }

  private async itemOf(r: LogRow): Promise<ConfigVersionItem> {
    const action = actionOf(r.action);
    return {
      _id: r.id,
      Profile: r.profile_id,
      ProfileName: r.name,
      Type: r.device_type === null ? null : (r.device_type as ConfigType),
      Revision: r.revision,
      Action: action,
      RestoredFrom: action === 'restored' ? await this.restoredFrom(r) : null,
      Changes: JSON.parse(r.changes) as string[],
      User: r.user_name,
      Time: r.created_at,
      Current: r.current_revision === r.revision,
      Exists: r.current_revision !== null,
    };
  }

  /** How many devices of the profile's tenant have this profile assigned (a restore delivers to them). */
  private async assignedDevices(tenantId: string, profileId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('devices')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('registered', '=', 1)
      .where('assigned_config_id', '=', profileId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** GET /v1/switch/getConfigLog */
  async log(scope: Scope, q: ConfigLogQuery): Promise<ConfigLogReply> {
    let base = this.rows(scope);
    if (q._id !== undefined) base = base.where('v.profile_id', '=', q._id);
    if (q.Type !== undefined) base = base.where('p.device_type', '=', q.Type);
    if (q.From !== undefined) base = base.where('v.created_at', '>=', q.From);
    if (q.To !== undefined) base = base.where('v.created_at', '<=', q.To);
    if (q.search) {
      const pattern = likePattern(q.search.toLowerCase());
      base = base.where((eb) =>
        eb.or([
          sql<boolean>`lower(${sql.ref('v.name')}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${sql.ref('v.user_name')}) like ${pattern} escape '\\'`,
        ]),
      );
    }
    const direction = q.sort === 'Time' ? 'asc' : 'desc';
    const [rows, total] = await Promise.all([
      base
        .selectAll('v')
        .select(['p.device_type as device_type', 'p.revision as current_revision'])
        .orderBy('v.created_at', direction)
        .orderBy('v.revision', direction)
        .orderBy('v.id')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    let assigned: number | null = null;
    if (q._id !== undefined) {
      const profile = await findProfile(this.db, scope, q._id);
      assigned = profile ? (await this.assignedDevices(profile.tenant_id, profile.id)).length : 0;
    }
    const list = await Promise.all(rows.map((r) => this.itemOf(r as LogRow)));
    return { list, count: Number(total.n), limit: q.limit, page: q.page, sort: q.sort, Assigned: assigned };
  }

  /** GET /v1/config/version: one version with its whole body, secrets only as set and since when. */
  async version(scope: Scope, q: ConfigVersionQuery): Promise<ConfigVersionReply> {
    const v = await findVersion(this.db, scope, q._id, q.Revision);
    if (!v) throw new AppError(ErrorCode.ConfigVersionNotExist);
    const profile = await findProfile(this.db, scope, q._id);
    const b = parseBody(v);
    // Oldest first: the first revision holding a secret is where it was set.
    const all = (await listVersions(this.db, scope, q._id)).filter((x) => x.revision <= v.revision).reverse();
    const since = (pick: (body: StoredProfileBody) => string | undefined): number | null => {
      const mine = pick(b);
      if (!mine) return null;
      return all.find((x) => pick(parseBody(x)) === mine)?.revision ?? v.revision;
    };
    const body: ConfigVersionBody = {
      Name: v.name,
      Description: v.description,
      Type: profile ? (profile.device_type as ConfigType) : null,
      Source: sourceOf(b),
      CycleTime: v.cycle_time,
      IPMode: b.IPMode,
      IP: b.IP,
      NetMask: b.NetMask,
      GateWay: b.GateWay,
      DNS1: b.DNS1,
      DNS2: b.DNS2,
      Radios: b.Radios,
      Groups: b.Groups,
      Ports: b.Ports,
      Pppoe: b.Pppoe
        ? {
            Username: b.Pppoe.Username,
            PasswordSet: b.Pppoe.Password !== '',
            PasswordSince: since((x) => x.Pppoe?.Password),
          }
        : null,
      Lan: b.Lan,
      Admin: b.Admin
        ? {
            Username: b.Admin.Username,
            PasswordSet: b.Admin.PasswordHash !== '',
            PasswordSince: since((x) => x.Admin?.PasswordHash),
          }
        : null,
      Upload: b.Upload,
      File: b.File,
    };
    const row: LogRow = {
      ...v,
      device_type: profile?.device_type ?? null,
      current_revision: profile?.revision ?? null,
    };
    return { list: { ...(await this.itemOf(row)), Body: body } };
  }

  /**
   * POST /v1/config/restore: the version's name, description, report timer and body (its secrets
   * too: the administrator's hash of then) become the profile's again as the next revision, written
   * as a version with action `restored` by the actor. Restoring what the profile already holds writes
   * nothing (as a save that changes nothing). `Deliver` then starts one delivery of the profile to
   * its assigned devices; a delivery refused leaves the restore standing and says why.
   */
  async restore(actor: Actor, body: ConfigRestoreBody): Promise<ConfigRestoreReply> {
    const { scope } = actor;
    let row: ConfigProfileRow;
    let changed = false;
    for (let attempt = 1; ; attempt++) {
      const version = await findVersion(this.db, scope, body._id, body.Revision);
      if (!version) throw new AppError(ErrorCode.ConfigVersionNotExist);
      const found = await findProfile(this.db, scope, body._id);
      if (!found) throw new AppError(ErrorCode.ConfigRestoreRemoved);
      row = found;
      // The removal's version holds the body as it was before; that body is the revision before it.
      if (version.action === 'deleted') throw new AppError(ErrorCode.ConfigVersionNotExist);
      if (sameContent(row, version)) break;
      const key = {
        tenantId: row.tenant_id,
        deviceType: row.device_type,
        controllerId: row.controller_id,
        nameKey: version.name.toLowerCase(),
      };
      if (await profileNameTaken(this.db, scope, key, row.id)) throw new AppError(ErrorCode.ConfigNameExists);
      const revision = row.revision + 1;
      const now = this.clock();
      const from = row;
      let saved: boolean;
      try {
        saved = await this.db.transaction().execute(async (trx) => {
          const n = await updateProfile(trx, scope, from.id, from.revision, {
            source: sourceOf(parseBody(version)),
            name: version.name,
            name_key: version.name.toLowerCase(),
            description: version.description,
            cycle_time: version.cycle_time,
            body: version.body,
            revision,
            updated_by: actor.userId,
            updated_at: now,
          });
          if (n === 0) return false;
          await insertVersion(trx, {
            id: newId(),
            tenant_id: from.tenant_id,
            profile_id: from.id,
            revision,
            action: 'restored',
            name: version.name,
            description: version.description,
            cycle_time: version.cycle_time,
            body: version.body,
            changes: JSON.stringify(changesOf(from, version)),
            user_id: actor.userId,
            user_name: actor.username,
            created_at: now,
          });
          return true;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // The name was taken a moment ago, or another save wrote this revision first.
        if (await profileNameTaken(this.db, scope, key, row.id))
          throw new AppError(ErrorCode.ConfigNameExists);
        saved = false;
      }
      if (saved) {
        changed = true;
        break;
      }
      // Answered with 5000: three saves overtaking this one in a row is not the caller's error.
      if (attempt >= RESTORE_ATTEMPTS)
        throw new Error(`profile ${body._id} kept changing while being restored`);
    }
    const list: ConfigItem = (await this.configs.detail(scope, body._id)).list;
    if (!body.Deliver) return { list, Changed: changed, Delivery: null, Devices: 0, DeliveryCode: null };
    const devices = await this.assignedDevices(list.Tenant, list._id);
    if (devices.length === 0)
      return { list, Changed: changed, Delivery: null, Devices: 0, DeliveryCode: null };
    try {
      const mode = list.Controller === null ? 'tenant' : 'controller';
      const delivery = { _id: list._id, devices, EffectiveTime: null, ExpireTime: null, Staged: null };
      const started = await this.dispatch.dispatch(actor, delivery, mode);
      return { list, Changed: changed, Delivery: started.list, Devices: devices.length, DeliveryCode: null };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { list, Changed: changed, Delivery: null, Devices: devices.length, DeliveryCode: err.code };
    }
  }
}
