import { once } from 'node:events';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type Services } from '../app.ts';
import { redactUrl, type DeviceBus } from '../platform/bus/bus.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { App } from '../platform/http/schemas.ts';
import { openStore, type Store } from '../platform/store/db.ts';
import { PG_URL, TEST_STORE, testDatabase, type TestDatabase } from './databases.ts';

/**
 * API tests run against a real store: a fresh SQLite file by default, or — with
 * TEST_STORE=postgres — a database of its own in the PostgreSQL of DATABASE_URL_TEST, cloned
 * from the run's migrated template (databases.ts, global-setup.ts).
 */
export { PG_URL, TEST_STORE, testDatabase, type TestDatabase } from './databases.ts';

/** The factory key of the protocol's test vectors; device passwords in tests derive from it. */
export const TEST_FACTORY_KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
/** The machine's own broker for the external-broker runs (anonymous, no ACL). */
export const TEST_MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/**
 * Device bus settings for a test: `off` (the default: no listener, nothing to connect to), the
 * embedded broker on a free port, or an external broker. Runs sharing a broker keep to their own SN
 * prefix and their own shared-subscription group.
 */
export function busConfig(
  kind: 'off' | 'embedded' | 'external',
  opts: { url?: string; snPrefix?: string } = {},
): Config['mqtt'] {
  const base = { port: null, url: undefined, shareGroup: '', snPrefix: '', factoryKey: TEST_FACTORY_KEY };
  if (kind === 'embedded') return { ...base, port: 0, snPrefix: opts.snPrefix ?? '' };
  if (kind === 'external') {
    return {
      ...base,
      url: opts.url ?? TEST_MQTT_URL,
      shareGroup: `t${randomBytes(6).toString('hex')}`,
      snPrefix: opts.snPrefix ?? '',
    };
  }
  return base;
}

/**
 * The broker of the API tests that connect devices: the embedded one on the SQLite run, the
 * machine's Mosquitto on the PostgreSQL run, so device round trips are tested on both pairings
 * (SQLite + embedded broker, PostgreSQL + Mosquitto). `TEST_BROKER=embedded|external` overrides.
 */
export const TEST_BROKER: 'embedded' | 'external' =
  process.env.TEST_BROKER === 'embedded' || process.env.TEST_BROKER === 'external'
    ? process.env.TEST_BROKER
    : TEST_STORE === 'postgres'
      ? 'external'
      : 'embedded';

/**
 * The device bus of a test file on the run's broker. On the shared Mosquitto the server handles only
 * SNs starting with `prefix` (every device of the file must carry it), so parallel files stay apart.
 */
export function deviceBus(prefix: string): Config['mqtt'] {
  return TEST_BROKER === 'external' ? busConfig('external', { snPrefix: prefix }) : busConfig('embedded');
}

export interface Harness {
  app: App;
  services: Services;
  store: Store;
  config: Config;
  /** A controllable clock: tests move time instead of waiting. */
  clock: { now: number; advance(ms: number): void };
  /** Where devices connect over MQTT/TCP (busConfig 'embedded' or 'external'); null when off. */
  mqttUrl: string | null;
  close(): Promise<void>;
}

/** Where a test's devices connect: the broker's address without the server's own credentials. */
export function brokerUrl(config: Config, bus: DeviceBus): string | null {
  if (config.mqtt.url) return redactUrl(config.mqtt.url);
  return 'port' in bus && typeof bus.port === 'number' ? `mqtt://127.0.0.1:${bus.port}` : null;
}

export async function startHarness(
  overrides: Partial<Config> = {},
  extraRoutes?: (app: App) => void,
  /** SQLite: open a copy of this store file rather than a new one (bench:analytics `--from`). */
  opts: { sqliteFrom?: string } = {},
): Promise<Harness> {
  const clock = {
    now: Date.UTC(2026, 10, 21, 8, 0, 0),
    advance(ms: number) {
      this.now += ms;
    },
  };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-test-'));
  const base = loadConfig({ DATA_DIR: tmp, DEMO: '0', LOG_LEVEL: 'silent', CHECK_REPLIES: '1' });
  const config: Config = {
    ...base,
    webDist: undefined,
    loginThrottle: { ...base.loginThrottle, slowStepMs: 1, slowMaxMs: 5 },
    mqtt: busConfig('off'),
    ...overrides,
  };
  let database: TestDatabase | undefined;
  let store: Store;
  if (TEST_STORE === 'postgres') {
    database = await testDatabase();
    store = await openStore({ databaseUrl: database.url, poolSize: 4 });
  } else {
    const file = path.join(tmp, 'console.sqlite');
    if (opts.sqliteFrom) fs.copyFileSync(opts.sqliteFrom, file);
    store = await openStore({ sqliteFile: file });
  }
  const { app, services } = await buildApp(config, store, { clock: () => clock.now, logger: false });
  extraRoutes?.(app);
  await app.ready();
  const mqttUrl = brokerUrl(config, services.bus);
  return {
    app,
    services,
    store,
    config,
    clock,
    mqttUrl,
    async close() {
      await app.close();
      await store.close();
      await database?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * For stores on a schema of the shared test database (the harness gives each store a database of
 * its own instead, `testDatabase()`): Kysely's migrator reads the catalogue of every schema in the
 * database; a schema dropped by another test file meanwhile makes that read fail. Migrations share
 * this lock, drops take it alone.
 */
export async function withSchemaLock<T>(mode: 'shared' | 'exclusive', fn: () => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const kind = mode === 'shared' ? '_shared' : '';
  try {
    await c.query(`SELECT pg_advisory_lock${kind}(724201)`);
    return await fn();
  } finally {
    await c.query(`SELECT pg_advisory_unlock${kind}(724201)`).catch(() => undefined);
    await c.end();
  }
}

export const ADMIN_SCOPE = { tenantId: null, admin: true };

/** A tenant with its owner and a co-administrator, through the services. */
export async function seedTenant(
  h: Harness,
  prefix: string,
  op = { Certified: true, Analysis: true, Financial: true, AddUser: true },
  subOp = { Certified: false, Analysis: true, Financial: false },
) {
  const tenant = await h.services.tenants.create(ADMIN_SCOPE, { name: `${prefix} Tenant`, operation: op });
  const owner = await h.services.users.createTenantOwner(tenant.id, {
    username: `${prefix}own`,
    password: 'pass1234',
    name: `${prefix} Owner`,
  });
  const sub = await h.services.users.createCoAdministrator(ADMIN_SCOPE, tenant.id, {
    username: `${prefix}sub`,
    password: 'pass1234',
    name: `${prefix} Sub`,
    operation: subOp,
  });
  return { tenant, owner, sub };
}

export async function login(h: Harness, Username: string, Password = 'pass1234', ip = '10.9.0.1') {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/user/login',
    payload: { Username, Password },
    remoteAddress: ip,
  });
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { Token: string; code?: number },
  };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** A reply as the API tests read it: the status and the JSON body, an error's code and text included. */
export interface ApiReply<T = Record<string, unknown>> {
  status: number;
  body: T & { code?: number; message?: string };
}

/**
 * The calls of an API test file, through HTTP on the harness of the moment (`harness` is read at
 * each call, as files start a harness per test). `Body` is the body type a call gets unless it names
 * one. With `settle`, every call first waits for the deliveries the previous calls queued
 * (`delivery.settled()`), so a read sees their outcome.
 */
export function apiCaller<Body = Record<string, unknown>>(
  harness: () => Harness,
  opts: { settle?: boolean } = {},
) {
  async function call<T = Body>(
    token: string,
    method: Method,
    url: string,
    payload?: object,
    lang?: 'en' | 'zh',
  ): Promise<ApiReply<T>> {
    const h = harness();
    if (opts.settle) await h.services.delivery.settled();
    const headers = { ...bearer(token), ...(lang ? { cookie: `language=${lang}` } : {}) };
    const res = await h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as ApiReply<T>['body'] };
  }
  return {
    call,
    /** The body alone, for tests that check the status elsewhere or not at all. */
    read: async <T = Body>(...args: Parameters<typeof call>): Promise<ApiReply<T>['body']> =>
      (await call<T>(...args)).body,
    /** A new tenant (`seedTenant`) and its owner's token. */
    async signIn(prefix: string) {
      const seeded = await seedTenant(harness(), prefix);
      return { ...seeded, token: (await login(harness(), `${prefix}own`)).body.Token };
    },
    /** The token of a new administrator `root` (once per harness). */
    async admin() {
      const h = harness();
      await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
      return (await login(h, 'root')).body.Token;
    },
  };
}

/** A TCP port free on 127.0.0.1 now (for a server process or broker a test starts). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await once(probe.listen(0, '127.0.0.1'), 'listening');
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}
