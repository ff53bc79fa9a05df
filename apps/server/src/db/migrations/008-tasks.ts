// Asynchronous tasks (Midjourney drawings, Suno songs): one row per task submitted through the relay, polled until final.
import { sql, type Kysely } from 'kysely';
import type { DatabaseKind } from '../connect';

function idType(kind: DatabaseKind): string {
  if (kind === 'postgres') return 'bigserial primary key';
  if (kind === 'mysql') return 'bigint auto_increment primary key';
  return 'integer primary key autoincrement';
}

/** Creates the tasks table with its poll, owner and upstream-id indexes. Times are milliseconds. */
export async function up(db: Kysely<unknown>, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', sql`${sql.raw(idType(kind))}`)
    .addColumn('platform', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('task_id', 'varchar(191)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('token_id', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('token_debited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    .addColumn('model_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'varchar(20)', (c) => c.notNull().defaultTo('0%'))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('prompt_en', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('buttons', 'text', (c) => c.notNull())
    .addColumn('fail_reason', 'text', (c) => c.notNull())
    .addColumn('notify_hook', 'text', (c) => c.notNull())
    .addColumn('submit_time', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('next_poll_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('poll_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('tasks_poll').on('tasks').columns(['status', 'next_poll_at']).execute();
  await db.schema.createIndex('tasks_user_submit').on('tasks').columns(['user_id', 'submit_time']).execute();
  await db.schema.createIndex('tasks_platform_task').on('tasks').columns(['platform', 'task_id']).execute();
  await db.schema.createIndex('tasks_channel').on('tasks').columns(['channel_id']).execute();
}
