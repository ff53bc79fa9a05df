// How a provider's reported usage becomes billable canonical usage. The wire formats read their own fields (the
// OpenAI chat reader already tells xAI's total apart); a provider folder says where its reasoning tokens stand, and
// every reported usage is checked against the canonical contract (output ≥ reasoning, cache within input) before
// it is billed or converted: a breach is repaired towards the larger reading and named in a warning.
import type { CanonicalUsage } from '@turnpike/formats';

/** Where a provider reports reasoning tokens relative to its output count. */
export type ReasoningPlacement = 'in-output' | 'beside-output';

/** A provider's own usage rule. */
export interface UsageReading {
  /**
   * `in-output`: reasoning is part of the output count (OpenAI, Anthropic, and Gemini once its reader adds
   * thoughts to candidates); `beside-output`: it is reported outside it (xAI), so the output adds it.
   */
  reasoning: ReasoningPlacement;
}

/** The usage rule of every provider that declares none. */
export const standardUsageReading: UsageReading = Object.freeze({ reasoning: 'in-output' });

/** Checked usage and what the check had to repair (empty when the usage kept the contract). */
export interface ReconciledUsage {
  usage: CanonicalUsage;
  warnings: string[];
}

const noWarnings: readonly string[] = Object.freeze([]);

/**
 * Applies the provider's reasoning rule and checks the canonical contract. Output below reasoning is billed as
 * output + reasoning (expected for `beside-output`, a warning otherwise); cache reads and writes above the input
 * raise the input to them. The usage object is returned as is when nothing needs repair.
 */
export function reconcileUsage(usage: CanonicalUsage, reading: UsageReading): ReconciledUsage {
  const { inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, reasoningTokens } = usage;
  const outputShort = outputTokens < reasoningTokens;
  const cacheOver = cacheReadTokens + cacheWriteTokens > inputTokens;
  if (!outputShort && !cacheOver) return { usage, warnings: noWarnings as string[] };
  const warnings: string[] = [];
  const repaired: CanonicalUsage = { ...usage };
  if (outputShort) {
    repaired.outputTokens = outputTokens + reasoningTokens;
    if (reading.reasoning === 'in-output') {
      warnings.push(`reported usage broke its contract: output ${outputTokens} < reasoning ${reasoningTokens}; billed output ${repaired.outputTokens} (reasoning read as beside the output)`);
    }
  }
  if (cacheOver) {
    repaired.inputTokens = cacheReadTokens + cacheWriteTokens;
    warnings.push(`reported usage broke its contract: cache ${cacheReadTokens} read + ${cacheWriteTokens} written > input ${inputTokens}; billed input ${repaired.inputTokens}`);
  }
  return { usage: repaired, warnings };
}
