/**
 * Downloads of firmware images and configuration files (protocol §7.10 step 2): HTTP GET following
 * at most 3 redirects, streaming into an MD5 and a CRC32, with the protocol's failure codes. A
 * connection that breaks mid-transfer is resumed with `Range: bytes=<received>-` (the hashes go on
 * over the bytes already stored, as flash-constrained firmware does: it cannot read the image back).
 * Which URLs are fetched for real is the fleet's download policy (types.ts `DownloadPolicy`).
 */
import { createHash } from 'node:crypto';
import type { Hash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { DownloadPolicy } from './types.ts';

export type DownloadOutcome =
  | { ok: true; bytes: number; md5: string; crc32: number; resumed: number }
  | { ok: false; code: string; detail?: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Requests in all (the first and the resumptions) when the options do not say. */
export const DOWNLOAD_ATTEMPTS = 4;

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
  /** Called as bytes arrive (the total received, over every attempt). */
  onBytes?: (received: number) => void;
  /** Requests in all, the first included; default DOWNLOAD_ATTEMPTS. */
  attempts?: number;
  /** Pause before a resumption, times the attempt number; default 1 s. */
  retryDelayMs?: number;
  /** A resumption starts: `offset` bytes are kept (0: the server made it start over). */
  onResume?: (offset: number, attempt: number) => void;
  /** Fault `corrupt`: the byte at this offset is stored flipped, so the device's own MD5 differs. */
  corruptAt?: number;
}

type Failure = DownloadOutcome & { ok: false };

/** What a failed attempt leaves: a terminal failure, or a broken transfer that may be resumed. */
type Attempt = { done: true } | { done: false; broken: string } | Failure;

/** `bytes a-b/total` of a 206 answer. */
function contentRange(header: string | null): { start: number; end: number; total: number | null } | null {
  const m = header ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header.trim()) : null;
  if (!m) return null;
  return { start: Number(m[1]), end: Number(m[2]), total: m[3] === '*' ? null : Number(m[3]) };
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
  const attempts = Math.max(1, opts.attempts ?? DOWNLOAD_ATTEMPTS);
  let hash: Hash = createHash('md5');
  let crc = 0;
  let bytes = 0;
  let resumed = 0;
  // The validator of the first answer: a resumption asks `If-Range` with it, so an image that
  // changed on the server meanwhile comes whole (200) instead of as a mismatched tail.
  let etag: string | null = null;
  const restart = () => {
    hash = createHash('md5');
    crc = 0;
    bytes = 0;
  };

  /** GET with the redirects; a failure outcome, or the final response. */
  const open = async (headers: Record<string, string>): Promise<Response | Failure> => {
    let current = url;
    for (let hop = 0; hop <= 3; hop++) {
      const res = await fetch(current, { redirect: 'manual', signal, headers });
      if (!(res.status >= 300 && res.status < 400 && res.headers.get('location'))) return res;
      await res.body?.cancel();
      if (hop === 3) break;
      current = new URL(res.headers.get('location')!, current).toString();
      if (opts.policy === 'localhost' && !isLocalUrl(current))
        return {
          ok: false,
          code: 'download_failed',
          detail: `redirected off this machine: ${current}`.slice(0, 256),
        };
    }
    return { ok: false, code: 'download_failed', detail: 'more than 3 redirects' };
  };

  /** One request: from the start, or from `bytes` on. */
  const attempt = async (): Promise<Attempt> => {
    const from = bytes;
    const headers: Record<string, string> = {};
    if (from > 0) {
      headers.range = `bytes=${from}-`;
      if (etag) headers['if-range'] = etag;
    }
    let res: Response | Failure;
    try {
      res = await open(headers);
    } catch (error) {
      if (signal.aborted) throw error;
      // Refused or reset before an answer: worth another attempt.
      return { done: false, broken: String((error as Error).cause ?? (error as Error).message) };
    }
    if (!(res instanceof Response)) return res;
    if (from > 0 && res.status === 206) {
      const range = contentRange(res.headers.get('content-range'));
      if (
        !range ||
        range.start !== from ||
        range.end !== opts.size - 1 ||
        (range.total ?? opts.size) !== opts.size
      ) {
        // Not the tail asked for: drop what is stored and start over with the next attempt.
        await res.body?.cancel();
        restart();
        return { done: false, broken: `unexpected Content-Range ${res.headers.get('content-range')}` };
      }
    } else if (res.status === 200 || (from === 0 && res.status === 206)) {
      // A 200 to a Range request is the whole file again: start over.
      if (from > 0) restart();
    } else {
      await res.body?.cancel();
      return { ok: false, code: 'http_error', detail: `HTTP ${res.status}` };
    }
    if (from === 0 || res.status === 200) etag = res.headers.get('etag');
    const length = res.headers.get('content-length');
    const expected = opts.size - bytes;
    if (length !== null && Number(length) !== expected) {
      await res.body?.cancel();
      return {
        ok: false,
        code: 'size_mismatch',
        detail:
          bytes === 0
            ? `server announces ${length} bytes, expected ${opts.size}`
            : `server announces ${length} bytes from ${bytes}, expected ${expected}`,
      };
    }
    if (!res.body) return { done: true };
    const reader = res.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { done: true };
        arm();
        let chunk = value;
        const at = opts.corruptAt;
        if (at !== undefined && at >= bytes && at < bytes + chunk.byteLength) {
          chunk = Uint8Array.from(chunk);
          chunk[at - bytes] = chunk[at - bytes]! ^ 0xff;
        }
        bytes += chunk.byteLength;
        if (bytes > opts.size) {
          await reader.cancel();
          return { ok: false, code: 'size_mismatch', detail: `more than ${opts.size} bytes` };
        }
        hash.update(chunk);
        crc = crc32(chunk, crc);
        opts.onBytes?.(bytes);
      }
    } catch (error) {
      if (signal.aborted) throw error;
      return { done: false, broken: String((error as Error).cause ?? (error as Error).message) };
    }
  };

  try {
    arm();
    let lastBreak = '';
    for (let n = 1; n <= attempts; n++) {
      if (n > 1) {
        opts.onResume?.(bytes, n);
        resumed++;
        await pause((opts.retryDelayMs ?? 1000) * (n - 1), signal);
        arm();
      }
      const r = await attempt();
      if ('ok' in r) return r;
      // A body that ended early without an error (no Content-Length) is resumed as well.
      if (r.done && bytes >= opts.size) break;
      lastBreak = r.done ? `the connection ended after ${bytes} of ${opts.size} bytes` : r.broken;
      if (n === attempts)
        return {
          ok: false,
          code: 'download_failed',
          detail: `${lastBreak} (after ${attempts} attempts)`.slice(0, 256),
        };
    }
    return { ok: true, bytes, md5: hash.digest('hex'), crc32: crc, resumed };
  } catch (error) {
    if (opts.signal.aborted) return { ok: false, code: 'cancelled' };
    if (stall.signal.aborted)
      return {
        ok: false,
        code: 'download_timeout',
        detail: `no data for ${Math.round(opts.stallMs / 1000)} s (${bytes} of ${opts.size} bytes stored)`,
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

/** Waits `ms`, or rejects when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal.reason as Error);
    };
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
