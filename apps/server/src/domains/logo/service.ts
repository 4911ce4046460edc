import { randomBytes } from 'node:crypto';
import { ErrorCode, LOGO_MAX_BYTES, type LogoReply } from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TenantService } from '../tenant/service.ts';

/** Served at /files/logos/<tenant>/<name>.jpg; the name's 128 random bits make it unguessable. */
export const LOGO_URL_PREFIX = '/files/';
const TENANT_RE = /^[A-Za-z0-9-]{1,64}$/;
const NAME_RE = /^[A-Za-z0-9_-]{22}\.jpg$/;

/** JPEG by content: the SOI marker and an FF start, and the EOI marker at the end (padding allowed). */
export function isJpeg(data: Buffer): boolean {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8 || data[2] !== 0xff) return false;
  let end = data.length;
  // Some encoders pad after EOI with zeros or a line break.
  while (end > 4 && (data[end - 1] === 0x00 || data[end - 1] === 0x0a || data[end - 1] === 0x0d)) end--;
  return data[end - 2] === 0xff && data[end - 1] === 0xd9;
}

export function logoKey(tenantId: string, name: string): string | null {
  return TENANT_RE.test(tenantId) && NAME_RE.test(name) ? `logos/${tenantId}/${name}` : null;
}

/**
 * The tenant's logo (spec §2 logo setting with confirm and cancel): an upload is kept aside and
 * shown; confirming its path makes it the logo, and only then do the others go.
 */
export class LogoService {
  constructor(
    private readonly files: FileStore,
    private readonly tenants: TenantService,
  ) {}

  /** The administrator has no tenant, so no logo of its own. */
  private tenantOf(scope: Scope): string {
    if (!scope.tenantId) throw new AppError(ErrorCode.TenantNotFound);
    return scope.tenantId;
  }

  private async current(scope: Scope, tenantId: string): Promise<string | null> {
    const t = await this.tenants.get(scope, tenantId);
    if (!t) throw new AppError(ErrorCode.TenantNotFound);
    return t.logo_path;
  }

  /** `truncated`: the upload went past the size limit and was cut there. */
  async upload(scope: Scope, data: Buffer, truncated: boolean): Promise<LogoReply> {
    const tenantId = this.tenantOf(scope);
    if (truncated || data.length > LOGO_MAX_BYTES) {
      throw new AppError(ErrorCode.PictureTooLarge, { max: '2 MB' });
    }
    if (!isJpeg(data)) throw new AppError(ErrorCode.PictureInvalid);
    const logoPath = await this.current(scope, tenantId);
    // One upload waits for confirmation at a time: an earlier unconfirmed one goes.
    await this.removeAllBut(tenantId, logoPath);
    const key = logoKey(tenantId, `${randomBytes(16).toString('base64url')}.jpg`)!;
    await this.files.put(key, data);
    return { LogoPath: logoPath, Path: LOGO_URL_PREFIX + key };
  }

  /** The JSON form: `path` of an earlier upload of this tenant becomes the logo. */
  async confirm(scope: Scope, path: string): Promise<LogoReply> {
    const tenantId = this.tenantOf(scope);
    const m = /^\/files\/logos\/([^/]+)\/([^/]+)$/.exec(path);
    const key = m && m[1] === tenantId ? logoKey(m[1], m[2]!) : null;
    if (!key || !(await this.files.has(key))) throw new AppError(ErrorCode.PictureInvalid);
    await this.tenants.setLogo(scope, tenantId, path);
    await this.removeAllBut(tenantId, path);
    return { LogoPath: path, Path: path };
  }

  /** Logos are public (the top bar, the portal); the unguessable name is the only key. */
  read(tenantId: string, name: string): Promise<Buffer | null> {
    const key = logoKey(tenantId, name);
    return key ? this.files.read(key) : Promise.resolve(null);
  }

  private async removeAllBut(tenantId: string, keepPath: string | null): Promise<void> {
    for (const key of await this.files.list(`logos/${tenantId}`)) {
      if (LOGO_URL_PREFIX + key !== keepPath) await this.files.remove(key);
    }
  }
}
