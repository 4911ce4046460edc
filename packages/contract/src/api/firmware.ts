/**
 * Firmware images: spec §3 Firmware, §5 firmware validation, §7 FIRMWARE, §8 15xxx; the library
 * view and the device download are extensions (docs/firmware.md, docs/api-extensions.tsv). The
 * device side of an upgrade is docs/device-protocol.md §7.10 `upgrade_firmware`.
 *
 * How a refusal gets its code: as for profiles (config.ts), every rule of spec §5 is a refinement
 * whose zod issue carries `params: { code }`, a 15xxx catalogue code; anything else (a wrong JSON
 * type) finds its code by the field's name (`FIRMWARE_FIELD_CODES`). The upload's text fields are
 * checked with `firmwareFieldsProblem` before the file is read; JSON routes set
 * `config.issueCode: firmwareIssueCode`. The upload form shows `errorText(code)` beside the field.
 */
import { z } from 'zod';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { isChecksum, isFirmwareVersion, isMd5 } from '../validators.ts';
import { issueProblem, type BodyProblem } from './config.ts';

// ---- limits ----

/** The largest image an upload takes (the issue asks for at least 64 MB; vendor images stay far below). */
export const FIRMWARE_MAX_BYTES = 512 * 1024 * 1024;
/** spec §5 "length max 15": Model, HWVersion, FWVersion, Checksum and Operator. */
export const FIRMWARE_FIELD_MAX = 15;
export const FIRMWARE_DESCRIPTION_MAX = 128;

/** Who an image belongs to: the administrator (every tenant may use it once Published) or a tenant. */
export const FIRMWARE_OWNERS = ['admin', 'tenant'] as const;
export type FirmwareOwner = (typeof FIRMWARE_OWNERS)[number];

// ---- rules, one predicate per field (shared by the form and the server) ----

/** Printable text without control characters. */
const PRINTABLE_RE = /^\P{Cc}*$/u;

export function firmwareModelError(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  if (v === '') return ErrorCode.FirmwareModelRequired;
  return v.length <= FIRMWARE_FIELD_MAX && PRINTABLE_RE.test(v) ? null : ErrorCode.FirmwareModelTooLong;
}

export function firmwareHwVersionError(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  if (v === '') return ErrorCode.FirmwareHwVersionRequired;
  return v.length <= FIRMWARE_FIELD_MAX && PRINTABLE_RE.test(v) ? null : ErrorCode.FirmwareHwVersionTooLong;
}

export function firmwareVersionError(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  if (v === '') return ErrorCode.FirmwareVersionRequired;
  // spec §5 "version like v2.00.002" (validators.ts: v and three dot-separated numbers, ≤ 15).
  return isFirmwareVersion(v) ? null : ErrorCode.FirmwareVersionInvalid;
}

export function firmwareChecksumError(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  if (v === '') return ErrorCode.FirmwareChecksumRequired;
  // spec §5 "checksum like 0x035a231a": the image's CRC32 (protocol §7.10), 0x and 8 hex digits.
  return isChecksum(v) ? null : ErrorCode.FirmwareChecksumInvalid;
}

export function firmwareMd5Error(value: string | undefined): number | null {
  return isMd5((value ?? '').trim()) ? null : ErrorCode.FirmwareMd5Invalid;
}

export function firmwareOperatorError(value: string | undefined): number | null {
  const v = (value ?? '').trim();
  return v !== '' && v.length <= FIRMWARE_FIELD_MAX && PRINTABLE_RE.test(v)
    ? null
    : ErrorCode.FirmwareOperatorInvalid;
}

export function firmwareDescriptionError(value: string | undefined): number | null {
  return (value ?? '').length <= FIRMWARE_DESCRIPTION_MAX ? null : ErrorCode.FirmwareDescriptionTooLong;
}

/**
 * Orders two firmware versions: the numbers in them compared as numbers (v2.10.001 after
 * v2.9.001), then the text; negative when `a` is older. The library's "newest known version" and
 * the dashboard's firmware health both use it.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const na = a.match(/\d+/g) ?? [];
  const nb = b.match(/\d+/g) ?? [];
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    // A missing part counts as 0: v2.00 equals v2.00.000.
    const d = Number(na[i] ?? 0) - Number(nb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The newest of some versions by compareFirmwareVersions; null for none. */
export function newestFirmwareVersion(versions: Iterable<string>): string | null {
  let best: string | null = null;
  for (const v of versions) if (v && (best === null || compareFirmwareVersions(v, best) > 0)) best = v;
  return best;
}

// ---- issues ----

type Ctx = z.core.$RefinementCtx;

function check(ctx: Ctx, code: number | null, field: string, message: string): void {
  if (code !== null) ctx.addIssue({ code: 'custom', message, path: [field], params: { code } });
}

/** The code of each field, for an issue that carries none (a wrong JSON type). */
export const FIRMWARE_FIELD_CODES: Readonly<Record<string, number>> = {
  _id: ErrorCode.FirmwareNotExist,
  Model: ErrorCode.FirmwareModelRequired,
  HWVersion: ErrorCode.FirmwareHwVersionRequired,
  FWVersion: ErrorCode.FirmwareVersionRequired,
  Checksum: ErrorCode.FirmwareChecksumRequired,
  MD5: ErrorCode.FirmwareMd5Invalid,
  Operator: ErrorCode.FirmwareOperatorInvalid,
  Description: ErrorCode.FirmwareDescriptionTooLong,
  Published: ErrorCode.ValidationFailed,
};

/** A route's `config.issueCode` for the firmware bodies: the issue's own code, else its field's. */
export function firmwareIssueCode(issue: { path: readonly PropertyKey[]; params?: unknown }): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const field = issue.path[0];
  return typeof field === 'string' ? (FIRMWARE_FIELD_CODES[field] ?? null) : null;
}

/** A form field's boolean: multipart fields are text ('true', '1', 'on'), JSON sends a boolean. */
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase()) : v),
  z.boolean(),
);

/**
 * The text fields of POST /v1/fw/add, sent before the file: checked before a byte of the image is
 * read. Values are trimmed; MD5 and Checksum are kept lower-case (compared case-insensitively).
 */
export const firmwareAddFields = z
  .object({
    Model: z.string().default(''),
    HWVersion: z.string().default(''),
    FWVersion: z.string().default(''),
    Checksum: z.string().default(''),
    MD5: z.string().default(''),
    Operator: z.string().default(''),
    Description: z.string().default(''),
    Published: flag.default(false),
  })
  .superRefine((b, ctx) => {
    check(ctx, firmwareModelError(b.Model), 'Model', `1-${FIRMWARE_FIELD_MAX} characters`);
    check(ctx, firmwareHwVersionError(b.HWVersion), 'HWVersion', `1-${FIRMWARE_FIELD_MAX} characters`);
    check(ctx, firmwareVersionError(b.FWVersion), 'FWVersion', 'like v2.00.002');
    check(ctx, firmwareChecksumError(b.Checksum), 'Checksum', 'like 0x035a231a');
    check(ctx, firmwareMd5Error(b.MD5), 'MD5', '32 hexadecimal digits');
    check(ctx, firmwareOperatorError(b.Operator), 'Operator', `1-${FIRMWARE_FIELD_MAX} characters`);
    check(ctx, firmwareDescriptionError(b.Description), 'Description', `at most ${FIRMWARE_DESCRIPTION_MAX}`);
  })
  .transform((b) => ({
    ...b,
    Model: b.Model.trim(),
    HWVersion: b.HWVersion.trim(),
    FWVersion: b.FWVersion.trim(),
    Checksum: b.Checksum.trim().toLowerCase(),
    MD5: b.MD5.trim().toLowerCase(),
    Operator: b.Operator.trim(),
    Description: b.Description.trim(),
  }));
export type FirmwareAddFields = z.output<typeof firmwareAddFields>;
/** The names of the upload's text fields, in the order the console sends them. */
export const FIRMWARE_ADD_FIELD_NAMES = [
  'Model',
  'HWVersion',
  'FWVersion',
  'Checksum',
  'MD5',
  'Operator',
  'Description',
  'Published',
] as const;

/** What the server answers for upload fields that failed (the first issue's code, every issue). */
export function firmwareFieldsProblem(error: z.ZodError): BodyProblem {
  return issueProblem(error, firmwareIssueCode);
}

// ---- replies ----

export const firmwareItem = z.object({
  _id: z.string(),
  Model: z.string(),
  HWVersion: z.string(),
  FWVersion: z.string(),
  MD5: z.string().meta({ description: 'Lower-case, 32 hex digits, as measured by the server' }),
  Checksum: z.string().meta({ description: "CRC32 of the image, '0x' + 8 hex digits" }),
  Size: z.number().int().meta({ description: 'Bytes' }),
  FileName: z.string(),
  Operator: z.string(),
  Description: z.string(),
  Published: z.boolean().meta({ description: "An administrator's image every tenant may use" }),
  Owner: z.enum(FIRMWARE_OWNERS),
  Creator: z.string().nullable().meta({ description: 'The uploading account, null when removed' }),
  CreateTime: z.number(),
  UpdateTime: z.number(),
  Devices: z
    .number()
    .int()
    .meta({ description: 'Visible devices running exactly this Model, HWVersion and FWVersion' }),
});
export type FirmwareItem = z.infer<typeof firmwareItem>;
export const firmwareReply = z.object({ list: firmwareItem });
export type FirmwareReply = z.infer<typeof firmwareReply>;

// ---- calls ----

export const FIRMWARE_SORTS = [
  'CreateTime',
  '-CreateTime',
  'UpdateTime',
  '-UpdateTime',
  'Model',
  '-Model',
  'FWVersion',
  '-FWVersion',
] as const;

const text = z.string().trim().max(FIRMWARE_FIELD_MAX);

/** GET /v1/fw/list: the images the caller may use, a page at a time. */
export const firmwareListQuery = pageQuery.extend({
  sort: z.enum(FIRMWARE_SORTS).default('-CreateTime'),
  Model: text.optional(),
  HWVersion: text.optional(),
  Owner: z.enum(FIRMWARE_OWNERS).optional(),
  /** Part of the model, a version, the file name, the operator or the description. */
  search: z.string().trim().max(64).optional(),
});
export type FirmwareListQuery = z.infer<typeof firmwareListQuery>;
export const firmwareList = listReply(firmwareItem);

/** GET /v1/fw/getAllFWs: every usable image for a chooser, newest version first. */
export const firmwareAllQuery = z.object({ Model: text.optional(), HWVersion: text.optional() });
export type FirmwareAllQuery = z.infer<typeof firmwareAllQuery>;
export const firmwareAllReply = z.object({ list: z.array(firmwareItem) });

/** PUT /v1/fw/update: what may change after the upload (the bytes and their identity never do). */
export const firmwareUpdateBody = z
  .object({
    _id: z.string().trim().min(1).max(64),
    Operator: z.string().optional(),
    Description: z.string().optional(),
    Published: z.boolean().optional().meta({ description: "The administrator's own images only" }),
  })
  .superRefine((b, ctx) => {
    if (b.Operator !== undefined)
      check(ctx, firmwareOperatorError(b.Operator), 'Operator', `1-${FIRMWARE_FIELD_MAX} characters`);
    if (b.Description !== undefined)
      check(
        ctx,
        firmwareDescriptionError(b.Description),
        'Description',
        `at most ${FIRMWARE_DESCRIPTION_MAX}`,
      );
  })
  .transform((b) => ({ ...b, Operator: b.Operator?.trim(), Description: b.Description?.trim() }));
export type FirmwareUpdateBody = z.output<typeof firmwareUpdateBody>;

/** POST /v1/fw/remove (extension): refused while an upgrade that is not over uses the image. */
export const firmwareRemoveBody = z.object({ _id: z.string().trim().min(1).max(64) });
export const firmwareRemoveReply = z.object({ list: z.object({ ok: z.literal(1), _id: z.string() }) });

/** GET /v1/fw/versions (extension): the library view, per model and hardware version. */
export const firmwareVersionsQuery = z.object({ Model: text.optional(), HWVersion: text.optional() });
export type FirmwareVersionsQuery = z.infer<typeof firmwareVersionsQuery>;
export const firmwareVersionRow = z.object({
  FWVersion: z.string(),
  Devices: z.number().int(),
  Online: z.number().int(),
  Image: z.string().nullable().meta({ description: 'The usable image of this version, if any' }),
});
export const firmwareModelRow = z.object({
  Model: z.string(),
  HWVersion: z.string(),
  Newest: z.string().meta({ description: 'Newest version known, over the images and the devices' }),
  Devices: z.number().int(),
  Behind: z.number().int().meta({ description: 'Devices not on Newest' }),
  Versions: z.array(firmwareVersionRow).meta({ description: 'Newest first' }),
});
export type FirmwareModelRow = z.infer<typeof firmwareModelRow>;
export const firmwareVersionsReply = z.object({ list: z.array(firmwareModelRow) });
export type FirmwareVersionsReply = z.infer<typeof firmwareVersionsReply>;
