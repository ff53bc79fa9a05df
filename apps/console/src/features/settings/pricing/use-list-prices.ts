// The model catalog's list prices of the served models that no pricing option prices (from GET /api/pricing).
import { useMemo } from 'react';
import { usePricing } from '../../pricing/pricing-api';
import type { ListPrice } from './pricing-columns';

/** Model → its list price as ratios, for the models billed at the catalog's price; empty while loading. */
export function useListPrices(): ReadonlyMap<string, ListPrice> {
  const pricing = usePricing(null);
  return useMemo(() => {
    const listed = new Map<string, ListPrice>();
    for (const item of pricing.data?.items ?? []) if (item.price_source === 'catalog') listed.set(item.model_name, { ratio: item.model_ratio, completionRatio: item.completion_ratio });
    return listed;
  }, [pricing.data]);
}
