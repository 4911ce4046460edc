/**
 * A safe first start when several nodes start at once on one PostgreSQL: two real server processes
 * (main.ts, demo mode) started together on a fresh database both become ready, and the store holds
 * one administrator, one demo tenant and one set of demo releases. The race exists only where
 * several processes share a store, so this runs against PostgreSQL in the SQLite run too (SQLite is
 * one process by design).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, PG_URL, TEST_FACTORY_KEY } from './test/harness.ts';
import { eventually } from './test/devices.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');
const database = `nc_start_${randomBytes(6).toString('hex')}`;
const children: ChildProcess[] = [];
const dirs: string[] = [];

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = PG_URL): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function databaseUrl(): string {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

interface Node {
  child: ChildProcess;
  url: string;
  out: () => string;
}

async function spawnNode(): Promise<Node> {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-start-'));
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    PORT: String(port),
    HOST: '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    DATA_DIR: dataDir,
    DEMO: '1',
    MODE: 'cloud',
    LOG_LEVEL: 'warn',
    FACTORY_KEY: TEST_FACTORY_KEY,
  };
  delete env.MQTT_URL;
  delete env.ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  return { child, url: `http://127.0.0.1:${port}`, out: () => out };
}

afterAll(async () => {
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null || c.signalCode !== null) return;
      const exited = once(c, 'exit');
      // Not a graceful stop: each node's demo fleet plays the same devices on its own embedded
      // broker, so both nodes write the same clients and a final flush may retry for long.
      c.kill('SIGKILL');
      await exited;
    }),
  );
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe('two nodes starting at once on one PostgreSQL', () => {
  it('both become ready, with one administrator and one demo seed', async () => {
    await admin((c) => c.query(`CREATE DATABASE ${database}`));
    const nodes = await Promise.all([spawnNode(), spawnNode()]);
    for (const n of nodes) {
      await eventually(
        async () => {
          if (n.child.exitCode !== null) throw new Error(`a node exited (${n.child.exitCode}):\n${n.out()}`);
          return n.out().includes('Network console ready at');
        },
        120_000,
        'both nodes to print that they are ready',
      );
      const ready = await fetch(`${n.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    // Exactly one of them created the administrator and said so with its password.
    expect(nodes.filter((n) => /\(created now: keep this password\)/.test(n.out()))).toHaveLength(1);

    const counts = await admin(async (c) => {
      const q = async (text: string) => Number((await c.query<{ n: string }>(text)).rows[0]!.n);
      return {
        administrators: await q('select count(*) as n from users where role = 10'),
        demoTenants: await q(`select count(*) as n from tenants where name = 'Demo Networks'`),
        demoOwners: await q(`select count(*) as n from users where username = 'demo'`),
        releases: await q('select count(*) as n from app_releases'),
      };
    }, databaseUrl());
    expect(counts).toEqual({ administrators: 1, demoTenants: 1, demoOwners: 1, releases: 2 });
  }, 180_000);
});
