// Pure rules of the data dashboard: default window, client-side bucketing of hourly rows, totals and chart series.
import { DataGranularities, type DataGranularity, type QuotaDataItem } from '@turnpike/contract';

const hourSeconds = 3600;
const daySeconds = 24 * hourSeconds;

/** The granularity from the status's data_export_default_time; anything else is `hour` (spec 001 §9 default). */
export function parseGranularity(raw: string | null | undefined): DataGranularity {
  return (DataGranularities as readonly string[]).includes(raw ?? '') ? (raw as DataGranularity) : 'hour';
}

/** The default window for a granularity: 1 day (hour), 7 days (day) or 30 days (week) back, to one hour ahead. */
export function defaultDashboardWindow(granularity: DataGranularity, nowSeconds: number = Math.floor(Date.now() / 1000)): { start: number; end: number } {
  const back = granularity === 'hour' ? daySeconds : granularity === 'day' ? 7 * daySeconds : 30 * daySeconds;
  return { start: nowSeconds - back, end: nowSeconds + hourSeconds };
}

/**
 * The start (seconds) of the bucket holding `seconds`: the stored hour for `hour`, local midnight for `day`,
 * local Monday midnight for `week`.
 */
export function bucketStart(seconds: number, granularity: DataGranularity): number {
  if (granularity === 'hour') return Math.floor(seconds / hourSeconds) * hourSeconds;
  const date = new Date(seconds * 1000);
  date.setHours(0, 0, 0, 0);
  if (granularity === 'week') date.setDate(date.getDate() - ((date.getDay() + 6) % 7));
  return Math.floor(date.getTime() / 1000);
}

/** The start of the bucket after the one starting at `start` (calendar days, so DST days stay whole). */
export function nextBucketStart(start: number, granularity: DataGranularity): number {
  if (granularity === 'hour') return start + hourSeconds;
  const date = new Date(start * 1000);
  date.setDate(date.getDate() + (granularity === 'week' ? 7 : 1));
  return Math.floor(date.getTime() / 1000);
}

/** One model's usage in one bucket. */
export interface UsageBucket {
  modelName: string;
  start: number;
  quota: number;
  tokens: number;
  count: number;
}

/** Sums rows (of any users) per bucket and model, oldest first then by model name. */
export function aggregateUsage(rows: readonly QuotaDataItem[], granularity: DataGranularity): UsageBucket[] {
  const buckets = new Map<string, UsageBucket>();
  for (const row of rows) {
    const start = bucketStart(row.created_at, granularity);
    const key = `${start}\u0000${row.model_name}`;
    const bucket = buckets.get(key) ?? { modelName: row.model_name, start, quota: 0, tokens: 0, count: 0 };
    bucket.quota += Number(row.quota) || 0;
    bucket.tokens += Number(row.token_used) || 0;
    bucket.count += Number(row.count) || 0;
    buckets.set(key, bucket);
  }
  return [...buckets.values()].sort((left, right) => left.start - right.start || left.modelName.localeCompare(right.modelName));
}

/** Totals of the window and the average requests per minute over its elapsed part. */
export interface UsageTotals {
  quota: number;
  tokens: number;
  count: number;
  averageRpm: number;
}

/** Sums the buckets; the average RPM divides calls by the minutes from start to min(end, now). */
export function usageTotals(buckets: readonly UsageBucket[], window: { start: number; end: number }, nowSeconds: number = Math.floor(Date.now() / 1000)): UsageTotals {
  const totals = buckets.reduce((sum, bucket) => ({ quota: sum.quota + bucket.quota, tokens: sum.tokens + bucket.tokens, count: sum.count + bucket.count }), { quota: 0, tokens: 0, count: 0 });
  const minutes = (Math.min(window.end, nowSeconds) - window.start) / 60;
  const averageRpm = minutes > 0 ? totals.count / minutes : 0;
  return { ...totals, averageRpm: Math.round(averageRpm * 1000) / 1000 };
}

/** Most bucket slots a timeline fills; beyond that only buckets with data are shown. */
export const maxTimelineSlots = 1000;

/**
 * The bucket starts of the x axis: every bucket from the window start to min(end, now) so gaps show as zero,
 * plus any data bucket outside that; only the data buckets when the window would need too many slots.
 */
export function buildTimeline(buckets: readonly UsageBucket[], granularity: DataGranularity, window: { start: number; end: number }, nowSeconds: number = Math.floor(Date.now() / 1000)): number[] {
  const starts = new Set(buckets.map((bucket) => bucket.start));
  const last = bucketStart(Math.max(window.start, Math.min(window.end, nowSeconds)), granularity);
  const filled: number[] = [];
  for (let start = bucketStart(window.start, granularity); start <= last; start = nextBucketStart(start, granularity)) {
    filled.push(start);
    if (filled.length > maxTimelineSlots) return [...starts].sort((left, right) => left - right);
  }
  for (const start of filled) starts.add(start);
  return [...starts].sort((left, right) => left - right);
}

/** A numeric field of a bucket a chart plots. */
export type UsageMetric = 'quota' | 'tokens' | 'count';

/** One series per model (models sorted by their total, largest first), aligned on the timeline. */
export function seriesByModel(buckets: readonly UsageBucket[], timeline: readonly number[], metric: UsageMetric): Array<{ modelName: string; values: number[] }> {
  const index = new Map(timeline.map((start, position) => [start, position]));
  const byModel = new Map<string, number[]>();
  for (const bucket of buckets) {
    const values = byModel.get(bucket.modelName) ?? timeline.map(() => 0);
    const position = index.get(bucket.start);
    if (position !== undefined) values[position] = (values[position] ?? 0) + bucket[metric];
    byModel.set(bucket.modelName, values);
  }
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  return [...byModel.entries()].map(([modelName, values]) => ({ modelName, values })).sort((left, right) => total(right.values) - total(left.values) || left.modelName.localeCompare(right.modelName));
}

/** Total of a metric per model, largest first. */
export function totalsByModel(buckets: readonly UsageBucket[], metric: UsageMetric): Array<{ name: string; value: number }> {
  const sums = new Map<string, number>();
  for (const bucket of buckets) sums.set(bucket.modelName, (sums.get(bucket.modelName) ?? 0) + bucket[metric]);
  return [...sums.entries()].map(([name, value]) => ({ name, value })).sort((left, right) => right.value - left.value || left.name.localeCompare(right.name));
}
