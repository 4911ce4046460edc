/**
 * Notifications of alarms (issue 17 point 3, docs/notifications.md): the channels (mail, SMS,
 * WeChat template messages, app push, signed webhooks), the record of every send, the tenant's
 * webhook endpoints, the accounts' WeChat and app bindings, and maintenance windows that mute a
 * network. None of these calls is in the specification's endpoints.tsv: they are listed in
 * docs/api-extensions.tsv.
 *
 * Refusals carry 16060-16079 codes: a route sets `config.fieldCodes: NOTIFY_FIELD_CODES`, so a body
 * field of the wrong type answers with its field's code; the service checks the rules the schema
 * cannot (a network of the caller's tenant, an end in the future).
 */
import { z } from 'zod';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';

// ---- channels and statuses ----

/** The channels of the alarm settings' push methods (spec §3), and the tenant's webhooks. */
export const NOTIFY_CHANNELS = ['mail', 'sms', 'wechat', 'app', 'webhook'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/**
 * A record's status: `queued` waiting for its send (or its next attempt), `sent` accepted by the
 * provider or endpoint, `failed` refused or out of attempts (Reason says why), `muted` inside a
 * maintenance window, `limited` beyond the recipient's hourly limit after the one "more alarms" note.
 */
export const NOTIFY_STATUSES = ['queued', 'sent', 'failed', 'muted', 'limited'] as const;
export type NotifyStatus = (typeof NOTIFY_STATUSES)[number];

/** A digest of the alarms of one window, or the one note sent when the hourly limit is reached. */
export const NOTIFY_KINDS = ['digest', 'note'] as const;
export type NotifyKind = (typeof NOTIFY_KINDS)[number];

/** Alarm levels (Severity): 1 general, 2 medium, 3 severe. */
export const NOTIFY_LEVELS = [1, 2, 3] as const;

// ---- limits ----

/** Alarms of one network raised or cleared within this window go out as one digest. */
export const DIGEST_WINDOW_MS = 30_000;
/** Digests per recipient, channel and network per hour; beyond it one note, then nothing until the hour has passed. */
export const NOTIFY_HOURLY_LIMIT = 10;
/** Alarm lines a digest spells out; the rest are counted ("and 8 more"). */
export const DIGEST_LINES_MAX = 10;
export const WEBHOOKS_PER_TENANT_MAX = 10;
export const WEBHOOK_NAME_MAX = 64;
export const WEBHOOK_URL_MAX = 500;
export const BINDINGS_PER_ACCOUNT_MAX = 10;
export const MAINTENANCE_REASON_MAX = 200;
/** A maintenance window lasts at most 30 days. */
export const MAINTENANCE_MAX_MS = 30 * 86_400_000;
/** The webhook signature's header, `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-netconsole-signature';
/** A receiver should refuse signatures older than this (replays). */
export const WEBHOOK_TOLERANCE_S = 300;

/** A WeChat openid: 28 characters of letters, digits, - and _ (we accept 16-64). */
export const WECHAT_OPENID_RE = /^[A-Za-z0-9_-]{16,64}$/;
/** An FCM registration token: up to 4096 characters of letters, digits and -_:. */
export const APP_TOKEN_RE = /^[A-Za-z0-9_:.-]{20,4096}$/;

// ---- field codes ----

/** The code of a body or query field that fails its schema (the route's `config.fieldCodes`). */
export const NOTIFY_FIELD_CODES: Record<string, number> = {
  Url: ErrorCode.NotifyWebhookUrlInvalid,
  Name: ErrorCode.NotifyWebhookNameInvalid,
  Levels: ErrorCode.NotifyLevelsInvalid,
  Enabled: ErrorCode.NotifyWebhookEnabledInvalid,
  Channel: ErrorCode.NotifyChannelInvalid,
  Address: ErrorCode.NotifyBindingAddressInvalid,
  Network: ErrorCode.MaintenanceNetworkInvalid,
  Start: ErrorCode.MaintenanceTimeInvalid,
  End: ErrorCode.MaintenanceTimeInvalid,
  Reason: ErrorCode.MaintenanceReasonTooLong,
  from: ErrorCode.NotifyRangeInvalid,
  to: ErrorCode.NotifyRangeInvalid,
  _id: ErrorCode.NotifyIdInvalid,
};

const id = z.string().trim().min(1).max(64);
const time = z.coerce.number().int().min(0).max(8_640_000_000_000_000);

// ---- records ----

export const notifyRecordQuery = pageQuery.extend({
  Channel: z.enum(NOTIFY_CHANNELS).optional(),
  Status: z.enum(NOTIFY_STATUSES).optional(),
  Network: id.optional(),
  /** Records naming this alarm. */
  Alarm: id.optional(),
  /** Created at or after (Unix ms). */
  from: time.optional(),
  /** Created before (Unix ms). */
  to: time.optional(),
});
export type NotifyRecordQuery = z.infer<typeof notifyRecordQuery>;

/** One send to one recipient through one channel. Phones and e-mail addresses are masked. */
export const notifyRecordItem = z.object({
  _id: z.string(),
  Tenant: z.string(),
  Network: z.string().nullable(),
  NetworkName: z.string().nullable(),
  Channel: z.enum(NOTIFY_CHANNELS),
  Kind: z.enum(NOTIFY_KINDS),
  /** Masked phone or e-mail (137****5678, b***@alfa.example); the webhook's name; the binding's label. */
  Recipient: z.string(),
  Alarms: z.array(z.string()),
  /** Alarms the digest covers (Alarms holds at most 100 of them). */
  AlarmCount: z.number().int(),
  Subject: z.string(),
  Status: z.enum(NOTIFY_STATUSES),
  /** Why it failed (the provider's code and text), was muted or limited; null when sent. */
  Reason: z.string().nullable(),
  Attempts: z.number().int(),
  CreateTime: z.number(),
  SentTime: z.number().nullable(),
});
export type NotifyRecordItem = z.infer<typeof notifyRecordItem>;
export const notifyRecordList = listReply(notifyRecordItem);

// ---- webhooks ----

export const webhookItem = z.object({
  _id: z.string(),
  Name: z.string(),
  Url: z.string(),
  Enabled: z.boolean(),
  Levels: z.array(z.number().int()),
  /** The secret's first 6 characters, to tell secrets apart; the whole secret is shown once. */
  SecretHint: z.string(),
  CreateTime: z.number(),
  UpdateTime: z.number(),
});
export type WebhookItem = z.infer<typeof webhookItem>;
export const webhookList = listReply(webhookItem);

const levels = z
  .array(z.number().int().min(1).max(3))
  .min(1)
  .max(3)
  .meta({ description: 'Alarm levels sent: 1 general, 2 medium, 3 severe' });

export const addWebhookBody = z.object({
  Name: z.string().trim().min(1).max(WEBHOOK_NAME_MAX),
  Url: z.string().trim().min(1).max(WEBHOOK_URL_MAX).meta({ description: 'http(s) URL' }),
  Enabled: z.boolean().default(true),
  Levels: levels.default([1, 2, 3]),
});
export type AddWebhookBody = z.infer<typeof addWebhookBody>;

/** The new endpoint with its signing secret: the only reply that carries it. */
export const addWebhookReply = webhookItem.extend({
  Secret: z.string().meta({ description: 'whsec_… : shown once, keep it' }),
});
export type AddWebhookReply = z.infer<typeof addWebhookReply>;

export const updateWebhookBody = z.object({
  _id: id,
  Name: z.string().trim().min(1).max(WEBHOOK_NAME_MAX).optional(),
  Url: z.string().trim().min(1).max(WEBHOOK_URL_MAX).optional(),
  Enabled: z.boolean().optional(),
  Levels: levels.optional(),
  /** true: a new secret (in the reply's Secret, shown once); the old one stops signing at once. */
  NewSecret: z.boolean().optional(),
});
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;
export const updateWebhookReply = webhookItem.extend({ Secret: z.string().nullable() });
export type UpdateWebhookReply = z.infer<typeof updateWebhookReply>;

export const notifyIdParams = z.object({ id: z.string().max(64) });
export const notifyCountReply = z.object({ count: z.number().int() });
export type NotifyCountReply = z.infer<typeof notifyCountReply>;

// ---- bindings (WeChat openid, app device token) ----

export const BINDING_CHANNELS = ['wechat', 'app'] as const;
export type BindingChannel = (typeof BINDING_CHANNELS)[number];

/** Where an account receives WeChat template messages or app pushes. */
export const bindingItem = z.object({
  _id: z.string(),
  Account: z.string(),
  AccountName: z.string(),
  Channel: z.enum(BINDING_CHANNELS),
  /** The openid or device token, masked after its first 6 characters. */
  Address: z.string(),
  Label: z.string(),
  CreateTime: z.number(),
});
export type BindingItem = z.infer<typeof bindingItem>;
export const bindingList = listReply(bindingItem);

export const addBindingBody = z.object({
  Channel: z.enum(BINDING_CHANNELS),
  /** The WeChat openid of the account's holder for the official account, or the app's FCM token. */
  Address: z.string().trim().min(1).max(4096),
  /** e.g. the phone's name; default the channel's name. */
  Label: z.string().trim().max(64).optional(),
});
export type AddBindingBody = z.infer<typeof addBindingBody>;

// ---- maintenance windows ----

export const maintenanceQuery = pageQuery.extend({
  Network: id.optional(),
  /** true: windows not yet over (running or to come); false: over. */
  Active: z.enum(['true', 'false']).optional(),
});
export type MaintenanceQuery = z.infer<typeof maintenanceQuery>;

export const maintenanceItem = z.object({
  _id: z.string(),
  Network: z.string(),
  NetworkName: z.string(),
  Start: z.number(),
  End: z.number(),
  Reason: z.string(),
  /** When it was ended early; null otherwise. */
  EndedTime: z.number().nullable(),
  /** Who set it (account name). */
  Creator: z.string(),
  CreateTime: z.number(),
});
export type MaintenanceItem = z.infer<typeof maintenanceItem>;
export const maintenanceList = listReply(maintenanceItem);

/** A network muted from Start (absent: now) until End (later than Start and now, at most 30 days on). */
export const addMaintenanceBody = z.object({
  Network: id,
  Start: z.number().int().min(0).optional(),
  End: z.number().int().min(0),
  Reason: z.string().trim().max(MAINTENANCE_REASON_MAX).default(''),
});
export type AddMaintenanceBody = z.infer<typeof addMaintenanceBody>;

export const endMaintenanceBody = z.object({ _id: id });
export type EndMaintenanceBody = z.infer<typeof endMaintenanceBody>;
