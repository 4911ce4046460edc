// `npm test`: every gate — lint, format, import rules and types side by side, then unit, API on
// SQLite, API on PostgreSQL, browser.
// Prints one closing line "N passed, N failed" over all test runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const pgUrl = process.env.DATABASE_URL_TEST ?? 'postgres://postgres@127.0.0.1:5432/test';
const totals = { passed: 0, failed: 0 };
const failedStages = [];
/** Each failed test, repeated at the very end: a long log's tail is what CI keeps. */
const failures = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `━━ ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  if (r.status !== 0) failedStages.push(name);
  return r.status === 0;
}

/** The arguments of a vitest run of one project writing its JSON report for the totals. */
function vitestArgs(name, project, args = []) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  return {
    out,
    args: [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
      ...args,
    ],
  };
}

/** Adds a finished run's report to the totals; a run without one failed before testing. */
function count(name, out, ok) {
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    for (const file of r.testResults ?? [])
      for (const t of file.assertionResults ?? [])
        if (t.status === 'failed')
          failures.push({
            stage: name,
            file: path.relative(root, file.name),
            title: t.fullName ?? t.title,
            message: String(t.failureMessages?.[0] ?? '')
              .split('\n')
              .slice(0, 6)
              .join('\n'),
          });
    for (const file of r.testResults ?? [])
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
        failures.push({
          stage: name,
          file: path.relative(root, file.name),
          title: '(the file itself)',
          message: String(file.message ?? '')
            .split('\n')
            .slice(0, 6)
            .join('\n'),
        });
    if (r.numTotalTests === 0) failedStages.push(`${name} (ran no test)`);
  } else if (!ok) totals.failed += 1;
}

function vitest(name, project, env = {}, args = []) {
  const v = vitestArgs(name, project, args);
  const ok = run(name, 'npx', v.args, env);
  count(name, v.out, ok);
  return ok;
}

function reachable(url) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 5432) });
    s.setTimeout(2000);
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

/**
 * Runs stages side by side (each is one process on one core: eslint, prettier, dependency-cruiser,
 * tsc), their output held and printed stage by stage when all have ended, so it reads as in turn.
 */
async function together(stages) {
  const t0 = Date.now();
  const results = await Promise.all(
    stages.map(
      ([name, cmd, args, env = {}]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(cmd, args, {
            cwd: root,
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const out = [];
          child.stdout.on('data', (b) => out.push(b));
          child.stderr.on('data', (b) => out.push(b));
          child.on('close', (code) =>
            resolve({ name, code, out: Buffer.concat(out), secs: (Date.now() - started) / 1000 }),
          );
          child.on('error', (err) => resolve({ name, code: 1, out: Buffer.from(String(err)), secs: 0 }));
        }),
    ),
  );
  for (const r of results) {
    console.log(`\n━━ ${r.name} ━━`);
    process.stdout.write(r.out);
    console.log(`━━ ${r.name}: ${r.code === 0 ? 'ok' : 'FAILED'} in ${r.secs.toFixed(1)} s`);
    if (r.code !== 0) failedStages.push(r.name);
  }
  console.log(`━━ (side by side: ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return results;
}

// The static checks, two cores' worth: the type-check (the longest) beside lint, format and the
// import rules (cycles, cross-feature and cross-domain imports, .dependency-cruiser.mjs).
await together([
  ['type-check', 'npx', ['tsc', '-b', 'tsconfig.json']],
  ['lint', 'npx', ['eslint', '.']],
  ['format', 'npx', ['prettier', '--check', '.']],
  ['import rules', 'npm', ['run', 'lint:imports', '--silent']],
]);
vitest('unit', 'unit');
vitest('api on SQLite', 'api', { TEST_STORE: 'sqlite' });
if (await reachable(pgUrl)) {
  // Without the simulator's own tests, which use no store (vitest.config.ts). Not beside the
  // SQLite pass: side by side the two took 383 s against 306 s in turn (docs/testing.md).
  vitest('api on PostgreSQL', 'api', { TEST_STORE: 'postgres', DATABASE_URL_TEST: pgUrl });
} else if (process.env.CI) {
  console.error(`PostgreSQL at ${pgUrl} is not reachable, and CI must exercise it.`);
  failedStages.push('api on PostgreSQL (unreachable)');
} else {
  console.log(`\nPostgreSQL at ${pgUrl} is not reachable: the API suite ran on SQLite only.`);
}
ensureChromium();
if (run('build console', 'npm', ['run', 'build', '-w', 'apps/web', '--silent'])) vitest('browser', 'e2e');

for (const f of failures) {
  console.log(`\n✗ [${f.stage}] ${f.file} › ${f.title}`);
  if (f.message) console.log(f.message.replace(/^/gm, '    '));
}
console.log(`\n${failedStages.length ? `Failed stages: ${failedStages.join(', ')}` : 'All stages passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedStages.length || totals.failed ? 1 : 0);
