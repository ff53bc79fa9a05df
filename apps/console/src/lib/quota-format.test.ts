import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatQuota, quotaToDollars } from './quota-format';

describe('formatCompactNumber', () => {
  it('keeps numbers below 10 000 as they are', () => {
    expect(formatCompactNumber(0)).toBe('0');
    expect(formatCompactNumber(9999)).toBe('9999');
  });
  it('uses k from 10 000, M from 1e6 and B from 1e9 with one decimal', () => {
    expect(formatCompactNumber(10000)).toBe('10.0k');
    expect(formatCompactNumber(123456)).toBe('123.5k');
    expect(formatCompactNumber(1_000_000)).toBe('1.0M');
    expect(formatCompactNumber(2_500_000_000)).toBe('2.5B');
  });
});

describe('formatQuota', () => {
  it('shows dollars with two decimals when currency display is on', () => {
    expect(formatQuota(500000, { quotaPerUnit: 500000, displayInCurrency: true })).toBe('$1.00');
    expect(formatQuota(100000, { quotaPerUnit: 500000, displayInCurrency: true })).toBe('$0.20');
    expect(formatQuota(123, { quotaPerUnit: 1000, displayInCurrency: true }, 3)).toBe('$0.123');
  });
  it('shows compact counts when currency display is off', () => {
    expect(formatQuota(500000, { quotaPerUnit: 500000, displayInCurrency: false })).toBe('500.0k');
  });
  it('falls back to the default quota per unit when the stored one is unusable', () => {
    expect(formatQuota(1_000_000, { quotaPerUnit: 0, displayInCurrency: true })).toBe('$2.00');
  });
});

describe('quotaToDollars', () => {
  it('divides by the quota per unit', () => {
    expect(quotaToDollars(1_500_000, 500000)).toBe(3);
  });
});
