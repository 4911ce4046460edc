/**
 * From the protocol's diagnosis results (protocol §7.11, snake-free camelCase) to the console's
 * items, and a device's outcome over its targets and checks (docs/diagnosis.md, "Outcome").
 */
import type { ServiceCheckResultItem, TargetResultItem } from '@netconsole/contract';

/** A target's result as a device reports it (progress stage `result`, or a summary of `succeeded`). */
export interface ProtocolTarget {
  target: string;
  ip: string | null;
  code: number;
  quality: number;
  sent: number;
  received: number;
  lossPct: number;
  rttMinMs: number | null;
  rttAvgMs: number | null;
  rttMaxMs: number | null;
  rttMdevMs: number | null;
  error?: string;
  hops?: {
    hop: number;
    ip: string | null;
    sent: number;
    received: number;
    lossPct: number;
    rttAvgMs: number | null;
    rttBestMs: number | null;
    rttWorstMs: number | null;
  }[];
}

/** A portal check's result as a device reports it (`succeeded.result.checks[]`). */
export interface ProtocolCheck {
  kind: string;
  target: string;
  port?: number | null;
  code: number;
  ms?: number | null;
  status?: number | null;
  error?: string | null;
}

const code = (c: number): 0 | 1 | 2 => (c === 0 || c === 1 ? c : 2);
const quality = (q: number): 0 | 1 | 2 | 3 => (q === 1 || q === 2 || q === 3 ? q : 0);

export function itemOfTarget(t: ProtocolTarget | null | undefined): TargetResultItem | null {
  if (!t || typeof t.target !== 'string') return null;
  const item: TargetResultItem = {
    Target: t.target,
    IP: t.ip ?? null,
    Code: code(t.code),
    Quality: quality(t.quality),
    Sent: t.sent,
    Received: t.received,
    Loss: t.lossPct,
    Min: t.rttMinMs ?? null,
    Avg: t.rttAvgMs ?? null,
    Max: t.rttMaxMs ?? null,
    Jitter: t.rttMdevMs ?? null,
    Error: t.error ?? null,
  };
  if (t.hops) {
    item.Hops = t.hops.map((h) => ({
      Hop: h.hop,
      IP: h.ip,
      Sent: h.sent,
      Received: h.received,
      Loss: h.lossPct,
      Avg: h.rttAvgMs,
      Best: h.rttBestMs,
      Worst: h.rttWorstMs,
    }));
  }
  return item;
}

export function itemOfCheck(c: ProtocolCheck | null | undefined): ServiceCheckResultItem | null {
  if (!c || typeof c.target !== 'string') return null;
  return {
    Kind: c.kind === 'radius' ? 'radius' : 'http',
    Target: c.target,
    Port: c.port ?? null,
    Code: code(c.code),
    Ms: c.ms ?? null,
    Status: c.status ?? null,
    Error: c.error ?? null,
  };
}

/**
 * A device's result: 1 pass when every target and check passed, 0 fail when one failed, else 2 no
 * result (nothing came back, or only "could not send" answers). Quality: the worst target's.
 */
export function outcomeOf(
  targets: readonly TargetResultItem[],
  checks: readonly ServiceCheckResultItem[],
): { result: 0 | 1 | 2; quality: 0 | 1 | 2 | 3 | null } {
  const codes = [...targets.map((t) => t.Code), ...checks.map((c) => c.Code)];
  const result = codes.length === 0 ? 2 : codes.includes(0) ? 0 : codes.every((c) => c === 1) ? 1 : 2;
  const quality = targets.length === 0 ? null : (Math.min(...targets.map((t) => t.Quality)) as 0 | 1 | 2 | 3);
  return { result, quality };
}
