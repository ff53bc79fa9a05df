// Test-side access to real services: the run's shared ones (scripts/test-services.ts) or ones started for this file.
import { inject } from 'vitest';
import { createMariadbDatabase, createPostgresDatabase, startMariadb, startPostgres, startRedis, type RunningService } from '../../../../scripts/services';

/** A service URL for one test file and how to give it back. */
export interface ServiceLease {
  url: string;
  /** Drops the file's database / stops the file's own server; leaves shared servers running. */
  release(): Promise<void>;
}

async function serverUrl(shared: string, start: () => Promise<RunningService>): Promise<{ url: string; own: RunningService | null }> {
  if (shared) return { url: shared, own: null };
  const own = await start();
  return { url: own.url, own };
}

/** A Redis for this file. */
export async function leaseRedis(): Promise<ServiceLease> {
  const { url, own } = await serverUrl(inject('sharedRedisUrl'), startRedis);
  return { url, release: async () => own?.stop() };
}

/** A fresh, empty PostgreSQL 15 database for this file. */
export async function leasePostgresDatabase(): Promise<ServiceLease> {
  const { url, own } = await serverUrl(inject('sharedPostgresUrl'), startPostgres);
  const database = await createPostgresDatabase(url);
  return {
    url: database.url,
    release: async () => {
      if (own) await own.stop();
      else await database.drop();
    },
  };
}

/** A fresh, empty MariaDB database for this file. */
export async function leaseMariadbDatabase(): Promise<ServiceLease> {
  const { url, own } = await serverUrl(inject('sharedMariadbUrl'), startMariadb);
  const database = await createMariadbDatabase(url);
  return {
    url: database.url,
    release: async () => {
      if (own) await own.stop();
      else await database.drop();
    },
  };
}
