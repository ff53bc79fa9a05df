// What one settlement batch writes besides balances: its log rows and its hourly usage increments.
import type { NewLog } from '../db/schema';
import type { Settlement } from './ledger-types';

/** The log rows of applied settlements, each call's row followed by its system row. */
export function logsOf(applied: readonly Settlement[]): NewLog[] {
  const rows: NewLog[] = [];
  for (const { log, systemLog } of applied) {
    if (log) rows.push(log);
    if (systemLog) rows.push(systemLog);
  }
  return rows;
}

/** One hourly usage bucket's increments. */
export interface HourlyBucket {
  userId: number;
  username: string;
  modelName: string;
  hour: number;
  tokensUsed: number;
  count: number;
  quota: number;
}

/** Sums the successful settlements of a batch into hourly buckets per user and model. */
export function hourlyBuckets(applied: readonly Settlement[]): HourlyBucket[] {
  const buckets = new Map<string, HourlyBucket>();
  for (const settlement of applied) {
    if (!settlement.succeeded) continue;
    const hour = Math.floor((settlement.log?.created_at ?? Date.now() / 1000) / 3600) * 3600;
    const key = `${settlement.reservation.userId}\u0000${settlement.modelName}\u0000${hour}`;
    const bucket = buckets.get(key) ?? { userId: settlement.reservation.userId, username: settlement.username, modelName: settlement.modelName, hour, tokensUsed: 0, count: 0, quota: 0 };
    bucket.tokensUsed += settlement.tokensUsed;
    bucket.count += 1;
    bucket.quota += settlement.actual;
    buckets.set(key, bucket);
  }
  return [...buckets.values()];
}
