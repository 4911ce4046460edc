/**
 * The firmware image library (docs/firmware.md): uploads streamed to the file store while their
 * MD5, CRC32 and size are measured, the list and the library view, changes and removal, and the
 * pre-signed, resumable downloads devices fetch images through.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import {
  ErrorCode,
  FIRMWARE_MAX_BYTES,
  compareFirmwareVersions,
  newestFirmwareVersion,
  type FirmwareAddFields,
  type FirmwareAllQuery,
  type FirmwareItem,
  type FirmwareListQuery,
  type FirmwareModelRow,
  type FirmwareUpdateBody,
  type FirmwareVersionsQuery,
  type ListReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import { isUniqueViolation, type Db } from '../../platform/store/db.ts';
import { sortOrders } from '../../platform/store/order.ts';
import {
  deleteImage,
  findImage,
  findImageForDownload,
  identityTaken,
  insertImage,
  listImages,
  pageImages,
  tallyDeviceVersions,
  updateImage,
  type FirmwareImageRow,
  type VersionTally,
} from './store.ts';

export type { FirmwareImageRow };

/** Who acts: the scope, and the account as the image's Creator shows it. */
export interface Actor {
  scope: Scope;
  userId: string;
  username: string;
}

/** The path of the download route; the image id follows it. */
export const FIRMWARE_IMAGE_PATH = '/v1/issued/fw-image/';
const FOLDER = 'firmware';
/** getAllFWs is a chooser: a bound on one answer. */
const ALL_MAX = 1000;
const ORDER = sortOrders({
  CreateTime: 'created_at',
  UpdateTime: 'updated_at',
  Model: 'model',
  FWVersion: 'fw_version',
});

/** The upload's file part: the bytes, and whether the parser cut them at the size limit. */
export type UploadFile = Readable & { truncated?: boolean };

/** A name safe to show: the last path segment, control characters dropped, at most 255 characters. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.slice(-255) || 'firmware.bin';
}

function key(m: string, hw: string, fw: string): string {
  return JSON.stringify([m, hw, fw]);
}

export class FirmwareImages {
  constructor(
    private readonly db: Db,
    private readonly files: FileStore,
    private readonly clock: Clock,
    /** Where uploads are written while they arrive (under DATA_DIR; emptied at start). */
    private readonly tmpDir: string,
    /** The HMAC key of download URLs (platform/files/signing.ts). */
    private readonly signingKey: Buffer,
    /** Where devices reach this server, no trailing slash (PUBLIC_URL). */
    private readonly publicUrl: () => string,
    /** Whether an upgrade that has not ended uses an image (the upgrade's delivery campaigns). */
    private readonly inUse: (imageId: string) => Promise<boolean>,
  ) {}

  /** Removes what an upload interrupted by a crash left behind. */
  async start(): Promise<void> {
    await fs.rm(this.tmpDir, { recursive: true, force: true });
    await fs.mkdir(this.tmpDir, { recursive: true });
  }

  // ---- upload ----

  /**
   * The checks an upload's fields allow before any byte of the file is read: the caller may add
   * images (a tenant's account or the administrator; only the administrator publishes) and the
   * image is not in its library yet (15005).
   */
  async admit(actor: Actor, fields: FirmwareAddFields): Promise<void> {
    const { scope } = actor;
    if (!scope.admin && !scope.tenantId) throw new AppError(ErrorCode.FirmwareNoPermission);
    if (fields.Published && !scope.admin) throw new AppError(ErrorCode.FirmwareNoPermission);
    const identity = { model: fields.Model, hwVersion: fields.HWVersion, fwVersion: fields.FWVersion };
    if (await identityTaken(this.db, scope, identity)) throw new AppError(ErrorCode.FirmwareExists);
  }

  /**
   * `POST /v1/fw/add` after `admit`: streams the file to a temporary file while measuring it, then
   * compares what was measured with what the uploader typed, and only then stores it and adds the
   * row. The file is never held in memory.
   */
  async add(
    actor: Actor,
    fields: FirmwareAddFields,
    fileName: string,
    file: UploadFile,
  ): Promise<FirmwareItem> {
    await this.admit(actor, fields);
    const id = newId();
    const tmp = path.join(this.tmpDir, `${id}.part`);
    const md5 = createHash('md5');
    let crc = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        md5.update(chunk);
        crc = crc32(chunk, crc);
        size += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await fs.mkdir(this.tmpDir, { recursive: true });
      await pipeline(file, meter, createWriteStream(tmp));
      if (file.truncated || size > FIRMWARE_MAX_BYTES)
        throw new AppError(ErrorCode.FirmwareTooLarge, { max: '512 MiB' });
      if (size === 0) throw new AppError(ErrorCode.FirmwareFileEmpty);
      if (md5.digest('hex') !== fields.MD5) throw new AppError(ErrorCode.FirmwareMd5Mismatch);
      // protocol §7.10: `checksum` is the image's CRC32, which a device verifies after the download.
      const checksum = `0x${(crc >>> 0).toString(16).padStart(8, '0')}`;
      if (checksum !== fields.Checksum) throw new AppError(ErrorCode.FirmwareChecksumMismatch);
      // Another upload of the same image may have finished meanwhile.
      await this.admit(actor, fields);
      const tenantId = actor.scope.admin ? null : actor.scope.tenantId!;
      const fileKey = `${FOLDER}/${tenantId ?? 'admin'}/${id}`;
      await this.files.putFile(fileKey, tmp);
      const now = this.clock();
      const row: FirmwareImageRow = {
        id,
        tenant_id: tenantId,
        owner_key: tenantId ?? '',
        model: fields.Model,
        hw_version: fields.HWVersion,
        fw_version: fields.FWVersion,
        md5: fields.MD5,
        checksum,
        size,
        file_name: cleanName(fileName),
        file_key: fileKey,
        operator: fields.Operator,
        description: fields.Description,
        published: fields.Published ? 1 : 0,
        created_by: actor.userId,
        creator_name: actor.username,
        created_at: now,
        updated_at: now,
      };
      try {
        await insertImage(this.db, row);
      } catch (err) {
        await this.files.remove(fileKey);
        if (isUniqueViolation(err)) throw new AppError(ErrorCode.FirmwareExists);
        throw err;
      }
      return (await this.itemsOf(actor.scope, [row]))[0]!;
    } finally {
      await fs.rm(tmp, { force: true });
    }
  }

  // ---- reads ----

  async list(scope: Scope, q: FirmwareListQuery): Promise<ListReply<FirmwareItem>> {
    const { rows, count } = await pageImages(
      this.db,
      scope,
      { model: q.Model, hwVersion: q.HWVersion, owner: q.Owner, search: q.search },
      ORDER[q.sort]!,
      (q.page - 1) * q.limit,
      q.limit,
    );
    return { list: await this.itemsOf(scope, rows), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** Every usable image of a model and hardware, newest version first (the upgrade's chooser). */
  async all(scope: Scope, q: FirmwareAllQuery): Promise<{ list: FirmwareItem[] }> {
    const rows = await listImages(this.db, scope, { model: q.Model, hwVersion: q.HWVersion }, ALL_MAX);
    rows.sort(
      (a, b) =>
        a.model.localeCompare(b.model) ||
        a.hw_version.localeCompare(b.hw_version) ||
        compareFirmwareVersions(b.fw_version, a.fw_version),
    );
    return { list: await this.itemsOf(scope, rows) };
  }

  /** One image the scope may see; 15009 otherwise (another tenant's, an unpublished one). */
  async byId(scope: Scope, id: string): Promise<FirmwareImageRow> {
    const row = await findImage(this.db, scope, id);
    if (!row) throw new AppError(ErrorCode.FirmwareNotExist);
    return row;
  }

  async item(scope: Scope, id: string): Promise<FirmwareItem> {
    return (await this.itemsOf(scope, [await this.byId(scope, id)]))[0]!;
  }

  /**
   * `GET /v1/fw/versions`: per model and hardware version, the versions the scope's devices run and
   * the images it may use, the newest known version and how many devices are behind it.
   */
  async versions(scope: Scope, q: FirmwareVersionsQuery): Promise<{ list: FirmwareModelRow[] }> {
    const filter = { model: q.Model, hwVersion: q.HWVersion };
    const [tallies, images] = await Promise.all([
      tallyDeviceVersions(this.db, scope, filter),
      listImages(this.db, scope, filter, ALL_MAX * 10),
    ]);
    const groups = new Map<
      string,
      { model: string; hw: string; versions: Map<string, FirmwareModelRow['Versions'][number]> }
    >();
    const groupOf = (model: string, hw: string) => {
      const k = JSON.stringify([model, hw]);
      let g = groups.get(k);
      if (!g) groups.set(k, (g = { model, hw, versions: new Map() }));
      return g;
    };
    for (const t of tallies) {
      const v = { FWVersion: t.fw_version, Devices: t.devices, Online: t.online, Image: null };
      groupOf(t.model, t.hw_version).versions.set(t.fw_version, v);
    }
    // A tenant's own image of a version is the one it uses, before the administrator's.
    const mine = (r: FirmwareImageRow) => (r.tenant_id === scope.tenantId ? 1 : 0);
    for (const r of [...images].sort((a, b) => mine(a) - mine(b))) {
      const versions = groupOf(r.model, r.hw_version).versions;
      const v = versions.get(r.fw_version) ?? { FWVersion: r.fw_version, Devices: 0, Online: 0, Image: null };
      versions.set(r.fw_version, { ...v, Image: r.id });
    }
    const list = [...groups.values()].map((g): FirmwareModelRow => {
      const Versions = [...g.versions.values()].sort((a, b) =>
        compareFirmwareVersions(b.FWVersion, a.FWVersion),
      );
      const Newest = newestFirmwareVersion(Versions.map((v) => v.FWVersion)) ?? '';
      const Devices = Versions.reduce((n, v) => n + v.Devices, 0);
      const onNewest = Versions.find((v) => v.FWVersion === Newest)?.Devices ?? 0;
      return { Model: g.model, HWVersion: g.hw, Newest, Devices, Behind: Devices - onNewest, Versions };
    });
    list.sort((a, b) => a.Model.localeCompare(b.Model) || a.HWVersion.localeCompare(b.HWVersion));
    return { list };
  }

  // ---- changes ----

  /** The image the actor may change: 15009 when it cannot see it, 15007 when it sees but does not own it. */
  private async owned(scope: Scope, id: string): Promise<FirmwareImageRow> {
    const row = await this.byId(scope, id);
    if (!scope.admin && row.tenant_id !== scope.tenantId) throw new AppError(ErrorCode.FirmwareNoPermission);
    return row;
  }

  /** `PUT /v1/fw/update`: operator and description; Published by the administrator, on its own images. */
  async update(actor: Actor, body: FirmwareUpdateBody): Promise<FirmwareItem> {
    const { scope } = actor;
    const row = await this.owned(scope, body._id);
    if (body.Published !== undefined) {
      if (!scope.admin) {
        // A tenant's image is never published: false changes nothing, true is not its to set.
        if (body.Published) throw new AppError(ErrorCode.FirmwareNoPermission);
      } else if (row.tenant_id !== null && body.Published) {
        throw new AppError(ErrorCode.FirmwarePublishNotAllowed);
      }
    }
    const patch = {
      ...(body.Operator !== undefined ? { operator: body.Operator } : {}),
      ...(body.Description !== undefined ? { description: body.Description } : {}),
      ...(body.Published !== undefined && scope.admin && row.tenant_id === null
        ? { published: body.Published ? 1 : 0 }
        : {}),
      updated_at: this.clock(),
    };
    if ((await updateImage(this.db, scope, row.id, patch)) === 0)
      throw new AppError(ErrorCode.FirmwareNotExist);
    return this.item(scope, row.id);
  }

  /** `POST /v1/fw/remove`: the row, then the bytes; refused while an upgrade not ended uses it (15019). */
  async remove(actor: Actor, id: string): Promise<{ list: { ok: 1; _id: string } }> {
    const row = await this.owned(actor.scope, id);
    if (await this.inUse(row.id)) throw new AppError(ErrorCode.FirmwareInUse);
    if ((await deleteImage(this.db, actor.scope, row.id)) === 0)
      throw new AppError(ErrorCode.FirmwareNotExist);
    await this.files.remove(row.file_key);
    return { list: { ok: 1, _id: row.id } };
  }

  // ---- downloads ----

  private signature(id: string, expiresAt: number): Buffer {
    // The message starts with the route's own prefix: no configuration file's signature fits it.
    return createHmac('sha256', this.signingKey).update(`fw-image/${id}\n${expiresAt}`).digest();
  }

  /** The URL a device downloads `image` from until `expiresAt` (Unix ms), without another credential. */
  downloadUrl(image: Pick<FirmwareImageRow, 'id'>, expiresAt: number): string {
    const sig = this.signature(image.id, expiresAt).toString('base64url');
    return `${this.publicUrl()}${FIRMWARE_IMAGE_PATH}${image.id}?exp=${expiresAt}&sig=${sig}`;
  }

  /**
   * A device's download: the signature must be this server's for this image and time, the time not
   * past (15020, 403); an image removed since is 15009 (404). Answers the row and its stored size.
   */
  async verifyDownload(
    id: string,
    exp: string,
    sig: string,
  ): Promise<{ image: FirmwareImageRow; size: number }> {
    const expiresAt = /^\d{1,15}$/.test(exp) ? Number(exp) : NaN;
    const given = Buffer.from(sig, 'base64url');
    const wanted = Number.isFinite(expiresAt) ? this.signature(id, expiresAt) : null;
    if (!wanted || given.length !== wanted.length || !timingSafeEqual(given, wanted))
      throw new AppError(ErrorCode.FirmwareLinkInvalid);
    if (expiresAt < this.clock()) throw new AppError(ErrorCode.FirmwareLinkInvalid);
    const image = await findImageForDownload(this.db, id);
    const stat = image ? await this.files.stat(image.file_key) : null;
    if (!image || !stat) throw new AppError(ErrorCode.FirmwareNotExist);
    return { image, size: stat.size };
  }

  /** The bytes `start`..`end` (inclusive) of an image, streamed from the file store. */
  open(image: FirmwareImageRow, range?: { start: number; end: number }): Promise<Readable> {
    return this.files.createReadStream(image.file_key, range);
  }

  // ---- items ----

  private async itemsOf(scope: Scope, rows: FirmwareImageRow[]): Promise<FirmwareItem[]> {
    const models = [...new Set(rows.map((r) => r.model))];
    const tallies: VersionTally[] =
      rows.length === 0 ? [] : await tallyDeviceVersions(this.db, scope, { models });
    const devices = new Map(tallies.map((t) => [key(t.model, t.hw_version, t.fw_version), t.devices]));
    return rows.map((r) => ({
      _id: r.id,
      Model: r.model,
      HWVersion: r.hw_version,
      FWVersion: r.fw_version,
      MD5: r.md5,
      Checksum: r.checksum,
      Size: Number(r.size),
      FileName: r.file_name,
      Operator: r.operator,
      Description: r.description,
      Published: r.published === 1,
      Owner: r.tenant_id === null ? 'admin' : 'tenant',
      Creator: r.creator_name,
      CreateTime: Number(r.created_at),
      UpdateTime: Number(r.updated_at),
      Devices: devices.get(key(r.model, r.hw_version, r.fw_version)) ?? 0,
    }));
  }
}
