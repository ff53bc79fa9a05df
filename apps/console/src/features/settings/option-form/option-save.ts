// Saves option writes one PUT at a time and sums up the outcome (spec 000 §4: one call per changed key).
import type { OptionEntry } from './option-values';

/** What happened to a batch of option writes. */
export interface SaveOutcome {
  saved: OptionEntry[];
  failed: OptionEntry[];
}

/** Which message a save ends with: nothing to do, all saved, some failed, or all failed. */
export type SaveVerdict = 'unchanged' | 'saved' | 'partial' | 'failed';

/** Sends each write in order with `put`; a failed write does not stop the ones after it. */
export async function saveEntriesInOrder(entries: readonly OptionEntry[], put: (entry: OptionEntry) => Promise<unknown>): Promise<SaveOutcome> {
  const outcome: SaveOutcome = { saved: [], failed: [] };
  for (const entry of entries) {
    try {
      await put(entry);
      outcome.saved.push(entry);
    } catch {
      outcome.failed.push(entry);
    }
  }
  return outcome;
}

/** The verdict of an outcome. */
export function saveVerdict(outcome: SaveOutcome): SaveVerdict {
  if (outcome.saved.length === 0 && outcome.failed.length === 0) return 'unchanged';
  if (outcome.failed.length === 0) return 'saved';
  return outcome.saved.length > 0 ? 'partial' : 'failed';
}
