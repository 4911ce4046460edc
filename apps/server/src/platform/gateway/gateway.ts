/**
 * The device gateway: every message devices publish passes here. Cheap checks first (topic, rate
 * limit), then the contract's codec (size, JSON, version, schema); whatever fails is dropped as a
 * whole and counted, never stored in part and never allowed to throw. What passes is handled in
 * order per device by the handlers the domains registered for its kind (protocol §5): the gateway
 * dispatches, it knows no domain. A kind no domain handles yet is counted as unhandled, not dropped
 * silently. Also runs the periodic pass the domains register (silence, command expiry).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  SN_RE,
  TOPIC_ROOT,
  decodeUp,
  type CommandKind,
  type DecodedUp,
  type UpKind,
  type UpMessage,
} from '@netconsole/contract';
import type { BusRefusal, DeviceBus } from '../bus/bus.ts';
import type { Clock } from '../ids.ts';
import { GatewayCounters, type GatewayDrop } from './counters.ts';
import { IngestMetrics } from './metrics.ts';
import { TokenBuckets } from './rate-limit.ts';

/** How often the periodic pass runs (silence, expiry); tests call sweep() with their own clock. */
export const SWEEP_EVERY_MS = 5000;
/** The longest the gateway decodes device messages before letting the event loop serve others. */
export const INBOX_SLICE_MS = 4;
/** Entries taken between two looks at the clock. */
const INBOX_STEP = 8;

export interface GatewayOptions {
  bus: DeviceBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Handle only these SNs ('' all): several test runs sharing one broker. */
  snPrefix: string;
  /** Where drops are counted; shared with the device API, which shows each device's. */
  counters?: GatewayCounters;
}

/** Kinds that open and close a session: handled without the session check. */
type SessionKind = 'hello' | 'offline';
/** Kinds handled inside an open session, after its sequence check. */
export type SessionMessageKind = Exclude<UpKind, SessionKind | 'acks'>;

/** Handles one decoded message of its kind; may be async. A throw counts as an `internal` drop. */
export type UpHandler<K extends UpKind> = (sn: string, message: UpMessage<K>, now: number) => unknown;
/** Handles a report on a command of the kinds it was registered for (protocol §7.4). */
export type AckHandler = (sn: string, ack: UpMessage<'acks'>, now: number) => unknown;

/**
 * The session check of the device domain (protocol §5.2): is a message of this kind and sequence
 * number from an open session, and new? Anything but 'ok' is the drop reason.
 */
export type Admission = (sn: string, kind: UpKind, seq: number, now: number) => Promise<'ok' | GatewayDrop>;

export interface ConnectionHandler {
  /** A device's connection was accepted by the broker (before its hello). */
  connected(sn: string, address: string | null): unknown;
  disconnected(sn: string, now: number): unknown;
}

/** What the domains register with the gateway while they are built (before it starts). */
export interface GatewayRegistry {
  on<K extends UpKind>(kind: K, handler: UpHandler<K>): void;
  onAck(kinds: readonly CommandKind[], handler: AckHandler): void;
  admission(check: Admission): void;
  onConnection(handler: ConnectionHandler): void;
  /** Joins the periodic pass (every SWEEP_EVERY_MS; tests call sweep()). Must not throw. */
  onSweep(task: (now: number) => unknown): void;
}

/** The SN of a topic under `dev/`, even a malformed one, so its drops count against the device. */
function snOfTopic(topic: string): string | null {
  const [root, sn] = topic.split('/', 2);
  return root === TOPIC_ROOT && sn !== undefined && SN_RE.test(sn) ? sn : null;
}

export class Gateway implements GatewayRegistry {
  readonly counters: GatewayCounters;
  readonly metrics: IngestMetrics;
  private readonly limiter = new TokenBuckets();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly handlers = new Map<UpKind, UpHandler<never>[]>();
  private readonly ackHandlers = new Map<string, AckHandler[]>();
  private readonly connections: ConnectionHandler[] = [];
  private readonly sweeps: ((now: number) => unknown)[] = [];
  /** Without a session check registered, no session is open: only hello and offline are taken. */
  private admit: Admission = async () => 'no_session';
  /**
   * Messages as the broker delivered them, taken in slices of INBOX_SLICE_MS: a burst (one TCP
   * read can hold hundreds) would otherwise be decoded and handled in one go while HTTP requests
   * wait; between slices the event loop serves them.
   */
  private inbox: (() => void)[] = [];
  private inboxHead = 0;
  private slice: NodeJS.Immediate | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: GatewayOptions) {
    this.counters = o.counters ?? new GatewayCounters(o.clock());
    this.metrics = new IngestMetrics(this.counters);
  }

  // ---- the registry ----

  on<K extends UpKind>(kind: K, handler: UpHandler<K>): void {
    const list = this.handlers.get(kind) ?? [];
    list.push(handler as UpHandler<never>);
    this.handlers.set(kind, list);
  }

  onAck(kinds: readonly CommandKind[], handler: AckHandler): void {
    for (const kind of kinds) {
      const list = this.ackHandlers.get(kind) ?? [];
      list.push(handler);
      this.ackHandlers.set(kind, list);
    }
  }

  admission(check: Admission): void {
    this.admit = check;
  }

  onConnection(handler: ConnectionHandler): void {
    this.connections.push(handler);
  }

  onSweep(task: (now: number) => unknown): void {
    this.sweeps.push(task);
  }

  // ---- running ----

  async start(): Promise<void> {
    const { bus, clock } = this.o;
    await bus.start({
      message: (topic, payload) => this.receive(topic, payload),
      // Through the inbox too, so a device's connection events keep their place among its messages.
      connected: (sn, address) =>
        this.toInbox(() =>
          this.enqueue(sn, async () => {
            for (const c of this.connections) await c.connected(sn, address);
          }),
        ),
      disconnected: (sn) => {
        const now = clock();
        this.toInbox(() =>
          this.enqueue(sn, async () => {
            for (const c of this.connections) await c.disconnected(sn, now);
          }),
        );
      },
      refused: (sn, what: BusRefusal) => this.drop(sn, what),
    });
    this.timer = setInterval(() => void this.sweep(clock()), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  /** The bus is started and the sweep runs: between `start()` resolving and `stop()` (GET /readyz). */
  get running(): boolean {
    return this.timer !== null;
  }

  /** Stops taking messages and finishes what was taken (the domains write their last states after). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.o.bus.close();
    await this.idle();
  }

  /** Resolves when every message taken so far has been handled. */
  async idle(): Promise<void> {
    await this.takeInbox(Infinity);
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** The periodic pass: what the domains registered (silent devices go offline, overdue commands end). */
  async sweep(now: number): Promise<void> {
    this.limiter.prune(now);
    for (const task of this.sweeps) {
      try {
        await task(now);
      } catch (err) {
        this.o.log.error({ err }, 'gateway sweep failed');
      }
    }
  }

  private drop(sn: string | null | undefined, reason: GatewayDrop, topic?: string): void {
    this.counters.dropped(sn, reason);
    this.o.log.debug({ sn, reason, topic }, 'device message dropped');
  }

  private receive(topic: string, payload: Buffer): void {
    const at = this.metrics.now();
    this.toInbox(() => this.take(topic, payload, at));
  }

  private toInbox(task: () => void): void {
    this.inbox.push(task);
    this.nextSlice();
  }

  private nextSlice(): void {
    this.slice ??= setImmediate(() => {
      this.slice = null;
      void this.takeInbox(INBOX_SLICE_MS);
    });
  }

  /**
   * Takes inbox entries for up to `ms`; the rest wait for the next turn. Every few entries the
   * handling they started runs before the clock is read, so the slice counts it too.
   */
  private async takeInbox(ms: number): Promise<void> {
    const until = performance.now() + ms;
    let taken = 0;
    while (this.inboxHead < this.inbox.length) {
      this.inbox[this.inboxHead++]!();
      if (++taken % INBOX_STEP === 0) {
        for (let i = 0; i < 4; i++) await undefined;
        if (performance.now() >= until) break;
      }
    }
    if (this.inboxHead >= this.inbox.length) {
      this.inbox = [];
      this.inboxHead = 0;
      return;
    }
    if (this.inboxHead >= 4096) {
      this.inbox = this.inbox.slice(this.inboxHead);
      this.inboxHead = 0;
    }
    this.nextSlice();
  }

  private take(topic: string, payload: Buffer, at: number): void {
    const sn = snOfTopic(topic);
    if (this.o.snPrefix && !sn?.startsWith(this.o.snPrefix)) return;
    try {
      this.counters.received(sn);
      if (sn !== null) {
        const verdict = this.limiter.take(sn, this.o.clock());
        if (verdict !== 'ok') {
          this.drop(sn, 'rate', topic);
          if (verdict === 'flood' && this.o.bus.disconnect(sn)) {
            this.o.log.warn({ sn }, 'device flooding the gateway: disconnected');
          }
          return;
        }
      }
      const decoded = decodeUp(topic, payload);
      if (!decoded.ok) {
        this.drop(decoded.sn ?? sn, decoded.reason, topic);
        return;
      }
      const now = this.o.clock();
      this.enqueue(decoded.sn, () =>
        this.handle(decoded, now).then(() => this.metrics.handled(decoded.sn, at)),
      );
    } catch (err) {
      this.drop(sn, 'internal', topic);
      this.o.log.error({ err, topic }, 'device message failed');
    }
  }

  /** Messages of one device are handled one after the other, in the order they came. */
  private enqueue(sn: string, task: () => Promise<void>): void {
    const next = (this.queues.get(sn) ?? Promise.resolve()).then(task).catch((err: unknown) => {
      this.drop(sn, 'internal');
      this.o.log.error({ err, sn }, 'device message failed');
    });
    this.queues.set(sn, next);
    void next.then(() => {
      if (this.queues.get(sn) === next) this.queues.delete(sn);
    });
  }

  private async handle(d: DecodedUp, now: number): Promise<void> {
    const sn = d.sn;
    // hello and offline open and close sessions: no session check before them. Every other
    // message must belong to an open session and be new.
    if (d.kind !== 'hello' && d.kind !== 'offline') {
      const verdict = await this.admit(sn, d.kind, d.message.seq, now);
      if (verdict !== 'ok') {
        this.drop(sn, verdict);
        return;
      }
    }
    this.counters.accepted(sn);
    if (d.kind === 'acks') {
      // A report reaches the domain that issued the command, by the command's kind.
      const list = this.ackHandlers.get(d.message.cmd);
      if (!list) {
        this.counters.unhandled(`acks/${d.message.cmd}`);
        this.o.log.debug(
          { sn, cmd: d.message.cmd, id: d.message.id },
          'report on a command no domain issues',
        );
        return;
      }
      for (const h of list) await h(sn, d.message, now);
      return;
    }
    const list = this.handlers.get(d.kind);
    if (list) {
      for (const h of list) await (h as UpHandler<typeof d.kind>)(sn, d.message as never, now);
    } else {
      // Valid, and it keeps the device alive, but no domain keeps this kind yet.
      this.counters.unhandled(d.kind);
    }
  }
}
