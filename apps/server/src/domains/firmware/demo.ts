/**
 * Demo data of the image library: for every model and hardware version the demo fleet runs, an
 * administrator's image, published, one version newer than the devices run, so /fwconf/info shows
 * devices behind and an upgrade of the simulated devices works on a first visit. The bytes are
 * generated (a few hundred KB each); the simulator checks their size, MD5 and CRC32 like a device.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { DEMO_FLEET, planFleet } from '@netconsole/device-sim';
import { compareFirmwareVersions, firmwareAddFields } from '@netconsole/contract';
import type { FirmwareImages } from './images.ts';

const ADMIN = { tenantId: null, admin: true };

/** The next version: the last number one higher, its width kept (v2.00.002 → v2.00.003). */
export function nextFirmwareVersion(version: string): string {
  return version.replace(/(\d+)$/, (n) => String(Number(n) + 1).padStart(n.length, '0'));
}

/** Deterministic bytes of an image: a readable header, then a hash chain. */
function imageBytes(label: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  const header = Buffer.from(`NETCONSOLE DEMO FIRMWARE ${label}\n`);
  header.copy(out, 0);
  let block = createHash('sha256').update(label).digest();
  for (let i = header.length; i < size; i += block.length) {
    block.copy(out, i);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

export async function seedFirmwareDemo(images: FirmwareImages): Promise<void> {
  const newest = new Map<string, { model: string; hw: string; fw: string }>();
  for (const d of planFleet(DEMO_FLEET).networks.flatMap((n) => n.devices)) {
    const k = `${d.model}\n${d.hwVersion}`;
    const seen = newest.get(k);
    if (!seen || compareFirmwareVersions(d.fwVersion, seen.fw) > 0)
      newest.set(k, { model: d.model, hw: d.hwVersion, fw: d.fwVersion });
  }
  let i = 0;
  for (const { model, hw, fw } of newest.values()) {
    const FWVersion = nextFirmwareVersion(fw);
    const data = imageBytes(`${model} ${hw} ${FWVersion}`, 256 * 1024 + (i++ % 8) * 4096);
    const fields = firmwareAddFields.parse({
      Model: model,
      HWVersion: hw,
      FWVersion,
      Checksum: `0x${(crc32(data) >>> 0).toString(16).padStart(8, '0')}`,
      MD5: createHash('md5').update(data).digest('hex'),
      Operator: 'admin',
      Description: 'Demo release: stability fixes',
      Published: true,
    });
    const actor = { scope: ADMIN, userId: '', username: 'admin' };
    await images.add(actor, fields, `${model}-${hw}-${FWVersion}.bin`, Readable.from([data]));
  }
}
