// Reads and prunes the logs table: filtered pages, consumption statistics, batched cleanup.
import { LogType, type LogStat } from '@turnpike/contract';
import { sql, type Kysely } from 'kysely';
import type { Database, LogRow } from '../db/schema';
import { logConditions, type LogFilter } from './log-filters';

/** One page of log rows and the number of rows matching the filter. */
export interface LogPage {
  rows: LogRow[];
  total: number;
}

/** The window of the rpm / tpm figures, in seconds (new-api counts the last minute). */
export const recentWindowSeconds = 60;

/** Rows per DELETE statement of the cleanup, so a large cleanup never holds the table for long. */
export const cleanupBatchSize = 10_000;

const toNumber = (value: unknown): number => Number(value ?? 0) || 0;

/** The rows of one page, newest first (created_at, then id), and the total. */
export async function listLogs(db: Kysely<Database>, filter: LogFilter, paging: { limit: number; offset: number }): Promise<LogPage> {
  const base = db.selectFrom('logs').where((eb) => eb.and(logConditions(eb, filter)));
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(paging.limit).offset(paging.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toNumber(count.count) };
}

/**
 * Consumption statistics: quota is the consumed quota (type 2) matching the filter and its window;
 * rpm and tpm count the consumption rows and their tokens of the last minute (the filter's window aside).
 * Both scans are bounded by (type, created_at) or (user_id, created_at) index ranges.
 */
export async function logStatistics(db: Kysely<Database>, filter: LogFilter, nowSeconds: number): Promise<LogStat> {
  const consumed: LogFilter = { ...filter, type: LogType.Consume };
  const recent: LogFilter = { ...consumed, startTimestamp: nowSeconds - recentWindowSeconds, endTimestamp: undefined };
  const [total, lastMinute] = await Promise.all([
    db
      .selectFrom('logs')
      .where((eb) => eb.and(logConditions(eb, consumed)))
      .select(sql<number | null>`sum(${sql.ref('quota')})`.as('quota'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('logs')
      .where((eb) => eb.and(logConditions(eb, recent)))
      .select([sql<number>`count(*)`.as('rpm'), sql<number | null>`sum(${sql.ref('prompt_tokens')} + ${sql.ref('completion_tokens')})`.as('tpm')])
      .executeTakeFirstOrThrow(),
  ]);
  return { quota: toNumber(total.quota), rpm: toNumber(lastMinute.rpm), tpm: toNumber(lastMinute.tpm) };
}

/**
 * Deletes every log row created before `targetTimestamp` (seconds), `batchSize` rows a statement:
 * each round finds the id of the batch's last row, then deletes up to it by primary key, on every engine.
 * Returns the number of rows deleted.
 */
export async function deleteLogsBefore(db: Kysely<Database>, targetTimestamp: number, batchSize = cleanupBatchSize): Promise<number> {
  let deleted = 0;
  for (;;) {
    const boundary = await db
      .selectFrom('logs')
      .select('id')
      .where('created_at', '<', targetTimestamp)
      .orderBy('id')
      .limit(1)
      .offset(batchSize - 1)
      .executeTakeFirst();
    let statement = db.deleteFrom('logs').where('created_at', '<', targetTimestamp);
    if (boundary) statement = statement.where('id', '<=', boundary.id);
    const result = await statement.executeTakeFirst();
    deleted += toNumber(result.numDeletedRows);
    if (!boundary) return deleted;
  }
}
