// Passkeys (WebAuthn): one credential per user, and the one-use ceremony state between begin and finish.
import type { Kysely } from 'kysely';

/** Creates passkey_credentials and passkey_flows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('passkey_credentials')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('credential_id', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('public_key', 'varchar(1024)', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('backup_eligible', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backup_state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('passkey_flows')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('auth_version', 'integer', (c) => c.notNull())
    .addColumn('sid', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'varchar(32)', (c) => c.notNull())
    .addColumn('challenge', 'varchar(128)', (c) => c.notNull())
    .addColumn('deadline', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}
