import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Three tiers (docs/testing.md): unit tests beside the code, API tests against a real store,
// browser tests in e2e/ (run by scripts/test-e2e.mjs against a started server).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // CPU-bound: one worker per core. Vitest's default is cores − 1, one here: 36 s against 24 s.
          maxWorkers: os.availableParallelism(),
          // The console's component tests render antd in jsdom: a few hundred ms each alone, seconds
          // when the machine is busy (other tiers, other sessions), which the 5 s default did not cover.
          testTimeout: 20000,
          // A worker runs its files in one module graph (as the API tier does): antd, React and the
          // contract are imported once per worker, not once per file — the tier 62 → 36 s here
          // (imports 54 → 27 s of CPU). The component files unmount what they rendered after each
          // test (Testing Library's cleanup), so no file meets another's DOM.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          // The simulator's tests need a broker too (the machine's Mosquitto by default).
          include: ['apps/server/src/**/*.test.ts', 'apps/device-sim/src/**/*.test.ts'],
          // The simulator's own tests use no store: the SQLite pass runs them, the PostgreSQL pass not
          // again (a project's exclude is its own: vitest's --exclude on the command line missed them).
          exclude: [
            'apps/server/src/**/*.unit.test.ts',
            ...(process.env.TEST_STORE === 'postgres' ? ['apps/device-sim/**'] : []),
          ],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
          // Files run side by side (docs/testing.md, "API tests in parallel"): each has its own store
          // (SQLite file, or PostgreSQL database cloned from the run's template, global-setup.ts),
          // its own broker port or SN prefix. Vitest's default on 2 cores is one worker (cores − 1);
          // the files mostly wait (broker round trips, PostgreSQL, the simulator's timers), so more
          // workers than cores pay: measured here, PostgreSQL run 244 s with one, 138 s with 2, 130 s
          // with 3, 117 s with 4, 114 s with 6. API_WORKERS sets another count.
          pool: 'forks',
          maxWorkers: Number(process.env.API_WORKERS) || 4,
          // A worker runs its files one after the other in one module graph: the server's modules are
          // imported once per worker, not once per file (measured on a busy machine: imports 424 s of
          // CPU in all against 67 s, the SQLite run 351 s against 274 s). Files share no state but
          // the modules: each builds its own app, store and broker (apps/server/src/test/harness.ts).
          isolate: false,
          // With all projects in one run, projects of different worker counts need their own group.
          sequence: { groupOrder: 1 },
          globalSetup: ['apps/server/src/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.spec.ts'],
          environment: 'node',
          // Each wait inside a test is bounded (WAIT_MS, e2e/support/browser.ts); a test chains
          // several, so on a busy machine it may need minutes without anything being wrong.
          testTimeout: 300000,
          hookTimeout: 300000,
          // Files in turn by default. E2E_WORKERS=n runs n at a time, each worker against its own
          // server (e2e/support/global-setup.ts); on this 2-core machine two workers were slower in
          // all (docs/testing.md, "Timing budget"): one browser and its server already fill the cores.
          maxWorkers: Number(process.env.E2E_WORKERS) || 1,
          fileParallelism: (Number(process.env.E2E_WORKERS) || 1) > 1,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
