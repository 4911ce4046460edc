import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be 1/0, true/false, yes/no or on/off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

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
});

export type Mode = 'cloud' | 'controller';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mode: Mode;
  demo: boolean;
  logLevel: string;
  adminUsername: string;
  /** undefined: generate and print one on first start. */
  adminPassword: string | undefined;
  bodyLimit: number;
  /** Behind a reverse proxy: take the caller's address from X-Forwarded-For (else it could be forged). */
  trustProxy: boolean;
  /** Where the built console lives; absent in API-only tests. */
  webDist: string | undefined;
  loginThrottle: LoginThrottlePolicy;
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
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${i.message}`;
    });
    throw new ConfigError(`Bad configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(root, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mode: e.MODE,
    demo: e.DEMO,
    logLevel: e.LOG_LEVEL,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(root, 'apps/web/dist'),
    loginThrottle: defaultLoginThrottle,
  };
}

/** A password that passes the strength rule (letters and digits), for a first start without one. */
export function generatePassword(): string {
  const raw = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `${raw.slice(0, 10)}7k`;
}
