// Upstream usage is untrusted input: a count that is not a finite, non-negative integer, or that no call of the
// model could reach (more prompt than its context window, more output than its output limit), never reaches the
// balance as reported. Each count is read as a whole number in [0, its bound]; the caller bills the bounded usage
// at most up to what the call held, and keeps the raw figures for the operator.
import type { BillableUsage } from './billing-usage';

/** The largest counts a call of one model can report. */
export interface UsageBounds {
  /** The model's context window (the catalog's), or a generous default when the catalog does not know it. */
  promptTokens: number;
  /** The model's output limit (the catalog's, or what the call was allowed), or the default. */
  completionTokens: number;
}

/** The bound of a count the catalog cannot give: ten million tokens, above any context window offered today. */
export const defaultUsageBound = 10_000_000;

/** The bounds of one call: the catalog's limits when it knows the model, never below what the call itself was allowed. */
export function usageBoundsFor(limits: { contextTokens: number | undefined; maxOutputTokens: number | undefined; allowedOutput: number }): UsageBounds {
  const context = limits.contextTokens ?? defaultUsageBound;
  // Reasoning models report output up to their output limit; a call allowed more (an operator default) keeps that.
  const output = Math.max(limits.maxOutputTokens ?? limits.contextTokens ?? defaultUsageBound, limits.allowedOutput);
  return { promptTokens: context, completionTokens: output };
}

/** Bounded usage, and the reasons it was bounded (empty when the reported usage was in range). */
export interface BoundedUsage {
  usage: BillableUsage;
  violations: string[];
}

const countNames = ['promptTokens', 'completionTokens', 'cachedTokens', 'cacheCreationTokens'] as const;

/** Checks every count of `usage`: a whole, finite number in [0, bound]; out-of-range counts are clamped and named. */
export function boundUsage(usage: BillableUsage, bounds: UsageBounds): BoundedUsage {
  let bounded: BillableUsage | null = null;
  const violations: string[] = [];
  for (const name of countNames) {
    const value: unknown = usage[name];
    if (value === undefined) continue;
    const limit = name === 'completionTokens' ? bounds.completionTokens : bounds.promptTokens;
    let fixed: number;
    // Not a number at all (NaN, text) counts nothing; anything numeric, infinities included, is clamped into range.
    if (typeof value !== 'number' || Number.isNaN(value)) fixed = 0;
    else fixed = Math.min(limit, Math.max(0, Math.round(value)));
    if (fixed === value) continue;
    bounded ??= { ...usage };
    bounded[name] = fixed;
    // Rounding a fraction is repair, not a violation; anything else (negative, non-finite, over the bound) is.
    if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= limit)) violations.push(`${name} ${String(value)} outside [0, ${limit}]`);
  }
  return { usage: bounded ?? usage, violations };
}
