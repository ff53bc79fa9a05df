// Pure rules of the public pricing page: search, availability, prices per 1M tokens or per call, top-up conversion.
import { QuotaType, type PricingItem } from '@turnpike/contract';

/** Models whose name contains the keyword, case-insensitively; an empty keyword keeps every model. */
export function filterModels(items: readonly PricingItem[], keyword: string): PricingItem[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...items];
  return items.filter((item) => item.model_name.toLowerCase().includes(needle));
}

/** True when the group has an enabled channel for the model. */
export function isAvailableIn(item: PricingItem, group: string): boolean {
  return Array.isArray(item.enable_groups) && item.enable_groups.includes(group);
}

/** The groups of a model the viewer may use (those in usable_group), in the item's order. */
export function usableGroupsOf(item: PricingItem, usableGroup: Readonly<Record<string, string>>): string[] {
  return (item.enable_groups ?? []).filter((group) => Object.prototype.hasOwnProperty.call(usableGroup, group));
}

/** The ratio of a group; a group without a ratio pays 1. */
export function ratioOf(groupRatio: Readonly<Record<string, number>>, group: string): number {
  const ratio = groupRatio[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) ? ratio : 1;
}

/** A model's price in USD for a group ratio: per 1M input / output tokens, or per call. */
export type ModelPrice = { kind: 'usage'; input: number; output: number; audio?: { input: number; output: number } } | { kind: 'call'; perCall: number };

/**
 * Per-usage: input = model ratio × 2 × group ratio (USD per 1M tokens), output = input × completion ratio.
 * Per-call: model price × group ratio (spec 001 §9). Where audio ratios are set (Realtime models): audio input = input ×
 * audio ratio, audio output = audio input × audio completion ratio (1 for the one not set).
 */
export function modelPrice(item: PricingItem, groupRatio: number): ModelPrice {
  if (item.quota_type === QuotaType.PerCall) return { kind: 'call', perCall: item.model_price * groupRatio };
  const input = item.model_ratio * 2 * groupRatio;
  const price: ModelPrice = { kind: 'usage', input, output: input * item.completion_ratio };
  if (item.audio_ratio !== undefined || item.audio_completion_ratio !== undefined) {
    const audioInput = input * (item.audio_ratio ?? 1);
    price.audio = { input: audioInput, output: audioInput * (item.audio_completion_ratio ?? 1) };
  }
  return price;
}

/** How prices are shown: plain USD, or what the user pays at the top-up price in USD or CNY. */
export interface PriceDisplay {
  topup: boolean;
  currency: 'USD' | 'CNY';
  /** Top-up price: CNY paid per 1 USD of quota (status.price). */
  topupPrice: number;
  /** CNY per USD (status.usd_exchange_rate). */
  usdExchangeRate: number;
}

/** Default USD exchange rate (spec 001 §9), also used for a missing top-up price. */
export const DefaultUsdExchangeRate = 7.3;

/** Formats a USD number with up to 6 decimals and no trailing zeros. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '$0';
  return `$${String(Number.parseFloat(value.toFixed(6)))}`;
}

/**
 * Renders a USD price: as is, or at the top-up price — CNY = usd × price (2 decimals),
 * USD = usd × price / usd_exchange_rate.
 */
export function displayPrice(usd: number, display: PriceDisplay): string {
  if (!display.topup) return formatUsd(usd);
  const price = display.topupPrice > 0 ? display.topupPrice : DefaultUsdExchangeRate;
  const cny = usd * price;
  if (display.currency === 'CNY') return `¥${cny.toFixed(2)}`;
  const rate = display.usdExchangeRate > 0 ? display.usdExchangeRate : DefaultUsdExchangeRate;
  return formatUsd(cny / rate);
}

/** Availability first (descending), then name: the default order of the table. */
export function compareAvailability(left: PricingItem, right: PricingItem, group: string): number {
  return Number(isAvailableIn(left, group)) - Number(isAvailableIn(right, group));
}

/** The text copied by "copy selected models": names joined by commas, in table order. */
export function selectedModelsText(items: readonly PricingItem[], selected: readonly string[]): string {
  const chosen = new Set(selected);
  return items.filter((item) => chosen.has(item.model_name)).map((item) => item.model_name).join(',');
}
