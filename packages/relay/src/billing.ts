// Quota math, pure and integer: reserve estimate before the call, cost after it, and the numbers
// the usage log keeps in its `other` JSON. Ratios are combined exactly and rounded once.
import type { GroupPricing, ModelPricing } from './billing-price-lookup';
import {
  addDecimals,
  decimalFromNumber,
  isZeroDecimal,
  multiplyDecimals,
  roundDecimal,
  type ExactDecimal,
} from './exact-decimal';

/** Default quota units per US dollar (the QuotaPerUnit option). */
export const defaultQuotaPerUnit = 500_000;

/** Default floor of the prompt-token estimate used for the reserve (the PreConsumedQuota option). */
export const defaultPreConsumedQuota = 500;

/** Everything the math needs to know about the price of one call. */
export interface BillingQuote {
  pricing: ModelPricing;
  group: GroupPricing;
  /** Units per dollar; fixed prices are in dollars. */
  quotaPerUnit: number;
}

/**
 * Measured usage, in the log's words. `promptTokens` counts every prompt token including cache
 * reads and writes (OpenAI semantics: canonical `inputTokens`).
 */
export interface BillableUsage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  cacheCreationTokens?: number;
}

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
}

const decimal = decimalFromNumber;

function count(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

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
    cache_tokens: count(usage.cachedTokens),
    cache_ratio: ratio ? pricing.cacheRatio : 0,
    cache_creation_tokens: count(usage.cacheCreationTokens),
    cache_creation_ratio: ratio ? pricing.cacheCreationRatio : 0,
  };
}

/**
 * Cost of a finished call.
 * Ratio mode: groupRatio × modelRatio × (max(0, prompt − cached − cacheCreation) + cached × cacheRatio
 * + cacheCreation × cacheCreationRatio + completion × completionRatio), rounded half up once.
 * Cache-creation tokens are part of `promptTokens`, so they are taken out of the base like cached
 * tokens (new-api's OpenAI-semantics path) instead of being billed twice.
 * Price mode: modelPrice × quotaPerUnit × groupRatio, whatever the tokens.
 * A call with a nonzero multiplier that rounds to ≤ 0 bills 1; a ratio-mode call with no tokens bills 0.
 */
export function computeQuotaCost(quote: BillingQuote, usage: BillableUsage): QuotaCost {
  const other = buildBillingLogOther(quote, usage);
  const pricing = quote.pricing;
  const multiplier = pricingMultiplier(quote);
  if (pricing.mode === 'price') {
    const quota = roundDecimal(multiplyDecimals(multiplier, decimal(quote.quotaPerUnit)));
    return { quota: quota <= 0 && !isZeroDecimal(multiplier) ? 1 : quota, noBillableUsage: false, other };
  }
  const prompt = count(usage.promptTokens);
  const completion = count(usage.completionTokens);
  const cached = count(usage.cachedTokens);
  const cacheCreation = count(usage.cacheCreationTokens);
  if (prompt + completion === 0) return { quota: 0, noBillableUsage: true, other };
  const weightedTokens = addDecimals(
    decimal(Math.max(0, prompt - cached - cacheCreation)),
    multiplyDecimals(decimal(cached), decimal(pricing.cacheRatio)),
    multiplyDecimals(decimal(cacheCreation), decimal(pricing.cacheCreationRatio)),
    multiplyDecimals(decimal(completion), decimal(pricing.completionRatio)),
  );
  const quota = roundDecimal(multiplyDecimals(weightedTokens, multiplier));
  return { quota: quota <= 0 && !isZeroDecimal(multiplier) ? 1 : quota, noBillableUsage: false, other };
}
