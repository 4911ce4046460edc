/**
 * Firmware upgrades (spec §7 CONFIG `fw/dispatch`): an image of the library to devices of its
 * model and hardware version, as one campaign of the delivery engine (docs/firmware-upgrades.md).
 * The engine sends `upgrade_firmware` (protocol §7.10), follows each device's reports and counts a
 * device upgraded only when it came back on the image's version.
 */
import {
  ErrorCode,
  FIRMWARE_DEFAULT_CONCURRENCY,
  FIRMWARE_PERMANENT_MS,
  FirmwareValidity,
  normalizeSn,
  type DeliveryReply,
  type FirmwareDispatchBody,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { DeliveryEngine } from '../delivery/engine.ts';
import type { IssuedReads } from '../delivery/issued.ts';
import { maintenanceEnd } from '../delivery/maintenance.ts';
import type { DevicePlacement } from '../device/placement.ts';
import type { DeviceService } from '../device/service.ts';
import type { DeviceRow } from '../device/tables.ts';
import type { FirmwareImageRow } from './tables.ts';

/** What an upgrade needs of the image library (FirmwareImages, images.ts). */
export interface ImageSource {
  /** The image as the caller may see it; a coded error (15009) otherwise. */
  byId(scope: Scope, id: string): Promise<FirmwareImageRow>;
  /** Its pre-signed download address, valid until `expiresAt`. */
  downloadUrl(image: Pick<FirmwareImageRow, 'id'>, expiresAt: number): string;
}

/**
 * The time zones of networks (null: none set) the scope sees, by network id; the network domain
 * answers (NetworkService.timeZones).
 */
export type NetworkZones = (
  scope: Scope,
  networkIds: readonly string[],
) => Promise<Map<string, string | null>>;

export interface Actor {
  scope: Scope;
  userId: string;
}

/** An upgrade's body; one made by the server (the demo, tests) may leave `Maintenance` out: no window. */
export type UpgradeBody = Omit<FirmwareDispatchBody, 'Maintenance'> &
  Partial<Pick<FirmwareDispatchBody, 'Maintenance'>>;

/** How many SNs a 15031 refusal names (the rest as a count): the text stays readable. */
const NAMED_SNS = 10;

/** The `upgrade_firmware` body (protocol §7.10) of an image, with its window if any. */
function upgradeBody(
  image: FirmwareImageRow,
  url: string,
  window: { start: string; end: string; tz: string } | null,
): Record<string, unknown> {
  return {
    url,
    md5: image.md5.toLowerCase(),
    size: image.size,
    checksum: image.checksum.toLowerCase(),
    model: image.model,
    hwVersion: image.hw_version,
    fwVersion: image.fw_version,
    ...(window ? { window } : {}),
  };
}

export class FirmwareDispatch {
  constructor(
    private readonly images: ImageSource,
    private readonly devices: DeviceService,
    private readonly placement: DevicePlacement,
    private readonly delivery: DeliveryEngine,
    private readonly issued: IssuedReads,
    private readonly clock: () => number,
    private readonly networkZones: NetworkZones,
    /** A window for a device whose network has no zone, and the request none, is in this one. */
    private readonly zone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
  ) {}

  /**
   * The zone of each device's window: its network's, else the request's `Window.TimeZone`, else
   * the server's (docs/firmware-upgrades.md, "Window"). Read with the caller's scope: the devices
   * are the caller's, and so are their networks.
   */
  private async zonesOf(
    scope: Scope,
    rows: readonly DeviceRow[],
    requested: string | null,
  ): Promise<(d: DeviceRow) => string> {
    const parents = [...new Set(rows.flatMap((d) => (d.parent ? [d.parent] : [])))];
    const zones = await this.networkZones(scope, parents);
    const fallback = requested ?? this.zone;
    return (d) => (d.parent ? zones.get(d.parent) : null) ?? fallback;
  }

  /**
   * The devices named (ids or SNs), as the caller sees them (12003 otherwise: another tenant's
   * reads as missing), with what this node heard last (model, hardware version, version).
   */
  private async targets(scope: Scope, refs: readonly string[]): Promise<DeviceRow[]> {
    const byId = new Map((await this.placement.find(scope, [...refs])).map((d) => [d.id, d]));
    const out = new Map<string, DeviceRow>();
    for (const ref of refs) {
      const row = byId.get(ref) ?? (await this.devices.require(scope, { SN: normalizeSn(ref) }));
      out.set(row.id, row);
    }
    const sns = [...out.values()].map((d) => d.sn);
    const page = { sns, offset: 0, limit: sns.length, orderBy: 'sn', direction: 'asc' } as const;
    return (await this.devices.page(scope, page)).rows;
  }

  /**
   * The campaign's owner: the caller's tenant; for the administrator, the tenant of the devices
   * when they are all one tenant's (its lists show the upgrade, as with configuration), else the
   * administrator's own campaign.
   */
  private ownerOf(scope: Scope, rows: readonly DeviceRow[]): Scope {
    if (!scope.admin) return scope;
    const tenants = new Set(rows.map((d) => d.tenant_id));
    const [only] = [...tenants];
    return tenants.size === 1 && only ? { tenantId: only, admin: false } : scope;
  }

  /**
   * `POST /v1/config/fw/dispatch`: the image to the devices, as one campaign. The image must be
   * visible to the caller (its own, or the administrator's published ones), every device the
   * caller's, registered (12105), and of the image's model and hardware version (15031 names the
   * others). Refused as a whole: nothing starts.
   */
  async dispatch(actor: Actor, body: UpgradeBody): Promise<DeliveryReply> {
    const image = await this.images.byId(actor.scope, body._id);
    const rows = await this.targets(actor.scope, body.devices);
    for (const d of rows) if (d.registered !== 1) throw new AppError(ErrorCode.DeviceNotRegistered);
    const other = rows.filter((d) => d.model !== image.model || d.hw_version !== image.hw_version);
    if (other.length > 0) {
      const named = other.slice(0, NAMED_SNS).map((d) => d.sn);
      const more = other.length > NAMED_SNS ? ` (+${other.length - NAMED_SNS})` : '';
      throw new AppError(ErrorCode.FirmwareDeviceMismatch, {
        model: image.model,
        hwVersion: image.hw_version,
        sns: named.join(', ') + more,
      });
    }
    const owner = this.ownerOf(actor.scope, rows);
    const effectiveAt = body.EffectiveTime ?? this.clock();
    // Validity 2 ends when the user said; 0 and 1 have no end of their own (FIRMWARE_PERMANENT_MS).
    const expiresAt =
      body.Validity === FirmwareValidity.Period && body.ExpireTime !== null
        ? body.ExpireTime
        : effectiveAt + FIRMWARE_PERMANENT_MS;
    // One link for every device, signed until the campaign's commands expire.
    const url = this.images.downloadUrl(image, expiresAt);
    const window = body.Window;
    const zoneOf = window ? await this.zonesOf(actor.scope, rows, window.TimeZone) : () => '';
    // Devices of one zone share a body; the engine stores the most common one once, on the campaign.
    const command = (d: DeviceRow) =>
      upgradeBody(image, url, window ? { start: window.Start, end: window.End, tz: zoneOf(d) } : null);
    const c = await this.delivery.startCampaign(owner, actor.userId, {
      kind: 'upgrade_firmware',
      targets: rows.map((d) => d.id),
      body: command,
      ref: { id: image.id, name: image.fw_version },
      ...(body.EffectiveTime !== null ? { effectiveAt: body.EffectiveTime } : {}),
      expiresAt,
      ...(body.Staged !== null ? { staged: body.Staged } : {}),
      // Per network, over all its upgrades; the documented default when the user left it empty.
      concurrency: body.Concurrency ?? FIRMWARE_DEFAULT_CONCURRENCY,
      validity: body.Validity,
      // Until the period's end; a permanent upgrade gets a bounded default (maintenance.ts).
      ...(body.Maintenance
        ? {
            maintenance: {
              end: maintenanceEnd(
                effectiveAt,
                body.Validity === FirmwareValidity.Period ? body.ExpireTime : null,
                window !== null,
              ),
            },
          }
        : {}),
    });
    return { list: await this.issued.delivery(owner, c.id) };
  }
}
