import { configDefaults, defineConfig } from 'vitest/config';
import { excludedFiles } from './scripts/test-groups.mjs';

// A timeout only catches a test that hangs: every wait inside a test is on an event, so on a loaded machine a
// test takes longer but still passes. One minute for every test, also the unit tests (vitest's 5 s is a speed
// limit on a machine running two suites). A hook starts servers and seeds catalogues: on a machine loaded ten
// times over (a run beside other work) that took past two minutes, so hooks get five.
const HANG = { testTimeout: 60_000, hookTimeout: 300_000 };

export default defineConfig({
  test: {
    // Two files at once even on two cores (vitest's default there is one): the integration files spend most of
    // their time waiting on PostgreSQL, sockets and child processes, not on the CPU.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], ...HANG } },
      { test: { name: 'web', include: ['shop-web/src/**/*.test.ts'], ...HANG } },
      // The counter's tests that start the real shop server copy one data folder seeded for the run (globalSetup).
      { test: { name: 'desktop', include: ['desktop/src/**/*.test.ts'], globalSetup: ['desktop/src/testing/seeded-data.ts'], testTimeout: 60_000, hookTimeout: 240_000 } },
      { test: { name: 'bench', include: ['bench/src/**/*.test.ts'], ...HANG } },
      // how `npm test` counts a run (scripts/test-report.mjs), over fixture runs of their own, and the repository's
      // own lint rules (scripts/eslint-rules.js)
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts', 'scripts/**/*.test.mjs'], ...HANG } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          // the files that test PostgreSQL or Redis themselves, left out when TEST_DATABASE_URL or REDIS_URL is
          // unset (scripts/test-groups.mjs; `npm test` says which groups ran)
          exclude: [...configDefaults.exclude, ...excludedFiles(process.env)],
          ...HANG,
        },
      },
    ],
  },
});
