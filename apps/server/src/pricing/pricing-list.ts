// The public pricing table: one item per model an enabled channel serves, priced from the pricing options.
import { QuotaType, type PricingItem } from '@turnpike/contract';
import { lookupModelPricing, type ModelCatalog, type PriceTables } from '@turnpike/relay';
import { effectiveGroupRatio, usableGroups } from '../groups/group-policy';
import type { OptionStore } from '../options/option-store';

/** The pricing tables as the options hold them now, with `catalog` for the models they do not price. */
export function pricingTables(options: OptionStore, catalog: ModelCatalog): PriceTables {
  return {
    catalog,
    modelPrice: options.json('ModelPrice'),
    modelRatio: options.json('ModelRatio'),
    completionRatio: options.json('CompletionRatio'),
    cacheRatio: options.json('CacheRatio'),
    audioRatio: options.json('AudioRatio'),
    audioCompletionRatio: options.json('AudioCompletionRatio'),
    groupRatio: options.json('GroupRatio'),
    groupGroupRatio: options.json('GroupGroupRatio'),
  };
}

/**
 * One item per model (sorted by name): a fixed ModelPrice makes it per-call (quota_type 1, ratios 0);
 * otherwise its ratios (quota_type 0, model_price 0). A model without a ratio shows the ratio it is billed
 * at when unset models are accepted (37.5), as new-api's GetModelRatio answers.
 */
export function buildPricingItems(modelGroups: ReadonlyMap<string, readonly string[]>, tables: PriceTables): PricingItem[] {
  const items: PricingItem[] = [];
  for (const [modelName, groups] of modelGroups) {
    const lookup = lookupModelPricing(tables, modelName, { acceptUnsetModels: true });
    if (lookup.status !== 'priced') continue;
    const pricing = lookup.pricing;
    const base = { model_name: modelName, enable_groups: [...groups], price_source: lookup.source };
    if (pricing.mode === 'price') {
      items.push({ ...base, quota_type: QuotaType.PerCall, model_ratio: 0, completion_ratio: 0, model_price: pricing.modelPrice });
    } else {
      const item: PricingItem = { ...base, quota_type: QuotaType.PerUsage, model_ratio: pricing.modelRatio, completion_ratio: pricing.completionRatio, model_price: 0 };
      // Audio prices only where set (Realtime models): the page shows them beside the text prices.
      if (pricing.audioRatio !== undefined) item.audio_ratio = pricing.audioRatio;
      if (pricing.audioCompletionRatio !== undefined) item.audio_completion_ratio = pricing.audioCompletionRatio;
      items.push(item);
    }
  }
  return items.sort((left, right) => (left.model_name < right.model_name ? -1 : left.model_name > right.model_name ? 1 : 0));
}

/** The groups the caller may use (`''` for a visitor) and the ratio it pays in each (an exclusive ratio wins). */
export function callerGroupPricing(options: OptionStore, userGroup: string): { group_ratio: Record<string, number>; usable_group: Record<string, string> } {
  const usable = usableGroups(options, userGroup);
  const ratios = Object.fromEntries(Object.keys(usable).map((group) => [group, effectiveGroupRatio(options, userGroup, group)]));
  return { group_ratio: ratios, usable_group: usable };
}
