/**
 * Configuration files (docs/configuration.md, "Configuration files"): the upload and its coded
 * refusals, a file profile naming only the tenant's own uploads with the server's MD5 and size, the
 * pre-signed download (bad, expired, gone), and end to end with the simulator: a switch downloads
 * the file through the signed URL, checks the MD5 and confirms; a file changed after the upload
 * fails at verifying (issue status 3, the device's own code).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CONFIG_FILE_MAX_BYTES,
  ConfigIssueStatus,
  ErrorCode,
  type ConfigFileUploadReply,
  type ConfigItem,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type ListReply,
} from '@netconsole/contract';
import { createFleet, type Fleet } from '@netconsole/device-sim';
import {
  apiCaller,
  bearer,
  deviceBus,
  freePort,
  login,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { eventually, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `CF${randomToken(4)}`;

let h: Harness;
let port: number;
let fleet: Fleet | null = null;

beforeEach(async () => {
  // Devices download from PUBLIC_URL: the server listens there for real.
  port = await freePort();
  h = await startHarness({ mqtt: deviceBus(PREFIX), publicUrl: `http://127.0.0.1:${port}` });
  await h.app.listen({ port, host: '127.0.0.1' });
  // The signed URL expires with the command, which the simulator compares with its own clock.
  h.clock.now = Date.now();
});
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
  await h.close();
});

const { call, signIn } = apiCaller(() => h, { settle: true });

function form(data: Buffer, filename: string) {
  const boundary = `----netconsole${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(token: string, data: Buffer, filename: string, lang?: string) {
  const f = form(data, filename);
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/config/upload',
    headers: { ...bearer(token), ...f.headers, ...(lang ? { cookie: `language=${lang}` } : {}) },
    payload: f.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as ConfigFileUploadReply & { code?: number; message?: string },
  };
}

/** A plain tar archive of one member: the `ustar` magic at 257. */
function tarOf(text: string): Buffer {
  const header = Buffer.alloc(512);
  header.write('config/network', 0);
  header.write('ustar', 257, 'latin1');
  const body = Buffer.alloc(512);
  body.write(text);
  return Buffer.concat([header, body, Buffer.alloc(1024)]);
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

function fileProfile(File: object, extra: Record<string, unknown> = {}) {
  return { Name: 'Core switch file', Type: 3, Source: 'file', File, ...extra };
}

/** The query of a signed URL with one part changed. */
function withQuery(url: string, change: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(change)) u.searchParams.set(k, v);
  return `${u.pathname}${u.search}`;
}

describe('uploading a configuration file', () => {
  it('stores it with the MD5 and size the server measured, and refuses what is not one', async () => {
    const { tenant, token } = await signIn('fup');
    const data = tarOf('option hostname core');
    const ok = await upload(token, data, 'C:\\backups\\core.tar');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ MD5: md5(data), Size: data.length, Format: 'uci_tar', Name: 'core.tar' });
    expect(ok.body.Path).toMatch(new RegExp(`^config-files/${tenant.id}/[A-Za-z0-9_-]{22}$`));
    const json = await upload(token, Buffer.from('{"vlan": 10}'), 'ap.JSON');
    expect(json.body).toMatchObject({ Format: 'json', Size: 12 });
    expect((await upload(token, Buffer.from('hostname sw1\n'), 'sw1.cfg')).body.Format).toBe('cli_text');

    // Each refusal its code, in the caller's language.
    const none = await call(token, 'POST', '/v1/config/upload', { file: 'x' });
    expect([none.status, none.body.code]).toEqual([400, ErrorCode.ConfigFileRequired]);
    const big = await upload(token, Buffer.alloc(CONFIG_FILE_MAX_BYTES + 1, 0x41), 'big.txt', 'zh');
    expect([big.status, big.body.code, big.body.message]).toEqual([
      413,
      ErrorCode.ConfigFileTooLarge,
      '配置文件不能超过 16 MiB',
    ]);
    const exe = await upload(token, Buffer.from('MZ'), 'setup.exe');
    expect([exe.status, exe.body.code]).toEqual([400, ErrorCode.ConfigFileFormatNotAllowed]);
    expect((await upload(token, Buffer.from('not json'), 'x.json')).body.code).toBe(
      ErrorCode.ConfigFileContentInvalid,
    );
    expect((await upload(token, Buffer.from('no tar at all'), 'x.tgz')).body.code).toBe(
      ErrorCode.ConfigFileContentInvalid,
    );
    expect((await upload(token, Buffer.alloc(0), 'empty.cfg')).body.code).toBe(
      ErrorCode.ConfigFileContentInvalid,
    );

    // The administrator has no tenant to keep a file for.
    await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
    const admin = (await login(h, 'root')).body.Token;
    expect((await upload(admin, data, 'core.tar')).body.code).toBe(ErrorCode.NoAccessRights);
  });

  it("saves a file profile only with the tenant's own upload, and takes its MD5 and size from the store", async () => {
    const alfa = await signIn('fpa');
    const beta = await signIn('fpb');
    const data = tarOf('option hostname core');
    const up = (await upload(alfa.token, data, 'core.tar')).body;

    // The client's figures do not count: the stored ones do.
    const made = await call<{ list: ConfigItem }>(
      alfa.token,
      'POST',
      '/v1/config/add',
      fileProfile({ Path: up.Path, MD5: 'f'.repeat(32), Size: 1, Format: 'json' }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.list.File).toEqual({
      Path: up.Path,
      MD5: md5(data),
      Size: data.length,
      Format: 'uci_tar',
      Name: 'core.tar',
    });
    // Only the path is needed.
    const bare = await call<{ list: ConfigItem }>(
      alfa.token,
      'POST',
      '/v1/config/add',
      fileProfile({ Path: up.Path }, { Name: 'Bare' }),
    );
    expect(bare.body.list.File?.MD5).toBe(md5(data));

    // Another tenant's upload, an unknown key, a URL: 14062, and nothing is made or changed.
    for (const Path of [
      up.Path,
      `config-files/${beta.tenant.id}/AAAAAAAAAAAAAAAAAAAAAA`,
      'https://example.com/core.tar',
      '../../factory-key',
    ]) {
      const r = await call(
        beta.token,
        'POST',
        '/v1/config/add',
        fileProfile({ Path }, { Name: `B ${Path.length}` }),
      );
      expect([r.status, r.body.code], Path).toEqual([404, ErrorCode.ConfigFileNotFound]);
    }
    expect((await call<ListReply<ConfigItem>>(beta.token, 'GET', '/v1/config/get?Type=3')).body.count).toBe(
      0,
    );
    const betaUp = (await upload(beta.token, data, 'beta.tar')).body;
    const moved = await call(alfa.token, 'PUT', '/v1/config/update', {
      ...fileProfile({ Path: betaUp.Path }),
      _id: made.body.list._id,
    });
    expect(moved.body.code).toBe(ErrorCode.ConfigFileNotFound);
    const detail = await call<{ list: ConfigItem }>(
      alfa.token,
      'GET',
      `/v1/config/detail?_id=${made.body.list._id}`,
    );
    expect(detail.body.list).toMatchObject({ Revision: 1, File: { Path: up.Path } });
  });
});

describe('devices download the file through a pre-signed URL', () => {
  async function setUp(prefix: string) {
    const { token } = await signIn(prefix);
    fleet = createFleet({
      url: h.mqttUrl!,
      factoryKey: TEST_FACTORY_KEY,
      networks: [{ name: 'Lab', switches: 1, aps: 0 }],
      snPrefix: `${PREFIX}${prefix.toUpperCase()}`,
      seed: prefix,
      behaviour: { eventsPerHour: 0, dropsPerHour: 0, logsPerHour: 0 },
      timing: { rebootS: 1, verifyS: 0, applyS: 0, downloadBytesPerS: 10 * 1024 * 1024 },
      downloads: 'localhost',
    });
    let switchId = '';
    let switchSn = '';
    for (const d of fleet.plan.networks[0]!.devices) {
      const r = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
        SN: d.sn,
        MAC: d.mac,
        Type: d.type,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      if (d.type === 3) [switchId, switchSn] = [r.body._id, d.sn];
    }
    await fleet.start();
    await fleet.waitOnline({ timeoutMs: 20_000 });
    return { token, switchId, switchSn };
  }

  async function deliver(token: string, profileId: string, device: string) {
    const started = await call<{ list: DeliveryItem }>(token, 'POST', '/v1/config/newdispatch', {
      _id: profileId,
      devices: [device],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return started.body.list._id;
  }

  async function outcome(token: string, deliveryId: string) {
    return eventually(
      async () => {
        const rows = await call<ListReply<DeliveryDeviceItem>>(
          token,
          'GET',
          `/v1/issued/device?_id=${deliveryId}`,
        );
        const row = rows.body.list[0];
        return row && (row.State === 'succeeded' || row.State === 'failed' || row.State === 'rejected')
          ? row
          : undefined;
      },
      30_000,
      'the device reported an outcome',
    );
  }

  it('succeeds when the MD5 matches, fails at verifying when the file changed; bad or expired links are refused', async () => {
    const { token, switchId, switchSn } = await setUp('dl');
    const data = tarOf('option hostname core');
    const up = (await upload(token, data, 'core.tar')).body;
    const p = (
      await call<{ list: ConfigItem }>(token, 'POST', '/v1/config/add', fileProfile({ Path: up.Path }))
    ).body.list;

    const id = await deliver(token, p._id, switchId);
    const ok = await outcome(token, id);
    expect(ok, JSON.stringify(ok)).toMatchObject({ State: 'succeeded', Status: ConfigIssueStatus.Success });
    // What the device was sent: a signed URL on PUBLIC_URL, valid until the command expires.
    const [cmd] = await h.store.db
      .selectFrom('device_commands')
      .select(['body', 'expires_at'])
      .where('kind', '=', 'apply_config')
      .execute();
    const url = (JSON.parse(cmd!.body) as { source: { url: string } }).source.url;
    expect(new URL(url).searchParams.get('exp')).toBe(String(cmd!.expires_at));
    expect(url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:${port}/v1/issued/file/${up.Path}\\?exp=\\d+&sig=`),
    );
    expect(fleet!.device(switchSn)?.config).toMatchObject({ id: p._id, revision: 1 });

    // The link itself: served without a session while good; a wrong signature or time is 403 14063.
    const good = await h.app.inject({ url: withQuery(url, {}) });
    expect([good.statusCode, md5(good.rawPayload)]).toEqual([200, md5(data)]);
    const forged = await h.app.inject({ url: withQuery(url, { sig: 'A'.repeat(43) }) });
    expect([forged.statusCode, forged.json().code]).toEqual([403, ErrorCode.ConfigFileLinkInvalid]);
    const exp = Number(new URL(url).searchParams.get('exp'));
    const later = await h.app.inject({ url: withQuery(url, { exp: String(exp + 1) }) });
    expect(later.json().code).toBe(ErrorCode.ConfigFileLinkInvalid);
    const other = await h.app.inject({
      url: withQuery(url, {}).replace(
        up.Path,
        up.Path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    });
    expect(other.statusCode).toBe(403);

    // A file changed after the upload (same size): the device's MD5 check fails, status 3.
    const store = path.join(h.config.dataDir, 'files', ...up.Path.split('/'));
    fs.writeFileSync(store, tarOf('option hostname evil'));
    const bad = await outcome(token, await deliver(token, p._id, switchId));
    expect(bad).toMatchObject({
      State: 'failed',
      Stage: 'verifying',
      Code: 'md5_mismatch',
      Status: ConfigIssueStatus.DownloadFailed,
    });

    // Expired: the device is refused (HTTP 403) and reports the download failed.
    h.clock.advance(8 * 86_400_000);
    const late = await h.app.inject({ url: withQuery(url, {}) });
    expect([late.statusCode, late.json().code]).toEqual([403, ErrorCode.ConfigFileLinkInvalid]);
    // Gone: 404 14062 with a good signature.
    h.clock.now = Date.now();
    fs.rmSync(store);
    const gone = await h.app.inject({ url: withQuery(url, {}) });
    expect([gone.statusCode, gone.json().code]).toEqual([404, ErrorCode.ConfigFileNotFound]);
  });
});
