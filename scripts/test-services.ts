// Vitest global setup: with TURNPIKE_SHARED_SERVICES=1 (set by scripts/test.mjs) it starts Redis, PostgreSQL and
// MariaDB once for the whole run and provides their URLs; test files fall back to starting their own otherwise.
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

/** Starts the shared services when asked to; returns the teardown that stops them by PID. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: RunningService[] = [];
  const shared = process.env.TURNPIKE_SHARED_SERVICES === '1';
  const results: Array<PromiseSettledResult<RunningService>> = shared ? await Promise.allSettled([startRedis(), startPostgres(), startMariadb()]) : [];
  for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
  const teardown = async (): Promise<void> => {
    await Promise.all(started.map((service) => service.stop()));
  };
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    await teardown();
    throw failure.reason;
  }
  const [redis, postgres, mariadb] = started;
  project.provide('sharedRedisUrl', redis?.url ?? '');
  project.provide('sharedPostgresUrl', postgres?.url ?? '');
  project.provide('sharedMariadbUrl', mariadb?.url ?? '');
  return teardown;
}
