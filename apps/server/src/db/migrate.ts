// Runs the ordered migration set at start; each migration runs once per database.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from './connect';
import * as initial from './migrations/001-initial';

interface EngineMigration {
  up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void>;
}

/** The migration list, in order. Add new files here; never edit one that has shipped. */
const migrations: Record<string, EngineMigration> = {
  '001-initial': initial,
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

/** Brings the database schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({ db: handle.db, provider: new ListProvider(handle.kind) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
