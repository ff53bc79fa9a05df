// The first schema: every table of the two spec documents, with indexes for the list filters.
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

type AnyDatabase = Kysely<unknown>;

function idType(kind: DatabaseKind): string {
  if (kind === 'postgres') return 'bigserial primary key';
  if (kind === 'mysql') return 'bigint auto_increment primary key';
  return 'integer primary key autoincrement';
}

/** Creates the initial tables. */
export async function up(db: AnyDatabase, kind: DatabaseKind): Promise<void> {
  const id = sql.raw(idType(kind));
  const text = sql.raw(kind === 'mysql' ? 'mediumtext' : 'text');
  const schema = db.schema;

  await schema
    .createTable('users')
    .addColumn('id', sql`${id}`)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password', 'varchar(255)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('github_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('oidc_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('wechat_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('linux_do_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('access_token', 'varchar(64)', (c) => c.unique())
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
    .addColumn('aff_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('aff_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_history_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('inviter_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('setting', sql`${text}`)
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await schema.createIndex('users_email').on('users').column('email').execute();
  await schema.createIndex('users_group').on('users').column('group').execute();

  await schema
    .createTable('options')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', sql`${text}`, (c) => c.notNull())
    .execute();

  await schema
    .createTable('setups')
    .addColumn('id', sql`${id}`)
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('initialized_at', 'bigint', (c) => c.notNull())
    .execute();

  await schema
    .createTable('tokens')
    .addColumn('id', sql`${id}`)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('key', 'char(48)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('accessed_time', 'bigint', (c) => c.notNull())
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unlimited_quota', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits', sql`${text}`)
    .addColumn('allow_ips', sql`${text}`)
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await schema.createIndex('tokens_user').on('tokens').columns(['user_id', 'id']).execute();
  await schema.createIndex('tokens_name').on('tokens').column('name').execute();

  await schema
    .createTable('channels')
    .addColumn('id', sql`${id}`)
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('key', sql`${text}`, (c) => c.notNull())
    .addColumn('openai_organization', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('test_model', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_url', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', sql`${text}`)
    .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('models', sql`${text}`)
    .addColumn('group', 'varchar(255)', (c) => c.notNull().defaultTo('default'))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('model_mapping', sql`${text}`)
    .addColumn('status_code_mapping', sql`${text}`)
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('other_info', sql`${text}`)
    .addColumn('tag', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('setting', sql`${text}`)
    .addColumn('param_override', sql`${text}`)
    .addColumn('max_input_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await schema.createIndex('channels_tag').on('channels').column('tag').execute();

  await schema
    .createTable('abilities')
    .addColumn('group', 'varchar(64)', (c) => c.notNull())
    .addColumn('model', 'varchar(255)', (c) => c.notNull())
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('tag', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('abilities_pk', ['group', 'model', 'channel_id'])
    .execute();
  await schema.createIndex('abilities_channel').on('abilities').column('channel_id').execute();

  await schema
    .createTable('redemptions')
    .addColumn('id', sql`${id}`)
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('key', 'char(32)', (c) => c.notNull().unique())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(100000))
    .addColumn('created_time', 'bigint', (c) => c.notNull())
    .addColumn('redeemed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await schema.createIndex('redemptions_name').on('redemptions').column('name').execute();

  await schema
    .createTable('logs')
    .addColumn('id', sql`${id}`)
    .addColumn('user_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', sql`${text}`)
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('model_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_name', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', sql`${text}`)
    .execute();
  await schema.createIndex('logs_created').on('logs').columns(['created_at']).execute();
  await schema.createIndex('logs_user_created').on('logs').columns(['user_id', 'created_at']).execute();
  await schema.createIndex('logs_type_created').on('logs').columns(['type', 'created_at']).execute();
  await schema.createIndex('logs_model').on('logs').column('model_name').execute();
  await schema.createIndex('logs_token_name').on('logs').column('token_name').execute();
  await schema.createIndex('logs_username').on('logs').column('username').execute();
  await schema.createIndex('logs_channel').on('logs').column('channel_id').execute();

  await schema
    .createTable('quota_data')
    .addColumn('id', sql`${id}`)
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('quota_data_bucket', ['user_id', 'model_name', 'created_at'])
    .execute();
  await schema.createIndex('quota_data_created').on('quota_data').column('created_at').execute();

  await schema
    .createTable('reservations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('token_id', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('node_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await schema.createIndex('reservations_created').on('reservations').column('created_at').execute();
}
