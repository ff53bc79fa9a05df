// What billing reads: the price of a call (its quote) and what the call used (its usage), in the log's words.
import type { GroupPricing, ModelPricing } from './billing-price-lookup';

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
  /** The uncached audio part of `promptTokens` (Realtime), billed at the audio ratio. */
  audioPromptTokens?: number;
  /** The audio part of `completionTokens` (Realtime), billed at the audio and audio-completion ratios. */
  audioCompletionTokens?: number;
  /** Fixed-price units of the call (images: `n`); 1 when absent. */
  calls?: number;
  /** Counts of billing units that are not tokens (`web_search`, …), keyed by billing unit name. */
  unitCounts?: Readonly<Record<string, number>>;
}

/** A usage count as billing takes it: a whole, non-negative number (anything else counts 0). */
export function billableCount(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}
