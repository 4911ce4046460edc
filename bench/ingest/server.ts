/** The console server as its own process for the benchmark: a fresh store, the embedded broker. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nobody listens on now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await once(probe.listen(0, '127.0.0.1'), 'listening');
  const { port } = probe.address() as net.AddressInfo;
  probe.close();
  return port;
}

/** Polls `probe` until it is true; throws `what` after `ms`, or when `failed` says why. */
export async function until(
  probe: () => Promise<boolean>,
  ms: number,
  what: string,
  failed: () => string | null = () => null,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const why = failed();
    if (why) throw new Error(why);
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(what);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface ServerProcess {
  pid: number;
  baseURL: string;
  mqttUrl: string;
  logFile: string;
  /** Resolves with the exit code (or signal) if the server ends before `stop`. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export interface ServerOptions {
  dataDir: string;
  factoryKey: string;
  adminPassword: string;
  databaseUrl?: string;
  /** An external broker instead of the embedded one. */
  broker?: { consoleUrl: string; deviceUrl: string };
  /** Extra arguments for node (e.g. --cpu-prof). */
  nodeArgs?: string[];
}

export async function startServer(o: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const mqttPort = await freePort();
  const logFile = path.join(o.dataDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: o.dataDir,
    DEMO: '0',
    MODE: 'cloud',
    MQTT_PORT: String(mqttPort),
    FACTORY_KEY: o.factoryKey,
    ADMIN_PASSWORD: o.adminPassword,
    LOG_LEVEL: 'warn',
  };
  delete env.MQTT_URL;
  delete env.DATABASE_URL;
  if (o.databaseUrl) env.DATABASE_URL = o.databaseUrl;
  if (o.broker) env.MQTT_URL = o.broker.consoleUrl;
  const child: ChildProcess = spawn(
    process.execPath,
    [...(o.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );
  const baseURL = `http://127.0.0.1:${port}`;
  await until(
    () =>
      fetch(`${baseURL}/system/version`).then(
        (r) => r.ok,
        () => false,
      ),
    60_000,
    'server did not start within 60 s',
    () => (child.exitCode === null ? null : `server exited: ${fs.readFileSync(logFile, 'utf8')}`),
  );
  return {
    pid: child.pid!,
    baseURL,
    mqttUrl: o.broker?.deviceUrl ?? `mqtt://127.0.0.1:${mqttPort}`,
    logFile,
    exited,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
