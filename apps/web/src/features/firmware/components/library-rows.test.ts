import { describe, expect, it } from 'vitest';
import type { FirmwareItem } from '@netconsole/contract';
import { libraryGroups } from './library-rows.ts';

const image = (over: Partial<FirmwareItem>): FirmwareItem => ({
  _id: 'i1',
  Model: 'A1',
  HWVersion: 'HW1.0',
  FWVersion: 'v2.00.003',
  MD5: '0'.repeat(32),
  Checksum: '0x00000000',
  Size: 1024,
  FileName: 'a.bin',
  Operator: 'ops',
  Description: '',
  Published: false,
  Owner: 'tenant',
  Creator: 'demo',
  CreateTime: 1,
  UpdateTime: 1,
  Devices: 0,
  ...over,
});

describe('libraryGroups', () => {
  it('lays each image beside its version and orders versions newest first', () => {
    const groups = libraryGroups(
      [
        {
          Model: 'A1',
          HWVersion: 'HW1.0',
          Newest: 'v2.00.003',
          Devices: 3,
          Behind: 3,
          Versions: [
            { FWVersion: 'v2.00.003', Devices: 0, Online: 0, Image: 'i1' },
            { FWVersion: 'v2.00.002', Devices: 3, Online: 2, Image: null },
          ],
        },
      ],
      [image({}), image({ _id: 'b', Model: 'B1', FWVersion: 'v1.00.001' })],
    );
    expect(groups.map((g) => g.Model)).toEqual(['A1', 'B1']);
    const a1 = groups[0]!;
    expect(a1.rows.map((r) => [r.FWVersion, r.Image?._id ?? null, r.Newest])).toEqual([
      ['v2.00.003', 'i1', true],
      ['v2.00.002', null, false],
    ]);
    // A group the view did not know yet (an image uploaded since): its image is its newest.
    expect(groups[1]).toMatchObject({ Newest: 'v1.00.001', Devices: 0, Behind: 0 });
  });

  it('makes an image newer than the view knew the newest, with every device behind it', () => {
    const [g] = libraryGroups(
      [
        {
          Model: 'A1',
          HWVersion: 'HW1.0',
          Newest: 'v2.00.002',
          Devices: 2,
          Behind: 0,
          Versions: [{ FWVersion: 'v2.00.002', Devices: 2, Online: 2, Image: null }],
        },
      ],
      [image({ FWVersion: 'v2.10.000' })],
    );
    expect(g).toMatchObject({ Newest: 'v2.10.000', Behind: 2 });
    expect(g!.rows[0]).toMatchObject({ FWVersion: 'v2.10.000', Newest: true });
  });
});
