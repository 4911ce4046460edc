/**
 * The simulator's downloads against a local HTTP server that breaks connections on purpose: the
 * device resumes with `Range`, keeps hashing over what it already has, starts over on a 200, gives
 * up after its attempts, and a corrupted store really changes the MD5.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { download } from './download.ts';
import type { DownloadOptions } from './download.ts';

const image = randomBytes(1_000_000);
const md5 = createHash('md5').update(image).digest('hex');
const crc = crc32(image);
const ETAG = `"${md5}"`;

/** Every request the server saw, by path: its Range and If-Range headers. */
const seen = new Map<string, { range: string | null; ifRange: string | null }[]>();
let base = '';
const server = createServer((req, res) => serve(req, res));

/** Sends `image[from..]`, breaking the connection after `cut` bytes of the body when given. */
function send(res: ServerResponse, status: number, from: number, cut?: number): void {
  const headers: Record<string, string | number> = {
    'content-type': 'application/octet-stream',
    'content-length': image.length - from,
    etag: ETAG,
    'accept-ranges': 'bytes',
  };
  if (status === 206) headers['content-range'] = `bytes ${from}-${image.length - 1}/${image.length}`;
  res.writeHead(status, headers);
  if (cut === undefined) return void res.end(image.subarray(from));
  // Half the body, then the socket is destroyed: the client sees a broken transfer, not an end.
  res.write(image.subarray(from, from + cut), () => res.socket?.destroy());
}

function serve(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '';
  const list = seen.get(path) ?? [];
  seen.set(path, list);
  const range = req.headers.range ?? null;
  list.push({ range, ifRange: (req.headers['if-range'] as string | undefined) ?? null });
  const from = range ? Number(/^bytes=(\d+)-$/.exec(range)?.[1] ?? 0) : 0;
  const first = list.length === 1;
  switch (path) {
    // Breaks the first transfer half-way; honours Range afterwards.
    case '/drop-once.bin':
      return first ? send(res, 200, 0, image.length / 2) : send(res, range ? 206 : 200, from);
    // Breaks the first transfer; answers the resumption with the whole file (200).
    case '/drop-then-200.bin':
      return first ? send(res, 200, 0, image.length / 2) : send(res, 200, 0);
    // Breaks the first transfer; answers the resumption with another range than asked.
    case '/drop-then-wrong-range.bin':
      if (first) return send(res, 200, 0, image.length / 2);
      if (list.length === 2) {
        res.writeHead(206, {
          'content-length': image.length - 10,
          'content-range': `bytes 10-${image.length - 1}/${image.length}`,
        });
        return void res.end(image.subarray(10));
      }
      return send(res, range ? 206 : 200, from);
    // Every transfer breaks after 100 kB.
    case '/always-drops.bin':
      return send(res, range ? 206 : 200, from, 100_000);
    default:
      res.writeHead(404);
      res.end();
  }
}

const get = (path: string, extra: Partial<DownloadOptions> = {}) => {
  const resumes: number[] = [];
  const outcome = download(`${base}${path}`, {
    policy: 'localhost',
    size: image.length,
    signal: new AbortController().signal,
    stallMs: 10_000,
    retryDelayMs: 10,
    onResume: (offset) => resumes.push(offset),
    ...extra,
  });
  return { outcome, resumes };
};

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('device-sim download', () => {
  test('a connection broken half-way is resumed with Range from the bytes received; the whole file verifies', async () => {
    const { outcome, resumes } = get('/drop-once.bin');
    expect(await outcome).toEqual({ ok: true, bytes: image.length, md5, crc32: crc, resumed: 1 });
    expect(resumes).toHaveLength(1);
    const kept = resumes[0]!;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(image.length / 2);
    expect(seen.get('/drop-once.bin')).toEqual([
      { range: null, ifRange: null },
      { range: `bytes=${kept}-`, ifRange: ETAG },
    ]);
  });

  test('a 200 answer to the Range request means the whole file again: the hashes start over', async () => {
    const { outcome, resumes } = get('/drop-then-200.bin');
    expect(await outcome).toMatchObject({ ok: true, bytes: image.length, md5, crc32: crc });
    expect(resumes).toHaveLength(1);
    expect(seen.get('/drop-then-200.bin')![1]!.range).toMatch(/^bytes=\d+-$/);
  });

  test('a 206 with another range than asked is dropped and the next attempt starts over', async () => {
    const { outcome, resumes } = get('/drop-then-wrong-range.bin');
    expect(await outcome).toMatchObject({ ok: true, bytes: image.length, md5, resumed: 2 });
    expect(resumes[1]).toBe(0);
    expect(seen.get('/drop-then-wrong-range.bin')!.map((r) => r.range)).toEqual([
      null,
      `bytes=${resumes[0]}-`,
      null,
    ]);
  });

  test('after its attempts the device gives up with download_failed', async () => {
    const { outcome, resumes } = get('/always-drops.bin', { attempts: 3 });
    const end = await outcome;
    expect(end).toMatchObject({ ok: false, code: 'download_failed' });
    expect(end.ok ? '' : end.detail).toMatch(/after 3 attempts/);
    expect(resumes).toHaveLength(2);
    expect(seen.get('/always-drops.bin')).toHaveLength(3);
    // Each resumption asks for the rest after what it kept: the stored bytes grow.
    expect(resumes[1]!).toBeGreaterThan(resumes[0]!);
  });

  test('a corrupted store: the MD5 and CRC32 of what the device holds differ from the image', async () => {
    const { outcome } = get('/drop-once.bin', { corruptAt: 123_456 });
    const end = await outcome;
    expect(end).toMatchObject({ ok: true, bytes: image.length });
    expect(end.ok && end.md5).not.toBe(md5);
    expect(end.ok && end.crc32).not.toBe(crc);
    const flipped = Buffer.from(image);
    flipped[123_456] = flipped[123_456]! ^ 0xff;
    expect(end.ok && end.md5).toBe(createHash('md5').update(flipped).digest('hex'));
  });

  test('an aborted download ends cancelled, even between attempts', async () => {
    const ac = new AbortController();
    const { outcome } = get('/always-drops.bin', {
      signal: ac.signal,
      retryDelayMs: 60_000,
      onResume: () => ac.abort(),
    });
    expect(await outcome).toEqual({ ok: false, code: 'cancelled' });
  });
});
