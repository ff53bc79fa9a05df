// Sessions issued before a user's cutoff are refused: a password change ends every other session.
import type { Kysely } from 'kysely';

/** Adds users.sessions_valid_after (Unix seconds, 0 = no cutoff). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sessions_valid_after', 'bigint', (column) => column.notNull().defaultTo(0)).execute();
}
