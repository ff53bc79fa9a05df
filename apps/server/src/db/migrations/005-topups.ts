// Online top-up orders: one row per payment started at a provider, credited once when it is paid.
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

function idType(kind: DatabaseKind): string {
  if (kind === 'postgres') return 'bigserial primary key';
  if (kind === 'mysql') return 'bigint auto_increment primary key';
  return 'integer primary key autoincrement';
}

/** Creates the topups table: trade number (unique), user, amount, quota, money, provider, method, status, times. */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('topups')
    .addColumn('id', sql`${sql.raw(idType(kind))}`)
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    // Money as exact decimal text with two places ("73.00"): compared in cents, never as a binary float.
    .addColumn('money', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('topups_user_created').on('topups').columns(['user_id', 'created_at']).execute();
}
