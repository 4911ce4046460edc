/**
 * A device downloads an image at the pre-signed URL of `upgrade_firmware` (protocol §7.10):
 * `GET /v1/issued/fw-image/<id>?exp=…&sig=…`, no console session. Streamed from the file store,
 * with HTTP ranges so an interrupted download resumes, and an optional per-download bandwidth cap
 * (FIRMWARE_DOWNLOAD_KBPS). docs/firmware.md, "Serving images".
 */
import { Readable, Transform, pipeline, type TransformCallback } from 'node:stream';
import { z } from 'zod';
import { ErrorCode } from '@netconsole/contract';
import { AppError } from '../../platform/http/app-error.ts';
import type { App } from '../../platform/http/schemas.ts';
import type { FirmwareImages } from './images.ts';

/**
 * The one range of a `Range` header (`bytes=a-b`, `a-`, `-n`) within `size` bytes, inclusive; null
 * for no header; 'bad' for a header that names no satisfiable single range (416). Several ranges
 * are not offered (a device resumes with one).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'bad' {
  if (header === undefined) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

/**
 * Passes bytes on at most `kbps` kilobits per second, measured from the first byte. Slices of a
 * tenth of a second's worth are pushed when their time comes; the one pending timer is cleared when
 * the stream ends or is destroyed (a device that hung up), so nothing outlives the download.
 */
export class Throttle extends Transform {
  private readonly bytesPerSecond: number;
  private readonly slice: number;
  private started = 0;
  private sent = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(kbps: number) {
    super();
    this.bytesPerSecond = (kbps * 1000) / 8;
    this.slice = Math.max(1024, Math.floor(this.bytesPerSecond / 10));
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.started === 0) this.started = Date.now();
    this.pushFrom(chunk, 0, done);
  }

  private pushFrom(chunk: Buffer, offset: number, done: TransformCallback): void {
    while (offset < chunk.length) {
      const due = this.started + (this.sent / this.bytesPerSecond) * 1000;
      const wait = due - Date.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pushFrom(chunk, offset, done);
        }, wait);
        return;
      }
      const piece = chunk.subarray(offset, offset + this.slice);
      offset += piece.length;
      this.sent += piece.length;
      this.push(piece);
    }
    done();
  }

  override _destroy(err: Error | null, cb: (error: Error | null) => void): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    cb(err);
  }
}

export function firmwareImageRoutes(app: App, images: FirmwareImages, downloadKbps: () => number): void {
  // A device has no console session: the signature and its expiry are the credential. HEAD is
  // answered by the same handler (Fastify's exposed HEAD route), without the body.
  app.get(
    '/v1/issued/fw-image/:id',
    {
      schema: {
        tags: ['firmware'],
        summary:
          'A firmware image for a device, at the pre-signed URL of upgrade_firmware (no session; Range for resuming: 206, 416; 403 15020 for a bad or expired signature, 404 15009 when the image is gone)',
        params: z.object({ id: z.string().max(64) }),
        querystring: z.object({ exp: z.string().max(20).default(''), sig: z.string().max(128).default('') }),
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const { image, size } = await images.verifyDownload(req.params.id, req.query.exp, req.query.sig);
      const range = parseRange(req.headers.range, size);
      void reply
        .header('accept-ranges', 'bytes')
        .header('etag', `"${image.md5}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff');
      if (range === 'bad') {
        void reply.header('content-range', `bytes */${size}`);
        throw new AppError(ErrorCode.FirmwareRangeNotSatisfiable);
      }
      const { start, end } = range ?? { start: 0, end: size - 1 };
      void reply
        .code(range ? 206 : 200)
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(end - start + 1));
      if (range) void reply.header('content-range', `bytes ${start}-${end}/${size}`);
      // HEAD: Fastify keeps the Content-Length set above only for a stream body, which it drains;
      // an empty one, so the file is not read for nothing.
      if (req.method === 'HEAD') return reply.send(Readable.from([]));
      const source = await images.open(image, { start, end });
      const kbps = downloadKbps();
      if (kbps <= 0) return reply.send(source);
      const throttle = new Throttle(kbps);
      // Either side failing or closing (a device hanging up) ends both.
      pipeline(source, throttle, () => undefined);
      return reply.send(throttle);
    },
  );
}
