/** Closed-loop load for `npm run bench:api`: `concurrency` callers, each sending its next request when the last one answered. */
import type { Api } from '../ingest/api.ts';
import { quantile } from '../support/cli.ts';

/** One request: a label to group its latency under (a call kind or a filter) and the path with its query. */
export interface Shot {
  label: string;
  path: string;
}

export interface LoadFigures {
  label: string;
  requests: number;
  errors: number;
  perS: number;
  p50: number;
  p99: number;
  max: number;
  /** The first error, to print. */
  firstError: string | null;
}

/**
 * Sends `next()`'s requests as the signed-in `api` for `seconds`, `concurrency` at a time; latency is
 * from sending to the parsed JSON answer. Figures per label, then `all` over every request.
 */
export async function load(
  api: Api,
  next: () => Shot,
  seconds: number,
  concurrency: number,
  all: string,
): Promise<LoadFigures[]> {
  const samples = new Map<string, number[]>();
  const errors = new Map<string, { n: number; first: string }>();
  const end = performance.now() + seconds * 1000;
  const caller = async () => {
    while (performance.now() < end) {
      const shot = next();
      const t0 = performance.now();
      try {
        await api.call('GET', shot.path);
        const ms = performance.now() - t0;
        const list = samples.get(shot.label) ?? [];
        list.push(ms);
        samples.set(shot.label, list);
      } catch (err) {
        const e = errors.get(shot.label) ?? { n: 0, first: err instanceof Error ? err.message : String(err) };
        e.n++;
        errors.set(shot.label, e);
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  const wall = (performance.now() - t0) / 1000;
  const figuresOf = (label: string, ms: number[], failed: { n: number; first: string } | undefined) => {
    const sorted = ms.sort((a, b) => a - b);
    return {
      label,
      requests: sorted.length,
      errors: failed?.n ?? 0,
      perS: sorted.length / wall,
      p50: quantile(sorted, 0.5, 0),
      p99: quantile(sorted, 0.99, 0),
      max: sorted.at(-1) ?? 0,
      firstError: failed?.first ?? null,
    };
  };
  const labels = [...new Set([...samples.keys(), ...errors.keys()])].sort();
  const out = labels.map((l) => figuresOf(l, [...(samples.get(l) ?? [])], errors.get(l)));
  if (labels.length > 1) {
    const failed = [...errors.values()];
    out.push(
      figuresOf(
        all,
        [...samples.values()].flat(),
        failed.length ? { n: failed.reduce((s, e) => s + e.n, 0), first: failed[0]!.first } : undefined,
      ),
    );
  }
  return out;
}
