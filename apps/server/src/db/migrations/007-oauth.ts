// Third-party sign-in: one-use OAuth states shared by every instance, claims of external accounts, and lookups of
// users by their external ids.
import type { Kysely } from 'kysely';

/** Creates oauth_states (state, browser binding, invitation code, binding user, expiry), external_account_claims and the external-id indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'varchar(64)', (c) => c.primaryKey())
    // SHA-256 of the browser's HttpOnly binding cookie: a state only counts in the browser that asked for it.
    .addColumn('browser_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('aff_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    // The signed-in user a bind flow was started by; 0 for a sign-in.
    .addColumn('bind_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_states_expires').on('oauth_states').column('expires_at').execute();
  // One row per external account taken by a sign-up or a bind: its primary key lets exactly one of several concurrent
  // sign-ups or binds of the same account through, on every engine (users' binding columns cannot be unique: '' repeats).
  await db.schema
    .createTable('external_account_claims')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('external_id', 'varchar(128)', (c) => c.notNull())
    // 0 while the sign-up that claimed it is still creating the user.
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('external_account_claims_pk', ['source', 'external_id'])
    .execute();
  await db.schema.createIndex('external_account_claims_user').on('external_account_claims').columns(['user_id', 'source']).execute();
  for (const column of ['github_id', 'oidc_id', 'wechat_id', 'telegram_id', 'linux_do_id']) {
    await db.schema.createIndex(`users_${column}`).on('users').column(column).execute();
  }
}
