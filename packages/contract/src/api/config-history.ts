/**
 * Configuration history (spec §2 /deviceconf/configHistory, §7 LOGS `GET /v1/switch/getConfigLog`;
 * docs/configuration.md, "History and restore"): every saved version of every profile, one version's
 * whole body for the side-by-side diff, and restoring an earlier version as a new revision
 * (`POST /v1/config/restore`, ours: docs/api-extensions.tsv).
 *
 * A version's body never carries a secret. The diff still has to say "password changed": each stored
 * password answers `PasswordSince`, the first revision of the profile that stored that very hash (or
 * PPPoE password). Two versions hold the same password exactly when the numbers are equal; a password
 * set again, even to the same text, gets a new salt and so a new number.
 */
import { z } from 'zod';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { CONFIG_TYPES, configItem } from './config.ts';
import { deliveryItem } from './delivery.ts';

const id = z.string().trim().min(1).max(64);

/** How a version came to be: a create, a change, a restore of an earlier one, the removal. */
export const CONFIG_VERSION_ACTIONS = ['created', 'updated', 'restored', 'deleted'] as const;
export type ConfigVersionAction = (typeof CONFIG_VERSION_ACTIONS)[number];

const queryType = z.coerce
  .number()
  .int()
  .refine((t) => (CONFIG_TYPES as readonly number[]).includes(t), { error: '2 AP, 3 switch, 4 router' });
const time = z.coerce.number().int().min(0).meta({ description: 'Unix ms' });

/**
 * GET /v1/switch/getConfigLog: the versions of one profile (`_id`), or of every profile the caller
 * sees, newest first. `Type` keeps the versions of profiles of that device type (a removed profile's
 * versions have no type any more and drop out); `search` matches the profile's name at that version
 * or the name of who saved it; `From`/`To` bound the time saved (inclusive).
 */
export const configLogQuery = pageQuery
  .extend({
    _id: id.optional().meta({ description: "The profile's _id; absent: every profile" }),
    Type: queryType.optional(),
    search: z.string().trim().max(64).optional(),
    From: time.optional(),
    To: time.optional(),
    sort: z.enum(['-Time', 'Time']).default('-Time'),
  })
  .superRefine((q, ctx) => {
    if (q.From !== undefined && q.To !== undefined && q.From > q.To) {
      ctx.addIssue({
        code: 'custom',
        message: 'From after To',
        path: ['From'],
        params: { code: ErrorCode.ConfigHistoryRangeInvalid },
      });
    }
  });
export type ConfigLogQuery = z.infer<typeof configLogQuery>;
export type ConfigLogInput = z.input<typeof configLogQuery>;

/** One saved version, as the history lists it. */
export const configVersionItem = z.object({
  /** The version row's own id. */
  _id: z.string(),
  Profile: z.string().meta({ description: "The profile's _id" }),
  ProfileName: z.string().meta({ description: 'The name the profile had in this version' }),
  /** The profile's device type; null when the profile has been removed. */
  Type: z.literal(CONFIG_TYPES).nullable(),
  Revision: z.number().int(),
  Action: z.enum(CONFIG_VERSION_ACTIONS),
  /** A restore: the earlier revision this one equals (the newest such); null otherwise. */
  RestoredFrom: z.number().int().nullable(),
  /** The fields that differ from the revision before (top level: Name, CycleTime, Groups, Admin …). */
  Changes: z.array(z.string()),
  /** Who saved it: the account's name at the time. */
  User: z.string(),
  Time: z.number().meta({ description: 'Unix ms' }),
  /** This is the profile's current revision. */
  Current: z.boolean(),
  /** The profile still exists (a removed profile's versions can be read, not restored). */
  Exists: z.boolean(),
});
export type ConfigVersionItem = z.infer<typeof configVersionItem>;

export const configLogReply = listReply(configVersionItem).extend({
  /**
   * With `_id`: how many devices have this profile assigned (the devices a restore with `Deliver`
   * sends to); null without `_id`.
   */
  Assigned: z.number().int().nullable(),
});
export type ConfigLogReply = z.infer<typeof configLogReply>;

/** A stored secret in a version's body: whether one is set, and since which revision (see above). */
const versionSecret = (what: string) =>
  z
    .object({
      Username: z.string(),
      PasswordSet: z.boolean(),
      PasswordSince: z
        .number()
        .int()
        .nullable()
        .meta({
          description: `The first revision that stored this ${what}; equal in two versions: unchanged`,
        }),
    })
    .nullable();

/** A version's whole profile as it was saved, without secrets. */
export const configVersionBody = configItem
  .omit({ _id: true, Controller: true, Revision: true, Tenant: true, CreateTime: true, UpdateTime: true })
  .extend({
    /** null when the profile has been removed (a version keeps no type of its own). */
    Type: z.literal(CONFIG_TYPES).nullable(),
    Pppoe: versionSecret('PPPoE password'),
    Admin: versionSecret('administrator password'),
  });
export type ConfigVersionBody = z.infer<typeof configVersionBody>;

/** GET /v1/config/version: one version of a profile with its whole body. */
export const configVersionQuery = z.object({
  _id: id.meta({ description: "The profile's _id" }),
  Revision: z.coerce.number().int().min(1),
});
export type ConfigVersionQuery = z.infer<typeof configVersionQuery>;
export const configVersionReply = z.object({ list: configVersionItem.extend({ Body: configVersionBody }) });
export type ConfigVersionReply = z.infer<typeof configVersionReply>;
export type ConfigVersionDetail = ConfigVersionReply['list'];

/**
 * POST /v1/config/restore: the version becomes the profile's settings again, as a new revision
 * (history is append-only; the new version names who restored). `Deliver`: also start a delivery of
 * it to the devices that have the profile assigned.
 */
export const configRestoreBody = z.object({
  _id: id.meta({ description: "The profile's _id" }),
  Revision: z.number().int().min(1),
  Deliver: z.boolean().default(false),
});
export type ConfigRestoreBody = z.infer<typeof configRestoreBody>;
export type ConfigRestoreInput = z.input<typeof configRestoreBody>;
export const configRestoreReply = z.object({
  list: configItem,
  /** false: the profile already held that version's settings, and nothing was written. */
  Changed: z.boolean(),
  /** The delivery started with `Deliver`; null when none was asked for or no device has the profile. */
  Delivery: deliveryItem.nullable(),
  /** How many devices the delivery was for (the profile's assigned devices). */
  Devices: z.number().int(),
  /**
   * The restore stands, but the delivery was refused with this code (a device no longer fits the
   * profile, too many devices…); null otherwise.
   */
  DeliveryCode: z.number().int().nullable(),
});
export type ConfigRestoreReply = z.infer<typeof configRestoreReply>;

const HISTORY_FIELD_CODES: Readonly<Record<string, number>> = {
  Revision: ErrorCode.ConfigVersionNotExist,
  From: ErrorCode.ConfigHistoryRangeInvalid,
  To: ErrorCode.ConfigHistoryRangeInvalid,
  _id: ErrorCode.ConfigNotExist,
};

/** The catalogue code of one zod issue of the history calls, or null (then 4000). */
export function configHistoryIssueCode(issue: {
  path: readonly PropertyKey[];
  params?: unknown;
}): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const first = issue.path[0];
  return typeof first === 'string' ? (HISTORY_FIELD_CODES[first] ?? null) : null;
}
