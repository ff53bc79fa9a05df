// Exact decimal arithmetic for quota math: ratios are taken at their shortest decimal spelling
// (0.075 is 75/1000, not the nearest binary float), multiplied and summed exactly, and rounded once.
// This is what new-api gets from shopspring/decimal, and it keeps 0.7 × 500000 × 0.9 at 315000.

/** A decimal number: `units / 10^scale`. */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const numberPattern = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/** 10^0 … 10^63, computed once: billing asks for the same few powers on every call. */
const powersOfTen: bigint[] = Array.from({ length: 64 }, (_, exponent) => 10n ** BigInt(exponent));

/** 10^exponent as a bigint (the powers billing uses are precomputed). */
export function powerOfTen(exponent: number): bigint {
  return powersOfTen[exponent] ?? 10n ** BigInt(exponent);
}

/** Ratios repeat on every call: their conversions are kept (a handful of distinct values in practice). */
const fractionCache = new Map<number, ExactDecimal>();
const fractionCacheSize = 4096;

/** Converts a finite number exactly as JavaScript spells it (its shortest round-trip form); throws on NaN or Infinity. */
export function decimalFromNumber(value: number): ExactDecimal {
  if (Number.isSafeInteger(value)) return { units: BigInt(value), scale: 0 };
  const known = fractionCache.get(value);
  if (known) return known;
  const converted = parseDecimal(value);
  if (fractionCache.size >= fractionCacheSize) fractionCache.clear();
  fractionCache.set(value, converted);
  return converted;
}

function parseDecimal(value: number): ExactDecimal {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const match = numberPattern.exec(String(value));
  if (!match) throw new RangeError(`cannot read number: ${value}`);
  const [, sign = '', integerDigits = '0', fractionDigits = '', exponentText = '0'] = match;
  let units = BigInt(`${sign}${integerDigits}${fractionDigits}`);
  let scale = fractionDigits.length - Number(exponentText);
  if (scale < 0) {
    units *= powerOfTen(-scale);
    scale = 0;
  }
  return { units, scale };
}

/** Multiplies decimals exactly. */
export function multiplyDecimals(...factors: ExactDecimal[]): ExactDecimal {
  let units = 1n;
  let scale = 0;
  for (const factor of factors) {
    units *= factor.units;
    scale += factor.scale;
  }
  return { units, scale };
}

/** Adds decimals exactly. */
export function addDecimals(...terms: ExactDecimal[]): ExactDecimal {
  const scale = Math.max(0, ...terms.map((term) => term.scale));
  const units = terms.reduce((sum, term) => sum + term.units * powerOfTen(scale - term.scale), 0n);
  return { units, scale };
}

/** True when the value is exactly zero. */
export function isZeroDecimal(value: ExactDecimal): boolean {
  return value.units === 0n;
}

/** Rounds to the nearest integer, halves away from zero (decimal.Round(0) in new-api). */
export function roundDecimal(value: ExactDecimal): number {
  if (value.scale === 0) return Number(value.units);
  const divisor = powerOfTen(value.scale);
  const quotient = value.units / divisor;
  const remainder = value.units % divisor;
  const magnitude = remainder < 0n ? -remainder : remainder;
  if (magnitude * 2n < divisor) return Number(quotient);
  return Number(value.units < 0n ? quotient - 1n : quotient + 1n);
}

/** Drops the fraction, toward zero (Go's int() conversion in new-api). */
export function truncateDecimal(value: ExactDecimal): number {
  return Number(value.units / powerOfTen(value.scale));
}

/** The nearest number to an exact decimal (for display: one correctly rounded division when both parts are exact doubles). */
export function decimalToNumber(value: ExactDecimal): number {
  if (value.scale === 0) return Number(value.units);
  const units = Number(value.units);
  if (Number.isSafeInteger(units) && value.scale <= 22) return units / 10 ** value.scale;
  return Number(`${value.units}e-${value.scale}`);
}
