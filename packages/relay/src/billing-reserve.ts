// The reserve of a call before it runs: what its largest possible answer can cost, and the largest output limit a
// smaller budget affords. Both price through `computeQuota` (the total of `computeQuotaCost`), so a reserve and the
// settled cost it covers round the same way and a call that stays inside its output limit never costs more than it held.
import { computeQuota } from './billing';
import type { BillableUsage, BillingQuote } from './billing-usage';

/** Output tokens of the shortest answer worth sending: below this a call is refused rather than capped. */
export const minimalAnswerTokens = 16;

/** What a call's reserve is computed from. */
export interface ReserveRequest {
  /** Estimated prompt tokens (an estimate that errs high). */
  promptTokens: number;
  /** The PreConsumedQuota option: a floor for the prompt estimate. */
  preConsumedQuota: number;
  /** The largest answer the call may produce, in output tokens (0 for calls without billed output). */
  outputTokens: number;
  /** Fixed-price units of the call (images: `n`); 1 for everything else. */
  units: number;
}

function count(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/**
 * The usage of the largest answer: the prompt estimate and `outputTokens` of output. Cache writes, which can cost more
 * than plain prompt tokens, are not assumed: an answer that outgrows its hold that way takes more at settlement.
 */
function worstUsage(promptTokens: number, outputTokens: number, calls = 1): BillableUsage {
  return { promptTokens, completionTokens: outputTokens, calls };
}

/** The prompt tokens a reserve counts: the estimate, floored at PreConsumedQuota. */
export function reservedPromptTokens(request: Pick<ReserveRequest, 'promptTokens' | 'preConsumedQuota'>): number {
  return Math.max(count(request.promptTokens), count(request.preConsumedQuota));
}

/**
 * Quota that covers the call's largest answer: per-call prices exactly (`units` calls), ratio prices for the prompt
 * estimate plus `outputTokens` of output. Free models reserve 0.
 */
export function worstCaseQuota(quote: BillingQuote, request: ReserveRequest): number {
  const prompt = reservedPromptTokens(request);
  return computeQuota(quote, worstUsage(prompt, count(request.outputTokens), count(request.units)));
}

/**
 * The largest output limit (at most `ceiling`) whose worst-case cost fits in `budget`; −1 when not even
 * `minimalAnswerTokens` fit (or the ceiling is below that minimum and does not fit). Ratio mode only: a per-call
 * price has no output limit to lower.
 */
export function affordableOutputTokens(quote: BillingQuote, request: Pick<ReserveRequest, 'promptTokens' | 'preConsumedQuota'>, budget: number, ceiling: number): number {
  const prompt = reservedPromptTokens(request);
  const fits = (output: number): boolean => computeQuota(quote, worstUsage(prompt, output)) <= budget;
  const top = count(ceiling);
  if (fits(top)) return top;
  const floor = Math.min(minimalAnswerTokens, top);
  if (quote.pricing.mode === 'price' || !fits(floor)) return -1;
  // The cost grows with the output, so the largest fitting limit is found by halving [floor, top).
  let low = floor;
  let high = top;
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return low;
}
