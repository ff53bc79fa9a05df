// Canonical usage from an upstream's usage object that reports only input and output token counts.
import { createEmptyUsage, type CanonicalUsage } from '@turnpike/formats';
import { json } from '../openai-compatible/openai-compatible-readers';

/** Usage from the named input and output count fields of a usage object (a missing one counts 0); undefined when it has neither. */
export function usageFromTokenCounts(usage: unknown, inputField: string, outputField: string): CanonicalUsage | undefined {
  const counts = json.record(usage);
  const input = json.numeric(counts[inputField]);
  const output = json.numeric(counts[outputField]);
  if (input === undefined && output === undefined) return undefined;
  return { ...createEmptyUsage(), inputTokens: input ?? 0, outputTokens: output ?? 0 };
}
