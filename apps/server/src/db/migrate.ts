// Runs the ordered migration set at start; each migration runs once per database.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from './connect';
import * as initial from './migrations/001-initial';
import * as clusterNodes from './migrations/002-cluster-nodes';
import * as sessionCutoff from './migrations/003-session-cutoff';
import * as logStatIndex from './migrations/004-log-stat-index';
import * as topups from './migrations/005-topups';
import * as accountsMail from './migrations/006-accounts-mail';
import * as oauth from './migrations/007-oauth';
import * as tasks from './migrations/008-tasks';
import * as reservationRelease from './migrations/009-reservation-release';
import * as passkeys from './migrations/010-passkeys';
import * as integerQuotas from './migrations/012-integer-quotas';
import * as prefillGroups from './migrations/013-prefill-groups';
import * as userSessions from './migrations/018-user-sessions';
import * as twoFactor from './migrations/019-two-factor';
import * as videoTasks from './migrations/024-video-tasks';

interface EngineMigration {
  up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void>;
}

/** The migration list, in order. Add new files here; never edit one that has shipped. */
const migrations: Record<string, EngineMigration> = {
  '001-initial': initial,
  '002-cluster-nodes': clusterNodes,
  '003-session-cutoff': sessionCutoff,
  '004-log-stat-index': logStatIndex,
  '005-topups': topups,
  '006-accounts-mail': accountsMail,
  '007-oauth': oauth,
  '008-tasks': tasks,
  '009-reservation-release': reservationRelease,
  '010-passkeys': passkeys,
  '012-integer-quotas': integerQuotas,
  '013-prefill-groups': prefillGroups,
  '018-user-sessions': userSessions,
  '019-two-factor': twoFactor,
  '024-video-tasks': videoTasks,
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

/** How often a start tries when instances started together race on the migrations. */
const attempts = 3;

/**
 * Brings the database schema up to date; throws with the failing migration's error.
 * Several instances may start at once on an empty shared database. Kysely serialises migrations with a lock
 * on PostgreSQL and MySQL, but creating its bookkeeping tables can race there, and SQLite has no lock at all (a
 * second process fails on "table already exists" and rolls back). So a failed attempt is retried after a short
 * pause: by then the other instance has finished and nothing is left to do. A migration that is really broken
 * fails every attempt and is reported with the first error.
 */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  let firstFailure: string | null = null;
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    // Features developed side by side land their numbered migrations out of order (006 after 009): a database that
    // already ran the later ones still runs the earlier one it lacks. Each migration stands on its own.
    const migrator = new Migrator({ db: handle.db, provider: new ListProvider(handle.kind), allowUnorderedMigrations: true });
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return;
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    firstFailure ??= `database migration ${failed?.migrationName ?? ''} failed: ${reason}`;
    if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, 250 * attempt + Math.floor(Math.random() * 250)));
  }
  throw new Error(firstFailure ?? 'database migration failed');
}
