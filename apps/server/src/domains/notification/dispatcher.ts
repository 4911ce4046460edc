/**
 * From alarms to messages (docs/notifications.md, "Digests and limits"). An alarm raised or
 * cleared (C's `alarm.raised` / `alarm.cleared`) joins its network's open digest window, or opens
 * one that ends the digest window (ALARM_DIGEST_SECONDS, default DIGEST_WINDOW_MS) later and schedules its digest (a durable job, so a restart loses
 * nothing). When the window ends, the digest job asks the alarm settings whom each alarm type goes
 * to (`alarmTargets.of`), groups the changes per channel and recipient into one message each,
 * applies the hourly limit, writes a record per send and queues the sends (durable jobs with
 * retries); the console gets one system message per digest. Alarms inside a maintenance window are
 * recorded as `muted` and go nowhere.
 */
import {
  NOTIFY_HOURLY_LIMIT,
  type NotifyChannel,
  type NotifyKind,
  type NotifyStatus,
} from '@netconsole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { newId, type Clock } from '../../platform/ids.ts';
import type { JobContext, Jobs } from '../../platform/jobs/jobs.ts';
import { SendFailure } from '../../platform/notify/send-failure.ts';
import type { Db } from '../../platform/store/db.ts';
import type { AlarmNotice, AlarmTargetLookup, AlarmTargets } from '../alarm/events.ts';
import type { MessageService } from '../message/service.ts';
import { NOT_CONFIGURED, type AlertChannels } from './channels.ts';
import { bilingual, digestLines, limitNote, type Change } from './digest.ts';
import type { MaintenanceService } from './service.ts';
import {
  dueQueued,
  enabledWebhooks,
  getRecord,
  insertQueued,
  insertRecords,
  markQueuedDone,
  openBatch,
  purgeQueued,
  purgeRecords,
  recentSends,
  tenantBindings,
  updateRecord,
  type RecordRow,
} from './store.ts';
import type { RecordTable } from './tables.ts';
import type { Insertable } from 'kysely';

export const DIGEST_JOB = 'notification.digest';
export const SEND_JOB = 'notification.send';
export const HOUSEKEEPING_JOB = 'notification.housekeeping';
/** Attempts of one send; transient failures wait 10 s, 20 s, 40 s, 80 s between them. */
export const SEND_ATTEMPTS = 5;
export const SEND_BACKOFF = { baseMs: 10_000, maxMs: 10 * 60_000 };
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Records are kept this long (the housekeeping job at 03:41 UTC removes older ones). */
export const RECORDS_KEPT_DAYS = 90;
/** Alarm ids a record keeps (its AlarmCount says how many it covered). */
const RECORD_IDS_MAX = 100;
/** Alarms a webhook body carries in full. */
const WEBHOOK_ALARMS_MAX = 500;

export interface DigestPayload {
  tenantId: string;
  /** '' for alarms of no network. */
  networkId: string;
}

interface Recipient {
  channel: NotifyChannel;
  address: string;
  label: string;
  targetId: string | null;
  changes: Change[];
  muted: Change[];
}

const NO_TARGETS: AlarmTargets = { enabled: false, methods: [], emails: [], phones: [] };

export class NotificationDispatcher {
  /** Per network: the alarm being queued, so two at once do not open two windows on this node. */
  private readonly chains = new Map<string, Promise<void>>();

  constructor(
    private readonly o: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      jobs: Jobs;
      targets: AlarmTargetLookup;
      messages: MessageService;
      maintenance: MaintenanceService;
      channels: AlertChannels;
      /** How long a network's digest gathers alarm changes (the setting ALARM_DIGEST_SECONDS). */
      digestWindowMs: number;
    },
  ) {}

  /** Declares the jobs (build time). */
  define(): void {
    this.o.jobs.define<DigestPayload>(DIGEST_JOB, (ctx) => this.digest(ctx.payload));
    this.o.jobs.define<{ record: string }>(SEND_JOB, (ctx) => this.send(ctx), {
      attempts: SEND_ATTEMPTS,
      backoff: SEND_BACKOFF,
      timeoutMs: 60_000,
    });
    this.o.jobs.define(HOUSEKEEPING_JOB, async () => {
      const now = this.o.clock();
      await purgeQueued(this.o.db, now - 7 * DAY_MS);
      await purgeRecords(this.o.db, now - RECORDS_KEPT_DAYS * DAY_MS);
    });
    this.o.jobs.every(HOUSEKEEPING_JOB, { cron: '41 3 * * *', timeZone: 'UTC' });
  }

  /** The `alarm.raised` / `alarm.cleared` listener: the change joins its network's digest window. */
  onAlarm(event: Change['event'], n: AlarmNotice): Promise<void> {
    const key = `${n.tenantId}:${n.networkId ?? ''}`;
    const next = (this.chains.get(key) ?? Promise.resolve()).then(() => this.enqueue(event, n));
    const settled = next.catch(() => undefined);
    this.chains.set(key, settled);
    void settled.then(() => {
      if (this.chains.get(key) === settled) this.chains.delete(key);
    });
    return next;
  }

  private async enqueue(event: Change['event'], n: AlarmNotice): Promise<void> {
    const { db, clock, jobs, maintenance } = this.o;
    const now = clock();
    const networkId = n.networkId ?? '';
    const muted = n.networkId ? await maintenance.muted(n.tenantId, n.networkId, n.at) : false;
    const open = await openBatch(db, n.tenantId, networkId, now);
    const batchAt = open ?? now + this.o.digestWindowMs;
    const change: Change = {
      event,
      alarmId: n.alarmId,
      networkName: n.networkName,
      deviceName: n.deviceName,
      sn: n.sn,
      type: n.type,
      level: n.level,
      text: n.text,
      behind: n.behind,
      at: n.at,
    };
    await insertQueued(db, {
      id: newId(),
      tenant_id: n.tenantId,
      network_id: networkId,
      alarm_id: n.alarmId,
      event,
      level: n.level,
      notice: JSON.stringify(change),
      muted: muted ? 1 : 0,
      batch_at: batchAt,
      received_at: now,
      done_at: null,
    });
    if (open === null) {
      await jobs.enqueue<DigestPayload>(
        DIGEST_JOB,
        { tenantId: n.tenantId, networkId },
        { at: batchAt, key: `${n.tenantId}:${networkId}:${batchAt}` },
      );
    }
  }

  /** The digest job: the window's changes to each recipient, once. */
  async digest(p: DigestPayload): Promise<void> {
    const { db, clock } = this.o;
    const now = clock();
    const rows = await dueQueued(db, p.tenantId, p.networkId, now);
    if (rows.length === 0) return;
    const { recipients, told } = await this.recipients(
      p,
      rows.map((r) => ({ change: JSON.parse(r.notice) as Change, muted: r.muted === 1 })),
    );
    const records: Insertable<RecordTable>[] = [];
    for (const r of recipients.values()) {
      if (r.muted.length > 0)
        records.push(this.record(p, r, r.muted, 'digest', 'muted', 'maintenance window', now));
      if (r.changes.length > 0) records.push(await this.limited(p, r, now));
    }
    await db.transaction().execute(async (tx) => {
      await insertRecords(tx, records);
      await markQueuedDone(
        tx,
        rows.map((r) => r.id),
        now,
      );
    });
    for (const rec of records) {
      if (rec.status === 'queued') await this.o.jobs.enqueue(SEND_JOB, { record: rec.id }, { key: rec.id });
    }
    if (told.length > 0) await this.consoleMessage(p.tenantId, told);
  }

  /**
   * Who gets which changes: the settings' recipients per method, the tenant's bindings and
   * webhooks; and `told`, the changes of enabled types outside a maintenance window (the console's).
   */
  private async recipients(
    p: DigestPayload,
    changes: { change: Change; muted: boolean }[],
  ): Promise<{ recipients: Map<string, Recipient>; told: Change[] }> {
    const { db, targets, log } = this.o;
    const byType = new Map<number, AlarmTargets>();
    const bindings = new Map<string, { id: string; address: string; label: string }[]>();
    const webhooks = await enabledWebhooks(db, p.tenantId);
    const out = new Map<string, Recipient>();
    const told: Change[] = [];
    const add = (
      channel: NotifyChannel,
      address: string,
      label: string,
      targetId: string | null,
      c: Change,
      muted: boolean,
    ) => {
      const key = `${channel}\n${address}`;
      const r = out.get(key) ?? { channel, address, label, targetId, changes: [], muted: [] };
      (muted ? r.muted : r.changes).push(c);
      out.set(key, r);
    };
    for (const { change, muted } of changes) {
      let t = byType.get(change.type);
      if (!t) {
        t = await targets.of(p.tenantId, p.networkId || null, change.type).catch((err: unknown) => {
          log.error({ err, tenant: p.tenantId }, 'alarm targets failed');
          return NO_TARGETS;
        });
        byType.set(change.type, t);
      }
      if (!t.enabled) continue;
      if (!muted) told.push(change);
      for (const method of new Set(t.methods)) {
        if (method === 'mail') for (const e of new Set(t.emails)) add('mail', e, '', null, change, muted);
        if (method === 'sms') for (const ph of new Set(t.phones)) add('sms', ph, '', null, change, muted);
        if (method === 'wechat' || method === 'app') {
          let list = bindings.get(method);
          if (!list) {
            list = await tenantBindings(db, p.tenantId, method);
            bindings.set(method, list);
          }
          for (const b of list) add(method, b.address, b.label, b.id, change, muted);
        }
      }
      for (const w of webhooks) {
        if (w.levels.split(',').map(Number).includes(change.level))
          add('webhook', w.url, w.name, w.id, change, muted);
      }
    }
    return { recipients: out, told };
  }

  /**
   * A digest while under the hourly limit of this recipient, channel and network; at the limit one
   * note; past it a `limited` record. Per network, so a noisy network cannot silence another's alarms.
   */
  private async limited(p: DigestPayload, r: Recipient, now: number): Promise<Insertable<RecordTable>> {
    // Webhooks feed tools that want every alarm: no limit.
    if (r.channel !== 'webhook') {
      const recent = await recentSends(
        this.o.db,
        p.tenantId,
        r.channel,
        r.address,
        p.networkId,
        now - HOUR_MS,
      );
      const digests = recent.filter((s) => s.kind === 'digest').length;
      if (digests >= NOTIFY_HOURLY_LIMIT) {
        const noted = recent.some((s) => s.kind === 'note');
        return noted
          ? this.record(p, r, r.changes, 'digest', 'limited', `over ${NOTIFY_HOURLY_LIMIT} per hour`, now)
          : this.record(p, r, r.changes, 'note', 'queued', null, now);
      }
    }
    return this.record(p, r, r.changes, 'digest', 'queued', null, now);
  }

  private record(
    p: DigestPayload,
    r: Recipient,
    changes: Change[],
    kind: NotifyKind,
    status: NotifyStatus,
    reason: string | null,
    now: number,
  ): Insertable<RecordTable> & { id: string; status: NotifyStatus } {
    const network = changes.find((c) => c.networkName)?.networkName ?? null;
    const id = newId();
    const words = kind === 'note' ? limitNote(network) : bilingual(changes);
    const body =
      r.channel === 'webhook'
        ? JSON.stringify({
            event: 'alarm.digest',
            delivery: id,
            tenant: p.tenantId,
            network: p.networkId ? { id: p.networkId, name: network } : null,
            raised: changes.filter((c) => c.event === 'raised').length,
            cleared: changes.filter((c) => c.event === 'cleared').length,
            alarms: changes.slice(0, WEBHOOK_ALARMS_MAX).map((c) => ({
              id: c.alarmId,
              event: c.event,
              type: c.type,
              level: c.level,
              sn: c.sn,
              device: c.deviceName,
              text: c.text,
              behind: c.behind,
              at: c.at,
            })),
            createdAt: now,
          })
        : words.text;
    return {
      id,
      tenant_id: p.tenantId,
      network_id: p.networkId || null,
      network_name: network === null ? null : network.slice(0, 64),
      channel: r.channel,
      kind,
      recipient: r.address,
      label: r.label.slice(0, 64),
      target_id: r.targetId,
      alarm_ids: JSON.stringify([...new Set(changes.map((c) => c.alarmId))].slice(0, RECORD_IDS_MAX)),
      alarm_count: changes.length,
      subject: words.subject.slice(0, 200),
      body,
      status,
      reason,
      attempts: 0,
      created_at: now,
      sent_at: null,
    };
  }

  private async consoleMessage(tenantId: string, changes: Change[]): Promise<void> {
    const raised = changes.filter((c) => c.event === 'raised').length;
    await this.o.messages.notify(tenantId, 'alarm_digest', {
      network: changes.find((c) => c.networkName)?.networkName ?? '-',
      count: changes.length,
      raised,
      cleared: changes.length - raised,
      lines_en: digestLines(changes, 'en', 5).join(' · '),
      lines_zh: digestLines(changes, 'zh', 5).join(' · '),
    });
  }

  /** The send job: one record through its channel; transient failures are retried by the job. */
  async send(ctx: JobContext<{ record: string }>): Promise<void> {
    const { db, clock } = this.o;
    const rec = await getRecord(db, ctx.payload.record);
    if (!rec || rec.status !== 'queued') return;
    try {
      await this.o.channels.deliver(rec, await this.secretOf(rec));
      await updateRecord(db, rec.id, {
        status: 'sent',
        sent_at: clock(),
        attempts: ctx.attempt,
        reason: null,
      });
    } catch (err) {
      const f = err instanceof SendFailure ? err : new SendFailure('error', (err as Error).message, true);
      const reason = `${f.providerCode}: ${f.message}`.slice(0, 500);
      if (f.transient && ctx.attempt < SEND_ATTEMPTS) {
        await updateRecord(db, rec.id, { attempts: ctx.attempt, reason });
        throw f;
      }
      await updateRecord(db, rec.id, { status: 'failed', attempts: ctx.attempt, reason });
      // A channel the operator has not set up is in the records, not worth a message per digest.
      if (f.providerCode !== NOT_CONFIGURED) await this.failed(rec, reason);
    }
  }

  private async secretOf(rec: RecordRow): Promise<string | null> {
    if (rec.channel !== 'webhook' || !rec.target_id) return null;
    const hooks = await enabledWebhooks(this.o.db, rec.tenant_id);
    return hooks.find((w) => w.id === rec.target_id)?.secret ?? null;
  }

  private async failed(rec: RecordRow, reason: string): Promise<void> {
    await this.o.messages.notify(rec.tenant_id, 'notification_failed', {
      channel: rec.channel,
      recipient: rec.channel === 'webhook' ? rec.label : rec.recipient.replace(/^(.{3}).*(.{2})$/, '$1***$2'),
      network: rec.network_name ?? '-',
      reason: reason.slice(0, 200),
    });
  }
}
