/**
 * Moving an AP to another access controller (spec §7 `testchangeacregister`): the console checks the
 * AP and the AC, then tells the AP through the `set_controller` command (protocol §7.15). The AP's
 * `state` then reports the new `acSn`, which the device item shows as ACSN.
 */
import {
  DeviceType,
  ErrorCode,
  normalizeSn,
  type ChangeAcBody,
  type CommandDelivery,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/store/db.ts';
import type { CommandService } from './commands.ts';
import type { LiveDevices } from './live.ts';
import { findDevice, type DeviceRow } from './store.ts';

export interface ControllerChange {
  ap: DeviceRow;
  /** SN of the new AC; null: standalone. */
  acSn: string | null;
  commandId: string;
  delivery: CommandDelivery;
}

export class ControllerService {
  constructor(
    private readonly db: Db,
    private readonly live: LiveDevices,
    private readonly commands: CommandService,
  ) {}

  /**
   * The AP: the caller's registered device of type AP. Another tenant's device answers like a
   * missing one (12003); only the administrator can see an unregistered one (12010).
   */
  private async ap(scope: Scope, raw: string | undefined): Promise<DeviceRow> {
    const sn = raw === undefined ? '' : normalizeSn(raw);
    if (sn === '') throw new AppError(ErrorCode.DeviceIdInvalid);
    const ap = await findDevice(this.db, scope, { sn });
    if (!ap) throw new AppError(ErrorCode.DeviceNotExist);
    if (ap.registered !== 1 || ap.tenant_id === null) throw new AppError(ErrorCode.StationApMacNotRegistered);
    if (ap.type !== DeviceType.AP) throw new AppError(ErrorCode.DeviceTypeInvalid);
    return ap;
  }

  /**
   * The AC, looked up among the AP's tenant's devices (so never another tenant's, whoever asks):
   * missing 12003; not an AC, or in another network than the AP's, 12008.
   */
  private async ac(ap: DeviceRow, raw: string): Promise<DeviceRow> {
    const owner: Scope = { tenantId: ap.tenant_id, admin: false };
    const ac = await findDevice(this.db, owner, { sn: normalizeSn(raw) });
    if (!ac) throw new AppError(ErrorCode.DeviceNotExist);
    if (ac.type !== DeviceType.AC) throw new AppError(ErrorCode.NoAcForAp);
    if (ap.parent !== null && ac.parent !== ap.parent) throw new AppError(ErrorCode.NoAcForAp);
    return ac;
  }

  async change(scope: Scope, userId: string | null, body: ChangeAcBody): Promise<ControllerChange> {
    const ap = await this.ap(scope, body.SN);
    const ac = body.AC === null || body.AC.trim() === '' ? null : await this.ac(ap, body.AC);
    // Only a connected AP that implements the command can take it now; no command is stored otherwise.
    const live = await this.live.get(ap.sn);
    if (!this.live.isConnected(ap.sn) || !live?.capabilities?.includes('set_controller')) {
      throw new AppError(ErrorCode.ApUnavailable);
    }
    const acSn = ac?.sn ?? null;
    const issued = await this.commands.issueSetController(scope, userId, ap, acSn);
    return { ap, acSn, commandId: issued.commandId, delivery: issued.delivery };
  }
}
