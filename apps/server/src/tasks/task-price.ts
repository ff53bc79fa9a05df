// The price of one task: a per-call price through the normal price book and billing math. A model priced by ratio
// is charged ratio / 2 dollars per call, as new-api charges Midjourney actions without a fixed price. A video is
// priced per unit (a second of video, times the family's size ratio): the per-call price times the units.
import { computeQuotaCost, type BillingQuote } from '@turnpike/relay';

/** The quota one task of `quote` costs for `units` (group ratio applied, rounded once, new-api's floor of 1 for a nonzero price). */
export function taskQuota(quote: BillingQuote, units = 1): number {
  const perCall = quote.pricing.mode === 'price' ? quote.pricing.modelPrice : quote.pricing.modelRatio / 2;
  return computeQuotaCost({ ...quote, pricing: { mode: 'price', modelPrice: perCall * units } }, { promptTokens: 0, completionTokens: 0, calls: 1 }).quota;
}
