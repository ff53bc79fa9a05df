import { describe, expect, it } from 'vitest';
import { computeQuotaCost, type BillingQuote } from './billing';
import type { ModelPricing } from './billing-price-lookup';
import { affordableOutputTokens, minimalAnswerTokens, worstCaseQuota } from './billing-reserve';

const ratio = (modelRatio: number, completionRatio = 1, cacheCreationRatio = 1): ModelPricing => ({ mode: 'ratio', modelRatio, completionRatio, cacheRatio: 0.1, cacheCreationRatio });
const quote = (pricing: ModelPricing, groupRatio = 1): BillingQuote => ({ pricing, group: { groupRatio, userGroupRatio: -1 }, quotaPerUnit: 500_000 });
const request = (promptTokens: number, outputTokens: number, preConsumedQuota = 0, units = 1) => ({ promptTokens, outputTokens, preConsumedQuota, units });

describe('worstCaseQuota', () => {
  it('covers the prompt estimate plus the whole output limit at the completion ratio', () => {
    // (100 + 1000 × 4) × 0.075 = 307.5, rounded like the settlement: 308
    expect(worstCaseQuota(quote(ratio(0.075, 4)), request(100, 1000))).toBe(308);
    expect(computeQuotaCost(quote(ratio(0.075, 4)), { promptTokens: 100, completionTokens: 1000 }).quota).toBe(308);
    // The PreConsumedQuota floor applies to the prompt estimate only.
    expect(worstCaseQuota(quote(ratio(2, 1.5), 1.5), request(10, 90, 500))).toBe(1_905);
  });

  it('covers every settled cost up to the limit, cached or not', () => {
    const priced = quote(ratio(0.29, 3), 1.1);
    const worst = worstCaseQuota(priced, request(300, 200));
    for (const cached of [0, 100, 300]) {
      for (const output of [0, 1, 199, 200]) {
        expect(computeQuotaCost(priced, { promptTokens: 300, completionTokens: output, cachedTokens: cached }).quota).toBeLessThanOrEqual(worst);
      }
    }
  });

  it('reserves a per-call price exactly, times its units, and nothing for free models', () => {
    const priced = quote({ mode: 'price', modelPrice: 0.04 }, 0.9);
    expect(worstCaseQuota(priced, request(9_999, 9_999, 500))).toBe(18_000);
    expect(worstCaseQuota(priced, request(1, 0, 0, 3))).toBe(54_000);
    expect(worstCaseQuota(quote(ratio(0)), request(100, 100, 500))).toBe(0);
    expect(worstCaseQuota(quote(ratio(3), 0), request(100, 100, 500))).toBe(0);
  });
});

describe('affordableOutputTokens', () => {
  const priced = quote(ratio(0.075, 4));

  it('is the whole ceiling when the budget covers it', () => {
    expect(affordableOutputTokens(priced, { promptTokens: 100, preConsumedQuota: 0 }, 10_000, 1_000)).toBe(1_000);
  });

  it('is the largest limit whose worst-case cost fits the budget', () => {
    const budget = 200;
    const limit = affordableOutputTokens(priced, { promptTokens: 100, preConsumedQuota: 0 }, budget, 16_384);
    expect(worstCaseQuota(priced, request(100, limit))).toBeLessThanOrEqual(budget);
    expect(worstCaseQuota(priced, request(100, limit + 1))).toBeGreaterThan(budget);
    // (100 + 4n) × 0.075 rounds to ≤ 200 up to n = 641 (199.95 rounds to 200; 642 gives 200.1 → 200; 643 gives 200.4 → 200; 644: 200.7 → 201)
    expect(limit).toBe(643);
  });

  it('refuses (−1) when not even a minimal answer fits', () => {
    const minimal = worstCaseQuota(priced, request(100, minimalAnswerTokens));
    expect(affordableOutputTokens(priced, { promptTokens: 100, preConsumedQuota: 0 }, minimal, 16_384)).toBe(minimalAnswerTokens);
    expect(affordableOutputTokens(priced, { promptTokens: 100, preConsumedQuota: 0 }, minimal - 1, 16_384)).toBe(-1);
  });

  it('has nothing to lower for a per-call price', () => {
    expect(affordableOutputTokens(quote({ mode: 'price', modelPrice: 0.04 }), { promptTokens: 1, preConsumedQuota: 0 }, 19_999, 0)).toBe(-1);
    expect(affordableOutputTokens(quote({ mode: 'price', modelPrice: 0.04 }), { promptTokens: 1, preConsumedQuota: 0 }, 20_000, 0)).toBe(0);
  });
});
