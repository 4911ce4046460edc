/**
 * A stand-in for an S3-compatible service, for tests and local trials of FILE_STORE=s3: the subset
 * s3-store.ts speaks (PutObject, GetObject with Range, HeadObject, DeleteObject, ListObjectsV2),
 * path-style, one bucket, objects as files under a folder. Every request must carry a valid AWS
 * Signature Version 4 `Authorization` header for the configured key (recomputed with `aws4` from
 * the headers the client says it signed), else 403 SignatureDoesNotMatch, as S3 answers.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import aws4 from 'aws4';

export interface S3StandIn {
  url: string;
  /** Requests answered, by method (tests check that a download was a ranged GET, …). */
  requests: { method: string; path: string; range: string | undefined }[];
  close(): Promise<void>;
}

const AUTH_RE =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

function xmlError(res: http.ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Whether the request's signature is the one the key's secret gives for what it says it signed. */
function signatureValid(req: http.IncomingMessage, keyId: string, secret: string, region: string): boolean {
  const m = AUTH_RE.exec(req.headers.authorization ?? '');
  if (!m || m[1] !== keyId || m[3] !== region) return false;
  const names = m[4]!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date') || !names.includes('x-amz-content-sha256'))
    return false;
  const headers: Record<string, string> = {};
  for (const n of names) {
    const v = req.headers[n];
    if (typeof v !== 'string') return false;
    headers[n] = v;
  }
  const again = aws4.sign(
    { method: req.method, host: headers.host, path: req.url, service: 's3', region, headers },
    { accessKeyId: keyId, secretAccessKey: secret },
  );
  const wanted = /Signature=([0-9a-f]{64})$/.exec(String(again.headers?.Authorization ?? ''))?.[1];
  return wanted === m[5];
}

/** Walks the folder for ListObjectsV2 (directly under a prefix, with a `/` delimiter). */
async function keysUnder(root: string, prefix: string): Promise<string[]> {
  const dir = path.join(root, ...prefix.split('/').filter(Boolean));
  try {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.part'))
      .map((e) => `${prefix}${e.name}`)
      .sort();
  } catch {
    return [];
  }
}

export async function startS3StandIn(opts: {
  root: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  port?: number;
}): Promise<S3StandIn> {
  const requests: S3StandIn['requests'] = [];
  const server = http.createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) xmlError(res, 500, 'InternalError');
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://standin');
    requests.push({ method: req.method ?? '', path: url.pathname, range: req.headers.range });
    if (!signatureValid(req, opts.accessKeyId, opts.secretAccessKey, opts.region)) {
      req.resume();
      return xmlError(res, 403, 'SignatureDoesNotMatch');
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== opts.bucket) return xmlError(res, 404, 'NoSuchBucket');
    const key = rest.join('/');
    if (key === '' && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      const keys = await keysUnder(opts.root, url.searchParams.get('prefix') ?? '');
      const max = Number(url.searchParams.get('max-keys') ?? 1000);
      const after = url.searchParams.get('continuation-token');
      const from = after ? keys.findIndex((k) => k > after) : 0;
      const page = from < 0 ? [] : keys.slice(from, from + max);
      const truncated = from >= 0 && from + max < keys.length;
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${opts.bucket}</Name>` +
          page.map((k) => `<Contents><Key>${escapeXml(k)}</Key></Contents>`).join('') +
          `<KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>` +
          (truncated
            ? `<NextContinuationToken>${escapeXml(page[page.length - 1]!)}</NextContinuationToken>`
            : '') +
          '</ListBucketResult>',
      );
      return;
    }
    if (!/^[A-Za-z0-9_.\-/]+$/.test(key) || key.split('/').includes('..'))
      return xmlError(res, 400, 'InvalidKey');
    const file = path.join(opts.root, ...key.split('/'));
    if (req.method === 'PUT') {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.part`;
      await pipeline(req, createWriteStream(tmp));
      await fs.rename(tmp, file);
      res.writeHead(200, { etag: '"standin"' });
      return void res.end();
    }
    if (req.method === 'DELETE') {
      await fs.rm(file, { force: true });
      res.writeHead(204);
      return void res.end();
    }
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return xmlError(res, 404, 'NoSuchKey');
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'content-length': stat.size, 'accept-ranges': 'bytes' });
      return void res.end();
    }
    if (req.method !== 'GET') return xmlError(res, 405, 'MethodNotAllowed');
    const m = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0;
    let end = stat.size - 1;
    if (m) {
      start = m[1] === '' ? Math.max(0, stat.size - Number(m[2])) : Number(m[1]);
      end = m[1] !== '' && m[2] !== '' ? Math.min(Number(m[2]), stat.size - 1) : stat.size - 1;
      if (start > end) return xmlError(res, 416, 'InvalidRange');
    }
    res.writeHead(m ? 206 : 200, {
      'content-length': end - start + 1,
      ...(m ? { 'content-range': `bytes ${start}-${end}/${stat.size}` } : {}),
    });
    await pipeline(createReadStream(file, { start, end }), res);
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
