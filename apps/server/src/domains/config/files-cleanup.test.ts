/**
 * The clean-up of uploaded configuration files (docs/configuration.md, "Configuration files"): an
 * upload no version of a profile names goes once it is a day old, at the hourly job; one a version
 * names stays, as does a younger one; an upload cut off before its metadata goes at the run after
 * it was first seen; every tenant's versions keep only that tenant's files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode, type ConfigFileUploadReply } from '@netconsole/contract';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';
import { UPLOAD_KEEP_MS } from './files-cleanup.ts';
import { referencedFiles } from './store.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { call, signIn } = apiCaller(() => h);
const HOUR = 3_600_000;

function upload(tenantId: string, text: string): Promise<ConfigFileUploadReply> {
  const scope = { tenantId, admin: false };
  return h.services.configFiles.upload(scope, 'sw.cfg', Buffer.from(`hostname ${text}\n`), false);
}

/** Whether the upload is still there: its file resolves for its tenant. */
async function kept(tenantId: string, key: string): Promise<boolean> {
  try {
    await h.services.configFiles.resolve(tenantId, key);
    return true;
  } catch (err) {
    expect((err as { code?: number }).code).toBe(ErrorCode.ConfigFileNotFound);
    return false;
  }
}

async function fileProfile(token: string, File: ConfigFileUploadReply, Name = 'Core switch file') {
  const r = await call<{ list: { _id: string } }>(token, 'POST', '/v1/config/add', {
    Name,
    Type: 3,
    Source: 'file',
    File,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.list._id;
}

/** Moves the clock and runs what came due, the hourly clean-up among it. */
async function later(ms: number) {
  h.clock.advance(ms);
  await h.services.jobs.runDue();
}

describe('cleaning up configuration files', () => {
  it('removes day-old uploads no version names, keeps named and younger ones', async () => {
    const { tenant, token } = await signIn('acme');
    const named = await upload(tenant.id, 'named');
    const unused = await upload(tenant.id, 'unused');
    // Named by a profile since removed: its versions still name the file (a restore brings it back).
    const formerly = await upload(tenant.id, 'formerly');
    await fileProfile(token, named);
    const removedId = await fileProfile(token, formerly, 'Old switch file');
    const del = await call(token, 'DELETE', '/v1/config/deleteConfig', { _id: removedId });
    expect(del.status, JSON.stringify(del.body)).toBe(200);

    await later(UPLOAD_KEEP_MS - 2 * HOUR);
    const young = await upload(tenant.id, 'young');
    expect(await kept(tenant.id, unused.Path)).toBe(true);

    await later(3 * HOUR);
    expect(await kept(tenant.id, unused.Path)).toBe(false);
    expect(await kept(tenant.id, named.Path)).toBe(true);
    expect(await kept(tenant.id, formerly.Path)).toBe(true);
    expect(await kept(tenant.id, young.Path)).toBe(true);
    // Bytes and metadata both gone.
    const folder = path.join(h.config.dataDir, 'files', 'config-files', tenant.id);
    expect(fs.readdirSync(folder).filter((f) => unused.Path.endsWith(f.replace(/\.json$/, '')))).toEqual([]);

    await later(UPLOAD_KEEP_MS);
    expect(await kept(tenant.id, young.Path)).toBe(false);
    expect(await kept(tenant.id, named.Path)).toBe(true);
  });

  it('removes an upload cut off before its metadata at the run after the one that saw it', async () => {
    const { tenant } = await signIn('acme');
    const folder = path.join(h.config.dataDir, 'files', 'config-files', tenant.id);
    fs.mkdirSync(folder, { recursive: true });
    const bytes = path.join(folder, 'AAAAAAAAAAAAAAAAAAAAAA');
    fs.writeFileSync(bytes, 'hostname cut\n');
    await later(HOUR);
    expect(fs.existsSync(bytes)).toBe(true);
    await later(HOUR);
    expect(fs.existsSync(bytes)).toBe(false);
  });

  it('keeps each tenant to its own versions', async () => {
    const acme = await signIn('acme');
    const bolt = await signIn('bolt');
    const acmeFile = await upload(acme.tenant.id, 'acme');
    const boltFile = await upload(bolt.tenant.id, 'bolt');
    await fileProfile(acme.token, acmeFile);
    const acmeScope = { tenantId: acme.tenant.id, admin: false };
    const boltScope = { tenantId: bolt.tenant.id, admin: false };
    expect([...(await referencedFiles(h.store.db, acmeScope))]).toEqual([acmeFile.Path]);
    expect([...(await referencedFiles(h.store.db, boltScope))]).toEqual([]);

    await later(UPLOAD_KEEP_MS + HOUR);
    expect(await kept(acme.tenant.id, acmeFile.Path)).toBe(true);
    expect(await kept(bolt.tenant.id, boltFile.Path)).toBe(false);
  });
});
