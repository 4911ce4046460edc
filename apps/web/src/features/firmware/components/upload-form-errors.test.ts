import { describe, expect, it } from 'vitest';
import { ErrorCode, errorText, FIRMWARE_MAX_BYTES } from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { uploadErrors, uploadServerErrors } from './upload-form-errors.ts';

const GOOD = {
  Model: 'A1',
  HWVersion: 'HW1.0',
  FWVersion: 'v2.00.003',
  Checksum: '0x035a231a',
  MD5: 'd41d8cd98f00b204e9800998ecf8427e',
  Operator: 'ops',
};
const file = (size: number) => ({ size, name: 'fw.bin' }) as File;

describe('uploadErrors: spec §5 on each field, by code', () => {
  it('refuses the edges of spec §5 with their codes, in both languages', () => {
    for (const lang of ['en', 'zh'] as const) {
      expect(
        uploadErrors(
          { ...GOOD, FWVersion: '2.0', Checksum: '035a231a', MD5: GOOD.MD5.slice(1), Model: 'M'.repeat(16) },
          file(10),
          lang,
        ),
      ).toEqual({
        Model: errorText(ErrorCode.FirmwareModelTooLong, lang),
        FWVersion: errorText(ErrorCode.FirmwareVersionInvalid, lang),
        Checksum: errorText(ErrorCode.FirmwareChecksumInvalid, lang),
        MD5: errorText(ErrorCode.FirmwareMd5Invalid, lang),
      });
    }
  });

  it('says what is missing, the file included', () => {
    expect(
      uploadErrors(
        { Model: '', HWVersion: '', FWVersion: '', Checksum: '', MD5: '', Operator: '' },
        null,
        'en',
      ),
    ).toEqual({
      Model: errorText(ErrorCode.FirmwareModelRequired, 'en'),
      HWVersion: errorText(ErrorCode.FirmwareHwVersionRequired, 'en'),
      FWVersion: errorText(ErrorCode.FirmwareVersionRequired, 'en'),
      Checksum: errorText(ErrorCode.FirmwareChecksumRequired, 'en'),
      MD5: errorText(ErrorCode.FirmwareMd5Invalid, 'en'),
      Operator: errorText(ErrorCode.FirmwareOperatorInvalid, 'en'),
      file: errorText(ErrorCode.FirmwarePathRequired, 'en'),
    });
    expect(uploadErrors(GOOD, file(0), 'en')).toEqual({ file: errorText(ErrorCode.FirmwareFileEmpty, 'en') });
    expect(uploadErrors(GOOD, file(FIRMWARE_MAX_BYTES + 1), 'en').file).toContain('512 MB');
    expect(uploadErrors(GOOD, file(FIRMWARE_MAX_BYTES), 'en')).toEqual({});
  });

  it('shows the duplicate on the version and the MD5 mismatch on the MD5', () => {
    expect(uploadServerErrors(new ApiError('exists', ErrorCode.FirmwareExists, 409))).toEqual({
      FWVersion: 'exists',
    });
    expect(uploadServerErrors(new ApiError('md5', ErrorCode.FirmwareMd5Mismatch, 400))).toEqual({
      MD5: 'md5',
    });
    expect(
      uploadServerErrors(
        new ApiError('op', ErrorCode.FirmwareOperatorInvalid, 400, [{ path: 'Operator', message: '' }]),
      ),
    ).toEqual({ Operator: 'op' });
    expect(uploadServerErrors(new ApiError('down', 0, 0))).toEqual({ form: 'down' });
  });
});
