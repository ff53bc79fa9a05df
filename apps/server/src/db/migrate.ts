// Runs the ordered migration set at start; each migration runs once per database.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from './connect';
import * as initial from './migrations/001-initial';
import * as sessionCutoff from './migrations/003-session-cutoff';
import * as clusterNodes from './migrations/002-cluster-nodes';

interface EngineMigration {
  up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void>;
}

/** The migration list, in order. Add new files here; never edit one that has shipped. */
const migrations: Record<string, EngineMigration> = {
  '001-initial': initial,
  '003-session-cutoff': sessionCutoff,
  '002-cluster-nodes': clusterNodes,
};

class ListProvider implements MigrationProvider {
  constructor(private readonly kind: DatabaseKind) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const result: Record<string, Migration> = {};
    for (const [name, migration] of Object.entries(migrations)) {
      result[name] = { up: (db) => migration.up(db, this.kind) };
    }
    return result;
  }
}

/** How often a start retries when instances started together race to create the migration bookkeeping tables. */
const attempts = 3;

/**
 * Brings the database schema up to date; throws with the failing migration's error.
 * Several instances may start at once on an empty shared database: Kysely serialises the migrations with its
 * lock table, but creating its bookkeeping tables can race, so such a failure is retried after a short pause.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const migrator = new Migrator({ db: handle.db, provider: new ListProvider(handle.kind) });
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    const failed = results?.find((result) => result.status === 'Error');
    // A migration that itself failed is reported at once; only the bookkeeping race is retried.
    if (!failed && attempt < attempts) {
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.floor(Math.random() * 200)));
      continue;
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
