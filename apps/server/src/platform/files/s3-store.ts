/**
 * The file store on an S3-compatible object store (AWS S3, MinIO, Ceph RGW, Cloudflare R2, …):
 * FILE_STORE=s3 with S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
 * (docs/firmware.md, "Files"). Path-style addresses (`<endpoint>/<bucket>/<key>`), which every
 * such service accepts; requests signed with AWS Signature Version 4 (the `aws4` package).
 *
 * Only the calls the FileStore needs: PutObject (streamed from a file with its Content-Length, the
 * body unsigned: `UNSIGNED-PAYLOAD`, as over TLS the transport protects it), GetObject with Range,
 * HeadObject, DeleteObject and ListObjectsV2. s3-standin.ts speaks the same subset for the tests.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import aws4 from 'aws4';
import type { S3Config } from '../config.ts';
import { isFileKey, type FileStore } from './file-store.ts';

/** Keys per ListObjectsV2 page (S3's own maximum). */
const LIST_PAGE = 1000;

interface Send {
  method: 'GET' | 'PUT' | 'HEAD' | 'DELETE';
  key: string | null;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | Readable;
  /** The body's length when it is a stream. */
  length?: number;
}

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string,
  ) {
    super(`S3 answered ${status} ${s3Code}`);
    this.name = 'S3Error';
  }
}

async function readAll(res: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function xmlValues(xml: string, tag: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g');
  for (let m = re.exec(xml); m; m = re.exec(xml)) out.push(unescapeXml(m[1]!));
  return out;
}

function unescapeXml(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) =>
    e === 'lt' ? '<' : e === 'gt' ? '>' : e === 'quot' ? '"' : e === 'apos' ? "'" : '&',
  );
}

export class S3FileStore implements FileStore {
  private readonly base: URL;
  private readonly agent: http.Agent;

  constructor(private readonly s3: S3Config) {
    this.base = new URL(s3.endpoint);
    // Keep-alive: a download is one request, a listing several; connections are reused.
    this.agent =
      this.base.protocol === 'https:'
        ? new https.Agent({ keepAlive: true, maxSockets: 64 })
        : new http.Agent({ keepAlive: true, maxSockets: 64 });
  }

  private pathOf(key: string | null): string {
    if (key !== null && !isFileKey(key)) throw new Error(`bad file key ${JSON.stringify(key)}`);
    const prefix = this.base.pathname.replace(/\/+$/, '');
    // Keys hold only letters, digits, '-', '_', '.' and '/': nothing to escape.
    return `${prefix}/${this.s3.bucket}${key === null ? '/' : `/${key}`}`;
  }

  /** One signed request; the answer's status is the caller's to judge. */
  private async send(r: Send): Promise<http.IncomingMessage> {
    const qs = r.query
      ? Object.entries(r.query)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
          .join('&')
      : '';
    const headers: Record<string, string> = {
      ...r.headers,
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    };
    if (r.body !== undefined)
      headers['Content-Length'] = String(Buffer.isBuffer(r.body) ? r.body.length : (r.length ?? 0));
    const signed = aws4.sign(
      {
        method: r.method,
        host: this.base.host,
        path: `${this.pathOf(r.key)}${qs ? `?${qs}` : ''}`,
        service: 's3',
        region: this.s3.region,
        headers,
      },
      { accessKeyId: this.s3.accessKeyId, secretAccessKey: this.s3.secretAccessKey },
    );
    const client = this.base.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const req = client.request(
        {
          protocol: this.base.protocol,
          hostname: this.base.hostname,
          port: this.base.port || undefined,
          method: r.method,
          path: signed.path,
          headers: signed.headers as http.OutgoingHttpHeaders,
          agent: this.agent,
        },
        resolve,
      );
      req.on('error', reject);
      if (r.body === undefined) req.end();
      else if (Buffer.isBuffer(r.body)) req.end(r.body);
      else {
        r.body.on('error', (err) => req.destroy(err));
        r.body.pipe(req);
      }
    });
  }

  /** Reads an error answer into an S3Error (its `<Code>`). */
  private async fail(res: http.IncomingMessage): Promise<never> {
    // A HEAD answer has no body: its read ends at once.
    const body = (await readAll(res)).toString('utf8');
    throw new S3Error(res.statusCode ?? 0, xmlValues(body, 'Code')[0] ?? 'Unknown');
  }

  async put(key: string, data: Buffer): Promise<void> {
    const res = await this.send({ method: 'PUT', key, body: data });
    if (res.statusCode !== 200) return this.fail(res);
    res.resume();
  }

  async read(key: string): Promise<Buffer | null> {
    const res = await this.send({ method: 'GET', key });
    if (res.statusCode === 404) return (res.resume(), null);
    if (res.statusCode !== 200) return this.fail(res);
    return readAll(res);
  }

  async has(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async remove(key: string): Promise<void> {
    const res = await this.send({ method: 'DELETE', key });
    // S3 answers 204 whether or not the object existed.
    if (res.statusCode !== 204 && res.statusCode !== 200 && res.statusCode !== 404) return this.fail(res);
    res.resume();
  }

  async list(folder: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = {
        'list-type': '2',
        prefix: `${folder}/`,
        delimiter: '/',
        'max-keys': String(LIST_PAGE),
      };
      if (token) query['continuation-token'] = token;
      const res = await this.send({ method: 'GET', key: null, query });
      if (res.statusCode !== 200) return this.fail(res);
      const xml = (await readAll(res)).toString('utf8');
      keys.push(...xmlValues(xml, 'Key'));
      token =
        xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token);
    return keys;
  }

  async putFile(key: string, localPath: string): Promise<void> {
    const { size } = await fs.stat(localPath);
    const res = await this.send({ method: 'PUT', key, body: createReadStream(localPath), length: size });
    if (res.statusCode !== 200) return this.fail(res);
    res.resume();
    await fs.rm(localPath, { force: true });
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const res = await this.send({ method: 'HEAD', key });
    res.resume();
    if (res.statusCode === 404) return null;
    if (res.statusCode !== 200) throw new S3Error(res.statusCode ?? 0, 'HeadObject');
    return { size: Number(res.headers['content-length'] ?? 0) };
  }

  async createReadStream(key: string, range: { start?: number; end?: number } = {}): Promise<Readable> {
    const ranged = range.start !== undefined || range.end !== undefined;
    const headers: Record<string, string> = ranged
      ? { Range: `bytes=${range.start ?? 0}-${range.end ?? ''}` }
      : {};
    const res = await this.send({ method: 'GET', key, headers });
    if (res.statusCode !== 200 && res.statusCode !== 206) return this.fail(res);
    return res;
  }

  /** Lets go of kept-alive connections (the server's close, tests). */
  close(): void {
    this.agent.destroy();
  }
}
