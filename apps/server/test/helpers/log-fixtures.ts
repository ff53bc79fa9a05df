// Builders for log and dashboard tests: log rows and hourly usage buckets inserted straight into the database.
import type { Insertable, Kysely } from 'kysely';
import type { Database, NewLog, QuotaDataTable } from '../../src/db/schema';

/** A consumption row of `user_id` 1 at `created_at`, with the given fields replaced. */
export function logRow(fields: Partial<NewLog> & { created_at: number }): NewLog {
  return {
    user_id: 1,
    type: 2,
    content: '',
    username: 'someone',
    token_name: 'key-a',
    token_id: 1,
    model_name: 'model-a',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: 1,
    is_stream: 0,
    channel_id: 0,
    channel_name: '',
    group: 'default',
    ip: '',
    request_id: '',
    other: '{}',
    ...fields,
  };
}

/** Inserts rows in order (ids ascend in the order given). */
export async function insertLogs(db: Kysely<Database>, rows: NewLog[]): Promise<void> {
  for (const row of rows) await db.insertInto('logs').values(row).execute();
}

/** Inserts hourly usage buckets. */
export async function insertUsageBuckets(db: Kysely<Database>, rows: Array<Insertable<QuotaDataTable>>): Promise<void> {
  for (const row of rows) await db.insertInto('quota_data').values(row).execute();
}
