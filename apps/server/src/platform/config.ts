import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DIGEST_WINDOW_MS, isTimeZone } from '@netconsole/contract';
import { FACTORY_KEY_RE } from '@netconsole/contract/credentials';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be 1/0, true/false, yes/no or on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A map provider's tiles and geocoder (docs/maps.md); tiles default to OpenStreetMap's. */
function mapVars<P extends 'BAIDU' | 'GOOGLE'>(p: P) {
  return {
    [`MAP_${p}_TILE_URL`]: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}/, {
        error: 'must be an http(s) URL template with {z}, {x} and {y}',
      })
      .default(OSM_TILES),
    [`MAP_${p}_TILE_SUBDOMAINS`]: z
      .string()
      .trim()
      .regex(/^[a-z0-9]{0,16}$/i, { error: 'must be up to 16 letters or digits, e.g. abc' })
      .default(''),
    [`MAP_${p}_TILE_ATTRIBUTION`]: z.string().trim().max(300).default(OSM_ATTRIBUTION),
    [`MAP_${p}_GEOCODER_URL`]: httpUrl.default(GEOCODER_DEFAULTS[p]),
    [`MAP_${p}_GEOCODER_KEY`]: z.string().trim().min(1).max(256).optional(),
  } as Record<
    `MAP_${P}_${'TILE_URL' | 'TILE_SUBDOMAINS' | 'TILE_ATTRIBUTION' | 'GEOCODER_URL'}`,
    z.ZodDefault<z.ZodString>
  > &
    Record<`MAP_${P}_GEOCODER_KEY`, z.ZodOptional<z.ZodString>>;
}
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
const GEOCODER_DEFAULTS = { BAIDU: 'https://api.map.baidu.com', GOOGLE: 'https://maps.googleapis.com' };

const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, {
      error: 'must be a postgres:// URL (leave it unset for the embedded SQLite store)',
    })
    .optional(),
  MODE: z.enum(['cloud', 'controller'], { error: "must be 'cloud' or 'controller'" }).default('cloud'),
  DEMO: bool.default(true),
  CHECK_REPLIES: bool.default(false),
  SLOW_STATEMENT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(1)
    .max(600_000)
    .default(200),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .min(4, { error: 'must be 4 to 12 characters' })
    .max(12, { error: 'must be 4 to 12 characters' })
    .default('admin'),
  ADMIN_PASSWORD: z
    .string()
    .trim()
    .min(6, { error: 'must be 6 to 18 characters' })
    .max(18, { error: 'must be 6 to 18 characters' })
    .optional(),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(256 * 1024),
  DEFAULT_TIME_ZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone, e.g. Asia/Shanghai' })
    .default('Asia/Shanghai'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(254).default('Network console <no-reply@localhost>'),
  SMS_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  SMS_KEY_ID: z.string().trim().min(1).optional(),
  SMS_KEY_SECRET: z.string().trim().min(1).optional(),
  SMS_SIGN: z.string().trim().min(1).optional(),
  SMS_TEMPLATE: z.string().trim().min(1).optional(),
  // Alarm notifications (docs/notifications.md): the SMS template of alarms, WeChat, FCM, webhooks.
  SMS_ALARM_TEMPLATE: z.string().trim().min(1).optional(),
  WECHAT_API_URL: httpUrl.default('https://api.weixin.qq.com'),
  WECHAT_APP_ID: z.string().trim().min(1).max(64).optional(),
  WECHAT_APP_SECRET: z.string().trim().min(1).max(128).optional(),
  WECHAT_TEMPLATE_ID: z.string().trim().min(1).max(128).optional(),
  FCM_CREDENTIALS: z.string().trim().min(1).optional(),
  FCM_API_URL: httpUrl.default('https://fcm.googleapis.com'),
  WEBHOOK_PRIVATE: bool.default(false),
  ALARM_DIGEST_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DIGEST_WINDOW_MS / 1000),
  // Not 1883: that is where a machine's own Mosquitto usually listens. 0 turns the TCP listener off.
  MQTT_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(18830),
  MQTT_URL: z
    .string()
    .regex(/^(mqtts?|wss?):\/\/[^/]+/, { error: 'must be an mqtt://, mqtts://, ws:// or wss:// URL' })
    .optional(),
  FACTORY_KEY: z.string().trim().regex(FACTORY_KEY_RE, { error: 'must be 64 hexadecimal digits' }).optional(),
  ...mapVars('BAIDU'),
  ...mapVars('GOOGLE'),
  MAP_GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // How often device telemetry is written (docs/telemetry.md); shorter in the kill -9 test.
  TELEMETRY_FLUSH_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // The bearer token of GET /metrics (Prometheus); unset: /metrics is off (404).
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,256}$/, { error: 'must be 16 to 256 printable characters without spaces' })
    .optional(),
  // Where uploaded files live (docs/firmware.md, "Files"): DATA_DIR/files, or an S3-compatible store.
  FILE_STORE: z.enum(['local', 's3'], { error: "must be 'local' or 's3'" }).default('local'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be an S3 bucket name (3-63 a-z 0-9 . -)' })
    .optional(),
  S3_REGION: z.string().trim().min(1).max(64).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).max(256).optional(),
  // Per-download cap of firmware images to devices, kilobits per second; 0: none.
  FIRMWARE_DOWNLOAD_KBPS: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** Values never echoed in an error: keys, the metrics token, and a broker URL that may carry a password. */
const SECRET_VARS: ReadonlySet<string> = new Set([
  'FACTORY_KEY',
  'MQTT_URL',
  'MAP_BAIDU_GEOCODER_KEY',
  'MAP_GOOGLE_GEOCODER_KEY',
  'METRICS_TOKEN',
  'S3_SECRET_ACCESS_KEY',
  'WECHAT_APP_SECRET',
]);

const S3_VARS = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const SMS_VARS = ['SMS_URL', 'SMS_KEY_ID', 'SMS_KEY_SECRET', 'SMS_SIGN', 'SMS_TEMPLATE'] as const;
const WECHAT_VARS = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TEMPLATE_ID'] as const;

export type Mode = 'cloud' | 'controller';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mode: Mode;
  demo: boolean;
  /** SQLite write statements at least this long are logged (warn). */
  slowStatementMs: number;
  /** Every reply is also written through its zod schema and must come out the same (tests). */
  checkReplies: boolean;
  logLevel: string;
  adminUsername: string;
  /** undefined: generate and print one on first start. */
  adminPassword: string | undefined;
  bodyLimit: number;
  /** Behind a reverse proxy: take the caller's address from X-Forwarded-For (else it could be forged). */
  trustProxy: boolean;
  /** Device telemetry is written this often: what a kill -9 can lose at most (docs/telemetry.md). */
  telemetryFlushMs: number;
  /** The bearer token GET /metrics requires; undefined: /metrics is off (404) and nothing is measured. */
  metricsToken: string | undefined;
  /** Where the built console lives; absent in API-only tests. */
  webDist: string | undefined;
  loginThrottle: LoginThrottlePolicy;
  /**
   * Where browsers reach the console, for links handed out (WeChat portal), and where devices
   * download configuration files (pre-signed URLs, docs/configuration.md); no trailing slash.
   */
  publicUrl: string;
  /**
   * The IANA zone of a tenant's built-in timed tasks and of timers saved without one
   * (DEFAULT_TIME_ZONE; the spec's market: Asia/Shanghai). docs/diagnosis.md, "Timers".
   */
  defaultTimeZone: string;
  notify: NotifyConfig;
  /** The alarm channels beyond mail and SMS (docs/notifications.md). */
  alerts: AlertChannelsConfig;
  mqtt: MqttConfig;
  maps: MapsConfig;
  files: FileStoreConfig;
  /** Per-download bandwidth cap of firmware images, kilobits per second; 0: none. */
  firmwareDownloadKbps: number;
}

/** Where uploaded files live: the embedded folder DATA_DIR/files, or an S3-compatible bucket. */
export type FileStoreConfig = { kind: 'local' } | ({ kind: 's3' } & S3Config);

export interface S3Config {
  /** The service's base URL, e.g. https://s3.eu-west-1.amazonaws.com or http://minio:9000 (path-style). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Map tiles (handed to browsers) and reverse geocoding (done by the server) per map type. */
export interface MapsConfig {
  baidu: MapProviderConfig;
  google: MapProviderConfig;
  /** The server gives up on a geocoder after this long (spec §9: 10 s). */
  geocoderTimeoutMs: number;
}

export interface MapProviderConfig {
  tileUrl: string;
  tileSubdomains: string;
  tileAttribution: string;
  /** The provider's API base (Baidu's or Google's protocol, or the stand-in speaking it). */
  geocoderUrl: string;
  /** Baidu's ak or Google's key: sent to the provider only, never to browsers. */
  geocoderKey: string | undefined;
}

/** The device bus (docs/deployment.md): the embedded broker, or an external one. */
export interface MqttConfig {
  /** Embedded broker, MQTT over TCP: null no listener, 0 any free port (tests). Ignored with `url`. */
  port: number | null;
  /** An external broker the server joins as a privileged client; undefined: the embedded broker. */
  url: string | undefined;
  /** Shared-subscription group with an external broker, so several server nodes share the ingestion. */
  shareGroup: string;
  /** Handle only devices whose SN starts with this ('' all): test runs sharing one broker. */
  snPrefix: string;
  /**
   * 64 hex digits from which every device's MQTT password derives; undefined: read (or create on
   * first start) the file `factory-key` in the data directory.
   */
  factoryKey: string | undefined;
}

/** Delivery of mail and SMS; what is not configured goes to the outbox table instead. */
export interface NotifyConfig {
  smtpUrl: string | undefined;
  mailFrom: string;
  sms: SmsProviderConfig | undefined;
}

/** Aliyun Dysms SendSms (RPC API, signature v1) or anything that speaks it, e.g. sms-standin.ts. */
export interface SmsProviderConfig {
  url: string;
  keyId: string;
  keySecret: string;
  sign: string;
  template: string;
}

/** Alarm notifications: what is not configured goes to the outbox table (WeChat, app) instead. */
export interface AlertChannelsConfig {
  /** The Dysms template of alarm SMS (network, count, summary); unset with Dysms: alarm SMS not configured. */
  smsAlarmTemplate: string | undefined;
  wechat: WeChatConfig | undefined;
  fcm: FcmConfig | undefined;
  /** Webhooks may go to loopback and private addresses (tests, a console inside a closed network). */
  webhookPrivate: boolean;
  /** Alarm changes of a network within this long make one digest (ALARM_DIGEST_SECONDS, default the contract's DIGEST_WINDOW_MS). */
  digestWindowMs: number;
}

/** A WeChat official account's template messages (wechat.ts), or wechat-standin.ts. */
export interface WeChatConfig {
  apiUrl: string;
  appId: string;
  appSecret: string;
  templateId: string;
}

/** Firebase Cloud Messaging HTTP v1 with a service account (fcm.ts), or fcm-standin.ts. */
export interface FcmConfig {
  apiUrl: string;
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

export interface LoginThrottlePolicy {
  /** Failures (per account or per address) after which each attempt is slowed. */
  slowAfter: number;
  slowStepMs: number;
  slowMaxMs: number;
  /** Failures after which the account is locked for lockMinutes. */
  lockAccountAfter: number;
  /** An address tries many accounts: a wider limit. */
  lockAddressAfter: number;
  lockMinutes: number;
  /** Failures older than this no longer count. */
  windowMinutes: number;
}

export const defaultLoginThrottle: LoginThrottlePolicy = {
  slowAfter: 3,
  slowStepMs: 250,
  slowMaxMs: 2000,
  lockAccountAfter: 8,
  lockAddressAfter: 30,
  lockMinutes: 15,
  windowMinutes: 15,
};

export class ConfigError extends Error {}

/** Reads the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      const shown = SECRET_VARS.has(key) ? '(hidden)' : JSON.stringify(env[key] ?? '');
      return `  ${key}=${shown}: ${i.message}`;
    });
    throw new ConfigError(`Bad configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The SMS provider needs all five values; some of them alone is a mistake worth stopping for.
  const s3Missing = S3_VARS.filter((k) => e[k] === undefined);
  if (e.FILE_STORE === 's3' && s3Missing.length > 0)
    throw new ConfigError(`Bad configuration:\n  ${s3Missing.join(', ')}: needed with FILE_STORE=s3`);
  const smsSet = SMS_VARS.filter((k) => e[k] !== undefined);
  if (smsSet.length > 0 && smsSet.length < SMS_VARS.length) {
    const missing = SMS_VARS.filter((k) => e[k] === undefined);
    throw new ConfigError(`Bad configuration:\n  ${missing.join(', ')}: needed with ${smsSet.join(', ')}`);
  }
  const wechatSet = WECHAT_VARS.filter((k) => e[k] !== undefined);
  if (wechatSet.length > 0 && wechatSet.length < WECHAT_VARS.length) {
    const missing = WECHAT_VARS.filter((k) => e[k] === undefined);
    throw new ConfigError(`Bad configuration:\n  ${missing.join(', ')}: needed with ${wechatSet.join(', ')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mode: e.MODE,
    demo: e.DEMO,
    slowStatementMs: e.SLOW_STATEMENT_MS,
    checkReplies: e.CHECK_REPLIES,
    logLevel: e.LOG_LEVEL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    telemetryFlushMs: e.TELEMETRY_FLUSH_MS,
    metricsToken: e.METRICS_TOKEN,
    webDist: path.resolve(root, 'apps/web/dist'),
    loginThrottle: defaultLoginThrottle,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    defaultTimeZone: e.DEFAULT_TIME_ZONE,
    notify: {
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      sms:
        smsSet.length === SMS_VARS.length
          ? {
              url: e.SMS_URL!,
              keyId: e.SMS_KEY_ID!,
              keySecret: e.SMS_KEY_SECRET!,
              sign: e.SMS_SIGN!,
              template: e.SMS_TEMPLATE!,
            }
          : undefined,
    },
    alerts: {
      smsAlarmTemplate: e.SMS_ALARM_TEMPLATE,
      wechat:
        wechatSet.length === WECHAT_VARS.length
          ? {
              apiUrl: e.WECHAT_API_URL.replace(/\/+$/, ''),
              appId: e.WECHAT_APP_ID!,
              appSecret: e.WECHAT_APP_SECRET!,
              templateId: e.WECHAT_TEMPLATE_ID!,
            }
          : undefined,
      fcm: e.FCM_CREDENTIALS ? fcmConfig(path.resolve(root, e.FCM_CREDENTIALS), e.FCM_API_URL) : undefined,
      webhookPrivate: e.WEBHOOK_PRIVATE,
      digestWindowMs: e.ALARM_DIGEST_SECONDS * 1000,
    },
    mqtt: {
      port: e.MQTT_PORT === 0 ? null : e.MQTT_PORT,
      url: e.MQTT_URL,
      shareGroup: 'console',
      snPrefix: '',
      factoryKey: e.FACTORY_KEY?.toLowerCase(),
    },
    maps: {
      baidu: mapProvider(e, 'BAIDU'),
      google: mapProvider(e, 'GOOGLE'),
      geocoderTimeoutMs: e.MAP_GEOCODER_TIMEOUT_MS,
    },
    files:
      e.FILE_STORE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          }
        : { kind: 'local' },
    firmwareDownloadKbps: e.FIRMWARE_DOWNLOAD_KBPS,
  };
}

function mapProvider(e: z.infer<typeof envSchema>, p: 'BAIDU' | 'GOOGLE'): MapProviderConfig {
  return {
    tileUrl: e[`MAP_${p}_TILE_URL`],
    tileSubdomains: e[`MAP_${p}_TILE_SUBDOMAINS`],
    tileAttribution: e[`MAP_${p}_TILE_ATTRIBUTION`],
    geocoderUrl: e[`MAP_${p}_GEOCODER_URL`].replace(/\/+$/, ''),
    geocoderKey: e[`MAP_${p}_GEOCODER_KEY`],
  };
}

/** FCM from a Google service-account key file; an unreadable file stops the start. */
function fcmConfig(file: string, apiUrl: string): FcmConfig {
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new ConfigError(`Bad configuration:\n  FCM_CREDENTIALS: ${(err as Error).message}`);
  }
  const field = (k: string) => {
    const v = account[k];
    if (typeof v !== 'string' || v === '') {
      throw new ConfigError(
        `Bad configuration:\n  FCM_CREDENTIALS: ${k} missing in the service-account file`,
      );
    }
    return v;
  };
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    projectId: field('project_id'),
    clientEmail: field('client_email'),
    privateKey: field('private_key'),
    tokenUri: field('token_uri'),
  };
}

/** A password that passes the strength rule (letters and digits), for a first start without one. */
export function generatePassword(): string {
  const raw = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `${raw.slice(0, 10)}7k`;
}
