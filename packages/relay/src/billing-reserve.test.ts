import { describe, expect, it } from 'vitest';
import { computeQuotaCost, estimateReserveQuota, type BillingQuote } from './billing';

const quote: BillingQuote = {
  pricing: { mode: 'ratio', modelRatio: 2, completionRatio: 3, cacheRatio: 1, cacheCreationRatio: 1.25 },
  group: { groupRatio: 1.5, userGroupRatio: -1 },
  quotaPerUnit: 500_000,
};

describe('reserve estimate', () => {
  it('prices max_tokens at the completion ratio, so the reserve covers a full-length answer', () => {
    const reserve = estimateReserveQuota(quote, { promptTokens: 10, maxTokens: 5, preConsumedQuota: 0 });
    expect(reserve).toBe(75);
    expect(computeQuotaCost(quote, { promptTokens: 10, completionTokens: 5 }).quota).toBe(reserve);
  });

  it('uses the PreConsumedQuota floor for short prompts', () => {
    expect(estimateReserveQuota(quote, { promptTokens: 10, maxTokens: 0, preConsumedQuota: 500 })).toBe(1_500);
  });
});
