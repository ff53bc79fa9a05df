// Price lookup from the pricing options (ModelPrice, ModelRatio, CompletionRatio, CacheRatio, AudioRatio, AudioCompletionRatio,
// CreateCacheRatio, GroupRatio, GroupGroupRatio), as new-api's ModelPriceHelper and HandleGroupRatio do, with the
// model catalog's list prices for models the operator has not priced.
import type { ModelCatalog } from './model-catalog';
import type { ModelPricing } from './model-pricing';

/** The pricing options, parsed from their JSON option values. */
export interface PriceTables {
  /** USD per call; an entry (other than -1) switches the model to fixed-price mode. */
  modelPrice: Readonly<Record<string, number>>;
  /** 1 = $2 per 1M prompt tokens (1 quota unit per token at 500 000 units per dollar). */
  modelRatio: Readonly<Record<string, number>>;
  completionRatio: Readonly<Record<string, number>>;
  cacheRatio: Readonly<Record<string, number>>;
  /** Not a console option in the spec; new-api keeps it in code with a 1.25 default. */
  createCacheRatio?: Readonly<Record<string, number>>;
  /** Audio input tokens relative to text input tokens (new-api's AudioRatio). */
  audioRatio?: Readonly<Record<string, number>>;
  /** Audio output tokens relative to audio input tokens (new-api's AudioCompletionRatio). */
  audioCompletionRatio?: Readonly<Record<string, number>>;
  groupRatio: Readonly<Record<string, number>>;
  /** userGroup -> usingGroup -> exclusive ratio that replaces the group ratio. */
  groupGroupRatio: Readonly<Record<string, Readonly<Record<string, number>>>>;
  /** List prices for models without a ModelRatio entry; the options win field by field. */
  catalog?: ModelCatalog;
}

/** Where a model's price came from: the operator's options, the model catalog, or the self-use default for unset models. */
export type PriceSource = 'option' | 'catalog' | 'unset';

export type { ModelPricing } from './model-pricing';

/** The effective group ratio and, when one applies, the exclusive (user-group) ratio; -1 when none. */
export interface GroupPricing {
  groupRatio: number;
  userGroupRatio: number;
}

/** The result of a price lookup: priced, or not configured (the request must be refused). */
export type ModelPricingLookup =
  | { status: 'priced'; pricing: ModelPricing; source: PriceSource }
  | { status: 'not-configured'; modelName: string; message: string };

/** Defaults new-api applies when a table has no entry for the model. */
export const pricingDefaults = {
  completionRatio: 1,
  cacheRatio: 1,
  cacheCreationRatio: 1.25,
  audioRatio: 1,
  audioCompletionRatio: 1,
  /** The ratio an unpriced model gets when unset models are accepted (self-use mode). */
  unsetModelRatio: 37.5,
  groupRatio: 1,
} as const;

/** Options of the price lookup. */
export interface PriceLookupOptions {
  /** Bill unpriced models at `pricingDefaults.unsetModelRatio` instead of refusing them (SelfUseModeEnabled). */
  acceptUnsetModels?: boolean;
}

function entry(table: Readonly<Record<string, number>> | undefined, key: string): number | undefined {
  if (!table || !Object.hasOwn(table, key)) return undefined;
  const value = table[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function definedField<K extends string>(key: K, value: number | undefined): Partial<Record<K, number>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, number>);
}

/** Message new-api returns for an unpriced model; kept verbatim (Chinese, then English) for migrating users. */
export function priceNotConfiguredMessage(modelName: string): string {
  return `模型 ${modelName} 倍率或价格未配置，请联系管理员设置或开始自用模式；Model ${modelName} ratio or price not set, please set or start self-use mode`;
}

/** Looks up how `modelName` (the name the caller asked for, before channel mapping) is priced. */
export function lookupModelPricing(tables: PriceTables, modelName: string, options: PriceLookupOptions = {}): ModelPricingLookup {
  const modelPrice = entry(tables.modelPrice, modelName);
  if (modelPrice !== undefined && modelPrice >= 0) return { status: 'priced', pricing: { mode: 'price', modelPrice }, source: 'option' };
  const listed = tables.catalog?.find(modelName)?.pricing;
  let modelRatio = entry(tables.modelRatio, modelName);
  let source: PriceSource = 'option';
  if (modelRatio === undefined && listed) {
    modelRatio = listed.modelRatio;
    source = 'catalog';
  }
  if (modelRatio === undefined) {
    if (!options.acceptUnsetModels) {
      return { status: 'not-configured', modelName, message: priceNotConfiguredMessage(modelName) };
    }
    modelRatio = pricingDefaults.unsetModelRatio;
    source = 'unset';
  }
  return {
    status: 'priced',
    source,
    pricing: {
      mode: 'ratio',
      modelRatio,
      completionRatio: entry(tables.completionRatio, modelName) ?? listed?.completionRatio ?? pricingDefaults.completionRatio,
      cacheRatio: entry(tables.cacheRatio, modelName) ?? listed?.cacheRatio ?? pricingDefaults.cacheRatio,
      cacheCreationRatio: entry(tables.createCacheRatio, modelName) ?? listed?.cacheCreationRatio ?? pricingDefaults.cacheCreationRatio,
      // Audio ratios only where set (billing reads a missing one as `pricingDefaults`' 1).
      ...definedField('audioRatio', entry(tables.audioRatio, modelName) ?? listed?.audioRatio),
      ...definedField('audioCompletionRatio', entry(tables.audioCompletionRatio, modelName) ?? listed?.audioCompletionRatio),
    },
  };
}

/**
 * Resolves the group ratio for a user of `userGroup` calling through `usingGroup` (the token's group,
 * or the user's own): an exclusive GroupGroupRatio entry replaces GroupRatio; unknown groups count 1.
 */
export function resolveGroupPricing(tables: Pick<PriceTables, 'groupRatio' | 'groupGroupRatio'>, userGroup: string, usingGroup: string): GroupPricing {
  const exclusive = entry(Object.hasOwn(tables.groupGroupRatio, userGroup) ? tables.groupGroupRatio[userGroup] : undefined, usingGroup);
  if (exclusive !== undefined) return { groupRatio: exclusive, userGroupRatio: exclusive };
  return { groupRatio: entry(tables.groupRatio, usingGroup) ?? pricingDefaults.groupRatio, userGroupRatio: -1 };
}
