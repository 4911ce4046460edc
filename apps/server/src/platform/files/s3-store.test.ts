/**
 * The S3 file store against the stand-in (s3-standin.ts), which checks every request's Signature
 * Version 4: each FileStore call, a wrong secret refused as S3 refuses it, and the firmware library
 * on FILE_STORE=s3 (an upload streamed into the bucket, a ranged download streamed out of it).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmwareItem } from '@netconsole/contract';
import { apiCaller, bearer, startHarness } from '../../test/harness.ts';
import { loadConfig, type S3Config } from '../config.ts';
import { startS3StandIn, type S3StandIn } from './s3-standin.ts';
import { S3Error, S3FileStore } from './s3-store.ts';

let root: string;
let standIn: S3StandIn;
let s3: S3Config;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-s3-'));
  const keys = {
    bucket: 'console-files',
    region: 'eu-west-1',
    accessKeyId: 'AKTEST',
    secretAccessKey: 'sEcReT/key+1',
  };
  standIn = await startS3StandIn({ root, ...keys });
  s3 = { endpoint: standIn.url, ...keys };
});
afterAll(async () => {
  await standIn.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('the S3 file store', () => {
  it('stores, lists, reads ranges of and removes objects', async () => {
    const store = new S3FileStore(s3);
    try {
      await store.put('logos/t1/logo.png', Buffer.from('logo bytes'));
      expect((await store.read('logos/t1/logo.png'))?.toString()).toBe('logo bytes');
      expect(await store.read('logos/t1/none.png')).toBeNull();
      expect(await store.has('logos/t1/logo.png')).toBe(true);
      expect(await store.has('logos/t1/none.png')).toBe(false);
      expect(await store.stat('logos/t1/logo.png')).toEqual({ size: 10 });
      expect(await store.stat('logos/t1/none.png')).toBeNull();

      // A finished temporary file goes up as a stream and is removed here.
      const tmp = path.join(root, '..', `upload-${process.pid}.part`);
      fs.writeFileSync(tmp, '0123456789abcdef');
      await store.putFile('firmware/t1/img', tmp);
      expect(fs.existsSync(tmp)).toBe(false);
      expect(await text(await store.createReadStream('firmware/t1/img'))).toBe('0123456789abcdef');
      expect(await text(await store.createReadStream('firmware/t1/img', { start: 10 }))).toBe('abcdef');
      expect(await text(await store.createReadStream('firmware/t1/img', { start: 2, end: 4 }))).toBe('234');
      expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=2-4' });

      await store.put('logos/t1/other.png', Buffer.from('x'));
      await store.put('logos/t1/deeper/not-listed.png', Buffer.from('x'));
      expect((await store.list('logos/t1')).sort()).toEqual(['logos/t1/logo.png', 'logos/t1/other.png']);
      expect(await store.list('logos/none')).toEqual([]);
      await store.remove('logos/t1/logo.png');
      await store.remove('logos/t1/logo.png');
      expect(await store.has('logos/t1/logo.png')).toBe(false);
      await expect(store.createReadStream('firmware/t1/none')).rejects.toMatchObject({ status: 404 });
      await expect(store.has('../escape')).rejects.toThrow(/bad file key/);
    } finally {
      store.close();
    }
  });

  it('is refused with a wrong secret or key id, as S3 refuses it', async () => {
    for (const wrong of [
      { secretAccessKey: 'not-the-secret' },
      { accessKeyId: 'AKOTHER' },
      { region: 'us-east-1' },
    ]) {
      const store = new S3FileStore({ ...s3, ...wrong });
      try {
        const err = await store.put('logos/t1/x.png', Buffer.from('x')).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(S3Error);
        expect(err).toMatchObject({ status: 403, s3Code: 'SignatureDoesNotMatch' });
      } finally {
        store.close();
      }
    }
    expect(fs.existsSync(path.join(root, 'logos', 't1', 'x.png'))).toBe(false);
  });
});

describe('the firmware library on FILE_STORE=s3', () => {
  it('streams an upload into the bucket and a ranged download out of it', async () => {
    const h = await startHarness({ files: { kind: 's3', ...s3 } });
    try {
      const { token } = await apiCaller(() => h).signIn('fs3');
      const data = Buffer.alloc(300_000, 7);
      data.write('image', 0);
      const md5 = createHash('md5').update(data).digest('hex');
      const boundary = '----fws3';
      const fields = {
        Model: 'B1',
        HWVersion: 'HW1.0',
        FWVersion: 'v1.02.006',
        Checksum: `0x${(crc32(data) >>> 0).toString(16).padStart(8, '0')}`,
        MD5: md5,
        Operator: 'ops',
      };
      const payload = Buffer.concat([
        ...Object.entries(fields).map(([k, v]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="b1.bin"\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/fw/add',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const item = (res.json() as { list: FirmwareItem }).list;
      const row = await h.services.images.byId({ tenantId: null, admin: true }, item._id);
      // In the bucket, not under DATA_DIR.
      expect(fs.readFileSync(path.join(root, ...row.file_key.split('/'))).equals(data)).toBe(true);
      expect(fs.existsSync(path.join(h.config.dataDir, 'files', row.file_key))).toBe(false);

      const url = new URL(h.services.images.downloadUrl(row, h.clock.now + 60_000));
      const part = await h.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { range: 'bytes=100000-' },
      });
      expect([part.statusCode, part.headers['content-range']]).toEqual([206, 'bytes 100000-299999/300000']);
      expect(part.rawPayload.equals(data.subarray(100_000))).toBe(true);
      expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', range: 'bytes=100000-299999' });
    } finally {
      await h.close();
    }
  });
});

describe('FILE_STORE in the configuration', () => {
  it('needs the S3 values with s3, and never echoes the secret', () => {
    expect(loadConfig({}).files).toEqual({ kind: 'local' });
    expect(() => loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b1b' })).toThrow(
      /S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: needed with FILE_STORE=s3/,
    );
    const env = {
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000/',
      S3_BUCKET: 'console-files',
      S3_ACCESS_KEY_ID: 'AK',
      S3_SECRET_ACCESS_KEY: 'very-secret',
      FIRMWARE_DOWNLOAD_KBPS: '2048',
    };
    const c = loadConfig(env);
    expect(c.files).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'console-files',
      region: 'us-east-1',
      accessKeyId: 'AK',
      secretAccessKey: 'very-secret',
    });
    expect(c.firmwareDownloadKbps).toBe(2048);
    expect(() => loadConfig({ ...env, S3_SECRET_ACCESS_KEY: ' ', FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
    let message = '';
    try {
      loadConfig({ ...env, S3_SECRET_ACCESS_KEY: 'x'.repeat(300) });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/S3_SECRET_ACCESS_KEY=\(hidden\)/);
    expect(message).not.toContain('xxxx');
  });
});
