/**
 * The device gateway: every message devices publish passes here. Cheap checks first (topic, rate
 * limit), then the contract's codec (size, JSON, version, schema); whatever fails is dropped as a
 * whole and counted, never stored in part and never allowed to throw. What passes is handled in
 * order per device and handed to the device services. Also runs the periodic pass that marks silent
 * devices offline and ends overdue commands.
 */
import type { FastifyBaseLogger } from 'fastify';
import { SN_RE, TOPIC_ROOT, decodeUp, type DecodedUp } from '@netconsole/contract';
import type { BusRefusal, DeviceBus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/ids.ts';
import type { LiveClients } from '../client/live.ts';
import type { CommandService } from '../device/commands.ts';
import type { DeviceLink } from '../device/link.ts';
import type { LiveDevices } from '../device/live.ts';
import type { TelemetryService } from '../telemetry/service.ts';
import type { TopologyService } from '../topology/service.ts';
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
  live: LiveDevices;
  commands: CommandService;
  link: DeviceLink;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Handle only these SNs ('' all): several test runs sharing one broker. */
  snPrefix: string;
  /** Keeps the time series of stats, state and port tables (domains/telemetry). */
  telemetry?: TelemetryService;
  /** Keeps the LLDP neighbours and the networks' topology history (domains/topology). */
  topology?: TopologyService;
  /** Keeps the client tables and connect logs (domains/client). */
  clients?: LiveClients;
  /** Where drops are counted; shared with the device API, which shows each device's. */
  counters?: GatewayCounters;
}

/** The SN of a topic under `dev/`, even a malformed one, so its drops count against the device. */
function snOfTopic(topic: string): string | null {
  const [root, sn] = topic.split('/', 2);
  return root === TOPIC_ROOT && sn !== undefined && SN_RE.test(sn) ? sn : null;
}

export class Gateway {
  readonly counters: GatewayCounters;
  readonly metrics: IngestMetrics;
  private readonly limiter = new TokenBuckets();
  private readonly queues = new Map<string, Promise<void>>();
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

  async start(): Promise<void> {
    const { bus, live, clock } = this.o;
    await live.start(bus.kind);
    await bus.start({
      message: (topic, payload) => this.receive(topic, payload),
      // Through the inbox too, so a device's connection events keep their place among its messages.
      connected: (sn, address) => this.toInbox(() => this.enqueue(sn, () => live.peer(sn, address))),
      disconnected: (sn) => {
        const now = clock();
        this.toInbox(() => this.enqueue(sn, () => live.connectionClosed(sn, now)));
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

  /** Stops taking messages, finishes what was taken, writes the last states. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.o.bus.close();
    await this.idle();
    await this.o.live.stop();
  }

  /** Resolves when every message taken so far has been handled. */
  async idle(): Promise<void> {
    await this.takeInbox(Infinity);
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  /** The periodic pass: silent devices go offline, overdue commands end. */
  async sweep(now: number): Promise<void> {
    try {
      this.o.live.sweep(now);
      this.limiter.prune(now);
      await this.o.commands.sweep(now);
    } catch (err) {
      this.o.log.error({ err }, 'gateway sweep failed');
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
    const { live, commands, link } = this.o;
    const sn = d.sn;
    if (d.kind === 'hello') {
      const w = await live.hello(sn, d.message, now);
      this.counters.accepted(sn);
      try {
        await link.welcome(sn, d.message.session, w.registered, w.telemetry);
      } catch (err) {
        // The device says hello again after 15 s without a welcome.
        this.o.log.warn({ sn, err: (err as Error).message }, 'welcome not sent');
        return;
      }
      await commands.deliverPending(sn);
      return;
    }
    if (d.kind === 'offline') {
      // A will of an older session (after a take-over) changes nothing, and is not an error.
      await live.offline(sn, d.message.session, d.message.reason, now);
      this.counters.accepted(sn);
      return;
    }
    const verdict = await live.accept(sn, d.kind, d.message.seq, now);
    if (verdict !== 'ok') {
      this.drop(sn, verdict);
      return;
    }
    this.counters.accepted(sn);
    switch (d.kind) {
      case 'state':
        live.state(sn, d.message);
        this.o.telemetry?.state(live.peek(sn), d.message, now);
        return;
      case 'stats':
        live.stats(sn, d.message);
        this.o.telemetry?.stats(live.peek(sn), d.message, now);
        return;
      case 'ports':
        this.o.telemetry?.ports(live.peek(sn), d.message, now);
        return;
      case 'lldp':
        this.o.topology?.lldp(live.peek(sn), d.message, now);
        return;
      case 'acks':
        await commands.report(sn, d.message);
        return;
      case 'clients':
        await this.o.clients?.clients(sn, d.message, now);
        return;
      case 'events':
        await this.o.clients?.events(sn, d.message, now);
        return;
      default:
        // logs, dns, probes: valid, and kept by the domains that come
        // with later issues (clients, topology, alarms, logs). They keep the device alive meanwhile.
        return;
    }
  }
}
