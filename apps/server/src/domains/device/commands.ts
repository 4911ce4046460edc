/**
 * Commands to devices (protocol §7): stored first, published at QoS 1 to a connected device or held
 * until its next welcome, re-sent after every welcome until they end, and ended only by what the
 * device reports — or by the server when they expire or stall. Never silently lost.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  COMMAND_EXPIRY_S,
  DEVICE_BATCH_MAX,
  ErrorCode,
  PROTOCOL_TIMING,
  TERMINAL_COMMAND_STATUSES,
  isTerminalReport,
  normalizeSn,
  type AckCommon,
  type CommandDelivery,
  type CommandItem,
  type CommandKind,
  type CommandStatus,
  type DeviceCommand,
  type DeviceControlBody,
  type IssuedInfoQuery,
  type ListReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { EventBus } from '../../platform/events.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import { background, type Db } from '../../platform/store/db.ts';
import {
  OPEN_STATUSES,
  cancelOpenCommands,
  endOverdueCommands,
  findCommandOfDevice,
  findCommands,
  findOpenCommand,
  insertCommand,
  markSent,
  openCommandsOfDevice,
  overdueCommandIds,
  pageCommands,
  updateCommand,
  type CommandRow,
} from './command-store.ts';
import { newCommandId, type DeviceLink } from '../../platform/gateway/device-link.ts';
import type { LiveDevices } from './live.ts';
import { runsUpgradeVersion } from './upgrade-version.ts';
import { findDevice, type DeviceRow } from './store.ts';

export interface IssuedCommand<K extends CommandKind = DeviceCommand> {
  deviceId: string;
  sn: string;
  command: K;
  commandId: string;
  delivery: CommandDelivery;
}

/** Commands about one client, issued to the AP or router it is on (domains/client). */
export type ClientCommandKind = 'kick_client' | 'release_client';

declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A command's status changed (after it is stored): the issuing domain follows its own commands
     * here (the client domain ends a kick), whether the device reported or the server ended it.
     */
    'device.command': CommandRow;
  }
}

/** Kinds a `cancel` can stop while they run (protocol §7.12). */
const CANCELLABLE_KINDS: ReadonlySet<string> = new Set(['apply_config', 'upgrade_firmware', 'run_diagnosis']);

/** Order of the open statuses: a late or repeated report never moves a command back. */
const RANK: Record<string, number> = { held: 0, sent: 1, accepted: 2, progress: 3 };

export function commandItemOf(r: CommandRow): CommandItem {
  return {
    _id: r.id,
    Device: r.device_id,
    SN: r.sn,
    Command: r.kind,
    Status: r.status as CommandStatus,
    Stage: r.stage,
    Percent: r.percent,
    Code: r.code,
    Detail: r.detail,
    IssueTime: r.issued_at,
    ExpireTime: r.expires_at,
    SentTime: r.sent_at,
    ReportTime: r.reported_at,
    FinishTime: r.finished_at,
    SendCount: r.send_count,
  };
}

export class CommandService {
  /**
   * Issuing, sending, reports and the sweep: a delivery runs thousands of them in a burst, so they
   * take the store's background lane (db.ts); the history list reads like any list.
   */
  private readonly work: Db;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveDevices,
    private readonly link: DeviceLink,
    private readonly log: FastifyBaseLogger,
    private readonly hub?: LiveHub,
    private readonly events?: EventBus,
  ) {
    this.work = background(db);
  }

  /**
   * Says what became of these commands: topic `command` to the browsers of the command's tenant,
   * and the `device.command` event to the domains (the client domain ends a kick there). Never throws.
   */
  private async changed(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    try {
      for (const row of await findCommands(this.work, ids)) {
        this.hub?.publish(row.tenant_id, { topic: 'command', data: commandItemOf(row) });
        await this.events?.emit('device.command', row);
      }
    } catch (err) {
      this.log.error({ err }, 'announcing command changes failed');
    }
  }

  /** The devices a request names (SN, _id, devices[]), each visible to the caller, or 12003. */
  private async targets(scope: Scope, body: DeviceControlBody): Promise<DeviceRow[]> {
    const refs = new Map<string, { id?: string; sn?: string }>();
    if (body._id) refs.set(`id:${body._id}`, { id: body._id });
    for (const raw of [body.SN, ...(body.devices ?? [])]) {
      const sn = raw === undefined ? '' : normalizeSn(raw);
      if (sn !== '') refs.set(`sn:${sn}`, { sn });
    }
    if (refs.size === 0) throw new AppError(ErrorCode.NoDeviceSelected);
    if (refs.size > DEVICE_BATCH_MAX) {
      throw new AppError(ErrorCode.DeviceBatchTooLarge, { max: DEVICE_BATCH_MAX });
    }
    const rows = new Map<string, DeviceRow>();
    for (const ref of refs.values()) {
      // Another tenant's device answers like a missing one: its existence is not the caller's to know.
      const row = await findDevice(this.work, scope, ref);
      if (!row) throw new AppError(ErrorCode.DeviceNotExist);
      rows.set(row.id, row);
    }
    return [...rows.values()];
  }

  async issue(scope: Scope, userId: string | null, body: DeviceControlBody): Promise<IssuedCommand[]> {
    const devices = await this.targets(scope, body);
    const out: IssuedCommand[] = [];
    for (const device of devices) out.push(await this.issueOne(scope, userId, device, body));
    return out;
  }

  private issueOne(
    scope: Scope,
    userId: string | null,
    device: DeviceRow,
    body: DeviceControlBody,
  ): Promise<IssuedCommand> {
    const payload = body.command === 'reboot' && body.delayS !== undefined ? { delayS: body.delayS } : {};
    return this.issueKind(scope, userId, device, body.command, payload, false);
  }

  /**
   * A kick or release for a client, to the device (by _id) it is on; null when the caller cannot
   * see that device. Held, expired and reported like every command.
   */
  async issueClientCommand(
    scope: Scope,
    userId: string | null,
    deviceId: string,
    kind: ClientCommandKind,
    payload: { mac: string; blockS?: number },
  ): Promise<IssuedCommand<ClientCommandKind> | null> {
    const device = await findDevice(this.work, scope, { id: deviceId });
    if (!device) return null;
    return this.issueKind(scope, userId, device, kind, payload, true);
  }

  /**
   * A `set_controller` to an AP that ControllerService has checked; the same target while one is
   * open answers with that one.
   */
  issueSetController(
    scope: Scope,
    userId: string | null,
    ap: DeviceRow,
    acSn: string | null,
  ): Promise<IssuedCommand<'set_controller'>> {
    return this.issueKind(scope, userId, ap, 'set_controller', { acSn }, true);
  }

  /**
   * A command of any kind with its body, for the delivery engine's campaigns (docs/delivery.md); null
   * when the caller cannot see the device. `expiresAt` is the campaign's. An open command of the kind
   * with this very body is answered with itself (a campaign re-issuing after a restart gets the same
   * one back); another body is another command, which the device refuses as `busy` while one runs.
   */
  async issueForCampaign(
    scope: Scope,
    userId: string | null,
    deviceId: string,
    kind: CommandKind,
    body: Record<string, unknown>,
    expiresAt: number,
  ): Promise<IssuedCommand<CommandKind> | null> {
    const device = await findDevice(this.work, scope, { id: deviceId });
    if (!device) return null;
    return this.issueKind(scope, userId, device, kind, body, true, expiresAt);
  }

  /**
   * Stops a command for a campaign's cancel: one never published (held) ends here as cancelled; one
   * the device may be running gets a `cancel` (protocol §7.12) where its kind can be cancelled, and
   * ends by the device's report. Answers what was done.
   */
  async cancelCommand(
    scope: Scope,
    userId: string | null,
    commandId: string,
  ): Promise<'cancelled' | 'requested' | 'ended' | 'not_cancellable'> {
    const [row] = await findCommands(this.work, [commandId]);
    if (!row || (!scope.admin && row.tenant_id !== scope.tenantId)) return 'ended';
    if (row.finished_at !== null) return 'ended';
    if (row.status === 'held') {
      const n = await updateCommand(this.work, row.id, { status: 'cancelled', finished_at: this.clock() }, [
        'held',
      ]);
      if (n > 0) {
        await this.changed([row.id]);
        return 'cancelled';
      }
    }
    if (!CANCELLABLE_KINDS.has(row.kind)) return 'not_cancellable';
    const device = await findDevice(this.work, scope, { id: row.device_id });
    if (!device) return 'ended';
    await this.issueKind(scope, userId, device, 'cancel', { target: row.id }, true);
    return 'requested';
  }

  /** Commands by id (unscoped: the ids come from the server's own rows, e.g. a campaign's). */
  find(ids: readonly string[]): Promise<CommandRow[]> {
    return findCommands(this.work, ids);
  }

  private async issueKind<K extends CommandKind>(
    scope: Scope,
    userId: string | null,
    device: DeviceRow,
    kind: K,
    payload: Record<string, unknown>,
    sameBodyOnly: boolean,
    expiresAt?: number,
  ): Promise<IssuedCommand<K>> {
    const result = (commandId: string, delivery: CommandDelivery): IssuedCommand<K> => ({
      deviceId: device.id,
      sn: device.sn,
      command: kind,
      commandId,
      delivery,
    });
    const body = JSON.stringify(payload);
    // A second reboot while one is still open would restart the device twice: answer with the
    // first. A kick of the same client likewise; a kick of another client is another command.
    const open = await findOpenCommand(this.work, scope, device.id, kind, sameBodyOnly ? body : undefined);
    if (open) return result(open.id, open.status === 'held' ? 'held' : 'sent');

    const now = this.clock();
    const id = newCommandId(now, (n) => randomBytes(n));
    await insertCommand(this.work, {
      id,
      device_id: device.id,
      tenant_id: device.tenant_id,
      sn: device.sn,
      kind,
      body,
      status: 'held',
      issued_by: userId,
      issued_at: now,
      expires_at: expiresAt ?? now + COMMAND_EXPIRY_S[kind] * 1000,
    });
    try {
      const live = await this.live.get(device.sn);
      if (live?.capabilities && !live.capabilities.includes(kind)) {
        await this.failUnsupported(id, now);
        return result(id, 'failed');
      }
      if (!this.live.isConnected(device.sn)) return result(id, 'held');
      const row = await findCommandOfDevice(this.work, id, device.sn);
      return result(id, row && (await this.send(row)) ? 'sent' : 'held');
    } finally {
      await this.changed([id]);
    }
  }

  /** Protocol §7.2: a kind the device did not list never reaches it. */
  private async failUnsupported(id: string, now: number): Promise<void> {
    await updateCommand(
      this.work,
      id,
      { status: 'failed', code: 'unsupported_command', finished_at: now },
      OPEN_STATUSES,
    );
  }

  /**
   * Publishes a stored command; false when the bus could not take it (it stays held). Once per
   * welcome: a command issued while the re-sending after a welcome runs goes out only once.
   */
  private async send(row: CommandRow): Promise<boolean> {
    if (!this.live.claimSend(row.sn, row.id)) return true;
    try {
      await this.link.command(row.sn, {
        id: row.id,
        kind: row.kind as CommandKind,
        expires: row.expires_at,
        body: JSON.parse(row.body) as Record<string, unknown>,
      });
    } catch (err) {
      this.live.releaseSend(row.sn, row.id);
      this.log.warn({ sn: row.sn, command: row.id, err: (err as Error).message }, 'command not sent; held');
      return false;
    }
    await markSent(this.work, row.id, this.clock());
    return true;
  }

  /**
   * After a welcome: every command that has not ended, oldest first — held ones for the first time,
   * others again (the device answers a known id with its last report, protocol §7.4).
   */
  async deliverPending(sn: string): Promise<number> {
    const device = await this.live.get(sn);
    if (!device) return 0;
    const now = this.clock();
    const overdue = await overdueCommandIds(this.work, now, PROTOCOL_TIMING.reportStallS * 1000, device.id);
    await endOverdueCommands(this.work, now, PROTOCOL_TIMING.reportStallS * 1000, device.id);
    const touched = [...overdue];
    let sent = 0;
    for (const row of await openCommandsOfDevice(this.work, device.id)) {
      touched.push(row.id);
      if (await this.appliedByHello(row, device.fwVersion, now)) continue;
      if (device.capabilities && !device.capabilities.includes(row.kind)) {
        await this.failUnsupported(row.id, now);
        continue;
      }
      if (!(await this.send(row))) break;
      sent++;
    }
    await this.changed(touched);
    return sent;
  }

  /**
   * Protocol §7.10 step 6, "the console believes the hello": an upgrade the device took up (accepted
   * or in progress) whose version its hello now reports is applied, and ends `succeeded` here. The
   * device's own `succeeded` may never come: the broker PUBACKs it and the device forgets it (§7.4),
   * and a report can still be lost on the way (bench:firmware at 1,000 at once: 9 devices back on
   * the new version, neither their `succeeded` nor their answer to the re-send stored). The command
   * would wait for the stall rule, 30 minutes, then call an applied upgrade timed out. A later
   * report changes nothing.
   */
  private async appliedByHello(row: CommandRow, fwVersion: string, now: number): Promise<boolean> {
    if (row.kind !== 'upgrade_firmware' || (row.status !== 'accepted' && row.status !== 'progress'))
      return false;
    if (runsUpgradeVersion(row.body, fwVersion) !== true) return false;
    const n = await updateCommand(
      this.work,
      row.id,
      {
        status: 'succeeded',
        stage: null,
        code: null,
        detail: null,
        result: JSON.stringify({ fwVersion }),
        reported_at: now,
        finished_at: now,
      },
      OPEN_STATUSES,
    );
    return n > 0;
  }

  /** A report on `acks`: the command's status is what the device says, never going back. */
  async report(sn: string, ack: AckCommon & { result?: unknown; percent?: number }): Promise<void> {
    const row = await findCommandOfDevice(this.work, ack.id, sn);
    if (!row || row.kind !== ack.cmd) {
      this.log.debug({ sn, command: ack.id, cmd: ack.cmd }, 'report on an unknown command');
      return;
    }
    if (TERMINAL_COMMAND_STATUSES.includes(row.status as CommandStatus)) return;
    const now = this.clock();
    const terminal = isTerminalReport(ack.state);
    if (!terminal && (RANK[ack.state] ?? 0) < (RANK[row.status] ?? 0)) {
      await updateCommand(this.work, row.id, { reported_at: now });
      return;
    }
    await updateCommand(
      this.work,
      row.id,
      {
        status: ack.state,
        // The stage of this report (where a failure happened); a timeout later keeps the last one.
        stage: ack.stage ?? null,
        percent: ack.percent ?? null,
        code: ack.code ?? null,
        detail: ack.detail ?? null,
        result: ack.result === undefined ? null : JSON.stringify(ack.result),
        reported_at: now,
        finished_at: terminal ? now : null,
      },
      OPEN_STATUSES,
    );
    await this.changed([row.id]);
  }

  /** The registration was removed: what the tenant asked of the device no longer applies. */
  async cancelOpen(scope: Scope, deviceId: string): Promise<number> {
    const open = await openCommandsOfDevice(this.work, deviceId);
    const n = await cancelOpenCommands(this.work, scope, deviceId, this.clock());
    if (n > 0) await this.changed(open.map((r) => r.id));
    return n;
  }

  /** The job's pass: expired and stalled commands end (protocol §7.2). */
  async sweep(now: number): Promise<{ expired: number; timedOut: number }> {
    const stallMs = PROTOCOL_TIMING.reportStallS * 1000;
    const ids = await overdueCommandIds(this.work, now, stallMs);
    const ended = await endOverdueCommands(this.work, now, stallMs);
    await this.changed(ids);
    return ended;
  }

  async history(scope: Scope, q: IssuedInfoQuery): Promise<ListReply<CommandItem>> {
    let deviceId: string | undefined;
    if (q._id !== undefined || q.SN !== undefined) {
      const device = await findDevice(this.db, scope, {
        id: q._id,
        sn: q.SN === undefined ? undefined : normalizeSn(q.SN),
      });
      if (!device) throw new AppError(ErrorCode.DeviceNotExist);
      deviceId = device.id;
    }
    const { rows, count } = await pageCommands(this.db, scope, {
      deviceId,
      status: q.Status,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      direction: q.sort === 'IssueTime' ? 'asc' : 'desc',
    });
    return { list: rows.map(commandItemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }
}
