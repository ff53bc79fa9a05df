// Quota math, pure and exact: the cost of a call as a breakdown over the billing units (billing-units.ts), and the
// numbers the usage log keeps in its `other` JSON. Quantities × rates are summed exactly, the group ratio is applied
// once, the sum is rounded once, and the rounded quota is apportioned back over the rows so they add up to it.
import { apportionQuota, type BillingBreakdownRow } from '@turnpike/contract';
import { billingUnits, type BillingUnit } from './billing-units';
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

/** A unit's price under one quote: worked out once per quote, since a quote's ratios are the same on every call. */
interface UnitPrice {
  unit: BillingUnit;
  /** The breakdown's `rate` (quota per one, before the group ratio). */
  rateNumber: number;
  /** rate × group ratio over the plan's common denominator: one of the unit costs `aligned / 10^scale` quota. */
  aligned: bigint;
  /** `aligned` as a number when it is a non-negative safe integer, else NaN (the call is then priced with bigints). */
  alignedNumber: number;
}

/** The prices of every billing unit under one quote, over one common denominator. */
interface QuotePlan {
  /** By index into `billingUnits`; undefined where the unit is not billed under this pricing. */
  prices: readonly (UnitPrice | undefined)[];
  scale: number;
  /** 10^scale as a number when it is a safe integer, else NaN. */
  denominatorNumber: number;
  /** The model multiplier is not zero: a call that rounds to nothing still bills 1. */
  charges: boolean;
}

/** Plans by quote. A quote is not changed once priced (the price book hands out the same quote until prices change). */
const plans = new WeakMap<BillingQuote, QuotePlan>();

function planOf(quote: BillingQuote): QuotePlan {
  const known = plans.get(quote);
  if (known) return known;
  const groupRatio = decimal(quote.group.groupRatio);
  const shares = billingUnits.map((unit) => {
    const rate = unit.rate(quote);
    return rate === undefined ? undefined : { unit, rate, share: multiplyDecimals(rate, groupRatio) };
  });
  const scale = shares.reduce((largest, entry) => Math.max(largest, entry?.share.scale ?? 0), 0);
  const prices = shares.map((entry): UnitPrice | undefined => {
    if (!entry) return undefined;
    const aligned = entry.share.units * powerOfTen(scale - entry.share.scale);
    const alignedNumber = aligned >= 0n && aligned <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(aligned) : Number.NaN;
    return { unit: entry.unit, rateNumber: decimalToNumber(entry.rate), aligned, alignedNumber };
  });
  const plan: QuotePlan = { prices, scale, denominatorNumber: scale <= 15 ? 10 ** scale : Number.NaN, charges: !isZeroDecimal(pricingMultiplier(quote)) };
  plans.set(quote, plan);
  return plan;
}

/** A nonzero model multiplier bills at least 1: new-api's rule for a call that rounds to nothing. */
function atLeastOne(plan: QuotePlan, rounded: number): number {
  return rounded <= 0 && plan.charges ? 1 : rounded;
}

/** Σ quantities × aligned rates, rounded half up; with safe integers when every term is one, else with bigints. */
function roundedTotal(plan: QuotePlan, prices: readonly UnitPrice[], quantities: readonly number[]): { quota: number; numerators: number[] | bigint[] } {
  const numbers: number[] = new Array<number>(prices.length);
  let total = 0;
  for (let index = 0; index < prices.length; index += 1) {
    numbers[index] = quantities[index] * prices[index].alignedNumber;
    total += numbers[index];
  }
  // Every term is non-negative, so a safe total means every product and partial sum was exact.
  const denominator = plan.denominatorNumber;
  if (Number.isSafeInteger(total) && denominator === denominator) {
    const remainder = total % denominator;
    const quotient = (total - remainder) / denominator;
    return { quota: atLeastOne(plan, remainder * 2 >= denominator ? quotient + 1 : quotient), numerators: numbers };
  }
  const bigints = prices.map((price, index) => BigInt(quantities[index]) * price.aligned);
  const exactTotal: ExactDecimal = { units: bigints.reduce((sum, units) => sum + units, 0n), scale: plan.scale };
  return { quota: atLeastOne(plan, roundDecimal(exactTotal)), numerators: bigints };
}

/** True when the numerators were worked out with bigints (a term too large for a safe integer). */
function isBigintList(list: number[] | bigint[]): list is bigint[] {
  return typeof list[0] === 'bigint';
}

/** The units a usage is billed for under a plan, with their quantities, in breakdown order. */
function billedUnits(plan: QuotePlan, usage: BillableUsage): { prices: UnitPrice[]; quantities: number[] } {
  const prices: UnitPrice[] = [];
  const quantities: number[] = [];
  for (let index = 0; index < billingUnits.length; index += 1) {
    const price = plan.prices[index];
    if (price === undefined) continue;
    const quantity = price.unit.quantity(usage);
    if (quantity === 0 && !price.unit.always) continue;
    prices.push(price);
    quantities.push(quantity);
  }
  return { prices, quantities };
}

/** Ratio mode with zero tokens: nothing billable came back. */
function nothingBillable(quote: BillingQuote, usage: BillableUsage): boolean {
  return quote.pricing.mode === 'ratio' && billableCount(usage.promptTokens) + billableCount(usage.completionTokens) === 0;
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
  if (nothingBillable(quote, usage)) return { quota: 0, noBillableUsage: true, other, breakdown: [], unitFields };
  const plan = planOf(quote);
  const { prices, quantities } = billedUnits(plan, usage);
  const { quota, numerators } = roundedTotal(plan, prices, quantities);
  // Each row's share of the rounded quota, over the plan's common denominator.
  const quotas = isBigintList(numerators) ? apportionQuota(quota, numerators, powerOfTen(plan.scale)) : apportionQuota(quota, numerators, plan.denominatorNumber);
  const breakdown = prices.map((price, index) => {
    const quantity = quantities[index];
    if (quantity > 0 && price.unit.logFields) Object.assign(unitFields, price.unit.logFields(quantity));
    return { unit: price.unit.name, quantity, rate: price.rateNumber, quota: quotas[index] };
  });
  return { quota, noBillableUsage: false, other, breakdown, unitFields };
}

/** `computeQuotaCost(quote, usage).quota` without the breakdown and log fields: what reserves and stream guards compare. */
export function computeQuota(quote: BillingQuote, usage: BillableUsage): number {
  if (nothingBillable(quote, usage)) return 0;
  const plan = planOf(quote);
  const { prices, quantities } = billedUnits(plan, usage);
  return roundedTotal(plan, prices, quantities).quota;
}
