import { describe, expect, it } from 'vitest';
import type { PricingItem } from '@turnpike/contract';
import { compareAvailability, displayPrice, filterModels, isAvailableIn, modelPrice, ratioOf, selectedModelsText, usableGroupsOf } from './pricing-rules';

const usage: PricingItem = { model_name: 'GPT-4o-mini', quota_type: 0, model_ratio: 0.075, completion_ratio: 4, model_price: 0, enable_groups: ['default', 'vip'], price_source: 'option' };
const perCall: PricingItem = { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, completion_ratio: 0, model_price: 0.04, enable_groups: ['vip'], price_source: 'option' };

describe('search and availability', () => {
  it('filters by case-insensitive substring', () => {
    expect(filterModels([usage, perCall], 'gpt-4O').map((item) => item.model_name)).toEqual(['GPT-4o-mini']);
    expect(filterModels([usage, perCall], '  ')).toHaveLength(2);
    expect(filterModels([usage, perCall], 'claude')).toEqual([]);
  });
  it('ticks a model when the group has it and sorts available first when descending', () => {
    expect(isAvailableIn(usage, 'default')).toBe(true);
    expect(isAvailableIn(perCall, 'default')).toBe(false);
    expect(compareAvailability(usage, perCall, 'default')).toBe(1);
    expect(compareAvailability(usage, perCall, 'vip')).toBe(0);
  });
  it('keeps only the groups the viewer may use', () => {
    expect(usableGroupsOf(usage, { default: 'Default' })).toEqual(['default']);
    expect(ratioOf({ vip: 0.8 }, 'vip')).toBe(0.8);
    expect(ratioOf({}, 'missing')).toBe(1);
  });
});

describe('prices', () => {
  it('prices per-usage models per 1M tokens: ratio × 2 × group ratio, output × completion ratio', () => {
    expect(modelPrice(usage, 1)).toEqual({ kind: 'usage', input: 0.15, output: 0.6 });
    const vip = modelPrice(usage, 2);
    expect(vip.kind === 'usage' ? [vip.input, vip.output] : null).toEqual([0.3, 1.2]);
  });
  it('adds audio prices where audio ratios are set: input × audio ratio, that × audio completion ratio', () => {
    expect(modelPrice({ ...usage, model_ratio: 2.5, completion_ratio: 4, audio_ratio: 8, audio_completion_ratio: 2 }, 1)).toEqual({ kind: 'usage', input: 5, output: 20, audio: { input: 40, output: 80 } });
    expect(modelPrice({ ...usage, audio_ratio: 4 }, 1)).toEqual({ kind: 'usage', input: 0.15, output: 0.6, audio: { input: 0.6, output: 0.6 } });
  });
  it('prices per-call models at model price × group ratio', () => {
    expect(modelPrice(perCall, 1.5)).toEqual({ kind: 'call', perCall: 0.06 });
  });
  it('converts to the top-up price in USD (price / exchange rate) or CNY (2 decimals)', () => {
    const plain = { topup: false, currency: 'USD' as const, topupPrice: 5, usdExchangeRate: 7.3 };
    expect(displayPrice(0.15, plain)).toBe('$0.15');
    expect(displayPrice(0.1234567, plain)).toBe('$0.123457');
    expect(displayPrice(1, { ...plain, topup: true, currency: 'CNY' })).toBe('¥5.00');
    expect(displayPrice(0.6, { ...plain, topup: true, currency: 'CNY' })).toBe('¥3.00');
    expect(displayPrice(7.3, { ...plain, topup: true, currency: 'USD' })).toBe('$5');
  });
  it('copies the selected names in table order', () => {
    expect(selectedModelsText([usage, perCall], ['dall-e-3', 'GPT-4o-mini'])).toBe('GPT-4o-mini,dall-e-3');
    expect(selectedModelsText([usage, perCall], [])).toBe('');
  });
});
