/**
 * Delivering a profile (spec §7 CONFIG `newdispatch`, CONTROLLER `configemit`) as a campaign of the
 * delivery engine, and what each device runs (`apdevice`, drift). docs/configuration.md, "Delivery"
 * and "What each device runs".
 */
import {
  COMMAND_EXPIRY_S,
  DeviceType,
  ErrorCode,
  normalizeSn,
  toTelemetrySettings,
  type ConfigDeviceItem,
  type ConfigDevicesQuery,
  type DeliveryBody,
  type DeliveryReply,
  type ListReply,
  type ProfileUpload,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/store/db.ts';
import { sortOrders } from '../../platform/store/order.ts';
import type { DeliveryEngine } from '../delivery/engine.ts';
import type { IssuedReads } from '../delivery/issued.ts';
import { maintenanceEnd } from '../delivery/maintenance.ts';
import type { DevicePlacement } from '../device/placement.ts';
import type { DeviceService } from '../device/service.ts';
import type { CommandRow, DeviceRow } from '../device/tables.ts';
import type { ConfigFiles } from './files.ts';
import type { Actor, ConfigService, ProfileSnapshot } from './service.ts';
import { findVersion } from './store.ts';

/** `newdispatch`: the tenant's own profiles; `configemit`: an access controller's, to its APs. */
export type DispatchMode = 'tenant' | 'controller';

/** A delivery's body; one made by the server (a restore's, history.ts) may leave `Maintenance` out: no window. */
export type DispatchBody = Omit<DeliveryBody, 'Maintenance'> & Partial<Pick<DeliveryBody, 'Maintenance'>>;

const ORDER = sortOrders({ Alias: 'alias', SN: 'sn', CreateTime: 'created_at' });

/**
 * The `apply_config` body of a profile's snapshot (protocol §7.9). A file profile's upload goes as a
 * URL pre-signed until the command expires (`expiresAt`): the device downloads it with no session.
 */
function applyBody(s: ProfileSnapshot, files: ConfigFiles, expiresAt: number): Record<string, unknown> {
  if (s.source === 'file') {
    const f = s.file;
    // Profiles saved before uploads existed may hold an http(s) URL the client typed: sent as it is.
    const url = f && files.isUpload(f.Path) ? files.signedUrl(f.Path, expiresAt) : f?.Path;
    if (!f || !url || !/^https?:\/\//i.test(url)) throw new AppError(ErrorCode.ConfigFileError);
    return {
      configId: s.id,
      revision: s.revision,
      source: { type: 'file', url, md5: f.MD5.toLowerCase(), size: f.Size, format: f.Format },
    };
  }
  // The protocol wants one section at least; a profile with none has nothing for the device.
  if (!s.config) {
    throw new AppError(ErrorCode.ValidationFailed, { detail: 'the profile has no setting a device applies' });
  }
  return { configId: s.id, revision: s.revision, source: { type: 'inline', config: s.config } };
}

function itemOf(r: DeviceRow): ConfigDeviceItem {
  const running =
    r.config_id !== null && r.config_revision !== null
      ? { Profile: r.config_id, Revision: r.config_revision }
      : null;
  const assigned =
    r.assigned_config_id !== null && r.assigned_revision !== null
      ? { Profile: r.assigned_config_id, Revision: r.assigned_revision }
      : null;
  return {
    _id: r.id,
    SN: r.sn,
    MAC: r.mac,
    Alias: r.alias,
    Type: r.type ?? 0,
    Model: r.model,
    Online: r.online === 1,
    Parent: r.parent,
    Running: running,
    Assigned: assigned,
    Drift:
      assigned !== null && (running?.Profile !== assigned.Profile || running.Revision !== assigned.Revision),
  };
}

export class ConfigDispatch {
  constructor(
    private readonly db: Db,
    private readonly configs: ConfigService,
    private readonly devices: DeviceService,
    private readonly placement: DevicePlacement,
    private readonly delivery: DeliveryEngine,
    private readonly issued: IssuedReads,
    private readonly files: ConfigFiles,
    private readonly clock: () => number,
  ) {}

  /**
   * The profile as the tenant that owns it sees it: deliveries and their devices are the tenant's,
   * also when the administrator starts them (the tenant's lists show them).
   */
  private async profile(scope: Scope, id: string): Promise<{ snapshot: ProfileSnapshot; owner: Scope }> {
    const snapshot = await this.configs.snapshot(scope, id);
    return { snapshot, owner: { tenantId: snapshot.tenantId, admin: false } };
  }

  /** The SN of an AC profile's controller, still the tenant's AC (14051 otherwise). */
  private async controllerSn(owner: Scope, s: ProfileSnapshot): Promise<string> {
    const [ac] = await this.placement.find(owner, [s.controllerId!]);
    if (!ac || ac.type !== DeviceType.AC) throw new AppError(ErrorCode.ConfigControllerRequired);
    return ac.sn;
  }

  /** The devices named (ids or SNs), each the owner's (12003 otherwise: another tenant's reads as missing). */
  private async targets(owner: Scope, refs: readonly string[]): Promise<DeviceRow[]> {
    const byId = new Map((await this.placement.find(owner, [...refs])).map((d) => [d.id, d]));
    const out = new Map<string, DeviceRow>();
    for (const ref of refs) {
      const row = byId.get(ref) ?? (await this.devices.require(owner, { SN: normalizeSn(ref) }));
      out.set(row.id, row);
    }
    // Their type and controller are reported facts: read again with what this node heard last.
    const sns = [...out.values()].map((d) => d.sn);
    const page = { sns, offset: 0, limit: sns.length, orderBy: 'sn', direction: 'asc' } as const;
    return (await this.devices.page(owner, page)).rows;
  }

  /**
   * `newdispatch` (mode `tenant`) and `configemit` (mode `controller`): the profile at its current
   * revision to the chosen devices, as one campaign. Every device must be the profile's tenant's
   * (12003), registered (a tenant sees no other), of the profile's type (14050), and for an AC's
   * profile one of that AC's APs (14052). Refused as a whole: nothing starts.
   */
  async dispatch(actor: Actor, body: DispatchBody, mode: DispatchMode): Promise<DeliveryReply> {
    const { snapshot: s, owner } = await this.profile(actor.scope, body._id);
    // Each call delivers its own kind of profile (as update and update/ac change their own).
    if (mode === 'tenant' && s.controllerId !== null) throw new AppError(ErrorCode.ConfigNotExist);
    if (mode === 'controller' && s.controllerId === null)
      throw new AppError(ErrorCode.ConfigControllerRequired);
    const acSn = mode === 'controller' ? await this.controllerSn(owner, s) : null;
    const rows = await this.targets(owner, body.devices);
    for (const d of rows) {
      if (d.registered !== 1) throw new AppError(ErrorCode.DeviceNotRegistered);
      if (d.type !== s.type) throw new AppError(ErrorCode.DeliveryDeviceTypeMismatch);
      if (acSn !== null && d.ac_sn !== acSn) throw new AppError(ErrorCode.DeliveryApNotOfController);
    }
    // The engine's default expiry, worked out here too: a file's URL is signed until then.
    const effectiveAt = body.EffectiveTime ?? this.clock();
    const expiresAt = body.ExpireTime ?? effectiveAt + COMMAND_EXPIRY_S.apply_config * 1000;
    const command = applyBody(s, this.files, expiresAt);
    const c = await this.delivery.startCampaign(owner, actor.userId, {
      kind: 'apply_config',
      targets: rows.map((d) => d.id),
      body: () => command,
      ref: { id: s.id, revision: s.revision, name: s.name },
      ...(body.EffectiveTime !== null ? { effectiveAt: body.EffectiveTime } : {}),
      expiresAt,
      ...(body.Staged !== null ? { staged: body.Staged } : {}),
      // The window lasts until the expiry the user set, else a bounded default (not the 7 days).
      ...(body.Maintenance ? { maintenance: { end: maintenanceEnd(effectiveAt, body.ExpireTime) } } : {}),
    });
    return { list: await this.issued.delivery(owner, c.id) };
  }

  /**
   * GET /v1/config/apdevice: the devices a profile can go to — the tenant's of its type, for an AC's
   * profile that AC's APs — each with what it runs, what it should run, and whether they differ.
   */
  async targetsOf(scope: Scope, q: ConfigDevicesQuery): Promise<ListReply<ConfigDeviceItem>> {
    const { snapshot: s, owner } = await this.profile(scope, q._id);
    const acSn = s.controllerId !== null ? await this.controllerSn(owner, s) : undefined;
    const { rows, count } = await this.devices.page(owner, {
      type: s.type,
      acSn,
      parent: q.Parent,
      model: q.Model,
      search: q.search,
      drift: q.Drift,
      registered: true,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      ...ORDER[q.sort]!,
    });
    return { list: rows.map(itemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /**
   * A command changed (the `device.command` event): an `apply_config` the device reported
   * `succeeded` makes that profile and revision the one the device should run, with the telemetry
   * settings that revision had (kept in its version row, so a profile changed since does not
   * matter). A configuration that is not one of the tenant's profiles (none in the console's own
   * deliveries) assigns nothing.
   */
  async onCommand(row: CommandRow): Promise<void> {
    if (row.kind !== 'apply_config' || row.status !== 'succeeded' || row.tenant_id === null) return;
    const body = JSON.parse(row.body) as { configId?: unknown; revision?: unknown };
    if (typeof body.configId !== 'string' || typeof body.revision !== 'number') return;
    const owner: Scope = { tenantId: row.tenant_id, admin: false };
    const version = await findVersion(this.db, owner, body.configId, body.revision);
    if (!version) return;
    const upload = (JSON.parse(version.body) as { Upload: ProfileUpload }).Upload;
    const telemetry = toTelemetrySettings({ CycleTime: version.cycle_time, Upload: upload });
    await this.devices.assignConfig(
      row.tenant_id,
      row.device_id,
      { id: body.configId, revision: body.revision },
      telemetry,
    );
  }
}
