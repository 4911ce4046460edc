import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors.ts';
import {
  compareFirmwareVersions,
  firmwareAddFields,
  firmwareFieldsProblem,
  firmwareIssueCode,
  firmwareUpdateBody,
  newestFirmwareVersion,
} from './firmware.ts';

const good = {
  Model: ' A1 ',
  HWVersion: 'HW1.0',
  FWVersion: 'v2.00.002',
  Checksum: '0x035A231A',
  MD5: 'D41D8CD98F00B204E9800998ECF8427E',
  Operator: 'alice',
};

function codeOf(over: Record<string, unknown>): number | null {
  const r = firmwareAddFields.safeParse({ ...good, ...over });
  return r.success ? null : firmwareFieldsProblem(r.error).code;
}

describe('firmware versions', () => {
  it('compares the numbers in them as numbers', () => {
    expect(compareFirmwareVersions('v2.10.001', 'v2.9.001')).toBe(1);
    expect(compareFirmwareVersions('v2.00.002', 'v2.00.010')).toBe(-1);
    expect(compareFirmwareVersions('v10.00.000', 'v9.99.999')).toBe(1);
    expect(compareFirmwareVersions('v2.00.002', 'v2.00.002')).toBe(0);
    expect(compareFirmwareVersions('v2.00', 'v2.00.000')).toBe(-1); // same numbers: by text
    expect(newestFirmwareVersion(['v1.02.005', 'v1.10.000', 'v1.9.999'])).toBe('v1.10.000');
    expect(newestFirmwareVersion([])).toBeNull();
  });
});

describe('the upload fields (spec §5)', () => {
  it('keeps them trimmed, MD5 and checksum lower-case, Published from form text', () => {
    const r = firmwareAddFields.parse({ ...good, Published: 'true' });
    expect(r).toMatchObject({
      Model: 'A1',
      Checksum: '0x035a231a',
      MD5: 'd41d8cd98f00b204e9800998ecf8427e',
      Published: true,
      Description: '',
    });
    expect(firmwareAddFields.parse({ ...good, Published: '0' }).Published).toBe(false);
  });

  it('refuses each broken rule with its code', () => {
    expect(codeOf({})).toBeNull();
    expect(codeOf({ Model: '' })).toBe(ErrorCode.FirmwareModelRequired);
    expect(codeOf({ Model: 'x'.repeat(16) })).toBe(ErrorCode.FirmwareModelTooLong);
    expect(codeOf({ HWVersion: '' })).toBe(ErrorCode.FirmwareHwVersionRequired);
    expect(codeOf({ HWVersion: 'h'.repeat(16) })).toBe(ErrorCode.FirmwareHwVersionTooLong);
    expect(codeOf({ FWVersion: '' })).toBe(ErrorCode.FirmwareVersionRequired);
    expect(codeOf({ FWVersion: '2.0' })).toBe(ErrorCode.FirmwareVersionInvalid);
    expect(codeOf({ FWVersion: 'v2.0' })).toBe(ErrorCode.FirmwareVersionInvalid);
    expect(codeOf({ Checksum: '' })).toBe(ErrorCode.FirmwareChecksumRequired);
    expect(codeOf({ Checksum: '035a231a' })).toBe(ErrorCode.FirmwareChecksumInvalid);
    expect(codeOf({ Checksum: '0x035a231' })).toBe(ErrorCode.FirmwareChecksumInvalid);
    expect(codeOf({ MD5: 'd41d8cd98f00b204e9800998ecf8427' })).toBe(ErrorCode.FirmwareMd5Invalid);
    expect(codeOf({ MD5: 'g41d8cd98f00b204e9800998ecf8427e' })).toBe(ErrorCode.FirmwareMd5Invalid);
    expect(codeOf({ Operator: '' })).toBe(ErrorCode.FirmwareOperatorInvalid);
    expect(codeOf({ Description: 'd'.repeat(129) })).toBe(ErrorCode.FirmwareDescriptionTooLong);
    expect(codeOf({ Description: 'd'.repeat(128) })).toBeNull();
  });

  it('names the field of an issue without its own code', () => {
    expect(firmwareIssueCode({ path: ['Operator'] })).toBe(ErrorCode.FirmwareOperatorInvalid);
    expect(firmwareIssueCode({ path: ['_id'] })).toBe(ErrorCode.FirmwareNotExist);
    expect(firmwareIssueCode({ path: ['Other'] })).toBeNull();
    const r = firmwareUpdateBody.safeParse({ _id: 'x', Operator: 7 });
    expect(r.success).toBe(false);
    expect(r.success ? null : firmwareIssueCode(r.error.issues[0]!)).toBe(ErrorCode.FirmwareOperatorInvalid);
  });
});
