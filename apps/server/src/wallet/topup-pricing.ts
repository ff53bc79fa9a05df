// The one price of an online top-up, used by both `POST /api/user/amount` and `POST /api/user/pay`, so the
// money quoted and the money charged never differ (spec 001 §5 Wallet, §7).
import { decimalFromNumber, multiplyDecimals, roundDecimal } from '@turnpike/relay';
import { badRequest } from '../http/api-error';
import type { OptionStore } from '../options/option-store';

/** Messages of the top-up price checks. */
export const pricingMessages = {
  belowMinimum: (minimum: number): string => `the top-up amount cannot be less than ${minimum}`,
  tooLow: 'the payable amount is too low',
} as const;

/** A priced top-up. */
export interface TopUpQuote {
  /** Top-up units (US dollars), at least 1. */
  amount: number;
  /** Money to pay in cents (integer, exact). */
  cents: number;
  /** The same money as decimal text with two places ("73.00"). */
  money: string;
  /** Quota credited when paid: amount × QuotaPerUnit. */
  quota: number;
}

/** Cents as decimal text with two places. */
export function centsToMoneyText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents of a decimal money text ("73", "73.5", "73.50"); null when it is not one. */
export function moneyTextToCents(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The group's top-up ratio: TopupGroupRatio[group], 1 when unset or not positive. */
function topUpGroupRatio(options: OptionStore, group: string): number {
  const ratios = options.json<Record<string, number> | null>('TopupGroupRatio') ?? {};
  const ratio = ratios[group];
  return typeof ratio === 'number' && ratio > 0 ? ratio : 1;
}

/** The price factor of a preset amount (payment_setting.amount_discount, keyed by the requested amount), 1 when none. */
export function topUpDiscount(options: OptionStore, requested: number): number {
  const discounts = options.json<Record<string, number> | null>('payment_setting.amount_discount') ?? {};
  const discount = discounts[String(requested)];
  return typeof discount === 'number' && discount > 0 ? discount : 1;
}

/**
 * Prices `requested` top-up units for a user of `group`: an amount below 1 is raised to 1, MinTopUp is enforced,
 * and the money is amount × Price × TopupGroupRatio[group] × the preset's discount, rounded once to cents with exact
 * decimals.
 */
export function quoteTopUp(options: OptionStore, requested: number, group: string): TopUpQuote {
  const amount = requested < 1 ? 1 : requested;
  const minimum = options.number('MinTopUp');
  if (amount < minimum) throw badRequest(pricingMessages.belowMinimum(minimum));
  const units = decimalFromNumber(amount);
  const cents = roundDecimal(multiplyDecimals(units, decimalFromNumber(options.number('Price')), decimalFromNumber(topUpGroupRatio(options, group)), decimalFromNumber(topUpDiscount(options, requested)), decimalFromNumber(100)));
  if (cents < 1) throw badRequest(pricingMessages.tooLow);
  const quota = roundDecimal(multiplyDecimals(units, decimalFromNumber(options.number('QuotaPerUnit'))));
  return { amount, cents, money: centsToMoneyText(cents), quota };
}
