import { describe, expect, it } from 'vitest';
import { apportionQuota, breakdownFromLegacyFields, readBillingBreakdown } from './billing-breakdown';
import { renderBillingFormula } from './billing-formula';

describe('apportionQuota', () => {
  it('floors each share and gives what is left to the largest remainders, earlier rows first on ties', () => {
    expect(apportionQuota(6, [25n, 35n], 10n)).toEqual([3, 3]);
    expect(apportionQuota(5, [25n, 25n], 10n)).toEqual([3, 2]);
    expect(apportionQuota(1, [4n, 4n, 5n], 10n)).toEqual([0, 0, 1]);
    expect(apportionQuota(1, [0n, 0n], 1n)).toEqual([1, 0]);
    expect(apportionQuota(0, [], 1n)).toEqual([]);
  });
});

describe('readBillingBreakdown', () => {
  it('reads well-formed rows and refuses anything else', () => {
    expect(readBillingBreakdown([{ unit: 'prompt', quantity: 3, rate: 0.5, quota: 2 }])).toEqual([{ unit: 'prompt', quantity: 3, rate: 0.5, quota: 2 }]);
    expect(readBillingBreakdown([{ unit: 'prompt', quantity: '3', rate: 0.5, quota: 2 }])).toBeUndefined();
    expect(readBillingBreakdown({ unit: 'prompt' })).toBeUndefined();
    expect(readBillingBreakdown(undefined)).toBeUndefined();
  });
});

describe('breakdownFromLegacyFields', () => {
  it('derives token rows from the ratios and apportions the logged quota over them', () => {
    const rows = breakdownFromLegacyFields(
      { model_ratio: 1.5, model_price: -1, completion_ratio: 5, cache_tokens: 200, cache_ratio: 0.1, cache_creation_tokens: 300, cache_creation_ratio: 1.25 },
      { promptTokens: 1000, completionTokens: 50, quota: 2576, quotaPerUnit: 500_000 },
    );
    // Shares before the group ratio: 750 + 30 + 562.5 + 375 = 1717.5; the logged 2576 is split in proportion.
    expect(rows.map((row) => [row.unit, row.quantity, row.rate])).toEqual([
      ['prompt', 500, 1.5],
      ['cache_read', 200, 0.15000000000000002],
      ['cache_write', 300, 1.875],
      ['completion', 50, 7.5],
    ]);
    expect(rows.reduce((sum, row) => sum + row.quota, 0)).toBe(2576);
    expect(rows.map((row) => row.quota)).toEqual([1125, 45, 844, 562]);
  });

  it('derives one call from a fixed price, and keeps a quota with no weight on the first row', () => {
    expect(breakdownFromLegacyFields({ model_price: 0.03 }, { promptTokens: 5, completionTokens: 5, quota: 15_000, quotaPerUnit: 500_000 })).toEqual([{ unit: 'call', quantity: 1, rate: 15_000, quota: 15_000 }]);
    expect(breakdownFromLegacyFields({}, { promptTokens: 0, completionTokens: 0, quota: 1, quotaPerUnit: 500_000 }).map((row) => row.quota)).toEqual([1, 0]);
  });
});

describe('renderBillingFormula', () => {
  it('names a unit the table does not know by its name, and renders an empty breakdown as zero', () => {
    const text = renderBillingFormula([{ unit: 'image_tokens', quantity: 4, rate: 2, quota: 8 }], 1, 'en');
    expect(text).toEqual({ words: 'image_tokens × rate × group ratio = quota', numbers: '4 × 2 × 1 = 8', quota: 8 });
    expect(renderBillingFormula([], 1, 'zh')).toEqual({ words: '额度', numbers: '0', quota: 0 });
  });
});
