import { defineConfig } from 'vitest/config';

// One test run for every workspace: unit tests beside the code, API and e2e tests under apps/*/test.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/console/src/**/*.test.ts', 'apps/console/e2e/**/*.test.ts'],
    globalSetup: ['./scripts/test-services.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
