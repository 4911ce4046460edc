/**
 * Configuration files (docs/configuration.md, "Configuration files"): a vendor file uploaded by a
 * tenant, named by a profile of source `file`, and downloaded by devices through a pre-signed URL
 * (protocol §7.9 `source.type` `file`). The bytes live in the platform's file store under
 * `config-files/<tenant>/<id>`; beside them `<id>.json` keeps what the server measured at upload
 * (MD5, size, format, name), so a profile save reads no file and the client's figures never count.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  CONFIG_FILE_MAX_BYTES,
  ErrorCode,
  configFileFormatOf,
  type ConfigFile,
  type ConfigFileFormat,
  type ConfigFileUploadReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';

const FOLDER = 'config-files';
const TENANT_RE = /^[A-Za-z0-9-]{1,64}$/;
/** 128 random bits: a key is unguessable, though a download needs a signature anyway. */
const ID_RE = /^[A-Za-z0-9_-]{22}$/;
const KEY_RE = /^config-files\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9_-]{22})$/;
/** The path of the download route; the key follows it. */
export const SIGNED_FILE_PATH = '/v1/issued/file/';

/** What the upload measured, kept beside the bytes. */
interface FileMeta {
  MD5: string;
  Size: number;
  Format: ConfigFileFormat;
  Name: string;
  UploadedAt: number;
}

export function configFileKey(tenantId: string, id: string): string | null {
  return TENANT_RE.test(tenantId) && ID_RE.test(id) ? `${FOLDER}/${tenantId}/${id}` : null;
}

/** The owning tenant of an upload's key, or null for anything that is not one. */
function tenantOfKey(key: string): string | null {
  return KEY_RE.exec(key)?.[1] ?? null;
}

/**
 * Whether the bytes can be what the name says: a tar archive has `ustar` at 257, gzip starts 1f 8b;
 * JSON parses; text has no NUL byte and is UTF-8. A device would reject anything else after a
 * download it need not have made.
 */
function contentFits(format: ConfigFileFormat, data: Buffer): boolean {
  if (data.length === 0) return false;
  if (format === 'uci_tar') {
    const gzip = data[0] === 0x1f && data[1] === 0x8b;
    return gzip || data.subarray(257, 262).toString('latin1') === 'ustar';
  }
  if (data.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  if (format === 'json') {
    try {
      JSON.parse(text);
    } catch {
      return false;
    }
  }
  return true;
}

/** A name safe to show and to echo in a header: the last path segment, control characters dropped. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-255) || 'config';
}

export class ConfigFiles {
  constructor(
    private readonly files: FileStore,
    private readonly clock: Clock,
    /** The HMAC key of download URLs (every node must have the same: any node serves any URL). */
    private readonly signingKey: Buffer,
    /** Where devices reach this server, no trailing slash (PUBLIC_URL). */
    private readonly publicUrl: () => string,
  ) {}

  /**
   * `POST /v1/config/upload`: stores the file for the scope's tenant and answers what the server
   * measured. `truncated`: the upload went past the size limit and was cut there (14060).
   */
  async upload(scope: Scope, name: string, data: Buffer, truncated: boolean): Promise<ConfigFileUploadReply> {
    // A file belongs to a tenant, as the profile naming it will; the administrator has none.
    if (scope.admin || !scope.tenantId) throw new AppError(ErrorCode.NoAccessRights);
    if (truncated || data.length > CONFIG_FILE_MAX_BYTES)
      throw new AppError(ErrorCode.ConfigFileTooLarge, { max: '16 MiB' });
    const Name = cleanName(name);
    const format = configFileFormatOf(Name);
    if (!format) throw new AppError(ErrorCode.ConfigFileFormatNotAllowed);
    if (!contentFits(format, data)) throw new AppError(ErrorCode.ConfigFileContentInvalid);
    const key = configFileKey(scope.tenantId, randomBytes(16).toString('base64url'))!;
    const meta: FileMeta = {
      MD5: createHash('md5').update(data).digest('hex'),
      Size: data.length,
      Format: format,
      Name,
      UploadedAt: this.clock(),
    };
    // The bytes first: metadata without its file is never visible.
    await this.files.put(key, data);
    await this.files.put(`${key}.json`, Buffer.from(JSON.stringify(meta)));
    return { Path: key, MD5: meta.MD5, Size: meta.Size, Format: meta.Format, Name };
  }

  /**
   * The file a profile of `tenantId` names: one of that tenant's uploads, with the figures measured
   * at upload. Anything else (another tenant's key, a URL, a removed file) is 14062.
   */
  async resolve(tenantId: string, path: string): Promise<ConfigFile> {
    if (tenantOfKey(path) !== tenantId) throw new AppError(ErrorCode.ConfigFileNotFound);
    const raw = await this.files.read(`${path}.json`);
    if (!raw || !(await this.files.has(path))) throw new AppError(ErrorCode.ConfigFileNotFound);
    const meta = JSON.parse(raw.toString('utf8')) as FileMeta;
    return { Path: path, MD5: meta.MD5, Size: meta.Size, Format: meta.Format, Name: meta.Name };
  }

  private signature(key: string, expiresAt: number): Buffer {
    return createHmac('sha256', this.signingKey).update(`${key}\n${expiresAt}`).digest();
  }

  /**
   * The tenants with an upload folder the file store can list (the embedded store can; an S3
   * listing shows no folders, so the clean-up also asks the tenant list).
   */
  async uploadTenants(): Promise<string[]> {
    const folders = await this.files.list(FOLDER);
    return folders.map((f) => f.slice(FOLDER.length + 1)).filter((t) => TENANT_RE.test(t));
  }

  /**
   * A tenant's uploads with when each was made; null when its metadata is missing (an upload cut
   * off between its bytes and its metadata, never resolvable).
   */
  async uploads(tenantId: string): Promise<{ key: string; uploadedAt: number | null }[]> {
    const keys = new Set(
      (await this.files.list(`${FOLDER}/${tenantId}`))
        .map((k) => k.replace(/\.json$/, ''))
        .filter((k) => tenantOfKey(k) === tenantId),
    );
    const out: { key: string; uploadedAt: number | null }[] = [];
    for (const key of keys) {
      const raw = await this.files.read(`${key}.json`);
      out.push({ key, uploadedAt: raw ? (JSON.parse(raw.toString('utf8')) as FileMeta).UploadedAt : null });
    }
    return out;
  }

  /** Removes an upload: the metadata first, so a half-removed upload is never resolvable. */
  async remove(key: string): Promise<void> {
    if (!tenantOfKey(key)) return;
    await this.files.remove(`${key}.json`);
    await this.files.remove(key);
  }

  /** Whether a path is an upload's key (a profile's file to sign) rather than a URL stored earlier. */
  isUpload(path: string): boolean {
    return tenantOfKey(path) !== null;
  }

  /** The URL a device downloads `key` from until `expiresAt` (Unix ms), without any other credential. */
  signedUrl(key: string, expiresAt: number): string {
    const sig = this.signature(key, expiresAt).toString('base64url');
    return `${this.publicUrl()}${SIGNED_FILE_PATH}${key}?exp=${expiresAt}&sig=${sig}`;
  }

  /**
   * A device's download: the signature must be this server's for this key and time, and the time
   * not past (14063, 403); a file since removed is 14062 (404).
   */
  async download(key: string, exp: string, sig: string): Promise<Buffer> {
    const expiresAt = /^\d{1,15}$/.test(exp) ? Number(exp) : NaN;
    const given = Buffer.from(sig, 'base64url');
    const wanted = Number.isFinite(expiresAt) ? this.signature(key, expiresAt) : null;
    if (!wanted || given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new AppError(ErrorCode.ConfigFileLinkInvalid);
    if (expiresAt < this.clock()) throw new AppError(ErrorCode.ConfigFileLinkInvalid);
    const data = tenantOfKey(key) ? await this.files.read(key) : null;
    if (!data) throw new AppError(ErrorCode.ConfigFileNotFound);
    return data;
  }
}
