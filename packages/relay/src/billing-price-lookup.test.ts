import { describe, expect, it } from 'vitest';
import { lookupModelPricing, priceNotConfiguredMessage, resolveGroupPricing, type PriceTables } from './billing-price-lookup';
import { bundledModelCatalog } from './model-catalog';

const tables: PriceTables = {
  modelPrice: { 'dall-e-3': 0.04, 'gpt-4o': -1, 'free-per-call': 0 },
  modelRatio: { 'gpt-4o': 1.25, 'gpt-4o-mini': 0.075, 'free-model': 0 },
  completionRatio: { 'gpt-4o': 4 },
  cacheRatio: { 'gpt-4o': 0.5 },
  createCacheRatio: { 'gpt-4o': 2 },
  groupRatio: { default: 1, vip: 0.8, svip: 0.5 },
  groupGroupRatio: { vip: { default: 0.9, edit_this: 0.9 } },
};

describe('lookupModelPricing', () => {
  it('uses the fixed price when ModelPrice has an entry other than -1', () => {
    expect(lookupModelPricing(tables, 'dall-e-3')).toEqual({ status: 'priced', source: 'option', pricing: { mode: 'price', modelPrice: 0.04 } });
    expect(lookupModelPricing(tables, 'free-per-call')).toEqual({ status: 'priced', source: 'option', pricing: { mode: 'price', modelPrice: 0 } });
  });

  it('uses the ratios otherwise, with new-api defaults for missing completion and cache entries', () => {
    expect(lookupModelPricing(tables, 'gpt-4o')).toEqual({
      status: 'priced',
      source: 'option',
      pricing: { mode: 'ratio', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 2 },
    });
    expect(lookupModelPricing(tables, 'gpt-4o-mini')).toEqual({
      status: 'priced',
      source: 'option',
      pricing: { mode: 'ratio', modelRatio: 0.075, completionRatio: 1, cacheRatio: 1, cacheCreationRatio: 1.25 },
    });
    expect(lookupModelPricing(tables, 'free-model')).toMatchObject({ status: 'priced', pricing: { mode: 'ratio', modelRatio: 0 } });
  });

  it('reports an unpriced model as not configured, unless unset models are accepted', () => {
    expect(lookupModelPricing(tables, 'mystery-model')).toEqual({
      status: 'not-configured',
      modelName: 'mystery-model',
      message: priceNotConfiguredMessage('mystery-model'),
    });
    expect(priceNotConfiguredMessage('m')).toContain('Model m ratio or price not set');
    expect(lookupModelPricing(tables, 'mystery-model', { acceptUnsetModels: true })).toEqual({
      status: 'priced',
      source: 'unset',
      pricing: { mode: 'ratio', modelRatio: 37.5, completionRatio: 1, cacheRatio: 1, cacheCreationRatio: 1.25 },
    });
  });

  it('never reads inherited object properties as prices', () => {
    expect(lookupModelPricing(tables, 'constructor').status).toBe('not-configured');
    expect(lookupModelPricing(tables, 'toString').status).toBe('not-configured');
  });
});

describe('lookupModelPricing with the model catalog', () => {
  const withCatalog: PriceTables = { ...tables, catalog: bundledModelCatalog };

  it('prices a model the operator has not priced at its list prices', () => {
    // claude-sonnet-4-20250514 lists $3 in, $15 out, $0.30 cache reads and $3.75 cache writes per 1M tokens.
    expect(lookupModelPricing(withCatalog, 'claude-sonnet-4-20250514')).toEqual({
      status: 'priced',
      source: 'catalog',
      pricing: { mode: 'ratio', modelRatio: 1.5, completionRatio: 5, cacheRatio: 0.1, cacheCreationRatio: 1.25 },
    });
  });

  it('lets the operator\'s options win, field by field', () => {
    // gpt-4o-mini has a ModelRatio option: the option wins, the catalog fills in what the options leave out.
    // (The catalog lists its cache reads at $0.08 per 1M, rounded from $0.075.)
    expect(lookupModelPricing(withCatalog, 'gpt-4o-mini')).toEqual({
      status: 'priced',
      source: 'option',
      pricing: { mode: 'ratio', modelRatio: 0.075, completionRatio: 4, cacheRatio: 0.533333333333, cacheCreationRatio: 1.25 },
    });
    expect(lookupModelPricing({ ...withCatalog, modelRatio: { 'claude-sonnet-4-20250514': 2 }, completionRatio: { 'claude-sonnet-4-20250514': 3 } }, 'claude-sonnet-4-20250514')).toMatchObject({
      source: 'option',
      pricing: { modelRatio: 2, completionRatio: 3, cacheRatio: 0.1 },
    });
    expect(lookupModelPricing({ ...withCatalog, modelPrice: { 'claude-sonnet-4-20250514': 0.5 } }, 'claude-sonnet-4-20250514')).toMatchObject({ source: 'option', pricing: { mode: 'price', modelPrice: 0.5 } });
  });

  it('still refuses a model neither knows', () => {
    expect(lookupModelPricing(withCatalog, 'mystery-model').status).toBe('not-configured');
  });
});

describe('bundledModelCatalog', () => {
  it('knows the output and context limits of first-party models, by bare or provider-qualified name', () => {
    expect(bundledModelCatalog.find('gpt-4o-mini')).toMatchObject({ provider: 'openai', maxOutputTokens: 16_384, contextTokens: 128_000 });
    expect(bundledModelCatalog.find('claude-sonnet-4-20250514')).toMatchObject({ provider: 'anthropic', maxOutputTokens: 64_000 });
    expect(bundledModelCatalog.find('gemini-2.5-pro')).toMatchObject({ provider: 'google', maxOutputTokens: 65_536 });
    expect(bundledModelCatalog.find('openai/gpt-4o')).toMatchObject({ provider: 'openai', maxOutputTokens: 16_384 });
    expect(bundledModelCatalog.find('no-such-model')).toBeUndefined();
  });
});

describe('resolveGroupPricing', () => {
  it('uses GroupRatio of the using group, 1 for unknown groups, and -1 as user_group_ratio', () => {
    expect(resolveGroupPricing(tables, 'default', 'svip')).toEqual({ groupRatio: 0.5, userGroupRatio: -1 });
    expect(resolveGroupPricing(tables, 'default', 'nowhere')).toEqual({ groupRatio: 1, userGroupRatio: -1 });
  });

  it('lets an exclusive GroupGroupRatio replace the group ratio', () => {
    expect(resolveGroupPricing(tables, 'vip', 'default')).toEqual({ groupRatio: 0.9, userGroupRatio: 0.9 });
    expect(resolveGroupPricing(tables, 'vip', 'vip')).toEqual({ groupRatio: 0.8, userGroupRatio: -1 });
    expect(resolveGroupPricing(tables, 'constructor', 'default')).toEqual({ groupRatio: 1, userGroupRatio: -1 });
  });
});
