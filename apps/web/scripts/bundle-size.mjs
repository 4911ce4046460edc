// First-load JavaScript per route, from the build manifest: the entry chunk, the chunks each
// route's screens load on first visit (layout + page), the active language's texts, and all
// their static imports, each counted once. Usage: node scripts/bundle-size.mjs (after vite build).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const routes = {
  '/login': ['src/features/user/pages/login-page.tsx'],
  '/dashboard': ['src/app/layout/main-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
};
// English is the default language: its namespace files load before the first render.
const texts = Object.keys(manifest).filter((key) => /locales\/en\.json$/.test(key));

function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the manifest: ${key}`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

const gzip = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const [route, screens] of Object.entries(routes)) {
  const seen = new Set();
  for (const key of ['index.html', ...screens, ...texts]) collect(key, seen);
  const files = [...seen].map((key) => manifest[key].file);
  const js = files.reduce((sum, file) => sum + gzip(file), 0);
  console.log(`${route}: ${kb(js)} gzip JS in ${files.length} files`);
}
