import { renderBillingFormula } from '@turnpike/contract';
import { describe, expect, it } from 'vitest';
import { computeQuotaCost, type BillableUsage, type BillingQuote } from './billing';
import type { ModelPricing } from './billing-price-lookup';
import { addDecimals, decimalFromNumber, isZeroDecimal, multiplyDecimals, roundDecimal } from './exact-decimal';
import { createSeededRandom } from './random-source';

const d = decimalFromNumber;
const quote = (pricing: ModelPricing, groupRatio = 1): BillingQuote => ({ pricing, group: { groupRatio, userGroupRatio: -1 }, quotaPerUnit: 500_000 });
const ratio = (modelRatio: number, completionRatio = 1, cacheRatio = 1, cacheCreationRatio = 1.25): ModelPricing => ({ mode: 'ratio', modelRatio, completionRatio, cacheRatio, cacheCreationRatio });
const sum = (rows: ReadonlyArray<{ quota: number }>): number => rows.reduce((total, row) => total + row.quota, 0);

/**
 * The cost as it was written before the breakdown, one formula per mode (the oracle): ratio mode
 * round((uncached + cached × cacheRatio + created × creationRatio + completion × completionRatio) × modelRatio × groupRatio),
 * price mode round(modelPrice × quotaPerUnit × groupRatio × calls), both floored at 1 for a nonzero price, plus web search.
 */
function referenceQuota(billingQuote: BillingQuote, usage: BillableUsage): number {
  const { pricing, group, quotaPerUnit } = billingQuote;
  const searches = d((usage.unitCounts?.web_search ?? 0) * 10);
  const searchQuota = multiplyDecimals(searches, d(0.001), d(quotaPerUnit), d(group.groupRatio));
  if (pricing.mode === 'price') {
    const multiplier = multiplyDecimals(d(pricing.modelPrice), d(group.groupRatio));
    const quota = roundDecimal(addDecimals(multiplyDecimals(multiplier, d(quotaPerUnit), d(usage.calls ?? 1)), searchQuota));
    return quota <= 0 && !isZeroDecimal(multiplier) ? 1 : quota;
  }
  const prompt = usage.promptTokens;
  const cached = usage.cachedTokens ?? 0;
  const created = usage.cacheCreationTokens ?? 0;
  if (prompt + usage.completionTokens === 0) return 0;
  const weighted = addDecimals(
    d(Math.max(0, prompt - cached - created)),
    multiplyDecimals(d(cached), d(pricing.cacheRatio)),
    multiplyDecimals(d(created), d(pricing.cacheCreationRatio)),
    multiplyDecimals(d(usage.completionTokens), d(pricing.completionRatio)),
  );
  const multiplier = multiplyDecimals(d(pricing.modelRatio), d(group.groupRatio));
  const quota = roundDecimal(addDecimals(multiplyDecimals(weighted, multiplier), searchQuota));
  return quota <= 0 && !isZeroDecimal(multiplier) ? 1 : quota;
}

describe('the billing breakdown', () => {
  const ratios = [0, 0.001, 0.075, 0.1, 0.145, 0.3, 0.5, 1, 1.15, 1.25, 2.5, 3, 15, 37.5];
  const groups = [0, 0.1, 0.5, 0.8, 0.9, 1, 1.5, 2];
  const prices = [0, 0.0000009, 0.000001, 0.000003, 0.01, 0.04, 0.7, 1.23];

  it('adds up to the billed quota, which equals the formula it replaced, over many prices and usages', () => {
    const random = createSeededRandom(19);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
    const tokens = (limit: number): number => (random() < 0.2 ? 0 : Math.floor(random() * limit));
    for (let round = 0; round < 5000; round += 1) {
      const pricing: ModelPricing = random() < 0.2 ? { mode: 'price', modelPrice: pick(prices) } : ratio(pick(ratios), pick(ratios), pick(ratios), pick(ratios));
      const billingQuote = quote(pricing, pick(groups));
      const promptTokens = tokens(5000);
      const usage: BillableUsage = {
        promptTokens,
        completionTokens: tokens(5000),
        cachedTokens: tokens(promptTokens + 1),
        cacheCreationTokens: tokens(promptTokens + 1),
        calls: 1 + Math.floor(random() * 3),
        unitCounts: random() < 0.3 ? { web_search: 1 + Math.floor(random() * 4) } : undefined,
      };
      const cost = computeQuotaCost(billingQuote, usage);
      const context = JSON.stringify({ pricing, group: billingQuote.group.groupRatio, usage });
      expect(cost.quota, context).toBe(referenceQuota(billingQuote, usage));
      expect(sum(cost.breakdown), context).toBe(cost.quota);
      for (const row of cost.breakdown) {
        // Each row holds its exact share, give or take the one unit the rounding moves.
        expect(Math.abs(row.quota - row.quantity * row.rate * billingQuote.group.groupRatio), context).toBeLessThan(1.000001);
      }
    }
  });

  it('names the rows by unit, with the model ratio in each token rate', () => {
    const cost = computeQuotaCost(quote(ratio(1.5, 5, 0.1, 1.25), 1.5), { promptTokens: 1000, completionTokens: 50, cachedTokens: 200, cacheCreationTokens: 300 });
    // base 500 + 200 × 0.1 + 300 × 1.25 + 50 × 5 = 1145; × 1.5 × 1.5 = 2576.25 → 2576
    expect(cost.quota).toBe(2576);
    expect(cost.breakdown).toEqual([
      { unit: 'prompt', quantity: 500, rate: 1.5, quota: 1125 },
      { unit: 'cache_read', quantity: 200, rate: 0.15, quota: 45 },
      { unit: 'cache_write', quantity: 300, rate: 1.875, quota: 844 },
      { unit: 'completion', quantity: 50, rate: 7.5, quota: 562 },
    ]);
  });

  it('gives the unit the rounding adds to the largest remainder, and the floor of 1 to the largest share', () => {
    // 0.4 + 0.4 + 0.4 = 1.2 → 1: one row gets it, the earliest of equal remainders.
    expect(computeQuotaCost(quote(ratio(0.4, 1, 1, 1)), { promptTokens: 3, completionTokens: 0, cachedTokens: 1, cacheCreationTokens: 1 }).breakdown.map((row) => row.quota)).toEqual([1, 0, 0, 0]);
    // 0.145 × 100 = 14.5 exactly → 15, all on the prompt row.
    expect(computeQuotaCost(quote(ratio(0.145)), { promptTokens: 100, completionTokens: 0 }).breakdown.map((row) => row.quota)).toEqual([15, 0]);
    // 2.5 + 2.5 = 5: halves on two rows add up exactly; 2.5 + 3.5 = 6 (the .5s give one unit to the first row).
    expect(computeQuotaCost(quote(ratio(0.5)), { promptTokens: 5, completionTokens: 5 }).breakdown.map((row) => row.quota)).toEqual([3, 2]);
    expect(computeQuotaCost(quote(ratio(0.5)), { promptTokens: 5, completionTokens: 7 }).breakdown.map((row) => row.quota)).toEqual([3, 3]);
    // 0.3 × 3 × 0.5 = 0.45 → 0, then the floor of 1.
    expect(computeQuotaCost(quote(ratio(0.3), 0.5), { promptTokens: 3, completionTokens: 0 }).breakdown).toEqual([
      { unit: 'prompt', quantity: 3, rate: 0.3, quota: 1 },
      { unit: 'completion', quantity: 0, rate: 0.3, quota: 0 },
    ]);
    // A tiny fixed price: 0.45 → 0 → 1, on the call row.
    expect(computeQuotaCost(quote({ mode: 'price', modelPrice: 0.0000009 }), { promptTokens: 0, completionTokens: 0 }).breakdown).toEqual([{ unit: 'call', quantity: 1, rate: 0.45, quota: 1 }]);
  });

  it('bills nothing and lists no rows when a token-priced call used no tokens, and zero rows for free models', () => {
    const empty = computeQuotaCost(quote(ratio(1)), { promptTokens: 0, completionTokens: 0, unitCounts: { web_search: 2 } });
    expect(empty).toMatchObject({ quota: 0, noBillableUsage: true, breakdown: [] });
    const free = computeQuotaCost(quote(ratio(2), 0), { promptTokens: 100, completionTokens: 10 });
    expect(free.quota).toBe(0);
    expect(free.breakdown.map((row) => row.quota)).toEqual([0, 0]);
  });

  it('bills a fixed price per call, and web searches at $10 per 1K in either mode, with their legacy log fields', () => {
    const images = computeQuotaCost(quote({ mode: 'price', modelPrice: 0.04 }, 0.9), { promptTokens: 0, completionTokens: 0, calls: 3 });
    expect(images.breakdown).toEqual([{ unit: 'call', quantity: 3, rate: 20_000, quota: 54_000 }]);
    const searched = computeQuotaCost(quote(ratio(1.5, 5), 2), { promptTokens: 100, completionTokens: 20, unitCounts: { web_search: 3 } });
    // (100 × 1.5 + 20 × 7.5 + 3 × 5000) × 2 = 30600
    expect(searched.quota).toBe(30_600);
    expect(searched.breakdown.at(-1)).toEqual({ unit: 'web_search', quantity: 3, rate: 5000, quota: 30_000 });
    expect(searched.unitFields).toEqual({ web_search: true, web_search_call_count: 3, web_search_price: 10 });
    expect(computeQuotaCost(quote(ratio(1)), { promptTokens: 1, completionTokens: 1 }).unitFields).toEqual({});
  });
});

describe('the contract formula renderer on real breakdowns', () => {
  it('renders the numbers and words of a token-priced call in English and Chinese', () => {
    const cost = computeQuotaCost(quote(ratio(0.075, 4)), { promptTokens: 1000, completionTokens: 500 });
    const en = renderBillingFormula(cost.breakdown, 1, 'en');
    expect(en.numbers).toBe('(1000 × 0.075 + 500 × 0.3) × 1 = 225');
    expect(en.words).toBe('(prompt tokens × model ratio + completion tokens × model ratio × completion ratio) × group ratio = quota');
    expect(en.quota).toBe(cost.quota);
    const zh = renderBillingFormula(cost.breakdown, 1, 'zh');
    expect(zh.numbers).toBe(en.numbers);
    expect(zh.words).toBe('(提示 Tokens × 模型倍率 + 补全 Tokens × 模型倍率 × 补全倍率) × 分组倍率 = 额度');
  });

  it('renders cache rows, a fixed price and web searches with the quota the billing code billed', () => {
    const cached = computeQuotaCost(quote(ratio(1.5, 5, 0.1, 1.25), 1.5), { promptTokens: 1000, completionTokens: 50, cachedTokens: 200, cacheCreationTokens: 300 });
    expect(renderBillingFormula(cached.breakdown, 1.5, 'en').numbers).toBe('(500 × 1.5 + 200 × 0.15 + 300 × 1.875 + 50 × 7.5) × 1.5 = 2576');
    const priced = computeQuotaCost(quote({ mode: 'price', modelPrice: 0.03 }), { promptTokens: 0, completionTokens: 0 });
    expect(renderBillingFormula(priced.breakdown, 1, 'en')).toEqual({ words: 'calls × model price × quota per dollar × group ratio = quota', numbers: '1 × 15000 × 1 = 15000', quota: 15_000 });
    const searched = computeQuotaCost(quote(ratio(1), 0.8), { promptTokens: 10, completionTokens: 5, unitCounts: { web_search: 2 } });
    const zh = renderBillingFormula(searched.breakdown, 0.8, 'zh');
    expect(zh.numbers).toBe(`(10 × 1 + 5 × 1 + 2 × 5000) × 0.8 = ${searched.quota}`);
    expect(searched.quota).toBe(8012);
    expect(zh.words).toContain('网络搜索次数 × 搜索单价 × 每美元额度');
  });
});
