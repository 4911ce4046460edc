/**
 * The firmware image table (docs/firmware.md), declared into the store's `Database`
 * (platform/store/db.ts) so queries anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

export interface FirmwareImageTable {
  id: string;
  /** The uploading tenant; null: the administrator's image. */
  tenant_id: string | null;
  /** tenant_id, or '' for the administrator (the unique index's owner). */
  owner_key: string;
  model: string;
  hw_version: string;
  fw_version: string;
  /** Lower-case hex, measured while the upload was written. */
  md5: string;
  /** '0x' + 8 lower-case hex digits: the CRC32 of the bytes (protocol §7.10 `checksum`). */
  checksum: string;
  size: number;
  /** The uploaded file's name, as shown; never used as a path. */
  file_name: string;
  /** Where the bytes are in the file store (`firmware/<owner>/<id>`). */
  file_key: string;
  operator: string;
  description: string;
  /** 1: an administrator's image every tenant may use. */
  published: number;
  /** The uploading account's id and its name at the time. */
  created_by: string | null;
  creator_name: string | null;
  created_at: number;
  updated_at: number;
}

export type FirmwareImageRow = Selectable<FirmwareImageTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    firmware_images: FirmwareImageTable;
  }
}
