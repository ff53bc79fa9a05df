import { renderBillingFormula } from '@turnpike/contract';
import { describe, expect, it } from 'vitest';
import {
  billedGroupRatio,
  defaultLogWindow,
  firstTokenColor,
  hasExpandableDetails,
  latencyColor,
  logTypeInfo,
  parseColumnVisibility,
  parseLogOther,
  recordBreakdown,
  retryChain,
} from './logs-rules';

describe('parseLogOther', () => {
  it('reads the numbers, flags, warnings and the channels tried', () => {
    const other = parseLogOther(
      JSON.stringify({ model_ratio: 2.5, completion_ratio: 4, group_ratio: 1, frt: 850, is_model_mapped: true, upstream_model_name: 'gpt-4o', admin_info: { use_channel: [1, 3] }, warnings: ['w1', 7] }),
    );
    expect(other).toEqual({ model_ratio: 2.5, completion_ratio: 4, group_ratio: 1, frt: 850, is_model_mapped: true, upstream_model_name: 'gpt-4o', useChannel: [1, 3], warnings: ['w1'] });
  });
  it('gives an empty object for empty, invalid or non-object text', () => {
    expect(parseLogOther('')).toEqual({});
    expect(parseLogOther('{oops')).toEqual({});
    expect(parseLogOther('[1,2]')).toEqual({});
    expect(parseLogOther('{"model_ratio":"2"}')).toEqual({});
  });
  it('reads a well-formed billing breakdown and drops a malformed one', () => {
    const rows = [{ unit: 'prompt', quantity: 10, rate: 2.5, quota: 25 }];
    expect(parseLogOther(JSON.stringify({ billing_breakdown: rows, unbilled_quota: 3 }))).toEqual({ billing_breakdown: rows, unbilled_quota: 3 });
    expect(parseLogOther(JSON.stringify({ billing_breakdown: [{ unit: 'prompt' }] }))).toEqual({});
  });
});

describe('time tags', () => {
  it('colours latency: under 101 s green, under 300 orange, else red', () => {
    expect(latencyColor(0)).toBe('green');
    expect(latencyColor(100)).toBe('green');
    expect(latencyColor(101)).toBe('orange');
    expect(latencyColor(299)).toBe('orange');
    expect(latencyColor(300)).toBe('red');
  });
  it('colours the first-token time (ms): under 3 s green, under 10 s orange, else red', () => {
    expect(firstTokenColor(2999)).toBe('green');
    expect(firstTokenColor(3000)).toBe('orange');
    expect(firstTokenColor(9999)).toBe('orange');
    expect(firstTokenColor(10000)).toBe('red');
  });
});

describe('retryChain and types', () => {
  it('joins two or more channels with arrows', () => {
    expect(retryChain([1, 3])).toBe('1 → 3');
    expect(retryChain([4, 2, 9])).toBe('4 → 2 → 9');
    expect(retryChain([1])).toBeNull();
    expect(retryChain(undefined)).toBeNull();
  });
  it('maps the log types to label keys and colours', () => {
    expect(logTypeInfo(1)).toEqual({ key: 'topup', color: 'cyan' });
    expect(logTypeInfo(2)).toEqual({ key: 'consume', color: 'lime' });
    expect(logTypeInfo(5)).toEqual({ key: 'error', color: 'red' });
    expect(logTypeInfo(0).key).toBe('unknown');
    expect(logTypeInfo(9).key).toBe('unknown');
  });
});

describe('recordBreakdown', () => {
  const record = (prompt_tokens: number, completion_tokens: number, quota: number) => ({ prompt_tokens, completion_tokens, quota });

  it('uses the rows the relay logged, whatever their units', () => {
    const rows = [
      { unit: 'prompt', quantity: 10, rate: 1.5, quota: 15 },
      { unit: 'web_search', quantity: 2, rate: 5000, quota: 10000 },
    ];
    expect(recordBreakdown(record(10, 0, 10015), { billing_breakdown: rows, model_ratio: 9 }, 500000)).toBe(rows);
  });
  it('derives the rows of an older record from its ratios, taking cached tokens out of the prompt', () => {
    const other = { model_ratio: 1, completion_ratio: 2, group_ratio: 1, model_price: -1, cache_tokens: 40, cache_ratio: 0.5 };
    const rows = recordBreakdown(record(100, 5, 90), other, 500000);
    expect(rows).toEqual([
      { unit: 'prompt', quantity: 60, rate: 1, quota: 60 },
      { unit: 'cache_read', quantity: 40, rate: 0.5, quota: 20 },
      { unit: 'completion', quantity: 5, rate: 2, quota: 10 },
    ]);
    expect(renderBillingFormula(rows, billedGroupRatio(other).ratio, 'en').numbers).toBe('(60 × 1 + 40 × 0.5 + 5 × 2) × 1 = 90');
  });
  it('uses the exclusive user group ratio when one applied', () => {
    expect(billedGroupRatio({ group_ratio: 1, user_group_ratio: 0.5 })).toEqual({ ratio: 0.5, exclusive: true });
    expect(billedGroupRatio({ group_ratio: 2, user_group_ratio: -1 })).toEqual({ ratio: 2, exclusive: false });
    const other = { model_ratio: 1, completion_ratio: 1, group_ratio: 1, user_group_ratio: 0.5 };
    expect(renderBillingFormula(recordBreakdown(record(1, 1, 1), other, 500000), billedGroupRatio(other).ratio, 'zh').numbers).toBe('(1 × 1 + 1 × 1) × 0.5 = 1');
  });
  it('derives one call for an older per-call record, priced with the quota per dollar, and counts what went unbilled', () => {
    const other = { model_price: 0.03, model_ratio: 0, group_ratio: 2 };
    expect(renderBillingFormula(recordBreakdown(record(3, 4, 30000), other, 500000), 2, 'en').numbers).toBe('1 × 15000 × 2 = 30000');
    const short = recordBreakdown(record(10, 10, 25), { model_ratio: 1, completion_ratio: 2, model_price: -1, unbilled_quota: 5 }, 500000);
    expect(short.reduce((sum, row) => sum + row.quota, 0)).toBe(30);
  });
});

describe('defaultLogWindow', () => {
  it('runs from local midnight to one hour after now', () => {
    const now = new Date(2025, 4, 6, 15, 30, 12);
    const window = defaultLogWindow(now);
    expect(window.start).toBe(Math.floor(new Date(2025, 4, 6).getTime() / 1000));
    expect(window.end).toBe(Math.floor(now.getTime() / 1000) + 3600);
  });
});

describe('column visibility', () => {
  it('shows every column unless the stored map turns it off', () => {
    const visibility = parseColumnVisibility('{"channel":false,"content":false,"bogus":false,"quota":"no"}');
    expect(visibility.channel).toBe(false);
    expect(visibility.content).toBe(false);
    expect(visibility.quota).toBe(true);
    expect(Object.values(parseColumnVisibility(null)).every(Boolean)).toBe(true);
    expect(Object.values(parseColumnVisibility('nonsense')).every(Boolean)).toBe(true);
  });
  it('expands consumption and error rows and rows with content', () => {
    expect(hasExpandableDetails({ type: 2, content: '', other: '' })).toBe(true);
    expect(hasExpandableDetails({ type: 3, content: '', other: '{}' })).toBe(false);
    expect(hasExpandableDetails({ type: 3, content: 'quota changed', other: '{}' })).toBe(true);
  });
});
