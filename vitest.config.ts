import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'] } },
      { test: { name: 'web', include: ['shop-web/src/**/*.test.ts'] } },
      { test: { name: 'desktop', include: ['desktop/src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 240_000 } },
      { test: { name: 'bench', include: ['bench/src/**/*.test.ts'] } },
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
