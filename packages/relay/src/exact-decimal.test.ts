import { describe, expect, it } from 'vitest';
import { addDecimals, decimalFromNumber, isZeroDecimal, multiplyDecimals, roundDecimal, truncateDecimal } from './exact-decimal';

describe('exact decimal', () => {
  it('reads numbers at their shortest decimal spelling, including exponent forms', () => {
    expect(decimalFromNumber(0.075)).toEqual({ units: 75n, scale: 3 });
    expect(decimalFromNumber(500000)).toEqual({ units: 500000n, scale: 0 });
    expect(decimalFromNumber(1e-7)).toEqual({ units: 1n, scale: 7 });
    expect(decimalFromNumber(1.5e21)).toEqual({ units: 1500000000000000000000n, scale: 0 });
    expect(decimalFromNumber(-2.5)).toEqual({ units: -25n, scale: 1 });
    expect(() => decimalFromNumber(Number.NaN)).toThrow(RangeError);
    expect(() => decimalFromNumber(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('multiplies and adds without binary drift', () => {
    const product = multiplyDecimals(decimalFromNumber(0.145), decimalFromNumber(100));
    expect(0.145 * 100).toBe(14.499999999999998);
    expect(roundDecimal(product)).toBe(15);
    expect(truncateDecimal(multiplyDecimals(decimalFromNumber(0.29), decimalFromNumber(100)))).toBe(29);
    expect(roundDecimal(addDecimals(decimalFromNumber(0.1), decimalFromNumber(0.2), decimalFromNumber(0.2)))).toBe(1);
    expect(addDecimals(decimalFromNumber(0.1), decimalFromNumber(0.25))).toEqual({ units: 35n, scale: 2 });
    expect(multiplyDecimals()).toEqual({ units: 1n, scale: 0 });
  });

  it('rounds halves away from zero and truncates toward zero', () => {
    expect(roundDecimal(decimalFromNumber(2.5))).toBe(3);
    expect(roundDecimal(decimalFromNumber(2.4999))).toBe(2);
    expect(roundDecimal(decimalFromNumber(-2.5))).toBe(-3);
    expect(roundDecimal(decimalFromNumber(-2.4))).toBe(-2);
    expect(roundDecimal(decimalFromNumber(7))).toBe(7);
    expect(truncateDecimal(decimalFromNumber(2.999))).toBe(2);
    expect(truncateDecimal(decimalFromNumber(-1.5))).toBe(-1);
    expect(isZeroDecimal(multiplyDecimals(decimalFromNumber(0), decimalFromNumber(3.3)))).toBe(true);
  });
});
