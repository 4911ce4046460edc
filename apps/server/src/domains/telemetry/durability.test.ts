/**
 * Telemetry survives a kill -9 (docs/telemetry.md, "Kill -9"): a real server process is killed with
 * SIGKILL after a flush, a new one starts on the same store, the devices report on, and the charts
 * count every byte the devices' counters grew by over the whole run; the figures written by the last
 * flush before the kill are all there. SQLite with the embedded broker, or (TEST_STORE=postgres) a
 * fresh PostgreSQL schema with the machine's Mosquitto.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  PG_URL,
  TEST_BROKER,
  TEST_FACTORY_KEY,
  TEST_MQTT_URL,
  TEST_STORE,
  withSchemaLock,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';

const FLUSH_MS = 500;
const DEVICES = 4;
const ADMIN_PASSWORD = 'kill9pass';
/** SNs of this file on a shared broker. */
const PREFIX = `KN${randomToken(4)}`;

interface Server {
  child: ChildProcess;
  baseURL: string;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-kill9-'));
const schema = TEST_STORE === 'postgres' ? `t_${randomBytes(6).toString('hex')}` : null;
const embedded = TEST_BROKER === 'embedded';
let mqttPort = 0;
const servers: Server[] = [];

async function startServer(): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '0',
    MODE: 'cloud',
    LOG_LEVEL: 'warn',
    FACTORY_KEY: TEST_FACTORY_KEY,
    ADMIN_PASSWORD,
    MQTT_PORT: String(embedded ? mqttPort : 0),
    TELEMETRY_FLUSH_MS: String(FLUSH_MS),
  };
  delete env.DATABASE_URL;
  delete env.MQTT_URL;
  if (schema) Object.assign(env, { DATABASE_URL: PG_URL, TEST_PG_SCHEMA: schema });
  if (!embedded) env.TEST_SN_PREFIX = PREFIX;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'durability-server.ts')],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
  const server = { child, baseURL: `http://127.0.0.1:${port}` };
  servers.push(server);
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
      return fetch(`${server.baseURL}/system/version`).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    'the server to listen',
  );
  return server;
}

async function call<T>(
  s: Server,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${s.baseURL}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T & { code?: number; message?: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.code} ${json.message}`);
  return json;
}

async function login(s: Server, Username: string, Password: string): Promise<string> {
  return (await call<{ Token: string }>(s, null, 'POST', '/v1/user/login', { Username, Password })).Token;
}

/** A read of the store from outside the server (the test's own connection). */
async function query<T>(text: string, params: unknown[]): Promise<T[]> {
  if (schema) {
    const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await c.connect();
    try {
      const numbered = text.replace(
        /\?/g,
        (() => {
          let i = 0;
          return () => `$${++i}`;
        })(),
      );
      return (await c.query(numbered, params)).rows as T[];
    } finally {
      await c.end();
    }
  }
  const db = new SQLite(path.join(dataDir, 'console.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(text).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A device of the run with counters since its boot. */
class Unit {
  uptimeS = 100;
  rx = 1_000_000 + Math.floor(Math.random() * 1e6);
  tx = 5_000 + Math.floor(Math.random() * 1e6);
  first: { rx: number; tx: number } | null = null;
  sent = 0;
  id = '';
  constructor(
    public device: FakeDevice,
    readonly sn: string,
  ) {}

  /** One stats report every 2 s of device time; the counters grow by a few MB. */
  async stats(publish = true): Promise<void> {
    this.uptimeS += 2;
    this.rx += 1_000_000 + Math.floor(Math.random() * 3e6);
    this.tx += 100_000 + Math.floor(Math.random() * 1e6);
    if (!publish) return;
    this.first ??= { rx: this.rx, tx: this.tx };
    this.sent += 1;
    await this.device.publish(
      'stats',
      { uptimeS: this.uptimeS, rxBytes: this.rx, txBytes: this.tx, clients: 3, cpuPct: 20 },
      1,
    );
  }
}

function brokerUrl(): string {
  return embedded ? `mqtt://127.0.0.1:${mqttPort}` : TEST_MQTT_URL;
}

beforeAll(async () => {
  mqttPort = await freePort();
});

afterAll(async () => {
  for (const s of servers)
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  if (schema) {
    await withSchemaLock('exclusive', async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`telemetry across a kill -9 (${TEST_STORE}, ${TEST_BROKER} broker)`, () => {
  it('loses no byte of traffic and none of the figures written before the kill', async () => {
    // ---- the first server: a tenant, its devices, reports, a flush, then SIGKILL ----
    let server = await startServer();
    const admin = await login(server, 'admin', ADMIN_PASSWORD);
    await call(server, admin, 'POST', '/v1/tenant/add', {
      Username: 'killown',
      Password: 'pass1234',
      Name: 'Kill Networks',
      Phone: '13900000001',
      Email: 'ops@kill.example',
      Operation: { Certified: true, Analysis: true, Financial: true, AddUser: true },
      ServiceStart: Date.now(),
      ServiceEnd: Date.now() + 365 * 86_400_000,
    });
    let owner = await login(server, 'killown', 'pass1234');
    const units: Unit[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const sn = `${PREFIX}${randomToken(8)}`;
      const mac = randomMac();
      const { _id } = await call<{ _id: string }>(server, owner, 'POST', '/v1/device/add', {
        SN: sn,
        MAC: mac,
      });
      const device = await FakeDevice.connect({ url: brokerUrl(), sn, mac, factoryKey: TEST_FACTORY_KEY });
      await device.hello({ uptimeS: 100 });
      const u = new Unit(device, sn);
      u.id = _id;
      units.push(u);
    }
    for (let k = 0; k < 5; k++) for (const u of units) await u.stats();
    // Wait for a flush that holds the last of these reports (the timer's, not a read's).
    const placeholders = units.map(() => '?').join(', ');
    const flushed = async () => {
      const rows = await query<{ device_id: string; uptime_s: number | string | null }>(
        `select device_id, uptime_s from telemetry_latest where device_id in (${placeholders})`,
        units.map((u) => u.id),
      );
      return rows.length === DEVICES && rows.every((r) => Number(r.uptime_s) === units[0]!.uptimeS);
    };
    await eventually(flushed, 45_000, 'a telemetry flush');
    // The devices' sessions are written within a second of their hello, apart from telemetry: a kill
    // before that loses the session, and on an external broker (no reconnection, so no new hello)
    // the next server refuses their reports as no_session. What is owed is telemetry, so wait.
    const sessions = async () => {
      const rows = await query<{ id: string }>(
        `select id from devices where id in (${placeholders}) and online = 1 and session is not null`,
        units.map((u) => u.id),
      );
      return rows.length === DEVICES;
    };
    await eventually(sessions, 45_000, 'the devices’ sessions in the store');
    const samplesFlushed = units.map((u) => u.sent);
    // Reports after that flush may or may not be written: only their bytes are owed.
    for (let k = 0; k < 3; k++) for (const u of units) await u.stats();
    server.child.kill('SIGKILL');
    await once(server.child, 'exit');
    if (embedded) for (const u of units) u.device.kill();

    // ---- the outage: the counters run on; nothing reaches a server ----
    for (let k = 0; k < 3; k++) for (const u of units) await u.stats(!embedded);

    // ---- a new server on the same store; the devices report on (same boot) ----
    server = await startServer();
    owner = await login(server, 'killown', 'pass1234');
    for (const u of units) {
      if (embedded) {
        // The broker went with the server: the device reconnects and says hello again.
        u.device = await FakeDevice.connect(
          { url: brokerUrl(), sn: u.sn, mac: u.device.mac, factoryKey: TEST_FACTORY_KEY },
          u.device.bootId,
        );
        await u.device.hello({ uptimeS: u.uptimeS });
      }
    }
    for (let k = 0; k < 4; k++) for (const u of units) await u.stats();

    // Every byte the counters grew by since each device's first report, in the day's traffic chart.
    for (const u of units) {
      const want = { rx: u.rx - u.first!.rx, tx: u.tx - u.first!.tx };
      let last: unknown;
      await eventually(
        async () => {
          const flow = await call<{ TotalRxBytes: number | null; TotalTxBytes: number | null }>(
            server,
            owner,
            'GET',
            `/v1/device/getDeviceTotalFlow?_id=${u.id}&range=day`,
          );
          last = { rx: flow.TotalRxBytes, tx: flow.TotalTxBytes };
          return flow.TotalRxBytes === want.rx && flow.TotalTxBytes === want.tx;
        },
        20_000,
        `${u.sn}'s traffic`,
      ).catch(async (err: Error) => {
        // What the server made of the device (status, drops by reason) says where the reports went.
        const seen = await call<{ list: unknown[] }>(server, owner, 'GET', `/v1/device/list?search=${u.sn}`);
        throw new Error(
          `${err.message}: counted ${JSON.stringify(last)}, grown ${JSON.stringify(want)}; ` +
            `the server's view: ${JSON.stringify(seen.list)}`,
        );
      });
    }

    // A clean stop writes the open spans: every sample flushed before the kill is in the store.
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    const after = 4;
    const rows = await query<{ device_id: string; n: number | string }>(
      `select device_id, sum(n) as n from telemetry_5m where device_id in (${placeholders}) group by device_id`,
      units.map((u) => u.id),
    );
    for (const [i, u] of units.entries()) {
      const n = Number(rows.find((r) => r.device_id === u.id)?.n ?? 0);
      expect(n, `${u.sn}'s samples`).toBeGreaterThanOrEqual(samplesFlushed[i]! + after);
      expect(n, `${u.sn}'s samples`).toBeLessThanOrEqual(u.sent);
    }
    for (const u of units) await u.device.client.endAsync().catch(() => undefined);
  }, 150_000);
});
