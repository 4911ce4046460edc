/** The processes `npm run bench:api` measures: a fresh store (SQLite, or a throw-away PostgreSQL database), a broker, the server. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startMosquitto, type Mosquitto } from '../ingest/mosquitto.ts';
import { startServer, type ServerProcess } from '../ingest/server.ts';

export interface StackOptions {
  store: 'sqlite' | 'postgres';
  pgUrl: string;
  broker: 'embedded' | 'mosquitto';
  /** The devices the private Mosquitto lets in. */
  sns: readonly string[];
  cpuProf: boolean;
  /** More Node.js options for the server (`--trace-gc`, say). */
  nodeArgs: string[];
}

export interface Stack {
  dataDir: string;
  server: ServerProcess;
  broker: Mosquitto | null;
  factoryKey: string;
  adminPassword: string;
}

async function sqlOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Starts the stack; `stop(keep)` ends what started (also after a failed start) and removes the data unless kept. */
export function stack(o: StackOptions): { start(): Promise<Stack>; stop(keep: boolean): Promise<string> } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const database = o.store === 'postgres' ? `bench_api_${randomBytes(4).toString('hex')}` : null;
  let server: ServerProcess | null = null;
  let broker: Mosquitto | null = null;
  return {
    async start() {
      let databaseUrl: string | undefined;
      if (database) {
        await sqlOn(o.pgUrl, `CREATE DATABASE ${database}`);
        const u = new URL(o.pgUrl);
        u.pathname = `/${database}`;
        databaseUrl = u.toString();
      }
      const factoryKey = randomBytes(32).toString('hex');
      const adminPassword = `Bench-${randomBytes(4).toString('hex')}`;
      if (o.broker === 'mosquitto') broker = await startMosquitto(dataDir, factoryKey, o.sns);
      server = await startServer({
        dataDir,
        factoryKey,
        adminPassword,
        ...(databaseUrl ? { databaseUrl } : {}),
        ...(broker ? { broker: { consoleUrl: broker.consoleUrl, deviceUrl: broker.url } } : {}),
        nodeArgs: [...(o.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${dataDir}`] : []), ...o.nodeArgs],
      });
      return { dataDir, server, broker, factoryKey, adminPassword };
    },
    async stop(keep) {
      await server?.stop();
      await broker?.stop();
      if (database) await sqlOn(o.pgUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      if (keep) return `data kept in ${dataDir}`;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return '';
    },
  };
}
