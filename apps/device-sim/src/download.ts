/**
 * Downloads of firmware images and configuration files (protocol §7.10 step 2): HTTP GET following
 * at most 3 redirects, streaming into an MD5, with the protocol's failure codes. Which URLs are
 * fetched for real is the fleet's download policy (types.ts `DownloadPolicy`).
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { DownloadPolicy } from './types.ts';

export type DownloadOutcome =
  { ok: true; bytes: number; md5: string; crc32: number } | { ok: false; code: string; detail?: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLocalUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      (u.protocol === 'http:' || u.protocol === 'https:') &&
      (LOCAL_HOSTS.has(u.hostname) || u.hostname.endsWith('.localhost'))
    );
  } catch {
    return false;
  }
}

export interface DownloadOptions {
  policy: DownloadPolicy;
  size: number;
  signal: AbortSignal;
  stallMs: number;
  /** Called as bytes arrive. */
  onBytes?: (received: number) => void;
}

/** Fetches `url` (unless the policy says to simulate); `cancelled` when `signal` aborts. */
export async function download(url: string, opts: DownloadOptions): Promise<DownloadOutcome> {
  if (opts.policy === 'localhost' && !isLocalUrl(url))
    return {
      ok: false,
      code: 'download_failed',
      detail: 'host not reachable from the simulator (it downloads only from localhost)',
    };
  const stall = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stall.abort(), opts.stallMs);
  };
  const signal = AbortSignal.any([opts.signal, stall.signal]);
  try {
    arm();
    let current = url;
    let res: Response | undefined;
    for (let hop = 0; hop <= 3; hop++) {
      res = await fetch(current, { redirect: 'manual', signal });
      if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
        await res.body?.cancel();
        if (hop === 3) return { ok: false, code: 'download_failed', detail: 'more than 3 redirects' };
        current = new URL(res.headers.get('location')!, current).toString();
        if (opts.policy === 'localhost' && !isLocalUrl(current))
          return {
            ok: false,
            code: 'download_failed',
            detail: `redirected off this machine: ${current}`.slice(0, 256),
          };
        continue;
      }
      break;
    }
    if (!res) return { ok: false, code: 'download_failed' };
    if (res.status !== 200 && res.status !== 206) {
      await res.body?.cancel();
      return { ok: false, code: 'http_error', detail: `HTTP ${res.status}` };
    }
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) !== opts.size) {
      await res.body?.cancel();
      return {
        ok: false,
        code: 'size_mismatch',
        detail: `server announces ${length} bytes, expected ${opts.size}`,
      };
    }
    const hash = createHash('md5');
    let crc = 0;
    let bytes = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        arm();
        bytes += value.byteLength;
        if (bytes > opts.size) {
          await reader.cancel();
          return { ok: false, code: 'size_mismatch', detail: `more than ${opts.size} bytes` };
        }
        hash.update(value);
        crc = crc32(value, crc);
        opts.onBytes?.(bytes);
      }
    }
    return { ok: true, bytes, md5: hash.digest('hex'), crc32: crc };
  } catch (error) {
    if (opts.signal.aborted) return { ok: false, code: 'cancelled' };
    if (stall.signal.aborted)
      return {
        ok: false,
        code: 'download_timeout',
        detail: `no data for ${Math.round(opts.stallMs / 1000)} s`,
      };
    return {
      ok: false,
      code: 'download_failed',
      detail: String((error as Error).cause ?? (error as Error).message).slice(0, 256),
    };
  } finally {
    clearTimeout(timer);
  }
}
