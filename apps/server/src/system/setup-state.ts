// First-run state: setup is done once a `setups` row exists; the root user is any live user of role 100.
import { Role } from '@turnpike/contract';
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../db/connect';
import type { Database } from '../db/schema';

/** The database names GET /api/setup reports (the setup page warns when it is SQLite). */
export const databaseTypeNames: Record<DatabaseKind, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL' };

/** Answers "is setup done?"; a positive answer is cached because setup is never undone. */
export interface SetupProbe {
  isDone(): Promise<boolean>;
}

/** A probe that queries the `setups` table until it finds a row, then answers from memory. */
export function createSetupProbe(db: Kysely<Database>): SetupProbe {
  let done = false;
  return {
    async isDone() {
      if (done) return true;
      const row = await db.selectFrom('setups').select('id').limit(1).executeTakeFirst();
      done = row !== undefined;
      return done;
    },
  };
}

/** True when a (not deleted) root user exists. */
export async function rootUserExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('role', '>=', Role.Root).where('deleted_at', 'is', null).limit(1).executeTakeFirst();
  return row !== undefined;
}
