/**
 * Live rates for /flow/realtimedata (docs/analytics.md, "Real-time"): a socket subscribes to one
 * network or device at 1000 ms or 30 s (`flow.subscribe`) and gets `flow.rates` messages: first the
 * points sampled in the last 10 minutes, then one point each interval. Rates are the devices' last
 * stats interval (LiveDevices, in memory: no store read per tick); a network's are its gateways'
 * uplinks, else its APs', as for its traffic. One sampler per target, shared by its subscribers,
 * ticks every second while anyone listens; a target nobody listens to is dropped.
 */
import {
  ErrorCode,
  FLOW_REALTIME_HISTORY_MS,
  FLOW_TOPICS,
  errorText,
  flowSubscribeData,
  type FlowRatePoint,
  type FlowRatesData,
  type Lang,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { isAppError, AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { devicesByIds, networkOf, rateDevicesOf } from './store.ts';

/** What the sampler reads of a device now (LiveDevices.peek). */
export interface LiveRates {
  peek(sn: string): { online: boolean; txRate: number; rxRate: number; tenantId: string | null } | undefined;
}

/** A live socket as a domain sees it: the session's rights, a way to send, and its end. */
export interface LiveSocketContext {
  scope: Scope;
  lang: Lang;
  send(message: { topic: string; data: unknown }): void;
  onClose(fn: () => void): void;
}

const TICK_MS = 1000;
/** A network's devices are re-read this often (devices added or moved while someone watches). */
const REFRESH_MS = 60_000;

interface Subscriber {
  intervalMs: number;
  nextAt: number;
  send: (data: FlowRatesData) => void;
}

interface Target {
  key: string;
  network: string | null;
  device: string | null;
  scope: Scope;
  sns: string[];
  refreshedAt: number;
  points: FlowRatePoint[];
  subscribers: Set<Subscriber>;
}

export class RealtimeRates {
  private readonly targets = new Map<string, Target>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly o: { db: Db; clock: Clock; live: LiveRates; tickMs?: number }) {}

  get size(): number {
    return this.targets.size;
  }

  /**
   * The socket's messages: `flow.subscribe` starts (or replaces) its one subscription, `flow.unsubscribe`
   * and the socket's end stop it. Returns the handler of both topics for this socket.
   */
  socket(ctx: LiveSocketContext): (topic: string, data: unknown) => Promise<void> {
    let stop: (() => void) | null = null;
    ctx.onClose(() => stop?.());
    return async (topic, data) => {
      if (topic === FLOW_TOPICS.Unsubscribe) {
        stop?.();
        stop = null;
        return;
      }
      if (topic !== FLOW_TOPICS.Subscribe) return;
      stop?.();
      stop = null;
      try {
        stop = await this.subscribe(ctx.scope, data, (rates) =>
          ctx.send({ topic: FLOW_TOPICS.Rates, data: rates }),
        );
      } catch (err) {
        const code = isAppError(err) ? err.code : ErrorCode.Internal;
        ctx.send({ topic: FLOW_TOPICS.Error, data: { code, message: errorText(code, ctx.lang) } });
      }
    };
  }

  /** Subscribes `send` to a target's rates; the history goes out at once. Returns the stop. */
  async subscribe(scope: Scope, raw: unknown, send: (data: FlowRatesData) => void): Promise<() => void> {
    const parsed = flowSubscribeData.safeParse(raw ?? {});
    if (!parsed.success) throw new AppError(ErrorCode.ValidationFailed, { detail: 'flow.subscribe' });
    const q = parsed.data;
    if (Boolean(q.Network) === Boolean(q.Device)) throw new AppError(ErrorCode.FlowRealtimeTarget);
    const key = `${scope.admin ? '*' : scope.tenantId}|${q.Network ? `n:${q.Network}` : `d:${q.Device}`}`;
    let target = this.targets.get(key);
    if (!target) {
      target = {
        key,
        network: q.Network ?? null,
        device: q.Device ?? null,
        scope,
        sns: await this.devicesOf(scope, q.Network, q.Device),
        refreshedAt: this.o.clock(),
        points: [],
        subscribers: new Set(),
      };
      // Another subscription may have made it meanwhile.
      target = this.targets.get(key) ?? target;
      this.targets.set(key, target);
    }
    const now = this.o.clock();
    const sub: Subscriber = { intervalMs: q.IntervalMs, nextAt: now + q.IntervalMs, send };
    target.subscribers.add(sub);
    if (target.points.length === 0) target.points.push(this.sample(target, now));
    send({
      Network: target.network,
      Device: target.device,
      IntervalMs: q.IntervalMs,
      Points: thin(target.points, q.IntervalMs),
    });
    this.ensureTimer();
    const t = target;
    return () => {
      t.subscribers.delete(sub);
      if (t.subscribers.size === 0 && this.targets.get(t.key) === t) this.targets.delete(t.key);
      if (this.targets.size === 0) this.stop();
    };
  }

  /** The SNs whose rates make the target's (29003, 29004 when the caller cannot see it). */
  private async devicesOf(scope: Scope, network?: string, device?: string): Promise<string[]> {
    if (network) {
      if (!(await networkOf(this.o.db, scope, network))) throw new AppError(ErrorCode.FlowNetworkNotExist);
      return (await rateDevicesOf(this.o.db, scope, network)).map((d) => d.sn);
    }
    const found = await devicesByIds(this.o.db, scope, [device!]);
    if (found.length === 0) throw new AppError(ErrorCode.FlowDeviceNotExist);
    return found.map((d) => d.sn);
  }

  private sample(t: Target, now: number): FlowRatePoint {
    let rx = 0;
    let tx = 0;
    let online = 0;
    for (const sn of t.sns) {
      const d = this.o.live.peek(sn);
      // A device that changed hands meanwhile no longer counts for this tenant.
      if (!d || !d.online || (!t.scope.admin && d.tenantId !== t.scope.tenantId)) continue;
      online++;
      rx += d.rxRate;
      tx += d.txRate;
    }
    return { Time: now, RxRate: rx, TxRate: tx, Online: online };
  }

  /** One pass: every target sampled, due subscribers sent their point (tests call it directly). */
  async tick(): Promise<void> {
    const now = this.o.clock();
    for (const t of [...this.targets.values()]) {
      if (now - t.refreshedAt >= REFRESH_MS && t.network) {
        t.refreshedAt = now;
        t.sns =
          (await rateDevicesOf(this.o.db, t.scope, t.network).catch(() => null))?.map((d) => d.sn) ?? t.sns;
      }
      // The clock has not moved since the last sample (a test's clock, a slow tick): nothing new.
      if ((t.points.at(-1)?.Time ?? -Infinity) >= now) continue;
      const point = this.sample(t, now);
      t.points.push(point);
      while (t.points.length > 0 && t.points[0]!.Time < now - FLOW_REALTIME_HISTORY_MS) t.points.shift();
      for (const s of t.subscribers) {
        if (now < s.nextAt) continue;
        s.nextAt = Math.max(s.nextAt + s.intervalMs, now + 1);
        s.send({ Network: t.network, Device: t.device, IntervalMs: s.intervalMs, Points: [point] });
      }
    }
  }

  private ensureTimer(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick().catch(() => undefined), this.o.tickMs ?? TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Server shutdown: every subscription ends. */
  close(): void {
    this.stop();
    this.targets.clear();
  }
}

/** Points at least `intervalMs` apart (the history of a 30 s subscription), the newest kept. */
function thin(points: readonly FlowRatePoint[], intervalMs: number): FlowRatePoint[] {
  const out: FlowRatePoint[] = [];
  let next = Infinity;
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    if (out.length === 0 || p.Time <= next) {
      out.push(p);
      next = p.Time - intervalMs + 1;
    }
  }
  return out.reverse();
}
