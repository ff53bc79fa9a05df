// A released reservation leaves a tombstone: a settlement that arrives after a reconciler refunded its hold (an
// instance that was away, a journal replayed at start) is still billed, once, instead of being dropped.
import type { Kysely } from 'kysely';

/** Adds reservations.released_at (Unix seconds, 0 = still held). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('released_at', 'bigint', (column) => column.notNull().defaultTo(0)).execute();
}
