import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at once even on two cores (vitest's default there is one): the integration files spend most of
    // their time waiting on PostgreSQL, sockets and child processes, not on the CPU.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['shop-web/src/**/*.test.ts'] } },
      // The counter's tests that start the real shop server copy one data folder seeded for the run (globalSetup).
      { test: { name: 'desktop', include: ['desktop/src/**/*.test.ts'], globalSetup: ['desktop/src/testing/seeded-data.ts'], testTimeout: 60_000, hookTimeout: 240_000 } },
      { test: { name: 'bench', include: ['bench/src/**/*.test.ts'] } },
      // the repository's own lint rules (scripts/eslint-rules.js)
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
