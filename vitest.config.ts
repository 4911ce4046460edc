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
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          // The simulator's tests need a broker too (the machine's Mosquitto by default).
          include: ['apps/server/src/**/*.test.ts', 'apps/device-sim/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 20000,
          hookTimeout: 30000,
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
          fileParallelism: false,
          globalSetup: ['e2e/support/global-setup.ts'],
        },
      },
    ],
  },
});
