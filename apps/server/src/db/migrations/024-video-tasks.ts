// Video tasks answer the caller with the gateway's own id (`video_…`); the upstream's id (a Sora video id, a Veo
// operation name, a Kling task id) is kept beside it for polling and downloads.
import type { Kysely } from 'kysely';

/** Adds tasks.upstream_task_id ('' when the caller sees the upstream's id itself, as for Midjourney and Suno). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('upstream_task_id', 'varchar(512)', (column) => column.notNull().defaultTo('')).execute();
}
