/** What one measuring window saw: the server's metrics before and after, its process, the fleet. */
import { quantileMs, type MetricsSnapshot } from '../../apps/server/src/platform/gateway/metrics.ts';
import type { SimStats } from './protocol.ts';

export interface WindowFigures {
  seconds: number;
  publishedPerS: number;
  receivedPerS: number;
  acceptedPerS: number;
  /** Messages whose effect the store committed (lag samples), per second. */
  ingestedPerS: number;
  rowsPerS: number;
  flushes: number;
  drops: Record<string, number>;
  dropped: number;
  lagP50: number;
  lagP99: number;
  lagMax: number;
  pending: number;
  cpuPct: number;
  maxRssMb: number;
  simCpuPct: number;
  loopDelayP99Ms: number;
  /** The external broker's CPU % of one core (null: the embedded broker, inside the server). */
  brokerCpuPct: number | null;
  /** CPU % of one core used by every other process of the machine meanwhile. */
  othersPct: number;
}

/** Bucket-wise difference of two cumulative histograms. */
function histDiff(a: [number, number][], b: [number, number][]): [number, number][] {
  const before = new Map(a);
  return b
    .map(([upper, n]) => [upper, n - (before.get(upper) ?? 0)] as [number, number])
    .filter(([, n]) => n > 0);
}

export function figures(
  m0: MetricsSnapshot,
  m1: MetricsSnapshot,
  s0: SimStats,
  s1: SimStats,
  seconds: number,
  server: { cpuPct: number; maxRss: number },
  sim: { cpuPct: number },
  broker: { cpuPct: number } | null,
  othersPct: number,
): WindowFigures {
  const per = (n: number) => n / seconds;
  const drops: Record<string, number> = {};
  for (const [k, v] of Object.entries(m1.gateway.dropped)) {
    const d = (v ?? 0) - (m0.gateway.dropped[k as keyof typeof m0.gateway.dropped] ?? 0);
    if (d > 0) drops[k] = d;
  }
  const rows = (m: MetricsSnapshot) => Object.values(m.flush).reduce((s, f) => s + f.rows, 0);
  const batches = (m: MetricsSnapshot) => Object.values(m.flush).reduce((s, f) => s + f.batches, 0);
  const lag = histDiff(m0.lag.buckets, m1.lag.buckets);
  return {
    seconds,
    publishedPerS: per(s1.published - s0.published),
    receivedPerS: per(m1.gateway.received - m0.gateway.received),
    acceptedPerS: per(m1.gateway.accepted - m0.gateway.accepted),
    ingestedPerS: per(m1.lag.count - m0.lag.count),
    rowsPerS: per(rows(m1) - rows(m0)),
    flushes: batches(m1) - batches(m0),
    drops,
    dropped: Object.values(drops).reduce((s, n) => s + n, 0),
    lagP50: quantileMs(lag, 0.5),
    lagP99: quantileMs(lag, 0.99),
    lagMax: lag.at(-1)?.[0] ?? 0,
    pending: m1.pending,
    cpuPct: server.cpuPct,
    maxRssMb: server.maxRss / 1024 / 1024,
    simCpuPct: sim.cpuPct,
    loopDelayP99Ms: m1.process.loopDelayP99Ms,
    brokerCpuPct: broker?.cpuPct ?? null,
    othersPct,
  };
}

/** Sustained: the server kept up with the whole window (printed with the results). */
export const SUSTAINED = {
  lagP99Ms: 2000,
  /** Share of the simulator's messages the gateway received, and of those it took that reached the store. */
  share: 0.98,
  /** Share of the received messages dropped (rate limit, invalid, repeats…). */
  maxDropShare: 0.001,
};

export function sustained(f: WindowFigures): { ok: boolean; why: string[] } {
  const why: string[] = [];
  if (f.lagP99 > SUSTAINED.lagP99Ms) why.push(`lag p99 ${f.lagP99} ms > ${SUSTAINED.lagP99Ms} ms`);
  if (f.receivedPerS < f.publishedPerS * SUSTAINED.share)
    why.push(`received ${f.receivedPerS.toFixed(0)}/s < ${SUSTAINED.share * 100} % of sent`);
  if (f.ingestedPerS < f.acceptedPerS * SUSTAINED.share)
    why.push(`ingested ${f.ingestedPerS.toFixed(0)}/s < ${SUSTAINED.share * 100} % of accepted`);
  if (f.dropped > f.receivedPerS * f.seconds * SUSTAINED.maxDropShare) why.push(`${f.dropped} dropped`);
  return { ok: why.length === 0, why };
}

export const SUSTAINED_TEXT =
  `sustained = over the window, ingest lag p99 ≤ ${SUSTAINED.lagP99Ms / 1000} s, the gateway received ≥ ` +
  `${SUSTAINED.share * 100} % of what the simulator sent, ≥ ${SUSTAINED.share * 100} % of the accepted ` +
  `messages reached a store commit, and ≤ ${SUSTAINED.maxDropShare * 100} % were dropped`;
