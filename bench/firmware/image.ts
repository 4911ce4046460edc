/**
 * The image of `npm run bench:firmware`: `size` pseudo-random bytes (incompressible, like a real
 * image) written to a file in chunks, measured as the server measures it (MD5, CRC32), and
 * uploaded through POST /v1/fw/add as the console's upload page sends it: the text fields first,
 * then the file part, streamed from the disk.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { crc32 } from 'node:zlib';
import type { FirmwareItem } from '@netconsole/contract';
import type { Api } from '../ingest/api.ts';

export interface BenchImage {
  path: string;
  size: number;
  md5: string;
  /** `0x` + 8 hex digits, as the console writes a checksum. */
  checksum: string;
}

export function writeImage(path: string, size: number): BenchImage {
  const hash = createHash('md5');
  let crc = 0;
  const fd = fs.openSync(path, 'w');
  try {
    for (let left = size; left > 0;) {
      const chunk = randomBytes(Math.min(left, 1 << 20));
      hash.update(chunk);
      crc = crc32(chunk, crc);
      fs.writeSync(fd, chunk);
      left -= chunk.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return { path, size, md5: hash.digest('hex'), checksum: `0x${crc.toString(16).padStart(8, '0')}` };
}

/** The upload is multipart, not Api.call's JSON: it goes with the tenant's session token itself. */
export async function uploadImage(
  tenant: Api,
  image: BenchImage,
  fields: { Model: string; HWVersion: string; FWVersion: string },
): Promise<FirmwareItem> {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    ...fields,
    Checksum: image.checksum,
    MD5: image.md5,
    Operator: 'bench',
    Description: `bench:firmware, ${image.size} bytes`,
  }))
    form.append(k, v);
  form.append('file', await fs.openAsBlob(image.path), 'bench.bin');
  const res = await fetch(`${tenant.baseURL}/v1/fw/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenant.sessionToken}` },
    body: form,
  });
  const json = (await res.json()) as { list: FirmwareItem; code?: number; message?: string };
  if (!res.ok) throw new Error(`POST /v1/fw/add: ${res.status} ${json.code} ${json.message}`);
  return json.list;
}
