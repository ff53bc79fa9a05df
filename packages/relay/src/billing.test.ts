import { describe, expect, it } from 'vitest';
import { buildBillingLogOther, computeQuotaCost, type BillingQuote } from './billing';
import type { ModelPricing } from './billing-price-lookup';

const ratio = (modelRatio: number, completionRatio = 1, cacheRatio = 1, cacheCreationRatio = 1.25): ModelPricing => ({
  mode: 'ratio',
  modelRatio,
  completionRatio,
  cacheRatio,
  cacheCreationRatio,
});
const quote = (pricing: ModelPricing, groupRatio = 1, userGroupRatio = -1): BillingQuote => ({
  pricing,
  group: { groupRatio, userGroupRatio },
  quotaPerUnit: 500_000,
});
const cost = (billingQuote: BillingQuote, promptTokens: number, completionTokens: number, cachedTokens = 0, cacheCreationTokens = 0): number =>
  computeQuotaCost(billingQuote, { promptTokens, completionTokens, cachedTokens, cacheCreationTokens }).quota;

describe('computeQuotaCost, ratio mode', () => {
  it('bills (prompt + completion × completionRatio) × modelRatio × groupRatio', () => {
    expect(cost(quote(ratio(0.075, 4)), 1000, 500)).toBe(225);
    expect(cost(quote(ratio(1.25, 4)), 12, 7)).toBe(50);
    expect(cost(quote(ratio(1, 1), 2), 300, 200)).toBe(1000);
    expect(cost(quote(ratio(15)), 1, 0)).toBe(15);
  });

  it('bills cached tokens at the cache ratio instead of the full price', () => {
    // base 600 + 400 × 0.5 + 100 × 4 = 1200; × 1.25 = 1500
    expect(cost(quote(ratio(1.25, 4, 0.5)), 1000, 100, 400)).toBe(1500);
  });

  it('bills cache creation at its ratio and takes it out of the base once', () => {
    // base 1000 − 200 − 300 = 500; + 200 × 0.1 + 300 × 1.25 + 50 × 5 = 1145; × 1.5 = 1717.5 → 1718
    expect(cost(quote(ratio(1.5, 5, 0.1, 1.25)), 1000, 50, 200, 300)).toBe(1718);
  });

  it('clamps the uncached base at zero when the cache counts exceed the prompt', () => {
    // base max(0, 100 − 150) = 0; + 150 × 0.5 = 75; + 10 × 2 = 95; × 2 = 190
    expect(cost(quote(ratio(2, 2, 0.5)), 100, 10, 150)).toBe(190);
  });

  it('applies the group ratio (or the exclusive ratio that replaced it) once', () => {
    expect(cost(quote(ratio(1), 0.9, 0.9), 1000, 0)).toBe(900);
    expect(cost(quote(ratio(0.7), 0.9), 500, 0)).toBe(315);
  });

  it('rounds once at the end, halves up, exactly where binary floats would not', () => {
    expect(cost(quote(ratio(0.5)), 3, 0)).toBe(2);
    expect(cost(quote(ratio(0.5)), 1, 0)).toBe(1);
    expect(cost(quote(ratio(0.3)), 7, 0)).toBe(2);
    // 0.145 × 100 is 14.4999… in binary floating point; exactly it is 14.5 → 15.
    expect(cost(quote(ratio(0.145)), 100, 0)).toBe(15);
    // 1.15 × 100 is 114.9999… in floats; 115 exactly.
    expect(cost(quote(ratio(1.15)), 100, 0)).toBe(115);
    // Per-term rounding would give 0 + 0 + 1; one final rounding of 0.4 + 0.4 + 0.4 = 1.2 gives 1.
    expect(cost(quote(ratio(0.4, 1, 1, 1)), 3, 0, 1, 1)).toBe(1);
    // 0.3 × 3 × 0.5 = 0.45 → 0 by rounding, then the floor of 1.
    expect(cost(quote(ratio(0.3), 0.5), 3, 0)).toBe(1);
  });

  it('bills at least 1 for a nonzero ratio, 0 for free models, and 0 with no tokens', () => {
    expect(cost(quote(ratio(0.001)), 1, 0)).toBe(1);
    expect(cost(quote(ratio(0)), 1000, 1000)).toBe(0);
    expect(cost(quote(ratio(1), 0), 1000, 1000)).toBe(0);
    const empty = computeQuotaCost(quote(ratio(1)), { promptTokens: 0, completionTokens: 0 });
    expect(empty.quota).toBe(0);
    expect(empty.noBillableUsage).toBe(true);
  });

  it('treats negative or fractional token counts as non-billable input', () => {
    expect(cost(quote(ratio(1)), -5, 10)).toBe(10);
    expect(cost(quote(ratio(1)), 10.9, 0)).toBe(10);
  });
});

describe('computeQuotaCost, price mode', () => {
  const price = (modelPrice: number): ModelPricing => ({ mode: 'price', modelPrice });

  it('bills modelPrice × QuotaPerUnit × groupRatio whatever the tokens', () => {
    expect(cost(quote(price(0.04)), 0, 0)).toBe(20_000);
    expect(cost(quote(price(0.04), 1.5), 100, 100)).toBe(30_000);
    expect(cost(quote(price(0.7), 0.9), 0, 0)).toBe(315_000);
    expect(computeQuotaCost(quote(price(0.04)), { promptTokens: 0, completionTokens: 0 }).noBillableUsage).toBe(false);
  });

  it('rounds tiny prices half up, floors nonzero prices at 1 and keeps free prices free', () => {
    expect(cost(quote(price(0.000001)), 0, 0)).toBe(1);
    expect(cost(quote(price(0.0000009)), 0, 0)).toBe(1);
    expect(cost(quote(price(0.000003)), 0, 0)).toBe(2);
    expect(cost(quote(price(0)), 10, 10)).toBe(0);
  });

  it('uses the configured QuotaPerUnit', () => {
    expect(computeQuotaCost({ ...quote(price(0.1)), quotaPerUnit: 1_000_000 }, { promptTokens: 0, completionTokens: 0 }).quota).toBe(100_000);
  });
});

describe('buildBillingLogOther', () => {
  it('reports ratios, cache counts and -1 model price in ratio mode', () => {
    expect(buildBillingLogOther(quote(ratio(1.25, 4, 0.5, 1.25), 0.9, 0.9), { promptTokens: 10, completionTokens: 1, cachedTokens: 4, cacheCreationTokens: 2 })).toEqual({
      model_ratio: 1.25,
      model_price: -1,
      completion_ratio: 4,
      group_ratio: 0.9,
      user_group_ratio: 0.9,
      cache_tokens: 4,
      cache_ratio: 0.5,
      cache_creation_tokens: 2,
      cache_creation_ratio: 1.25,
    });
  });

  it('reports the price and zero ratios in price mode', () => {
    expect(computeQuotaCost(quote({ mode: 'price', modelPrice: 0.04 }, 1), { promptTokens: 5, completionTokens: 0 }).other).toEqual({
      model_ratio: 0,
      model_price: 0.04,
      completion_ratio: 0,
      group_ratio: 1,
      user_group_ratio: -1,
      cache_tokens: 0,
      cache_ratio: 0,
      cache_creation_tokens: 0,
      cache_creation_ratio: 0,
    });
  });
});
