// The billing units: what a call is billed for, each a name, a quantity read from the usage, and a rate in quota units
// per one before the group ratio. `computeQuotaCost` sums quantity × rate over this list, applies the group ratio once
// and rounds once. A new unit is one entry here (plus its words in @turnpike/contract's `billingUnitWords`).
import type { ModelPricing } from './billing-price-lookup';
import { billableCount, type BillableUsage, type BillingQuote } from './billing-usage';
import { decimalFromNumber, multiplyDecimals, type ExactDecimal } from './exact-decimal';

/** One thing a call is billed for. */
export interface BillingUnit {
  /** The row's `unit` in the breakdown (and its key in `BillableUsage.unitCounts` for units that are not tokens). */
  readonly name: string;
  /** How many of the unit the call used. */
  quantity(usage: BillableUsage): number;
  /** Quota units per one, before the group ratio; undefined when the unit is not billed under this pricing. */
  rate(quote: BillingQuote): ExactDecimal | undefined;
  /** Keep the row at quantity 0 (prompt and completion of a token-priced call always show). */
  readonly always?: boolean;
  /** Legacy `other` fields the usage log keeps for the unit when it was used (new-api's names). */
  logFields?(quantity: number): Readonly<Record<string, number | boolean>>;
}

const decimal = decimalFromNumber;

type RatioPricing = Extract<ModelPricing, { mode: 'ratio' }>;

/** A token unit of ratio pricing: model ratio × the unit's own ratio per token. */
function tokenUnit(name: string, quantity: (usage: BillableUsage) => number, ratio: (pricing: RatioPricing) => number, always = false): BillingUnit {
  return {
    name,
    always,
    quantity,
    rate: (quote) => (quote.pricing.mode === 'ratio' ? multiplyDecimals(decimal(quote.pricing.modelRatio), decimal(ratio(quote.pricing))) : undefined),
  };
}

/** Dollars per call → quota per call. */
function dollarsPerCall(quote: BillingQuote, dollars: ExactDecimal): ExactDecimal {
  return multiplyDecimals(dollars, decimal(quote.quotaPerUnit));
}

/** Web search, per call: $10 per 1K calls (new-api's `web_search` and Claude `web_search_requests` price, `setting/operation_setting/tools.go`). */
export const webSearchDollarsPerThousand = 10;
const webSearchDollarsPerCall: ExactDecimal = multiplyDecimals(decimal(webSearchDollarsPerThousand), decimal(0.001));

/**
 * Every billing unit, in breakdown order. Cache reads and writes and uncached audio input are part of `promptTokens`,
 * and audio output is part of `completionTokens`, so the prompt and completion rows bill only the rest (new-api's
 * OpenAI-semantics path) and nothing is billed twice. Audio output is priced as new-api's realtime formula does:
 * model ratio × audio ratio × audio-completion ratio.
 */
export const billingUnits: readonly BillingUnit[] = [
  tokenUnit('prompt', (usage) => Math.max(0, billableCount(usage.promptTokens) - billableCount(usage.cachedTokens) - billableCount(usage.cacheCreationTokens) - billableCount(usage.audioPromptTokens)), () => 1, true),
  tokenUnit('cache_read', (usage) => billableCount(usage.cachedTokens), (pricing) => pricing.cacheRatio),
  tokenUnit('cache_write', (usage) => billableCount(usage.cacheCreationTokens), (pricing) => pricing.cacheCreationRatio),
  tokenUnit('audio_input', (usage) => billableCount(usage.audioPromptTokens), (pricing) => pricing.audioRatio ?? 1),
  tokenUnit('completion', (usage) => Math.max(0, billableCount(usage.completionTokens) - billableCount(usage.audioCompletionTokens)), (pricing) => pricing.completionRatio, true),
  {
    name: 'audio_output',
    quantity: (usage) => billableCount(usage.audioCompletionTokens),
    rate: (quote) =>
      quote.pricing.mode === 'ratio'
        ? multiplyDecimals(decimal(quote.pricing.modelRatio), decimal(quote.pricing.audioRatio ?? 1), decimal(quote.pricing.audioCompletionRatio ?? 1))
        : undefined,
  },
  {
    name: 'call',
    always: true,
    quantity: (usage) => Math.max(1, billableCount(usage.calls)),
    rate: (quote) => (quote.pricing.mode === 'price' ? dollarsPerCall(quote, decimal(quote.pricing.modelPrice)) : undefined),
  },
  {
    name: 'web_search',
    quantity: (usage) => billableCount(usage.unitCounts?.web_search),
    rate: (quote) => dollarsPerCall(quote, webSearchDollarsPerCall),
    logFields: (quantity) => ({ web_search: true, web_search_call_count: quantity, web_search_price: webSearchDollarsPerThousand }),
  },
];
