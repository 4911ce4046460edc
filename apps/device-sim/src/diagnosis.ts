/**
 * Simulated ping and MTR (`run_diagnosis`, protocol §7.11): plausible round trips and loss per
 * target, the protocol's result codes and the shared quality rule. Latency is stable per target (a
 * hash of it) with noise per probe, so a target reads "near" or "far" consistently.
 *
 * Special targets, for tests and demos:
 * - host names ending in `.invalid` (RFC 6761), or containing `unresolvable`: `resolve_failed` (code 2);
 * - 192.0.2.0/24 (TEST-NET-1): `network_unreachable` (code 2);
 * - 198.51.100.0/24 (TEST-NET-2): requests sent, no reply (code 0, quality 0);
 * - 203.0.113.0/24 (TEST-NET-3): heavy loss (about 40 %).
 *
 * Service checks (`checks`, §7.11.1): an HTTP check of a host containing `unreachable` times out
 * (code 0), any other answers 200 in a plausible time; a RADIUS check answers on ports 1812
 * (Access-Accept, 2) and 1813 (Accounting-Response, 5) and times out on any other. A host that
 * does not resolve (above) is code 2 `resolve_failed`.
 */
import { networkQualityOf, resultCodeOf } from '@netconsole/contract';
import type { DiagnosisCheck, DiagnosisCheckResult, DiagnosisTargetResult } from '@netconsole/contract';
import { hash32 } from './prng.ts';
import type { Rng } from './prng.ts';

const round1 = (x: number) => Math.round(x * 10) / 10;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isPrivate(ip: string): boolean {
  return /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|127\.)/.test(ip);
}

/** What a name resolves to in the simulation (null: does not resolve). */
export function resolveTarget(target: string): string | null {
  if (IPV4.test(target)) return target;
  const t = target.toLowerCase();
  if (t.endsWith('.invalid') || t.includes('unresolvable')) return null;
  const h = hash32(t);
  return `93.184.${(h >>> 8) & 255}.${(h & 253) + 1}`;
}

interface Sampled {
  sent: number;
  received: number;
  rtts: number[];
}

function sample(rng: Rng, count: number, baseMs: number, loss: number): Sampled {
  const rtts: number[] = [];
  for (let i = 0; i < count; i++) {
    if (rng.next() < loss) continue;
    const jitter =
      Math.abs(rng.normal()) * Math.max(0.2, baseMs * 0.08) + (rng.chance(0.05) ? baseMs * 0.6 : 0);
    rtts.push(round1(baseMs + jitter));
  }
  return { sent: count, received: rtts.length, rtts };
}

function summary(target: string, ip: string | null, s: Sampled): DiagnosisTargetResult {
  const lossPct = s.sent > 0 ? round1(((s.sent - s.received) / s.sent) * 100) : 100;
  let min: number | null = null;
  let avg: number | null = null;
  let max: number | null = null;
  let mdev: number | null = null;
  if (s.received > 0) {
    min = Math.min(...s.rtts);
    max = Math.max(...s.rtts);
    const mean = s.rtts.reduce((a, b) => a + b, 0) / s.received;
    const variance = s.rtts.reduce((a, b) => a + (b - mean) ** 2, 0) / s.received;
    avg = round1(mean);
    mdev = round1(Math.sqrt(variance));
  }
  return {
    target,
    ip,
    code: resultCodeOf(s.sent, s.received),
    quality: networkQualityOf(s.received, lossPct, avg),
    sent: s.sent,
    received: s.received,
    lossPct,
    rttMinMs: min,
    rttAvgMs: avg,
    rttMaxMs: max,
    rttMdevMs: mdev,
  };
}

function noResult(target: string, ip: string | null, error: string): DiagnosisTargetResult {
  return {
    target,
    ip,
    code: 2,
    quality: 0,
    sent: 0,
    received: 0,
    lossPct: 100,
    rttMinMs: null,
    rttAvgMs: null,
    rttMaxMs: null,
    rttMdevMs: null,
    error,
  };
}

/** The profile of a path: base round trip and loss probability. */
function pathOf(ip: string): { baseMs: number; loss: number; hops: number } {
  const h = hash32(ip);
  if (isPrivate(ip)) return { baseMs: 0.4 + (h % 20) / 10, loss: 0, hops: 1 + (h % 2) };
  if (ip.startsWith('198.51.100.')) return { baseMs: 30, loss: 1, hops: 6 };
  if (ip.startsWith('203.0.113.')) return { baseMs: 60 + (h % 120), loss: 0.4, hops: 9 };
  const far = h % 10 === 0;
  return {
    baseMs: far ? 120 + (h % 180) : 5 + (h % 60),
    loss: h % 7 === 0 ? 0.04 : 0,
    hops: 4 + (h % 9),
  };
}

export interface DiagnosisOptions {
  type: 1 | 2;
  count: number;
  maxHops?: number;
  /** The device's first hop (its gateway). */
  gateway: string;
}

/** The result of one target. Pure apart from `rng`. */
export function diagnose(rng: Rng, target: string, opts: DiagnosisOptions): DiagnosisTargetResult {
  const ip = resolveTarget(target);
  if (ip === null) return noResult(target, null, 'resolve_failed');
  if (ip.startsWith('192.0.2.')) return noResult(target, ip, 'network_unreachable');
  const path = pathOf(ip);
  const final = sample(rng, opts.count, path.baseMs, path.loss);
  const result = summary(target, ip, final);
  if (opts.type !== 2) return result;
  // MTR: one line per hop up to the target (or maxHops), the target-level fields are the last hop's.
  const maxHops = opts.maxHops ?? 30;
  const hopsToTarget = Math.min(path.hops, maxHops);
  const hops: NonNullable<DiagnosisTargetResult['hops']> = [];
  for (let hop = 1; hop <= hopsToTarget; hop++) {
    const last = hop === hopsToTarget;
    const silent = !last && hop > 1 && rng.chance(0.15);
    const s = last
      ? final
      : silent
        ? { sent: opts.count, received: 0, rtts: [] }
        : sample(rng, opts.count, (path.baseMs * hop) / hopsToTarget, 0);
    const hopIp = last
      ? path.hops <= maxHops
        ? ip
        : null
      : silent
        ? null
        : hop === 1
          ? opts.gateway
          : `100.64.${(hash32(ip) + hop) & 255}.${hop}`;
    const lossPct = s.sent > 0 ? round1(((s.sent - s.received) / s.sent) * 100) : 100;
    const has = s.received > 0;
    hops.push({
      hop,
      ip: hopIp,
      sent: s.sent,
      received: s.received,
      lossPct,
      rttAvgMs: has ? round1(s.rtts.reduce((a, b) => a + b, 0) / s.received) : null,
      rttBestMs: has ? Math.min(...s.rtts) : null,
      rttWorstMs: has ? Math.max(...s.rtts) : null,
    });
  }
  return { ...result, hops };
}

/** The host and port of a check (http: from the URL, its scheme's port by default). */
function endpointOf(check: DiagnosisCheck): { host: string; port: number; target: string } {
  if (check.kind === 'radius') return { host: check.host, port: check.port, target: check.host };
  const url = new URL(check.url);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  return { host: url.hostname, port, target: check.url };
}

/** RADIUS reply codes the simulated servers answer a Status-Server with (RFC 5997 §3). */
const RADIUS_REPLY: Record<number, number> = { 1812: 2, 1813: 5 };

/** The outcome of one service check. Pure apart from `rng`. */
export function serviceCheck(rng: Rng, check: DiagnosisCheck): DiagnosisCheckResult {
  const { host, port, target } = endpointOf(check);
  const base = { kind: check.kind, target, port };
  const ip = resolveTarget(host);
  if (ip === null) return { ...base, code: 2, ms: null, status: null, error: 'resolve_failed' };
  const reply =
    check.kind === 'http'
      ? host.toLowerCase().includes('unreachable')
        ? null
        : 200
      : (RADIUS_REPLY[port] ?? null);
  if (reply === null) return { ...base, code: 0, ms: null, status: null, error: 'timeout' };
  const { baseMs } = pathOf(ip);
  // A page costs a TCP (and TLS) handshake and a response: a few round trips; RADIUS one.
  const trips = check.kind === 'http' ? (port === 443 ? 4 : 3) : 1;
  const ms = round1(
    baseMs * trips + Math.abs(rng.normal()) * Math.max(0.5, baseMs * 0.1) + (trips > 1 ? 8 : 1),
  );
  return { ...base, code: 1, ms, status: reply };
}
