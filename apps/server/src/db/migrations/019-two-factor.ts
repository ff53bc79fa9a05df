// Two-factor sign-in (TOTP with backup codes) and the one-use flows that carry a half-finished sign-in.
import type { Kysely } from 'kysely';

/** Creates two_fas, two_fa_backup_codes and auth_flows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('two_fas')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_used_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('two_fa_backup_codes')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('two_fa_backup_codes_user').on('two_fa_backup_codes').column('user_id').execute();
  await db.schema
    .createTable('auth_flows')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('auth_version', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
