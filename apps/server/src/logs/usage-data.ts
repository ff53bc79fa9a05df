// Dashboard data from the hourly quota_data buckets, optionally folded into days or weeks.
import type { DataGranularity, QuotaDataItem } from '@turnpike/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Which buckets to read: one user's (by id or by name) or everyone's summed per model and hour. */
export interface UsageDataQuery {
  startTimestamp: number;
  /** Inclusive; undefined = no upper bound. */
  endTimestamp?: number;
  userId?: number;
  username?: string;
}

const toNumber = (value: unknown): number => Number(value ?? 0) || 0;

/**
 * The hourly rows in the window, oldest first: a user's own rows (with id, user_id, username) when a user is
 * named, else one row per model and hour summed over every user (as new-api's GetAllQuotaDates).
 */
export async function readUsageData(db: Kysely<Database>, query: UsageDataQuery): Promise<QuotaDataItem[]> {
  let base = db.selectFrom('quota_data').where('created_at', '>=', query.startTimestamp);
  if (query.endTimestamp !== undefined) base = base.where('created_at', '<=', query.endTimestamp);
  if (query.userId !== undefined || query.username !== undefined) {
    if (query.userId !== undefined) base = base.where('user_id', '=', query.userId);
    if (query.username !== undefined) base = base.where('username', '=', query.username);
    const rows = await base.selectAll().orderBy('created_at').orderBy('model_name').orderBy('id').execute();
    return rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      username: row.username,
      model_name: row.model_name,
      created_at: toNumber(row.created_at),
      token_used: toNumber(row.token_used),
      count: toNumber(row.count),
      quota: toNumber(row.quota),
    }));
  }
  const rows = await base
    .select((eb) => [
      'model_name',
      'created_at',
      eb.fn.sum<number>('token_used').as('token_used'),
      eb.fn.sum<number>('count').as('count'),
      eb.fn.sum<number>('quota').as('quota'),
    ])
    .groupBy(['model_name', 'created_at'])
    .orderBy('created_at')
    .orderBy('model_name')
    .execute();
  return rows.map((row) => ({
    model_name: row.model_name,
    created_at: toNumber(row.created_at),
    token_used: toNumber(row.token_used),
    count: toNumber(row.count),
    quota: toNumber(row.quota),
  }));
}

const hourSeconds = 3600;
const daySeconds = 24 * hourSeconds;
/** 1970-01-01 was a Thursday: shifting time by 3 days puts week edges on Mondays (1969-12-29 was one). */
const mondayOffsetSeconds = 3 * daySeconds;

/** The start (UTC seconds) of the bucket holding `timestamp`, with bucket edges at local midnight for `utcOffsetSeconds`. */
export function bucketStart(timestamp: number, granularity: DataGranularity, utcOffsetSeconds: number): number {
  if (granularity === 'hour') return Math.floor(timestamp / hourSeconds) * hourSeconds;
  const size = granularity === 'day' ? daySeconds : 7 * daySeconds;
  const shift = utcOffsetSeconds + (granularity === 'week' ? mondayOffsetSeconds : 0);
  return Math.floor((timestamp + shift) / size) * size - shift;
}

/** Sums rows into buckets of `granularity` per model (and per user for per-user rows), oldest first. */
export function foldUsageData(rows: readonly QuotaDataItem[], granularity: DataGranularity, utcOffsetSeconds = 0): QuotaDataItem[] {
  const buckets = new Map<string, QuotaDataItem>();
  for (const row of rows) {
    const start = bucketStart(row.created_at, granularity, utcOffsetSeconds);
    const key = `${start}\u0000${row.model_name}\u0000${row.username ?? ''}`;
    const bucket = buckets.get(key);
    if (bucket) {
      bucket.token_used += row.token_used;
      bucket.count += row.count;
      bucket.quota += row.quota;
      continue;
    }
    const fresh: QuotaDataItem = { model_name: row.model_name, created_at: start, token_used: row.token_used, count: row.count, quota: row.quota };
    if (row.username !== undefined) fresh.username = row.username;
    buckets.set(key, fresh);
  }
  return [...buckets.values()].sort((left, right) => left.created_at - right.created_at || left.model_name.localeCompare(right.model_name) || (left.username ?? '').localeCompare(right.username ?? ''));
}

/** One user's usage in one hour, in new-api's full QuotaData shape (the fields it does not select are zero values). */
export interface UserHourUsage {
  id: 0;
  user_id: 0;
  username: string;
  model_name: '';
  created_at: number;
  use_group: '';
  token_id: 0;
  channel_id: 0;
  node_name: '';
  token_used: number;
  count: number;
  quota: number;
}

/** Usage per user per hour in the inclusive window (new-api's GetQuotaDataGroupByUser), oldest hour first. */
export async function readUsageByUser(db: Kysely<Database>, startTimestamp: number, endTimestamp?: number): Promise<UserHourUsage[]> {
  let base = db.selectFrom('quota_data').where('created_at', '>=', startTimestamp);
  if (endTimestamp !== undefined) base = base.where('created_at', '<=', endTimestamp);
  const rows = await base
    .select((eb) => ['username', 'created_at', eb.fn.sum<number>('token_used').as('token_used'), eb.fn.sum<number>('count').as('count'), eb.fn.sum<number>('quota').as('quota')])
    .groupBy(['username', 'created_at'])
    .orderBy('created_at')
    .orderBy('username')
    .execute();
  return rows.map((row) => ({
    id: 0,
    user_id: 0,
    username: row.username,
    model_name: '',
    created_at: toNumber(row.created_at),
    use_group: '',
    token_id: 0,
    channel_id: 0,
    node_name: '',
    token_used: toNumber(row.token_used),
    count: toNumber(row.count),
    quota: toNumber(row.quota),
  }));
}
