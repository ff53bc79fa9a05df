// Pricing tables read from the options, rebuilt only when a pricing option changes.
import { lookupModelPricing, resolveGroupPricing, type BillingQuote, type ModelCatalog, type ModelPricingLookup, type PriceSource, type PriceTables } from '@turnpike/relay';
import type { OptionStore } from '../options/option-store';
import { pricingTables } from '../pricing/pricing-list';

const pricingKeys = new Set(['ModelPrice', 'ModelRatio', 'CompletionRatio', 'CacheRatio', 'AudioRatio', 'AudioCompletionRatio', 'GroupRatio', 'GroupGroupRatio', 'QuotaPerUnit']);

/** The price of one call, or why it cannot be priced. */
export type PriceResult = { ok: true; quote: BillingQuote; source: PriceSource } | { ok: false; lookup: Extract<ModelPricingLookup, { status: 'not-configured' }> };

/** Quotes kept at most: model names come from callers, so the memo is emptied when it outgrows this. */
const quotesKept = 4096;

/** Answers price questions from memory: the operator's pricing options first, then the model catalog's list prices. */
export class PriceBook {
  private tables: PriceTables;
  /** Answers by model, then using group, then user group; [unset models refused, accepted]. Emptied when prices change. */
  private quotes = new Map<string, Map<string, Map<string, [PriceResult?, PriceResult?]>>>();
  private quotesHeld = 0;

  constructor(
    private readonly options: OptionStore,
    private readonly catalog: ModelCatalog,
  ) {
    this.tables = this.read();
    options.onChange((key) => {
      if (!pricingKeys.has(key)) return;
      this.tables = this.read();
      this.forgetQuotes();
    });
  }

  private forgetQuotes(): void {
    this.quotes = new Map();
    this.quotesHeld = 0;
  }

  private read(): PriceTables {
    return pricingTables(this.options, this.catalog);
  }

  /**
   * Prices `modelName` for a user of `userGroup` calling through `usingGroup`. The same question gets the same answer
   * object until a pricing option changes (billing keeps per-quote work with it), so a quote must not be changed.
   */
  quote(modelName: string, userGroup: string, usingGroup: string, acceptUnsetModels: boolean): PriceResult {
    if (this.quotesHeld >= quotesKept) this.forgetQuotes();
    let byUsingGroup = this.quotes.get(modelName);
    if (!byUsingGroup) this.quotes.set(modelName, (byUsingGroup = new Map()));
    let byUserGroup = byUsingGroup.get(usingGroup);
    if (!byUserGroup) byUsingGroup.set(usingGroup, (byUserGroup = new Map()));
    let answers = byUserGroup.get(userGroup);
    if (!answers) byUserGroup.set(userGroup, (answers = [undefined, undefined]));
    const slot = acceptUnsetModels ? 1 : 0;
    const known = answers[slot];
    if (known) return known;
    const answer = this.priceNow(modelName, userGroup, usingGroup, acceptUnsetModels);
    answers[slot] = answer;
    this.quotesHeld += 1;
    return answer;
  }

  private priceNow(modelName: string, userGroup: string, usingGroup: string, acceptUnsetModels: boolean): PriceResult {
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
