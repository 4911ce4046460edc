/**
 * The delivery engine (docs/delivery.md): a campaign sends one command kind to many devices through
 * the device domain's commands — from its effective time, within its expiry, at most `concurrency`
 * at once, optionally staged — and each target follows its command, which only the device's reports
 * (or the server's expiry of it) move. Every decision is taken from rows in the store, so a restart
 * or another node carries on where this one stopped.
 */
import type { FastifyBaseLogger } from 'fastify';
import { COMMAND_EXPIRY_S, ErrorCode, type CommandKind } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { EventBus } from '../../platform/events.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import type { Db } from '../../platform/store/db.ts';
import type { CommandService } from '../device/commands.ts';
import type { DeviceService } from '../device/service.ts';
import type { CommandRow, DeviceRow } from '../device/tables.ts';
import { runsUpgradeVersion, upgradeVersionOf } from '../device/upgrade-version.ts';
import { networksOf, type MaintenanceRequest } from './maintenance.ts';
import {
  IN_FLIGHT,
  activeCampaignIds,
  campaignById,
  campaignOpenFor,
  claimTargets,
  countByWave,
  countTargets,
  downloadingByPool,
  endTargets,
  findCampaign,
  insertCampaign,
  isDownloading,
  leaseCampaign,
  pendingPools,
  pokeCampaign,
  pooledCampaignsWaiting,
  releaseCampaign,
  setCommandIds,
  targetsOf,
  targetsOfCampaign,
  targetsOfCommands,
  unclaimTargets,
  updateCampaign,
  updateTargets,
  visibleDevices,
  type CampaignRow,
  type TargetRow,
} from './store.ts';
import type { CampaignStatus, DeliveryTargetTable, TargetStatus } from './tables.ts';
import type { Insertable } from 'kysely';

/** The command kinds campaigns send; their reports reach the command service through this domain. */
export const CAMPAIGN_KINDS = ['apply_config', 'upgrade_firmware', 'run_diagnosis', 'reset'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

export const JOB_ADVANCE = 'delivery.advance';
export const JOB_SWEEP = 'delivery.sweep';

/** Attempts per target; only `interrupted` is tried again (protocol §7.4: safe to execute again). */
export const MAX_ATTEMPTS = 3;
const RETRY_CODES: ReadonlySet<string> = new Set(['interrupted']);
/** A claim (`issuing`) this old without a command: its node died while issuing; the target is free again. */
const ISSUING_STALE_MS = 60_000;
/** How long a node may step a campaign before another may take over (a node that died mid-step). */
const STEP_LEASE_MS = 5 * 60_000;
/**
 * Targets read and claimed per batch of a step. Their command ids reach the targets when the batch
 * is issued, and reports are followed from then on: small enough for progress to show soon.
 */
const ISSUE_BATCH = 200;
/**
 * Commands being issued at once on this node, over all its campaigns: each is a few store round
 * trips and a publish that waits for the broker's PUBACK, so one after the other a campaign of
 * 10,000 would wait for 10,000 round trips in a row; per campaign, ten deliveries of 1,000 started
 * together issued 320 at once, and their devices' reports held the event loop so that a device
 * list waited (docs/performance.md, "Configuration delivery").
 */
const ISSUE_PARALLEL = 32;
/**
 * Pending targets read per page while a firmware step looks for targets whose network has a free
 * slot (the full networks' targets are left out by the query): about one network's share of a slot
 * per step once the downloads run, so a step reads little.
 */
const POOL_SCAN = 100;
/** Progress (`Event: 'campaign'`) is published at most this often per campaign, unless its status changed. */
const LIVE_PROGRESS_MS = 250;
/** What a staged share counts as failed. */
const FAILED: readonly TargetStatus[] = ['failed', 'rejected', 'expired', 'timed_out'];

export interface CampaignSpec {
  kind: CampaignKind;
  /** Device ids, each visible to the caller (12003 otherwise); at least one (12138). */
  targets: readonly string[];
  /** The command body for a device (without the envelope). */
  body: (device: DeviceRow) => Record<string, unknown>;
  /** What it delivers, for the lists (a profile and its revision, a firmware). */
  ref?: { id: string; revision?: number; name?: string };
  /** Not before (now by default); later than now when given. */
  effectiveAt?: number;
  /** Commands not started by then end as expired (the kind's default expiry after the start). */
  expiresAt?: number;
  /** Send to the first share, wait for its outcomes, stop when more than maxFailPercent of it failed. */
  staged?: { firstPercent: number; maxFailPercent: number };
  /**
   * At most this many targets in flight at once (none by default). For `upgrade_firmware`: at most
   * this many devices of one network downloading at once, over every firmware campaign not ended
   * (devices in no network: one pool per tenant; docs/firmware-upgrades.md, "Concurrency").
   */
  concurrency?: number;
  /** Firmware: spec §3 issue validity (0 permanent, 1 from a time, 2 a period), kept for the lists. */
  validity?: number;
  /**
   * Mute the alarm notifications of the targets' networks from the effective time to `end`: told
   * to the notification domain by `delivery.maintenance` (maintenance.ts).
   */
  maintenance?: MaintenanceRequest;
}

/**
 * The firmware version a device's last `hello` reported (null: unknown). An `upgrade_firmware`
 * target succeeds only when it equals the command's `fwVersion` (docs/firmware-upgrades.md).
 */
export type VersionOf = (sn: string) => Promise<string | null>;

/** Reports (as opposed to the server's own states): the first one is a target's start time. */
const REPORTED: ReadonlySet<string> = new Set(['accepted', 'progress', 'succeeded', 'failed', 'rejected']);

export type TargetCounts = Partial<Record<TargetStatus, number>>;

/** The live `delivery` topic's data (docs/delivery.md, "Live"). */
export type DeliveryLiveData =
  | { Event: 'campaign'; Campaign: string; Kind: string; Status: CampaignStatus; Counts: TargetCounts }
  | {
      Event: 'target';
      Campaign: string;
      Device: string;
      SN: string;
      Status: TargetStatus;
      Stage: string | null;
      Code: string | null;
      Detail: string | null;
      Percent: number | null;
    };

/** Targets not ended (waiting or in flight). */
function open(counts: TargetCounts): number {
  return (counts.pending ?? 0) + IN_FLIGHT.reduce((n, s) => n + (counts[s] ?? 0), 0);
}

function scopeOfCampaign(c: CampaignRow): Scope {
  return { tenantId: c.tenant_id, admin: c.tenant_id === null };
}

function invalid(detail: string): AppError {
  return new AppError(ErrorCode.ValidationFailed, { detail });
}

function isInt(n: number | undefined, min: number, max: number): boolean {
  return n === undefined || (Number.isInteger(n) && n >= min && n <= max);
}

/** At most `n` tasks at once, the others waiting in arrival order. */
class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/** Runs `task` for each item, at most `parallel` at a time. */
async function inParallel<T>(items: readonly T[], parallel: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

export class DeliveryEngine {
  /** Commands being issued on this node, every campaign's (ISSUE_PARALLEL). */
  private readonly issuing = new Slots(ISSUE_PARALLEL);
  /** One step at a time per campaign on this node; a request during a step runs one more after it. */
  private readonly steps = new Map<string, { again: boolean; done: Promise<void> }>();
  /**
   * Command rows changed and not yet copied onto their targets (latest per command): the reports of
   * one turn go to the store together, one batch after the other (so an older state never lands
   * after a newer one of the same batch's rows).
   */
  private readonly changedCommands = new Map<string, CommandRow>();
  private nextFollow: Promise<void> | null = null;
  private followTail: Promise<void> = Promise.resolve();
  /** Progress not yet published per campaign (LIVE_PROGRESS_MS), and the status last published. */
  private readonly progress = new Map<string, { c: CampaignRow; counts: TargetCounts }>();
  private readonly publishedStatus = new Map<string, CampaignStatus>();
  private progressTimer: ReturnType<typeof setTimeout> | null = null;
  /** The module's stop: no new step starts and no more commands are issued; pending targets wait for the next start. */
  private stopping = false;
  /**
   * The per-network firmware claims of this node, one at a time: a claim counts the downloads of
   * every campaign and must not interleave with another campaign's claim.
   */
  private poolTurn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: Jobs,
    // The module's wiring passes the device service; the targets are read by the store in chunks
    // (visibleDevices) instead of one `require` per device.
    _devices: DeviceService,
    private readonly commands: CommandService,
    private readonly hub?: LiveHub,
    /** This node's name in the campaigns' leases (the jobs' node: host and process id). */
    private readonly node = jobs.node,
    /** The device's version after its hello: what a firmware target's success is checked against. */
    private readonly versionOf?: VersionOf,
    /** Where `delivery.maintenance` and `delivery.ended` go (maintenance.ts). */
    private readonly events?: EventBus,
  ) {}

  /** Stores a campaign and its targets, and has it advanced at its effective time. */
  async startCampaign(scope: Scope, userId: string | null, spec: CampaignSpec): Promise<CampaignRow> {
    const now = this.clock();
    if (!(CAMPAIGN_KINDS as readonly string[]).includes(spec.kind)) throw invalid('kind');
    const ids = [...new Set(spec.targets)];
    if (ids.length === 0) throw new AppError(ErrorCode.DeliveryDevicesRequired);
    if (spec.effectiveAt !== undefined && spec.effectiveAt < now) {
      throw new AppError(ErrorCode.EffectiveTimeNotFuture);
    }
    const effectiveAt = spec.effectiveAt ?? now;
    const expiresAt = spec.expiresAt ?? effectiveAt + COMMAND_EXPIRY_S[spec.kind] * 1000;
    if (expiresAt <= effectiveAt) throw new AppError(ErrorCode.DeliveryExpiryInvalid);
    if (!isInt(spec.concurrency, 1, 100_000)) throw invalid('concurrency');
    if (
      spec.staged &&
      !(isInt(spec.staged.firstPercent, 1, 100) && isInt(spec.staged.maxFailPercent, 0, 100))
    ) {
      throw new AppError(ErrorCode.StagedDeliveryInvalid);
    }

    if (ids.some((id) => id === '')) throw new AppError(ErrorCode.DeviceIdInvalid);
    const rows = await visibleDevices(this.db, scope, ids);
    // Another tenant's device answers like a missing one: its existence is not the caller's to know.
    if (rows.length !== ids.length) throw new AppError(ErrorCode.DeviceNotExist);
    // Online devices first, so a concurrency limit or a first share is not held up by devices that
    // may not connect before the expiry; then by SN, so the order is stable. SNs are upper-case
    // ASCII: code units order them as localeCompare did, at a fraction of its cost.
    rows.sort((a, b) => b.online - a.online || (a.sn < b.sn ? -1 : a.sn > b.sn ? 1 : 0));
    // A body given as the same object for every device (a profile's) is written out once: 1,000
    // copies of an 8-SSID profile held the event loop ~15 ms a campaign (docs/performance.md).
    const written = new Map<unknown, string>();
    const bodies = rows.map((d) => {
      const body = spec.body(d);
      let text = written.get(body);
      if (text === undefined) written.set(body, (text = JSON.stringify(body)));
      return text;
    });
    // The body most targets share is stored once, on the campaign.
    const tally = new Map<string, number>();
    for (const b of bodies) tally.set(b, (tally.get(b) ?? 0) + 1);
    const common = [...tally].sort((a, b) => b[1] - a[1])[0]![0];
    const first = spec.staged
      ? Math.max(1, Math.ceil((rows.length * spec.staged.firstPercent) / 100))
      : rows.length;

    const id = newId();
    const tenantId = scope.admin ? null : scope.tenantId;
    const targets: Insertable<DeliveryTargetTable>[] = rows.map((d, i) => ({
      campaign_id: id,
      device_id: d.id,
      tenant_id: d.tenant_id,
      sn: d.sn,
      wave: i < first ? 1 : 2,
      position: i,
      status: 'pending',
      stage: null,
      code: null,
      detail: null,
      percent: null,
      body: bodies[i] === common ? null : bodies[i]!,
      command_id: null,
      updated_at: now,
      finished_at: null,
      started_at: null,
      // What the device ran when the upgrade started (the lists show from → to).
      from_version: spec.kind === 'upgrade_firmware' && d.fw_version !== '' ? d.fw_version : null,
    }));
    await insertCampaign(
      this.db,
      {
        id,
        tenant_id: tenantId,
        kind: spec.kind,
        ref_id: spec.ref?.id ?? null,
        ref_revision: spec.ref?.revision ?? null,
        ref_name: spec.ref?.name ?? null,
        body: common,
        created_by: userId,
        created_at: now,
        effective_at: effectiveAt,
        expires_at: expiresAt,
        // Due now: running from the start, so the answer says so before its first step has run.
        status: effectiveAt <= now ? 'running' : 'scheduled',
        concurrency: spec.concurrency ?? null,
        validity: spec.validity ?? null,
        first_percent: spec.staged?.firstPercent ?? null,
        max_fail_percent: spec.staged?.maxFailPercent ?? null,
        stop_reason: null,
        ended_by: null,
        finished_at: null,
        updated_at: now,
      },
      targets,
    );
    // The start and the expiry are durable runs; the sweep would find the campaign anyway.
    await this.jobs.enqueue(JOB_ADVANCE, { campaignId: id }, { at: effectiveAt, key: `${id}:start` });
    await this.jobs.enqueue(JOB_ADVANCE, { campaignId: id }, { at: expiresAt, key: `${id}:expiry` });
    // The window is asked for before the first command goes out, so the first reboot is muted.
    if (spec.maintenance) {
      await this.events?.emit('delivery.maintenance', {
        campaignId: id,
        kind: spec.kind,
        name: spec.ref?.name ?? null,
        createdBy: userId,
        start: effectiveAt,
        end: spec.maintenance.end,
        networks: networksOf(rows),
      });
    }
    // Due now: the commands go out behind the answer (a step of this node; the start run, and after
    // a restart the sweep, find the targets still pending in the rows).
    if (effectiveAt <= now) void this.advance(id);
    return (await campaignById(this.db, id))!;
  }

  /**
   * Cancels a campaign: targets not started end as cancelled; commands held for offline devices end
   * on the server; running ones get the protocol's `cancel` where their kind allows and end by the
   * device's report. 14048 for a campaign the caller cannot see, 14049 for one that has ended.
   */
  async cancel(scope: Scope, userId: string | null, campaignId: string): Promise<CampaignRow> {
    const c = await findCampaign(this.db, scope, campaignId);
    if (!c) throw new AppError(ErrorCode.DeliveryNotExist);
    // After a step of this node under way, so it does not issue behind the cancel's back.
    await this.steps.get(c.id)?.done;
    const now = this.clock();
    const n = await updateCampaign(
      this.db,
      c.id,
      { status: 'cancelled', stop_reason: 'cancelled', ended_by: userId, updated_at: now },
      ['scheduled', 'running'],
    );
    if (n === 0) throw new AppError(ErrorCode.DeliveryEnded);
    // Its maintenance window ends now, before the reply: the commands still running are the user's
    // to watch again.
    await this.tellEnded(c, 'cancelled', now);
    await endTargets(this.db, c.id, ['pending'], { status: 'cancelled', code: 'cancelled', now });
    for (const t of await targetsOf(this.db, c.id, IN_FLIGHT)) {
      if (t.command_id === null) continue;
      await this.commands.cancelCommand(scopeOfCampaign(c), userId, t.command_id);
    }
    await this.advance(c.id);
    return (await campaignById(this.db, c.id))!;
  }

  // ---- reads (scoped)

  campaign(scope: Scope, id: string): Promise<CampaignRow | undefined> {
    return findCampaign(this.db, scope, id);
  }

  /**
   * Whether a campaign of this kind is still sending `refId` (a profile): scheduled, running, or
   * ended early but still following commands the devices may be applying.
   */
  sending(scope: Scope, kind: CampaignKind, refId: string): Promise<boolean> {
    return campaignOpenFor(this.db, scope, kind, refId);
  }

  /** Every target of a campaign the caller may see, in issue order. */
  targetsOf(scope: Scope, campaignId: string): Promise<TargetRow[]> {
    return targetsOfCampaign(this.db, scope, campaignId);
  }

  /**
   * A command row changed (the `device.command` event): its target follows it. The changes of one
   * turn (many devices reporting) are followed together; resolves when this one's batch is stored.
   */
  onCommand(row: CommandRow): Promise<void> {
    this.changedCommands.set(row.id, row);
    if (!this.nextFollow) {
      this.nextFollow = this.followTail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => this.followBatch());
      this.followTail = this.nextFollow;
    }
    return this.nextFollow;
  }

  private async followBatch(): Promise<void> {
    this.nextFollow = null;
    const rows = new Map(this.changedCommands);
    this.changedCommands.clear();
    try {
      // Usually one target a command; two when a campaign re-used another's identical open command.
      const targets = await targetsOfCommands(this.db, [...rows.keys()]);
      const { ended, freed } = await this.follow(targets.map((t) => ({ t, row: rows.get(t.command_id!)! })));
      // A device done downloading frees a slot of its network for any firmware campaign waiting.
      if (freed) for (const id of await pooledCampaignsWaiting(this.db)) ended.add(id);
      for (const id of ended) void this.advance(id);
    } catch (err) {
      this.log.error({ err }, 'following command changes failed; the sweep catches up');
    }
  }

  /**
   * Copies each command's state onto its target, the same change to many targets in one statement;
   * the campaigns where a target ended (or is free to retry), and whether a firmware download ended
   * (a slot of its network is free).
   */
  private async follow(
    pairs: readonly { t: TargetRow; row: CommandRow }[],
  ): Promise<{ ended: Set<string>; freed: boolean }> {
    const now = this.clock();
    const groups = new Map<
      string,
      {
        campaignId: string;
        patch: Partial<Insertable<DeliveryTargetTable>>;
        terminal: boolean;
        started: boolean;
        targets: TargetRow[];
      }
    >();
    const campaigns = new Map<string, CampaignRow | undefined>();
    for (const { t, row } of pairs) {
      const status = row.status as TargetStatus;
      const terminal = row.finished_at !== null;
      let patch: Partial<Insertable<DeliveryTargetTable>> = {
        status,
        stage: row.stage,
        code: row.code,
        detail: row.detail,
        // A report without a percent (a later stage, the outcome) keeps the download's last one.
        ...(row.percent !== null ? { percent: row.percent } : {}),
        updated_at: now,
        finished_at: terminal ? now : null,
      };
      if (status === 'succeeded' && row.kind === 'upgrade_firmware') {
        const mismatch = await this.versionMismatch(t, row);
        if (mismatch) patch = { ...patch, ...mismatch };
      }
      if (terminal && status === 'failed' && row.code !== null && RETRY_CODES.has(row.code)) {
        if (!campaigns.has(t.campaign_id))
          campaigns.set(t.campaign_id, await campaignById(this.db, t.campaign_id));
        const c = campaigns.get(t.campaign_id);
        if (c?.status === 'running' && t.attempts < MAX_ATTEMPTS && now < c.expires_at) {
          // Back in line: the next step issues a new command (the device may execute it again).
          patch = { ...patch, status: 'pending', command_id: null, finished_at: null };
        }
      }
      // The first report starts the target's clock (StartTime); the store keeps an earlier one.
      const started = REPORTED.has(row.status);
      const key = `${t.campaign_id}\n${started}\n${JSON.stringify(patch)}`;
      const group = groups.get(key) ?? { campaignId: t.campaign_id, patch, terminal, started, targets: [] };
      group.targets.push(t);
      groups.set(key, group);
    }
    const ended = new Set<string>();
    let freed = false;
    for (const g of groups.values()) {
      const devices = g.targets.map((t) => t.device_id);
      const changed = new Set(
        await updateTargets(
          this.db,
          g.campaignId,
          devices,
          g.patch,
          IN_FLIGHT,
          g.started ? { startedAt: now } : {},
        ),
      );
      for (const t of g.targets) {
        if (!changed.has(t.device_id)) continue;
        const changedTo = { ...t, ...g.patch } as TargetRow;
        this.publishTarget(changedTo);
        if (g.terminal) ended.add(t.campaign_id);
        if (t.command_id !== null && isDownloading(t) && !isDownloading(changedTo)) freed = true;
      }
    }
    return { ended, freed };
  }

  /**
   * A firmware target whose device said `succeeded`: applied only if the device came back on the
   * image's version (its last `hello`, protocol §7.10 step 6). Otherwise it failed where a silent
   * fall-back happens, at `rebooting`, code `version_mismatch` (2 apply failed); the command keeps
   * what the device said.
   */
  private async versionMismatch(
    t: TargetRow,
    row: CommandRow,
  ): Promise<Partial<Insertable<DeliveryTargetTable>> | null> {
    if (!this.versionOf) return null;
    const expected = upgradeVersionOf(row.body);
    if (expected === null) return null;
    const running = await this.versionOf(t.sn);
    if (runsUpgradeVersion(row.body, running)) return null;
    return {
      status: 'failed',
      stage: 'rebooting',
      code: 'version_mismatch',
      detail: `the device reported success but came back on ${running ?? 'an unknown version'}, not ${expected}`,
    };
  }

  /** Advances a campaign now (coalesced: one step at a time, one more if asked meanwhile). Never throws. */
  advance(campaignId: string): Promise<void> {
    if (this.stopping) return Promise.resolve();
    const running = this.steps.get(campaignId);
    if (running) {
      running.again = true;
      return running.done;
    }
    const entry = { again: false, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        do {
          entry.again = false;
          try {
            await this.leasedStep(campaignId);
          } catch (err) {
            this.log.error({ err, campaign: campaignId }, 'delivery step failed; the sweep tries again');
          }
        } while (entry.again);
      } finally {
        this.steps.delete(campaignId);
      }
    })();
    this.steps.set(campaignId, entry);
    return entry.done;
  }

  /**
   * The module's stop: the steps under way end after the commands being issued now (the targets
   * claimed but not reached go back in line), and none starts again. What is left pending is
   * issued after the next start, by the sweep that start runs (or another node's steps).
   */
  async stop(): Promise<void> {
    this.halt();
    await this.settled();
  }

  /** The server is closing: no command is issued from now on, no step starts (stop waits for the rest). */
  halt(): void {
    this.stopping = true;
  }

  /** Resolves when no step runs and no report waits on this node, its progress published (tests; the module's stop). */
  async settled(): Promise<void> {
    while (this.steps.size > 0 || this.nextFollow) {
      await this.followTail;
      await Promise.allSettled([...this.steps.values()].map((s) => s.done));
    }
    this.flushProgress();
  }

  /**
   * The sweep (every minute, and once at start): every campaign not ended catches up with its
   * commands' rows — a change this node missed while it was down — and advances.
   */
  async sweep(): Promise<void> {
    const now = this.clock();
    for (const id of await activeCampaignIds(this.db, now)) {
      try {
        await this.reconcile(id, now);
      } catch (err) {
        this.log.error({ err, campaign: id }, 'delivery reconcile failed');
      }
      await this.advance(id);
    }
  }

  /** Whether any campaign is not ended (a start resumes only then). */
  async anyActive(): Promise<boolean> {
    return (await activeCampaignIds(this.db, this.clock())).length > 0;
  }

  private async reconcile(campaignId: string, now: number): Promise<void> {
    const open = await targetsOf(this.db, campaignId, IN_FLIGHT);
    const stale = open.filter(
      (t) => t.status === 'issuing' && t.command_id === null && t.updated_at < now - ISSUING_STALE_MS,
    );
    if (stale.length > 0) {
      await updateTargets(
        this.db,
        campaignId,
        stale.map((t) => t.device_id),
        { status: 'pending', updated_at: now },
        ['issuing'],
      );
    }
    const withCommand = open.filter((t) => t.command_id !== null);
    const rows = new Map(
      (await this.commands.find(withCommand.map((t) => t.command_id!))).map((r) => [r.id, r]),
    );
    const behind: { t: TargetRow; row: CommandRow }[] = [];
    for (const t of withCommand) {
      const row = rows.get(t.command_id!);
      if (row && (row.status !== t.status || row.finished_at !== null)) behind.push({ t, row });
    }
    await this.follow(behind);
  }

  /**
   * Steps under the campaign's lease, so that one node at a time decides for it (the concurrency
   * limit holds across nodes). A node that finds the lease held leaves a poke; the holder sees it
   * when it lets go and steps once more, so no request for a step is lost.
   */
  private async leasedStep(campaignId: string): Promise<void> {
    await pokeCampaign(this.db, campaignId);
    for (;;) {
      const now = this.clock();
      const pokes = await leaseCampaign(this.db, campaignId, this.node, now, now + STEP_LEASE_MS);
      if (pokes === null) return;
      let released = false;
      try {
        await this.step(campaignId);
      } finally {
        // A failed step lets go too: the sweep (or the next report) tries again.
        released = await releaseCampaign(this.db, campaignId, this.node, pokes);
      }
      if (released) return;
    }
  }

  /** One step: start when due, stop or go on by the staged rule, issue into free slots, end when all ended. */
  private async step(campaignId: string): Promise<void> {
    let c = await campaignById(this.db, campaignId);
    if (!c) return;
    const now = this.clock();
    if (c.status === 'scheduled') {
      if (now < c.effective_at) return;
      await updateCampaign(this.db, c.id, { status: 'running', updated_at: now }, ['scheduled']);
      c = (await campaignById(this.db, c.id))!;
    }
    if (c.status === 'running') {
      if (now >= c.expires_at) {
        // Never issued before the expiry: they end like the commands that expired (the command sweep
        // expires the unreported commands). The campaign is expired if any target was, or is still open.
        await endTargets(this.db, c.id, ['pending'], { status: 'expired', code: 'not_started', now });
        if (open(await this.counts(c.id)) > 0 || (await this.anyExpired(c.id))) {
          await updateCampaign(this.db, c.id, { status: 'expired', updated_at: now }, ['running']);
          c = (await campaignById(this.db, c.id))!;
        }
      } else {
        const waves = await countByWave(this.db, c.id);
        // Stopped: read again, so the end below keeps `stopped` rather than calling it finished.
        if (await this.stagedStop(c, now, waves.get(1) ?? {})) c = (await campaignById(this.db, c.id))!;
        else await this.issueNext(c, waves);
      }
    }
    const counts = await this.counts(c.id);
    if (open(counts) === 0 && c.finished_at === null) {
      await updateCampaign(this.db, c.id, {
        status: c.status === 'running' || c.status === 'scheduled' ? 'finished' : c.status,
        finished_at: now,
        updated_at: now,
      });
      c = (await campaignById(this.db, c.id))!;
      await this.tellEnded(c, c.status, now);
    }
    this.publishCampaign(c, counts);
  }

  /** `delivery.ended` (maintenance.ts): a window the campaign opened ends with it. */
  private async tellEnded(c: CampaignRow, status: CampaignStatus, at: number): Promise<void> {
    await this.events?.emit('delivery.ended', {
      campaignId: c.id,
      tenantId: c.tenant_id,
      status,
      effectiveAt: c.effective_at,
      at,
    });
  }

  private async counts(campaignId: string): Promise<TargetCounts> {
    return (await countTargets(this.db, [campaignId])).get(campaignId) ?? {};
  }

  /** A target ended by the expiry (never started, or its command never reported). */
  private async anyExpired(campaignId: string): Promise<boolean> {
    return (await targetsOf(this.db, campaignId, ['expired'], { limit: 1 })).length > 0;
  }

  /**
   * The staged rule: once the failures of the first share exceed maxFailPercent of it, the campaign
   * stops (its targets not started end as cancelled, code `stopped`); the share's commands still
   * running go on and are followed. True when it stopped.
   */
  private async stagedStop(c: CampaignRow, now: number, first: TargetCounts): Promise<boolean> {
    if (c.first_percent === null || c.max_fail_percent === null) return false;
    const size = Object.values(first).reduce((n, v) => n + (v ?? 0), 0);
    const failed = FAILED.reduce((n, s) => n + (first[s] ?? 0), 0);
    if (failed * 100 <= c.max_fail_percent * size) return false;
    const n = await updateCampaign(
      this.db,
      c.id,
      { status: 'stopped', stop_reason: 'fail_threshold', updated_at: now },
      ['running'],
    );
    if (n > 0) await endTargets(this.db, c.id, ['pending'], { status: 'cancelled', code: 'stopped', now });
    return true;
  }

  /** Issues the next targets into the free slots; a staged campaign's rest waits for its first share. */
  private async issueNext(c: CampaignRow, waves: Map<number, TargetCounts>): Promise<void> {
    if (![...waves.values()].some((w) => (w.pending ?? 0) > 0)) return;
    let wave: number | undefined;
    if (c.first_percent !== null && open(waves.get(1) ?? {}) > 0) wave = 1;
    const scope = scopeOfCampaign(c);
    const pooled = c.kind === 'upgrade_firmware' && c.concurrency !== null;
    const issued = pooled
      ? await this.issuePooled(c, scope, wave)
      : await this.issueInSlots(c, scope, waves, wave);
    // A cancel that came while these were issued (it does not wait for another node's step) did not
    // see their commands: they are cancelled the same way now.
    const after = await campaignById(this.db, c.id);
    if (after?.status === 'cancelled') {
      for (const id of issued) await this.commands.cancelCommand(scope, after.ended_by, id);
    }
  }

  /** The campaign's own limit: at most `concurrency` of its targets in flight. The commands made. */
  private async issueInSlots(
    c: CampaignRow,
    scope: Scope,
    waves: Map<number, TargetCounts>,
    wave: number | undefined,
  ): Promise<string[]> {
    const inFlight = [...waves.values()].reduce((n, w) => n + open(w) - (w.pending ?? 0), 0);
    let slots = c.concurrency === null ? Number.MAX_SAFE_INTEGER : c.concurrency - inFlight;
    const issued: string[] = [];
    // In batches, so a large campaign without a limit does not read all its targets at once.
    while (slots > 0 && !this.stopping) {
      const next = await targetsOf(this.db, c.id, ['pending'], {
        ...(wave !== undefined ? { wave } : {}),
        limit: Math.min(slots, ISSUE_BATCH),
      });
      if (next.length === 0) break;
      // The claim: another step that picked the same targets loses them here.
      const claimed = await claimTargets(
        this.db,
        c.id,
        next.map((t) => t.device_id),
        this.clock(),
      );
      slots -= claimed.length;
      issued.push(...(await this.issueBatch(c, scope, claimed)));
    }
    return issued;
  }

  /**
   * Firmware: at most `concurrency` devices of one network downloading at once, counted over every
   * firmware campaign not ended (docs/firmware-upgrades.md, "Concurrency"). Batch after batch while
   * some network has room; a download that ends frees its slot and advances the campaigns waiting
   * (followBatch). The commands made.
   */
  private async issuePooled(c: CampaignRow, scope: Scope, wave: number | undefined): Promise<string[]> {
    const issued: string[] = [];
    while (!this.stopping) {
      const claimed = await this.inPoolTurn(() => this.claimPooled(c, wave));
      if (claimed.length === 0) break;
      issued.push(...(await this.issueBatch(c, scope, claimed)));
    }
    return issued;
  }

  /** One pooled claim at a time on this node (poolTurn). */
  private inPoolTurn<T>(claim: () => Promise<T>): Promise<T> {
    const turn = this.poolTurn.then(claim, claim);
    this.poolTurn = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Claims the campaign's next pending targets (at most ISSUE_BATCH) whose pool has room under the
   * campaign's limit, in issue order; a target of a full network waits, one of another goes ahead.
   */
  private async claimPooled(c: CampaignRow, wave: number | undefined): Promise<TargetRow[]> {
    const limit = c.concurrency ?? Number.MAX_SAFE_INTEGER;
    const used = await downloadingByPool(this.db);
    const chosen: string[] = [];
    let after = -1;
    while (chosen.length < ISSUE_BATCH) {
      const full = [...used].filter(([, n]) => n >= limit).map(([pool]) => pool);
      const page = await pendingPools(this.db, c.id, { wave, after, limit: POOL_SCAN, full });
      for (const p of page) {
        const n = used.get(p.pool) ?? 0;
        if (n >= limit) continue;
        used.set(p.pool, n + 1);
        chosen.push(p.deviceId);
        if (chosen.length === ISSUE_BATCH) break;
      }
      if (page.length < POOL_SCAN) break;
      after = page[page.length - 1]!.position;
    }
    return chosen.length === 0 ? [] : claimTargets(this.db, c.id, chosen, this.clock());
  }

  /**
   * Issues claimed targets, at most ISSUE_PARALLEL commands at a time on the node; their command ids go onto the targets
   * in one statement per chunk, and each target takes its command's state. The ids of the commands
   * made. A target whose issue failed goes back in line, and the first failure is thrown (after the
   * others are recorded): the sweep or the next step tries again.
   */
  private async issueBatch(c: CampaignRow, scope: Scope, claimed: readonly TargetRow[]): Promise<string[]> {
    const made: { t: TargetRow; commandId: string }[] = [];
    const gone: string[] = [];
    const failed: string[] = [];
    const left: string[] = [];
    let failure: unknown = null;
    const issue = async (t: TargetRow) => {
      // Stopping: the rest of the batch waits in the rows for the next start.
      if (this.stopping) {
        left.push(t.device_id);
        return;
      }
      try {
        const body = JSON.parse(t.body ?? c.body) as Record<string, unknown>;
        const issued = await this.commands.issueForCampaign(
          scope,
          c.created_by,
          t.device_id,
          c.kind as CommandKind,
          body,
          c.expires_at,
        );
        // null: the device left the caller's tenant since the campaign started.
        if (issued) made.push({ t, commandId: issued.commandId });
        else gone.push(t.device_id);
      } catch (err) {
        failed.push(t.device_id);
        failure ??= err;
      }
    };
    await inParallel(claimed, ISSUE_PARALLEL, (t) => this.issuing.run(() => issue(t)));
    const now = this.clock();
    if (failed.length > 0) {
      await updateTargets(this.db, c.id, failed, { status: 'pending', updated_at: now }, ['issuing']);
    }
    if (left.length > 0) await unclaimTargets(this.db, c.id, left, now);
    if (gone.length > 0) {
      await updateTargets(
        this.db,
        c.id,
        gone,
        { status: 'cancelled', code: 'device_gone', updated_at: now, finished_at: now },
        ['issuing'],
      );
    }
    if (made.length > 0) {
      await setCommandIds(
        this.db,
        c.id,
        made.map((m) => ({ deviceId: m.t.device_id, commandId: m.commandId })),
        now,
      );
      // A command may have changed before its id was on the target (refused as unsupported, a fast
      // report): its row now is what the target takes.
      const rows = new Map((await this.commands.find(made.map((m) => m.commandId))).map((r) => [r.id, r]));
      const pairs: { t: TargetRow; row: CommandRow }[] = [];
      for (const m of made) {
        const row = rows.get(m.commandId);
        if (row) pairs.push({ t: { ...m.t, status: 'issuing', command_id: row.id }, row });
      }
      await this.follow(pairs);
    }
    if (failure !== null) throw failure;
    return made.map((m) => m.commandId);
  }

  // ---- live

  private publishTarget(t: TargetRow): void {
    const hub = this.hub;
    if (!hub?.watched(t.tenant_id)) return;
    const data: DeliveryLiveData = {
      Event: 'target',
      Campaign: t.campaign_id,
      Device: t.device_id,
      SN: t.sn,
      Status: t.status,
      Stage: t.stage,
      Code: t.code,
      Detail: t.detail,
      Percent: t.percent,
    };
    hub.publish(t.tenant_id, { topic: 'delivery', data });
  }

  /**
   * A campaign's progress after a step. Steps follow one another while reports come in, so the
   * counts alone go out at most every LIVE_PROGRESS_MS per campaign (the latest); a new status, and
   * the end, at once.
   */
  private publishCampaign(c: CampaignRow, counts: TargetCounts): void {
    if (!this.hub?.watched(c.tenant_id)) return;
    const ended = c.finished_at !== null;
    if (!ended && this.publishedStatus.get(c.id) === c.status) {
      this.progress.set(c.id, { c, counts });
      if (!this.progressTimer) {
        this.progressTimer = setTimeout(() => this.flushProgress(), LIVE_PROGRESS_MS);
        // Never what keeps a process alive: settled() (the module's stop) publishes what is left.
        this.progressTimer.unref();
      }
      return;
    }
    this.progress.delete(c.id);
    if (ended) this.publishedStatus.delete(c.id);
    else this.publishedStatus.set(c.id, c.status);
    this.sendCampaign(c, counts);
  }

  private flushProgress(): void {
    if (this.progressTimer) clearTimeout(this.progressTimer);
    this.progressTimer = null;
    const due = [...this.progress.values()];
    this.progress.clear();
    for (const { c, counts } of due) this.sendCampaign(c, counts);
  }

  private sendCampaign(c: CampaignRow, counts: TargetCounts): void {
    const hub = this.hub;
    if (!hub?.watched(c.tenant_id)) return;
    const data: DeliveryLiveData = {
      Event: 'campaign',
      Campaign: c.id,
      Kind: c.kind,
      Status: c.status,
      Counts: counts,
    };
    hub.publish(c.tenant_id, { topic: 'delivery', data });
  }
}
