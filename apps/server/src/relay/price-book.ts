// Pricing tables read from the options, rebuilt only when a pricing option changes.
import { lookupModelPricing, resolveGroupPricing, type BillingQuote, type ModelPricingLookup, type PriceTables } from '@turnpike/relay';
import type { OptionStore } from '../options/option-store';

const pricingKeys = new Set(['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'GroupRatio', 'GroupGroupRatio', 'QuotaPerUnit']);

/** The price of one call, or why it cannot be priced. */
export type PriceResult = { ok: true; quote: BillingQuote } | { ok: false; lookup: Extract<ModelPricingLookup, { status: 'not-configured' }> };

/** Answers price questions from memory. */
export class PriceBook {
  private tables: PriceTables;

  constructor(private readonly options: OptionStore) {
    this.tables = this.read();
    options.onChange((key) => {
      if (pricingKeys.has(key)) this.tables = this.read();
    });
  }

  private read(): PriceTables {
    const json = <T>(key: string): T => this.options.json<T>(key);
    return {
      modelPrice: json('ModelPrice'),
      modelRatio: json('ModelRatio'),
      completionRatio: json('CompletionRatio'),
      cacheRatio: json('CacheRatio'),
      groupRatio: json('GroupRatio'),
      groupGroupRatio: json('GroupGroupRatio'),
    };
  }

  /** Prices `modelName` for a user of `userGroup` calling through `usingGroup`. */
  quote(modelName: string, userGroup: string, usingGroup: string, acceptUnsetModels: boolean): PriceResult {
    const lookup = lookupModelPricing(this.tables, modelName, { acceptUnsetModels });
    if (lookup.status !== 'priced') return { ok: false, lookup };
    return {
      ok: true,
      quote: {
        pricing: lookup.pricing,
        group: resolveGroupPricing(this.tables, userGroup, usingGroup),
        quotaPerUnit: this.options.number('QuotaPerUnit') || 500_000,
      },
    };
  }

  /** True when the model has a fixed price or a ratio. */
  isPriced(modelName: string): boolean {
    return lookupModelPricing(this.tables, modelName).status === 'priced';
  }
}
