/**
 * Device logs (docs/logs.md, "Device logs"): `logs` lines (protocol §6.7) and `events` (§6.6, every
 * type but client_*, which the client domain keeps as connect logs) of registered devices, held in
 * memory and written in batches like the trackers' (one device lookup and one insert per second).
 *
 * Volume is bounded per device twice: at most DEVICE_LOG_CAPS.perMinute entries a minute are taken
 * (the rest are counted and one warn line says how many were dropped), and the retention job keeps
 * at most DEVICE_LOG_CAPS.rowsPerDevice rows per device.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  DEVICE_EVENT_TYPES,
  DEVICE_LOG_CAPS,
  EVENT_SWITCH_TYPE,
  LogLevel,
  levelOfSeverity,
  type DeviceEventType,
  type UpMessage,
} from '@netconsole/contract';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { BatchWriter } from './batch.ts';
import type { DeviceLogTable } from './tables.ts';

export const DEVICE_LOG_FLUSH_MS = 1000;
const WINDOW_MS = 60_000;
const MODULE_MAX = 32;
const TEXT_MAX = 512;
/** Kept in memory at most between two flushes (every device together); beyond, entries are dropped. */
const PENDING_MAX = 50_000;

type Entry = Omit<DeviceLogTable, 'id' | 'tenant_id' | 'device_id' | 'network_id' | 'status'>;

interface Budget {
  windowStart: number;
  taken: number;
  dropped: number;
}

/** A person's reading of an event without text of its own: its fields, in a fixed order. */
export function eventText(e: UpMessage<'events'>['events'][number]): string {
  const parts: string[] = [];
  if (e.active !== undefined) parts.push(e.active ? 'raised' : 'cleared');
  if (e.port !== undefined) parts.push(`port ${e.port}`);
  if (e.name !== undefined) parts.push(e.name);
  if (e.ip !== undefined) parts.push(e.ip);
  if (e.mac !== undefined) parts.push(e.mac);
  if (e.value !== undefined) parts.push(String(e.value));
  if (e.code !== undefined) parts.push(e.code);
  const detail = parts.join(', ');
  if (e.text) return detail ? `${e.text} (${detail})` : e.text;
  return detail || e.type;
}

export class DeviceLogIngest extends BatchWriter {
  private pending: Entry[] = [];
  private readonly budgets = new Map<string, Budget>();
  readonly figures = { written: 0, droppedCap: 0, droppedOverflow: 0, unregistered: 0, failedWrites: 0 };

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    super(DEVICE_LOG_FLUSH_MS);
  }

  logs(sn: string, m: UpMessage<'logs'>, now: number): void {
    for (const line of m.lines) {
      if (!this.admit(sn, now)) continue;
      this.push({
        sn,
        kind: 'log',
        level: line.level,
        severity: null,
        module: (line.module ?? '').slice(0, MODULE_MAX),
        type: null,
        port: null,
        active: null,
        code: null,
        text: line.text.slice(0, TEXT_MAX),
        created_at: line.ts,
        received_at: now,
      });
    }
  }

  events(sn: string, m: UpMessage<'events'>, now: number): void {
    for (const e of m.events) {
      const type = e.type as string;
      // Client events are the client domain's; an unknown type is ignored (protocol §6.6).
      if (!KNOWN_EVENTS.has(type)) continue;
      if (!this.admit(sn, now)) continue;
      this.push({
        sn,
        kind: 'event',
        level: levelOfSeverity(e.severity),
        severity: e.severity ?? null,
        module: type.slice(0, MODULE_MAX),
        type: EVENT_SWITCH_TYPE[type as DeviceEventType] ?? null,
        port: e.port ?? null,
        active: e.active === undefined ? null : e.active ? 1 : 0,
        code: e.code ?? null,
        text: eventText(e).slice(0, TEXT_MAX),
        created_at: e.ts,
        received_at: now,
      });
    }
  }

  /** The per-device minute budget; a new minute first reports what the last one dropped. */
  private admit(sn: string, now: number): boolean {
    let b = this.budgets.get(sn);
    if (!b || now - b.windowStart >= WINDOW_MS) {
      if (b && b.dropped > 0) this.push(droppedLine(sn, b.dropped, now));
      b = { windowStart: now, taken: 0, dropped: 0 };
      this.budgets.set(sn, b);
    }
    if (b.taken >= DEVICE_LOG_CAPS.perMinute) {
      b.dropped++;
      this.figures.droppedCap++;
      return false;
    }
    b.taken++;
    return true;
  }

  private push(e: Entry): void {
    if (this.pending.length >= PENDING_MAX) {
      this.figures.droppedOverflow++;
      return;
    }
    this.pending.push(e);
  }

  /** What waits, after the drops of the minutes that have ended are reported. */
  protected async write(): Promise<void> {
    const now = this.clock();
    for (const [sn, b] of this.budgets) {
      if (now - b.windowStart < WINDOW_MS) continue;
      if (b.dropped > 0) this.push(droppedLine(sn, b.dropped, now));
      this.budgets.delete(sn);
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    try {
      const sns = [...new Set(batch.map((e) => e.sn))];
      const devices = new Map<string, { id: string; tenant_id: string | null; parent: string | null }>();
      for (let i = 0; i < sns.length; i += 500) {
        const rows = await this.db
          .selectFrom('devices')
          .select(['id', 'sn', 'tenant_id', 'parent'])
          .where('sn', 'in', sns.slice(i, i + 500))
          .where('registered', '=', 1)
          .execute();
        for (const r of rows) devices.set(r.sn, r);
      }
      const rows = batch.flatMap((e) => {
        const d = devices.get(e.sn);
        if (!d?.tenant_id) {
          this.figures.unregistered++;
          return [];
        }
        return [{ ...e, id: newId(), tenant_id: d.tenant_id, device_id: d.id, network_id: d.parent }];
      });
      for (let i = 0; i < rows.length; i += 500) {
        await this.db
          .insertInto('device_logs')
          .values(rows.slice(i, i + 500))
          .execute();
      }
      this.figures.written += rows.length;
    } catch (err) {
      this.figures.failedWrites++;
      this.log.error({ err, entries: batch.length }, 'device logs not written');
    }
  }
}

/** The event types kept here: every one the protocol names but the client domain's. */
const KNOWN_EVENTS: ReadonlySet<string> = new Set(DEVICE_EVENT_TYPES.filter((t) => !t.startsWith('client_')));

function droppedLine(sn: string, dropped: number, now: number): Entry {
  return {
    sn,
    kind: 'log',
    level: LogLevel.Warn,
    severity: null,
    module: 'console',
    type: null,
    port: null,
    active: null,
    code: 'rate_cap',
    text: `${dropped} entries dropped: more than ${DEVICE_LOG_CAPS.perMinute} a minute`,
    created_at: now,
    received_at: now,
  };
}
