// `npm start`: build the console if its sources changed since the last build, then run the server
// (HTTP API, console, store) in one process.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
].map((p) => path.join(root, p));
const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const changed = sources.some(
  (s) => fs.existsSync(s) && (fs.statSync(s).isDirectory() ? newest(s) : fs.statSync(s).mtimeMs) > built,
);
if (changed) {
  console.log('Building the console…');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
