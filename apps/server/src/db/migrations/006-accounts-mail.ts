// One-time secrets mailed to users (email verification codes, password reset tokens), shared by every instance.
import type { Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

/** Creates mail_codes: one live secret per key (purpose + address), stored as a SHA-256 hash, with its timing. */
export async function up(db: Kysely<unknown>, _kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('mail_codes')
    // 191 characters keep the primary key within MySQL's index limit under utf8mb4.
    .addColumn('key', 'varchar(191)', (c) => c.primaryKey())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('wrong_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('mail_codes_expires_at').on('mail_codes').column('expires_at').execute();
}
