import { describe, expect, it } from 'vitest';
import type { QuotaDataItem } from '@turnpike/contract';
import { aggregateUsage, bucketStart, buildTimeline, defaultDashboardWindow, parseGranularity, seriesByModel, totalsByModel, usageTotals } from './dashboard-rules';

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);
const row = (model: string, date: Date, quota: number, tokens: number, count: number): QuotaDataItem => ({ model_name: model, created_at: seconds(date), quota, token_used: tokens, count });

describe('granularity and window', () => {
  it('reads data_export_default_time, defaulting to hour', () => {
    expect(parseGranularity('day')).toBe('day');
    expect(parseGranularity('week')).toBe('week');
    expect(parseGranularity('')).toBe('hour');
    expect(parseGranularity(undefined)).toBe('hour');
    expect(parseGranularity('month')).toBe('hour');
  });
  it('looks back 1, 7 or 30 days and one hour ahead', () => {
    expect(defaultDashboardWindow('hour', 1_000_000)).toEqual({ start: 1_000_000 - 86400, end: 1_003_600 });
    expect(defaultDashboardWindow('day', 1_000_000).start).toBe(1_000_000 - 7 * 86400);
    expect(defaultDashboardWindow('week', 1_000_000).start).toBe(1_000_000 - 30 * 86400);
  });
});

describe('bucketing', () => {
  it('puts hours at local midnight for days and local Monday midnight for weeks', () => {
    const wednesday = new Date(2025, 0, 15, 13, 0, 0);
    // Hourly rows are stored at UTC hour starts, whatever the viewer's zone.
    expect(bucketStart(Date.UTC(2025, 0, 15, 13, 42) / 1000, 'hour')).toBe(Date.UTC(2025, 0, 15, 13) / 1000);
    expect(bucketStart(seconds(wednesday), 'day')).toBe(seconds(new Date(2025, 0, 15)));
    expect(bucketStart(seconds(wednesday), 'week')).toBe(seconds(new Date(2025, 0, 13)));
    expect(bucketStart(seconds(new Date(2025, 0, 19, 23)), 'week')).toBe(seconds(new Date(2025, 0, 13)));
    expect(bucketStart(seconds(new Date(2025, 0, 20, 0)), 'week')).toBe(seconds(new Date(2025, 0, 20)));
  });
  it('sums hourly rows per day and model', () => {
    const rows = [row('a', new Date(2025, 0, 15, 9), 100, 10, 1), row('a', new Date(2025, 0, 15, 10), 50, 5, 2), row('b', new Date(2025, 0, 15, 10), 7, 1, 1), row('a', new Date(2025, 0, 16, 1), 1, 1, 1)];
    expect(aggregateUsage(rows, 'day')).toEqual([
      { modelName: 'a', start: seconds(new Date(2025, 0, 15)), quota: 150, tokens: 15, count: 3 },
      { modelName: 'b', start: seconds(new Date(2025, 0, 15)), quota: 7, tokens: 1, count: 1 },
      { modelName: 'a', start: seconds(new Date(2025, 0, 16)), quota: 1, tokens: 1, count: 1 },
    ]);
    expect(aggregateUsage(rows, 'week')).toHaveLength(2);
  });
});

describe('totals and series', () => {
  const utcHour = (hour: number): Date => new Date(Date.UTC(2025, 0, 15, hour));
  const rows = [row('a', utcHour(9), 100, 10, 6), row('b', utcHour(11), 300, 30, 3)];
  const buckets = aggregateUsage(rows, 'hour');
  const window = { start: seconds(utcHour(9)), end: seconds(utcHour(12)) };

  it('sums the window and averages calls per minute up to now', () => {
    expect(usageTotals(buckets, window, window.end + 7200)).toEqual({ quota: 400, tokens: 40, count: 9, averageRpm: 0.05 });
    expect(usageTotals(buckets, window, window.start + 60).averageRpm).toBe(9);
  });
  it('fills the empty hours of the timeline with zeros', () => {
    const timeline = buildTimeline(buckets, 'hour', window, window.end);
    expect(timeline).toEqual([9, 10, 11, 12].map((hour) => seconds(utcHour(hour))));
    expect(seriesByModel(buckets, timeline, 'quota')).toEqual([
      { modelName: 'b', values: [0, 0, 300, 0] },
      { modelName: 'a', values: [100, 0, 0, 0] },
    ]);
    expect(totalsByModel(buckets, 'count')).toEqual([
      { name: 'a', value: 6 },
      { name: 'b', value: 3 },
    ]);
  });
});
