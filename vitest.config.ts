import { defineConfig } from 'vitest/config';

// Five test projects, by what a test needs (run one with `npm run test:<name>`, or all with `npm test`):
// - unit: pure tests beside the code: no server, database or service (in-process loopback mocks are fine).
// - server: apps/server tests that build a server or open a database.
// - cluster: multi-instance tests (`apps/server/test/cluster-*.test.ts`): several servers or processes sharing state.
// - agents: the coding-agent CLIs through a started server against strict provider mocks (`apps/server/test/agents`).
// - browser: the built console in Chromium (`apps/console/e2e`).

/** Tests beside the server code that open a SQLite database: they run with the server tests, not the unit tests. */
const databaseTestsInSource = ['apps/server/src/billing/quota-ledger.test.ts', 'apps/server/src/relay/provider-options.test.ts', 'apps/server/src/relay/price-book.test.ts'];

/** Starts Redis, PostgreSQL and MariaDB once for the projects that declare it (scripts/test-services.ts). */
const sharedServices = ['./scripts/test-services.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Every project inherits these (`extends: true`); server, cluster and browser tests run each file in its own process.
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/console/src/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: databaseTestsInSource,
          // Pure tests share a worker's module cache: importing the codecs once per worker, not once per file, is
          // most of what keeps `npm run test:unit` fast.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', ...databaseTestsInSource],
          exclude: ['apps/server/test/cluster-*.test.ts', 'apps/server/test/agents/**'],
          globalSetup: sharedServices,
        },
      },
      {
        extends: true,
        test: {
          // The real agent CLIs (Claude Code, Codex, Gemini CLI) through a started server, on SQLite only.
          name: 'agents',
          include: ['apps/server/test/agents/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          include: ['apps/server/test/cluster-*.test.ts'],
          globalSetup: sharedServices,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['apps/console/e2e/**/*.test.ts'],
        },
      },
    ],
  },
});
