import {
  errorText,
  ErrorCode,
  FIRMWARE_MAX_BYTES,
  firmwareAddFields,
  firmwareIssueCode,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { bytesText } from '#shared/units.ts';
import type { UploadFields } from '../api/upload-image.ts';

/** The upload form's places for a refusal; `form` is above the buttons. */
export type UploadField = keyof UploadFields | 'file' | 'form';
export type UploadErrors = Partial<Record<UploadField, string>>;

const FIELDS: ReadonlySet<string> = new Set([
  'Model',
  'HWVersion',
  'FWVersion',
  'Checksum',
  'MD5',
  'Operator',
  'Description',
  'Published',
]);

/** Refusals that name no field but belong to one: where the server's code shows. */
const FIELD_OF_CODE: Readonly<Record<number, UploadField>> = {
  [ErrorCode.FirmwareExists]: 'FWVersion',
  [ErrorCode.FirmwareMd5Mismatch]: 'MD5',
  [ErrorCode.FirmwareChecksumMismatch]: 'Checksum',
  [ErrorCode.FirmwareTooLarge]: 'file',
  [ErrorCode.FirmwareFileEmpty]: 'file',
  [ErrorCode.FirmwarePathRequired]: 'file',
  [ErrorCode.FirmwarePublishNotAllowed]: 'Published',
};

/** The 15018 text with its limit in the spec's units. */
const tooLarge = (lang: Lang) =>
  errorText(ErrorCode.FirmwareTooLarge, lang, { max: bytesText(FIRMWARE_MAX_BYTES) });

/**
 * The refusals of the upload's fields by the contract's own schema (the server's, checked before it
 * reads a byte of the file) and of the file itself (none: 15008; empty: 15022; too large: 15018),
 * each on its field in the user's language.
 */
export function uploadErrors(fields: UploadFields, file: File | null, lang: Lang): UploadErrors {
  const errors: UploadErrors = {};
  const parsed = firmwareAddFields.safeParse(fields);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[FIELDS.has(field) ? (field as UploadField) : 'form'] ??= errorText(
        firmwareIssueCode(issue) ?? ErrorCode.ValidationFailed,
        lang,
      );
    }
  }
  if (!file) errors.file = errorText(ErrorCode.FirmwarePathRequired, lang);
  else if (file.size === 0) errors.file = errorText(ErrorCode.FirmwareFileEmpty, lang);
  else if (file.size > FIRMWARE_MAX_BYTES) errors.file = tooLarge(lang);
  return errors;
}

/** The server's refusal on its field (15005 duplicate on the version, 15006 MD5 on the MD5), else above the buttons. */
export function uploadServerErrors(error: unknown): UploadErrors {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) };
  const byCode = FIELD_OF_CODE[error.code];
  if (byCode) return { [byCode]: error.message };
  const path = error.details?.[0]?.path;
  if (path && FIELDS.has(path)) return { [path]: error.message };
  return { form: error.message };
}
