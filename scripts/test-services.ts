// Vitest global setup of the projects that need real services (`server` and `cluster` in vitest.config.ts; the
// `unit` and `browser` projects do not declare it, so they never start one). With TURNPIKE_SHARED_SERVICES=1 (set by
// scripts/test.mjs and the test:server / test:cluster scripts) it starts Redis, PostgreSQL and MariaDB once for the
// whole run, however many of those projects run, and provides their URLs; test files fall back to starting their own
// otherwise (apps/server/test/helpers/test-services.ts).
import type { TestProject } from 'vitest/node';
import { startMariadb, startPostgres, startRedis, type RunningService } from './services';

declare module 'vitest' {
  export interface ProvidedContext {
    /** redis:// URL of the shared Redis, or '' when every test file starts its own. */
    sharedRedisUrl: string;
    /** postgres:// URL of the shared PostgreSQL server (admin database), or ''. */
    sharedPostgresUrl: string;
    /** mysql:// URL of the shared MariaDB server, or ''. */
    sharedMariadbUrl: string;
  }
}

/** The URLs of the shared services ('' for each when the run starts none). */
interface SharedUrls {
  redis: string;
  postgres: string;
  mariadb: string;
}

/** The run's one set of services and how many projects still use it. */
interface SharedServices {
  urls: Promise<SharedUrls>;
  stop(): Promise<void>;
  users: number;
}

// Each project loads its global setup files in its own module runner, so a module variable would be one per project;
// the services are kept on the process instead, under a key of their own.
const registryKey = Symbol.for('turnpike.test-services');
const registry = globalThis as typeof globalThis & { [registryKey]?: SharedServices };

async function startAll(started: RunningService[]): Promise<SharedUrls> {
  const results = await Promise.allSettled([startRedis(), startPostgres(), startMariadb()]);
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  const [redis, postgres, mariadb] = started;
  return { redis: redis.url, postgres: postgres.url, mariadb: mariadb.url };
}

function createShared(): SharedServices {
  const started: RunningService[] = [];
  const wanted = process.env.TURNPIKE_SHARED_SERVICES === '1';
  const urls = wanted ? startAll(started) : Promise.resolve({ redis: '', postgres: '', mariadb: '' });
  return { urls, users: 0, stop: async () => void (await Promise.all(started.map((service) => service.stop()))) };
}

/** Starts the shared services when asked to (once per run); returns the teardown that stops them by PID after the last project. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (registry[registryKey] ??= createShared());
  shared.users += 1;
  const teardown = async (): Promise<void> => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[registryKey];
    await shared.stop();
  };
  let urls: SharedUrls;
  try {
    urls = await shared.urls;
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('sharedRedisUrl', urls.redis);
  project.provide('sharedPostgresUrl', urls.postgres);
  project.provide('sharedMariadbUrl', urls.mariadb);
  return teardown;
}
