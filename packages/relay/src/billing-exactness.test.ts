import { describe, expect, it } from 'vitest';
import { apportionQuota } from '@turnpike/contract';
import { computeQuota, computeQuotaCost, type BillableUsage, type BillingQuote } from './billing';
import { billingUnits } from './billing-units';
import { createSeededRandom } from './random-source';
import { decimalFromNumber, decimalToNumber, isZeroDecimal, multiplyDecimals, powerOfTen, roundDecimal } from './exact-decimal';

// The oracle: the cost worked out the slow way, every product and sum a bigint, for each call on its own. The billing
// code prices with safe integers where every term is one and keeps per-quote work; both must agree with this.
function oracle(quote: BillingQuote, usage: BillableUsage): { quota: number; breakdown: { unit: string; quantity: number; rate: number; quota: number }[] } {
  const rows = billingUnits.flatMap((unit) => {
    const rate = unit.rate(quote);
    const quantity = unit.quantity(usage);
    return rate === undefined || (quantity === 0 && !unit.always) ? [] : [{ unit: unit.name, quantity, rate }];
  });
  const group = decimalFromNumber(quote.group.groupRatio);
  const shares = rows.map((row) => multiplyDecimals(decimalFromNumber(row.quantity), row.rate, group));
  const scale = Math.max(0, ...shares.map((share) => share.scale));
  const numerators = shares.map((share) => share.units * powerOfTen(scale - share.scale));
  const rounded = roundDecimal({ units: numerators.reduce((sum, value) => sum + value, 0n), scale });
  const perModel = quote.pricing.mode === 'ratio' ? quote.pricing.modelRatio : quote.pricing.modelPrice;
  const free = isZeroDecimal(multiplyDecimals(decimalFromNumber(perModel), group));
  const quota = rounded <= 0 && !free ? 1 : rounded;
  const quotas = apportionQuota(quota, numerators, powerOfTen(scale));
  return { quota, breakdown: rows.map((row, index) => ({ unit: row.unit, quantity: row.quantity, rate: decimalToNumber(row.rate), quota: quotas[index] })) };
}

const random = createSeededRandom(20261127);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)];
const ratios = [0, 0.075, 0.1, 0.25, 0.5, 1, 1.25, 1.5, 2, 3, 4, 5, 15, 37.5, 0.0000007, 0.123456789, 1.3333333333333333, 2_000_000];
const counts = [0, 1, 7, 25, 999, 4096, 123_457, 10_000_000, 2 ** 40, 9_007_199_254_740];

function randomQuote(): BillingQuote {
  const group = { groupRatio: pick([0, 0.5, 0.9, 1, 1.1, 3, 0.333333]), userGroupRatio: -1 };
  if (random() < 0.25) return { pricing: { mode: 'price', modelPrice: pick([0, 0.002, 0.04, 0.1, 1.5, 30]) }, group, quotaPerUnit: pick([500_000, 1_000_000, 7]) };
  return {
    pricing: { mode: 'ratio', modelRatio: pick(ratios), completionRatio: pick(ratios), cacheRatio: pick(ratios), cacheCreationRatio: pick(ratios), audioRatio: pick(ratios), audioCompletionRatio: pick(ratios) },
    group,
    quotaPerUnit: 500_000,
  };
}

function randomUsage(): BillableUsage {
  const usage: BillableUsage = { promptTokens: pick(counts), completionTokens: pick(counts) };
  if (random() < 0.5) usage.cachedTokens = pick(counts);
  if (random() < 0.3) usage.cacheCreationTokens = pick(counts);
  if (random() < 0.2) usage.audioPromptTokens = pick(counts);
  if (random() < 0.2) usage.audioCompletionTokens = pick(counts);
  if (random() < 0.2) usage.calls = pick([1, 2, 4]);
  if (random() < 0.2) usage.unitCounts = { web_search: pick([0, 1, 3, 1000]) };
  return usage;
}

describe('computeQuotaCost against an all-bigint oracle', () => {
  it('agrees on the quota and every breakdown row, small and huge figures alike, with the quote reused', () => {
    let checked = 0;
    for (let quoteIndex = 0; quoteIndex < 400; quoteIndex += 1) {
      const quote = randomQuote();
      // Several calls on one quote: the per-quote plan is built by the first and reused by the rest.
      for (let call = 0; call < 10; call += 1) {
        const usage = randomUsage();
        const expected = oracle(quote, usage);
        const cost = computeQuotaCost(quote, usage);
        if (cost.noBillableUsage) {
          expect(cost.quota).toBe(0);
          expect(usage.promptTokens + usage.completionTokens).toBe(0);
        } else {
          expect(cost.quota).toBe(expected.quota);
          expect(cost.breakdown).toEqual(expected.breakdown);
          // Rows add up to the quota wherever a double can hold the sum.
          if (Number.isSafeInteger(cost.quota * 2)) expect(cost.breakdown.reduce((sum, row) => sum + row.quota, 0)).toBe(cost.quota);
        }
        expect(computeQuota(quote, usage)).toBe(cost.quota);
        checked += 1;
      }
    }
    expect(checked).toBe(4000);
  });

  it('bills exactly where safe integers would round: totals past 2^53 and rates finer than 10^-15', () => {
    const quote: BillingQuote = { pricing: { mode: 'ratio', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.1, cacheCreationRatio: 1.25 }, group: { groupRatio: 1, userGroupRatio: -1 }, quotaPerUnit: 500_000 };
    // 2^53 + 1 prompt tokens at 1.25: 11258999068426241.25 → 11258999068426241 (a double cannot hold the odd total).
    expect(computeQuotaCost(quote, { promptTokens: 2 ** 53 + 1, completionTokens: 0 }).quota).toBe(Number(((2n ** 53n + 1n) * 125n + 50n) / 100n));
    const fine: BillingQuote = { pricing: { mode: 'ratio', modelRatio: 0.0000007, completionRatio: 0.123456789, cacheRatio: 1, cacheCreationRatio: 1 }, group: { groupRatio: 0.333333, userGroupRatio: -1 }, quotaPerUnit: 500_000 };
    const usage = { promptTokens: 10_000_000_000, completionTokens: 9_000_000_000_000 };
    expect(computeQuotaCost(fine, usage).quota).toBe(oracle(fine, usage).quota);
    expect(computeQuotaCost(fine, usage).breakdown).toEqual(oracle(fine, usage).breakdown);
  });
});
