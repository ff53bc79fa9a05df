// The price of one task: a per-call price through the normal price book and billing math. A model priced by ratio
// is charged ratio / 2 dollars per call, as new-api charges Midjourney actions without a fixed price.
import { computeQuotaCost, type BillingQuote } from '@turnpike/relay';

/** The quota one task of `quote` costs (group ratio applied, rounded once, new-api's floor of 1 for a nonzero price). */
export function taskQuota(quote: BillingQuote): number {
  const perCall: BillingQuote = quote.pricing.mode === 'price' ? quote : { ...quote, pricing: { mode: 'price', modelPrice: quote.pricing.modelRatio / 2 } };
  return computeQuotaCost(perCall, { promptTokens: 0, completionTokens: 0, calls: 1 }).quota;
}
