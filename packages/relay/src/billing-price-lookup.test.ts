import { describe, expect, it } from 'vitest';
import { lookupModelPricing, priceNotConfiguredMessage, resolveGroupPricing, type PriceTables } from './billing-price-lookup';

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
    expect(lookupModelPricing(tables, 'dall-e-3')).toEqual({ status: 'priced', pricing: { mode: 'price', modelPrice: 0.04 } });
    expect(lookupModelPricing(tables, 'free-per-call')).toEqual({ status: 'priced', pricing: { mode: 'price', modelPrice: 0 } });
  });

  it('uses the ratios otherwise, with new-api defaults for missing completion and cache entries', () => {
    expect(lookupModelPricing(tables, 'gpt-4o')).toEqual({
      status: 'priced',
      pricing: { mode: 'ratio', modelRatio: 1.25, completionRatio: 4, cacheRatio: 0.5, cacheCreationRatio: 2 },
    });
    expect(lookupModelPricing(tables, 'gpt-4o-mini')).toEqual({
      status: 'priced',
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
      pricing: { mode: 'ratio', modelRatio: 37.5, completionRatio: 1, cacheRatio: 1, cacheCreationRatio: 1.25 },
    });
  });

  it('never reads inherited object properties as prices', () => {
    expect(lookupModelPricing(tables, 'constructor').status).toBe('not-configured');
    expect(lookupModelPricing(tables, 'toString').status).toBe('not-configured');
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
