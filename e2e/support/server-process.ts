import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ServerProcess {
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real server as its own process: a fresh store in demo mode on a free port. */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('The console is not built: run `npm run build` first (npm test does it).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-run-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      // Vitest exports MODE=test (Vite's mode); the server's MODE means cloud or controller.
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: '1',
        MODE: 'cloud',
        // Any free port: the default 18830 may be held by a console already running here.
        MQTT_PORT: '0',
        LOG_LEVEL: 'warn',
        CHECK_REPLIES: '1',
        // An alarm's mail after 3 s rather than the 30 s digest window: the tests wait for it.
        ALARM_DIGEST_SECONDS: '3',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${fs.readFileSync(logFile, 'utf8')}`);
    try {
      if ((await fetch(`${baseURL}/system/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
