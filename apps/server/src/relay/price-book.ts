// Pricing tables read from the options, rebuilt only when a pricing option changes.
import { lookupModelPricing, resolveGroupPricing, type BillingQuote, type ModelCatalog, type ModelPricingLookup, type PriceSource, type PriceTables } from '@turnpike/relay';
import type { OptionStore } from '../options/option-store';
import { pricingTables } from '../pricing/pricing-list';

const pricingKeys = new Set(['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'AudioRatio', 'AudioCompletionRatio', 'GroupRatio', 'GroupGroupRatio', 'QuotaPerUnit']);

/** The price of one call, or why it cannot be priced. */
export type PriceResult = { ok: true; quote: BillingQuote; source: PriceSource } | { ok: false; lookup: Extract<ModelPricingLookup, { status: 'not-configured' }> };

/** Answers price questions from memory: the operator's pricing options first, then the model catalog's list prices. */
export class PriceBook {
  private tables: PriceTables;

  constructor(
    private readonly options: OptionStore,
    private readonly catalog: ModelCatalog,
  ) {
    this.tables = this.read();
    options.onChange((key) => {
      if (pricingKeys.has(key)) this.tables = this.read();
    });
  }

  private read(): PriceTables {
    return pricingTables(this.options, this.catalog);
  }

  /** Prices `modelName` for a user of `userGroup` calling through `usingGroup`. */
  quote(modelName: string, userGroup: string, usingGroup: string, acceptUnsetModels: boolean): PriceResult {
    const lookup = lookupModelPricing(this.tables, modelName, { acceptUnsetModels });
    if (lookup.status !== 'priced') return { ok: false, lookup };
    return {
      ok: true,
      source: lookup.source,
      quote: {
        pricing: lookup.pricing,
        group: resolveGroupPricing(this.tables, userGroup, usingGroup),
        quotaPerUnit: this.options.number('QuotaPerUnit') || 500_000,
      },
    };
  }

  /** The largest answer `modelName` produces, per the catalog (undefined when it does not know the model). */
  maxOutputTokens(modelName: string): number | undefined {
    return this.catalog.find(modelName)?.maxOutputTokens;
  }

  /** The context window of `modelName`, per the catalog (undefined when it does not know the model). */
  contextTokens(modelName: string): number | undefined {
    return this.catalog.find(modelName)?.contextTokens;
  }

  /** True when the model has a fixed price or a ratio. */
  isPriced(modelName: string): boolean {
    return lookupModelPricing(this.tables, modelName).status === 'priced';
  }
}
