import { describe, expect, it } from 'vitest';
import {
  billedGroupRatio,
  buildCostFormula,
  defaultLogWindow,
  firstTokenColor,
  hasExpandableDetails,
  latencyColor,
  logTypeInfo,
  parseColumnVisibility,
  parseLogOther,
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

describe('buildCostFormula', () => {
  it('writes the ratio formula with the numbers and the dollar value', () => {
    const formula = buildCostFormula({ promptTokens: 10, completionTokens: 20, quota: 225, quotaPerUnit: 500000, other: { model_ratio: 2.5, completion_ratio: 4, group_ratio: 1, model_price: -1, user_group_ratio: -1 } });
    expect(formula).toEqual({ mode: 'ratio', withCache: false, numeric: '(10 + 20 × 4) × 2.5 × 1 = 225', dollars: 0.00045 });
  });
  it('takes cached tokens out of the prompt and prices them at the cache ratio', () => {
    const formula = buildCostFormula({ promptTokens: 100, completionTokens: 5, quota: 80, quotaPerUnit: 500000, other: { model_ratio: 1, completion_ratio: 2, group_ratio: 1, cache_tokens: 40, cache_ratio: 0.5 } });
    expect(formula.withCache).toBe(true);
    expect(formula.numeric).toBe('(60 + 40 × 0.5 + 5 × 2) × 1 × 1 = 80');
  });
  it('uses the exclusive user group ratio when one applied', () => {
    expect(billedGroupRatio({ group_ratio: 1, user_group_ratio: 0.5 })).toEqual({ ratio: 0.5, exclusive: true });
    expect(billedGroupRatio({ group_ratio: 2, user_group_ratio: -1 })).toEqual({ ratio: 2, exclusive: false });
    const formula = buildCostFormula({ promptTokens: 1, completionTokens: 1, quota: 1, quotaPerUnit: 500000, other: { model_ratio: 1, completion_ratio: 1, group_ratio: 1, user_group_ratio: 0.5 } });
    expect(formula.numeric).toBe('(1 + 1 × 1) × 1 × 0.5 = 1');
  });
  it('writes the price formula for per-call records', () => {
    const formula = buildCostFormula({ promptTokens: 3, completionTokens: 4, quota: 30000, quotaPerUnit: 500000, other: { model_price: 0.03, model_ratio: 0, group_ratio: 2 } });
    expect(formula).toEqual({ mode: 'price', withCache: false, numeric: '$0.03 × 2 = $0.06', dollars: 0.06 });
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
