// Log indexes for the admin views at millions of rows: the consumption statistics (sum of quota, requests and
// tokens of one log type over a time range) read only an index, as (type, created_at) grows to cover the summed
// columns; and a username filter with a time range (the admin's "this user, today") uses one index range, as the
// username index gains created_at. Neither adds an index to maintain on every insert.
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

/** Replaces logs_type_created and logs_username with wider indexes. */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema.createIndex('logs_type_created_totals').on('logs').columns(['type', 'created_at', 'quota', 'prompt_tokens', 'completion_tokens']).execute();
  await db.schema.createIndex('logs_username_created').on('logs').columns(['username', 'created_at']).execute();
  for (const name of ['logs_type_created', 'logs_username']) {
    // MySQL names the table of an index it drops; SQLite and PostgreSQL do not accept it.
    const drop = db.schema.dropIndex(name);
    await (kind === 'mysql' ? drop.on('logs') : drop).execute();
  }
}
