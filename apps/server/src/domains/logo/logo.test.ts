import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, LOGO_MAX_BYTES } from '@netconsole/contract';
import { bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { snapshot } from '../account/testing.ts';
import { isJpeg } from './service.ts';

let h: Harness;
let alfa: Awaited<ReturnType<typeof seedTenant>>;
let alfaToken: string;
let bravoToken: string;

/** A minimal byte stream with JPEG's start and end markers. */
function jpeg(size: number): Buffer {
  const b = Buffer.alloc(size, 0x11);
  b.set([0xff, 0xd8, 0xff, 0xe0], 0);
  b.set([0xff, 0xd9], size - 2);
  return b;
}
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);

function form(data: Buffer, filename = 'logo.jpg', type = 'image/jpeg') {
  const boundary = `----netconsole${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (token: string, data: Buffer, filename?: string, type?: string) => {
  const f = form(data, filename, type);
  return h.app.inject({
    method: 'POST',
    url: '/v1/dashboard/uploadLogo',
    headers: { ...bearer(token), ...f.headers },
    payload: f.payload,
  });
};
const confirm = (token: string, payload: object) =>
  h.app.inject({ method: 'POST', url: '/v1/dashboard/uploadLogo', headers: bearer(token), payload });
const logoDir = () => path.join(h.config.dataDir, 'files', 'logos', alfa.tenant.id);
const me = async (token: string) =>
  (await h.app.inject({ url: '/v1/user/getCurrentUser', headers: bearer(token) })).json();

beforeEach(async () => {
  h = await startHarness();
  alfa = await seedTenant(h, 'alfa');
  await seedTenant(h, 'bravo');
  alfaToken = (await login(h, 'alfaown')).body.Token;
  bravoToken = (await login(h, 'bravoown')).body.Token;
});
afterEach(async () => {
  await h.close();
});

describe('POST /v1/dashboard/uploadLogo', () => {
  it('keeps an upload aside, serves it, and makes it the logo once confirmed', async () => {
    const data = jpeg(5000);
    const res = await upload(alfaToken, data);
    expect(res.statusCode).toBe(200);
    const { LogoPath, Path } = res.json();
    expect(LogoPath).toBeNull();
    expect(Path).toMatch(new RegExp(`^/files/logos/${alfa.tenant.id}/[A-Za-z0-9_-]{22}\\.jpg$`));
    expect((await me(alfaToken)).LogoPath).toBeNull();

    const served = await h.app.inject({ url: Path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(data)).toBe(true);

    const done = await confirm(alfaToken, { path: Path });
    expect(done.json()).toEqual({ LogoPath: Path, Path });
    expect((await me(alfaToken)).LogoPath).toBe(Path);
    // The whole tenant sees it, its co-administrator too.
    expect((await me((await login(h, 'alfasub')).body.Token)).LogoPath).toBe(Path);

    // A new logo replaces the old one, whose file goes.
    const next = (await upload(alfaToken, jpeg(6000))).json();
    expect(next.LogoPath).toBe(Path);
    await confirm(alfaToken, { path: next.Path });
    expect((await h.app.inject({ url: Path })).statusCode).toBe(404);
    expect(fs.readdirSync(logoDir())).toEqual([path.basename(next.Path)]);
  });

  it('takes up to 2 MB and refuses more with 17008, by size not by name', async () => {
    expect((await upload(alfaToken, jpeg(LOGO_MAX_BYTES))).statusCode).toBe(200);
    const big = await upload(alfaToken, jpeg(LOGO_MAX_BYTES + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      code: ErrorCode.PictureTooLarge,
      message: 'The picture must be at most 2 MB',
    });
  });

  it('checks the content, not the name or type, and refuses non-JPEG with 17006', async () => {
    const before = await snapshot(h);
    for (const data of [PNG, jpeg(100).subarray(0, 90), Buffer.from('GIF89a....'), Buffer.alloc(0)]) {
      const res = await upload(alfaToken, data, 'logo.jpg', 'image/jpeg');
      expect(res.json().code).toBe(ErrorCode.PictureInvalid);
    }
    expect(fs.existsSync(logoDir())).toBe(false);
    expect(await snapshot(h)).toEqual(before);
    expect(isJpeg(Buffer.concat([jpeg(50), Buffer.from([0, 0, 0x0a])]))).toBe(true);
  });

  it('never sets another tenant’s upload, nor a made-up path', async () => {
    const { Path } = (await upload(alfaToken, jpeg(3000))).json();
    const before = await snapshot(h);
    for (const p of [
      Path,
      Path.replace(alfa.tenant.id, 'x'),
      `/files/logos/${alfa.tenant.id}/../../console.sqlite`,
      '/etc/passwd',
    ]) {
      expect((await confirm(bravoToken, { path: p })).json().code).toBe(ErrorCode.PictureInvalid);
    }
    const made = Path.replace(/[A-Za-z0-9_-]{22}\.jpg$/, 'AAAAAAAAAAAAAAAAAAAAAA.jpg');
    expect((await confirm(alfaToken, { path: made })).json().code).toBe(ErrorCode.PictureInvalid);
    expect(await snapshot(h)).toEqual(before);
    expect((await me(bravoToken)).LogoPath).toBeNull();
  });

  it('needs a session, a tenant, and a file or a path', async () => {
    expect(
      (
        await h.app.inject({ method: 'POST', url: '/v1/dashboard/uploadLogo', payload: { path: '/x' } })
      ).json().code,
    ).toBe(4010);
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    const admin = (await login(h, 'root')).body.Token;
    expect((await upload(admin, jpeg(100))).json().code).toBe(ErrorCode.TenantNotFound);
    expect((await confirm(alfaToken, {})).json().code).toBe(ErrorCode.PictureInvalid);
    const empty = await h.app.inject({
      method: 'POST',
      url: '/v1/dashboard/uploadLogo',
      headers: { ...bearer(alfaToken), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(empty.json().code).toBe(4000);
  });
});

describe('multipart bodies', () => {
  it('are taken by the logo upload only; other routes refuse them (4150)', async () => {
    const f = form(jpeg(100));
    const res = await h.app.inject({
      method: 'PUT',
      url: '/v1/user/updateUserInfo',
      headers: { ...bearer(alfaToken), ...f.headers },
      payload: f.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(4150);
  });
});

describe('GET /files/logos/…', () => {
  it('answers 404 for unknown or malformed names', async () => {
    expect((await h.app.inject({ url: `/files/logos/${alfa.tenant.id}/nope.jpg` })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/files/logos/..%2F..%2Fconsole.sqlite/x.jpg' })).statusCode).toBe(404);
    expect((await h.app.inject({ url: '/files/other' })).json().code).toBe(4040);
  });
});
