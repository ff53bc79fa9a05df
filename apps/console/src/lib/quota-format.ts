// Quota rendering: dollars when currency display is on, otherwise compact counts (spec 000 §9).
import { readString, StorageKeys } from './storage';
import { DefaultQuotaPerUnit } from './constants';

/** How quota amounts are shown. */
export interface QuotaDisplay {
  quotaPerUnit: number;
  displayInCurrency: boolean;
}

/** Compact count: k from 10 000, M from 1e6, B from 1e9, one decimal; smaller numbers unchanged. */
export function formatCompactNumber(value: number): string {
  if (value >= 1e9) return `${(value / 1e9).toFixed(1)}B`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(1)}M`;
  if (value >= 10000) return `${(value / 1000).toFixed(1)}k`;
  return String(value);
}

/** Renders a quota amount as `$x.xx` (currency display) or as a compact count. */
export function formatQuota(quota: number, display: QuotaDisplay, digits = 2): string {
  const amount = Number.isFinite(quota) ? quota : 0;
  if (display.displayInCurrency) {
    const perUnit = display.quotaPerUnit > 0 ? display.quotaPerUnit : DefaultQuotaPerUnit;
    return `$${(amount / perUnit).toFixed(digits)}`;
  }
  return formatCompactNumber(amount);
}

/** Dollar value of a quota amount, regardless of the display setting. */
export function quotaToDollars(quota: number, quotaPerUnit: number): number {
  const perUnit = quotaPerUnit > 0 ? quotaPerUnit : DefaultQuotaPerUnit;
  return quota / perUnit;
}

/** The quota display read from the local store (quota_per_unit, display_in_currency). */
export function readQuotaDisplay(): QuotaDisplay {
  const perUnit = Number.parseFloat(readString(StorageKeys.quotaPerUnit) ?? '');
  return {
    quotaPerUnit: Number.isFinite(perUnit) && perUnit > 0 ? perUnit : DefaultQuotaPerUnit,
    displayInCurrency: readString(StorageKeys.displayInCurrency) === 'true',
  };
}

/** Renders a quota amount with the stored display settings. */
export function renderQuota(quota: number, digits = 2): string {
  return formatQuota(quota, readQuotaDisplay(), digits);
}

/** The stored quota units per dollar. */
export function getQuotaPerUnit(): number {
  return readQuotaDisplay().quotaPerUnit;
}
