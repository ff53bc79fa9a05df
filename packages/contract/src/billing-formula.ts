// The cost formula of a billing breakdown as text, in words and in numbers, in Chinese or English: the one place the
// formula is written for people. A new billing unit adds one entry to `billingUnitWords`.
import type { BillingBreakdown } from './billing-breakdown';

/** The languages the formula is written in. */
export type FormulaLanguage = 'zh' | 'en';

/** How one unit reads in a formula: what is counted, and what one of it costs. */
export interface BillingUnitWords {
  /** What the quantity counts, e.g. "completion tokens". */
  quantity: string;
  /** What the rate is made of, e.g. "model ratio × completion ratio". */
  rate: string;
}

/** The words of each billing unit, per language; a unit missing here reads as its name. */
export const billingUnitWords: Readonly<Record<string, Readonly<Record<FormulaLanguage, BillingUnitWords>>>> = {
  prompt: {
    en: { quantity: 'prompt tokens', rate: 'model ratio' },
    zh: { quantity: '提示 Tokens', rate: '模型倍率' },
  },
  cache_read: {
    en: { quantity: 'cached tokens', rate: 'model ratio × cache ratio' },
    zh: { quantity: '缓存 Tokens', rate: '模型倍率 × 缓存倍率' },
  },
  cache_write: {
    en: { quantity: 'cache creation tokens', rate: 'model ratio × cache creation ratio' },
    zh: { quantity: '缓存创建 Tokens', rate: '模型倍率 × 缓存创建倍率' },
  },
  audio_input: {
    en: { quantity: 'audio input tokens', rate: 'model ratio × audio ratio' },
    zh: { quantity: '音频输入 Tokens', rate: '模型倍率 × 音频倍率' },
  },
  completion: {
    en: { quantity: 'completion tokens', rate: 'model ratio × completion ratio' },
    zh: { quantity: '补全 Tokens', rate: '模型倍率 × 补全倍率' },
  },
  audio_output: {
    en: { quantity: 'audio output tokens', rate: 'model ratio × audio ratio × audio completion ratio' },
    zh: { quantity: '音频输出 Tokens', rate: '模型倍率 × 音频倍率 × 音频补全倍率' },
  },
  call: {
    en: { quantity: 'calls', rate: 'model price × quota per dollar' },
    zh: { quantity: '调用次数', rate: '模型价格 × 每美元额度' },
  },
  web_search: {
    en: { quantity: 'web searches', rate: 'search price × quota per dollar' },
    zh: { quantity: '网络搜索次数', rate: '搜索单价 × 每美元额度' },
  },
};

/** The words around the terms, per language. */
const frameWords: Readonly<Record<FormulaLanguage, { groupRatio: string; quota: string; rate: string }>> = {
  en: { groupRatio: 'group ratio', quota: 'quota', rate: 'rate' },
  zh: { groupRatio: '分组倍率', quota: '额度', rate: '单价' },
};

/** The words of `unit` in `language` (its name and a generic rate when the table has no entry). */
export function wordsOfBillingUnit(unit: string, language: FormulaLanguage): BillingUnitWords {
  return billingUnitWords[unit]?.[language] ?? { quantity: unit, rate: frameWords[language].rate };
}

/** Formats a number for formula text: at most 6 decimals, no trailing zeros. */
export function formatFormulaNumber(value: number): string {
  if (!Number.isFinite(value)) return '0';
  return String(Number.parseFloat(value.toFixed(6)));
}

/** A breakdown's formula: in words, and with the numbers; both end in the quota the rows add up to. */
export interface BillingFormulaText {
  /** e.g. "(prompt tokens × model ratio + completion tokens × model ratio × completion ratio) × group ratio = quota". */
  words: string;
  /** e.g. "(1000 × 0.075 + 500 × 0.3) × 1 = 225". */
  numbers: string;
  /** The quota billed: the sum of the rows. */
  quota: number;
}

function framed(terms: string[], groupRatio: string, result: string): string {
  const sum = terms.length === 1 ? terms[0] : `(${terms.join(' + ')})`;
  return `${sum} × ${groupRatio} = ${result}`;
}

/**
 * Renders `Σ quantity × rate × group ratio = quota` for a breakdown, in `language`. `groupRatio` is the ratio billed
 * (the exclusive user-group ratio when one applied). An empty breakdown renders as a zero quota.
 */
export function renderBillingFormula(breakdown: BillingBreakdown, groupRatio: number, language: FormulaLanguage): BillingFormulaText {
  const frame = frameWords[language];
  const n = formatFormulaNumber;
  const quota = breakdown.reduce((sum, row) => sum + row.quota, 0);
  if (breakdown.length === 0) return { words: frame.quota, numbers: '0', quota: 0 };
  const words = breakdown.map((row) => {
    const unit = wordsOfBillingUnit(row.unit, language);
    return `${unit.quantity} × ${unit.rate}`;
  });
  const numbers = breakdown.map((row) => `${n(row.quantity)} × ${n(row.rate)}`);
  return { words: framed(words, frame.groupRatio, frame.quota), numbers: framed(numbers, n(groupRatio), String(quota)), quota };
}
