// Dashboard sessions as records: logout, revocation and a password change end a session at once on every instance.
import type { Kysely } from 'kysely';

/** Creates user_sessions and adds users.auth_version (bumped by security changes, pinned in access tokens). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_sessions')
    .addColumn('sid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('refresh_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('previous_refresh_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('previous_valid_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auth_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('login_method', 'varchar(32)', (c) => c.notNull().defaultTo('password'))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_active_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('revoke_reason', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('user_sessions_user_status').on('user_sessions').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('user_sessions_created_at').on('user_sessions').columns(['user_id', 'created_at']).execute();
  await db.schema.alterTable('users').addColumn('auth_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}
