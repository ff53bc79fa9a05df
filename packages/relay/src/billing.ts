// Quota math, pure and exact: the cost of a call as a breakdown over the billing units (billing-units.ts), and the
// numbers the usage log keeps in its `other` JSON. Quantities × rates are summed exactly, the group ratio is applied
// once, the sum is rounded once, and the rounded quota is apportioned back over the rows so they add up to it.
import { apportionQuota, type BillingBreakdownRow } from '@turnpike/contract';
import { billingUnits } from './billing-units';
import { billableCount, type BillableUsage, type BillingQuote } from './billing-usage';
import { decimalFromNumber, decimalToNumber, isZeroDecimal, multiplyDecimals, powerOfTen, roundDecimal, type ExactDecimal } from './exact-decimal';

export type { BillableUsage, BillingQuote } from './billing-usage';

/** Default quota units per US dollar (the QuotaPerUnit option). */
export const defaultQuotaPerUnit = 500_000;

/** Default floor of the prompt-token estimate used for the reserve (the PreConsumedQuota option). */
export const defaultPreConsumedQuota = 500;

/** The ratios and token counts the usage log stores in `other` (field names are the log's wire names). */
export interface BillingLogOther {
  model_ratio: number;
  model_price: number;
  completion_ratio: number;
  group_ratio: number;
  user_group_ratio: number;
  cache_tokens: number;
  cache_ratio: number;
  cache_creation_tokens: number;
  cache_creation_ratio: number;
}

/** The settled cost of a call. */
export interface QuotaCost {
  quota: number;
  /** Ratio mode with zero tokens: nothing billable came back (new-api logs "上游没有返回计费信息"). */
  noBillableUsage: boolean;
  other: BillingLogOther;
  /** One row per billing unit used; the rows' quotas add up to `quota`. */
  breakdown: BillingBreakdownRow[];
  /** Legacy `other` fields of the units used beyond tokens (web_search, web_search_call_count, …). */
  unitFields: Record<string, number | boolean>;
}

const decimal = decimalFromNumber;

/** The multiplier that makes a call free when zero: modelRatio × groupRatio, or modelPrice × groupRatio. */
function pricingMultiplier(quote: BillingQuote): ExactDecimal {
  const perModel = quote.pricing.mode === 'ratio' ? quote.pricing.modelRatio : quote.pricing.modelPrice;
  return multiplyDecimals(decimal(perModel), decimal(quote.group.groupRatio));
}

/** Builds the `other` log numbers; in price mode the ratios read 0, in ratio mode model_price reads -1 (as new-api logs them). */
export function buildBillingLogOther(quote: BillingQuote, usage: BillableUsage): BillingLogOther {
  const pricing = quote.pricing;
  const ratio = pricing.mode === 'ratio';
  return {
    model_ratio: ratio ? pricing.modelRatio : 0,
    model_price: ratio ? -1 : pricing.modelPrice,
    completion_ratio: ratio ? pricing.completionRatio : 0,
    group_ratio: quote.group.groupRatio,
    user_group_ratio: quote.group.userGroupRatio,
    cache_tokens: billableCount(usage.cachedTokens),
    cache_ratio: ratio ? pricing.cacheRatio : 0,
    cache_creation_tokens: billableCount(usage.cacheCreationTokens),
    cache_creation_ratio: ratio ? pricing.cacheCreationRatio : 0,
  };
}

/** A billed unit before apportioning: its quantity and exact rate. */
interface PricedRow {
  unit: string;
  quantity: number;
  rate: ExactDecimal;
}

/**
 * Cost of a finished call: Σ quantity × rate over the billing units that apply, × groupRatio (the exclusive ratio when
 * one replaced it), rounded half up once. Ratio mode bills prompt (less cache reads and writes), cache reads, cache
 * writes and completion at modelRatio × their ratio; price mode bills `calls` × modelPrice × quotaPerUnit, whatever
 * the tokens; units such as web search add their per-call price in either mode.
 * A call with a nonzero model multiplier that rounds to ≤ 0 bills 1; a ratio-mode call with no tokens bills 0.
 */
export function computeQuotaCost(quote: BillingQuote, usage: BillableUsage): QuotaCost {
  const other = buildBillingLogOther(quote, usage);
  const unitFields: Record<string, number | boolean> = {};
  if (quote.pricing.mode === 'ratio' && billableCount(usage.promptTokens) + billableCount(usage.completionTokens) === 0) {
    return { quota: 0, noBillableUsage: true, other, breakdown: [], unitFields };
  }
  const rows: PricedRow[] = [];
  for (const unit of billingUnits) {
    // The quantity first: most units are unused, and their rates (exact products) are not worth working out.
    const quantity = unit.quantity(usage);
    if (quantity === 0 && !unit.always) continue;
    const rate = unit.rate(quote);
    if (rate === undefined) continue;
    rows.push({ unit: unit.name, quantity, rate });
    if (quantity > 0 && unit.logFields) Object.assign(unitFields, unit.logFields(quantity));
  }
  const groupRatio = decimal(quote.group.groupRatio);
  // Each row's exact share of the bill, group ratio applied here and only here, over one common denominator.
  const shares = rows.map((row) => multiplyDecimals(decimal(row.quantity), row.rate, groupRatio));
  const scale = shares.reduce((largest, share) => Math.max(largest, share.scale), 0);
  const numerators = shares.map((share) => share.units * powerOfTen(scale - share.scale));
  const exactTotal: ExactDecimal = { units: numerators.reduce((sum, units) => sum + units, 0n), scale };
  const rounded = roundDecimal(exactTotal);
  const quota = rounded <= 0 && !isZeroDecimal(pricingMultiplier(quote)) ? 1 : rounded;
  const quotas = apportionQuota(quota, numerators, powerOfTen(scale));
  const breakdown = rows.map((row, index) => ({ unit: row.unit, quantity: row.quantity, rate: decimalToNumber(row.rate), quota: quotas[index] }));
  return { quota, noBillableUsage: false, other, breakdown, unitFields };
}

