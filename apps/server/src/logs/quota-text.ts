// Renders a quota amount for log text: dollars when currency display is on, else units.
import type { OptionStore } from '../options/option-store';

/** `$1.234567` (six decimals, per QuotaPerUnit) or `500000 units`. */
export function formatQuota(quota: number, options: OptionStore): string {
  if (!options.bool('DisplayInCurrencyEnabled')) return `${quota} units`;
  const perUnit = options.number('QuotaPerUnit') || 500000;
  return `$${(quota / perUnit).toFixed(6)}`;
}
