// The `SensitiveWords` option's format (new-api's): one word per line, each trimmed, empty lines dropped. Written once
// for the server (which builds its matcher from it) and the console (which validates and counts the list before saving).

/** The error code a refused prompt is answered with (new-api's). */
export const sensitiveWordsErrorCode = 'sensitive_words_detected';

/** The words of a `SensitiveWords` text: split on newlines, trimmed, empty lines and exact repeats dropped, in order. */
export function parseSensitiveWords(text: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const line of text.split('\n')) {
    const word = line.trim();
    if (!word || seen.has(word)) continue;
    seen.add(word);
    words.push(word);
  }
  return words;
}

/** The option text of a word list (one per line). */
export function formatSensitiveWords(words: readonly string[]): string {
  return words.join('\n');
}

/** Limits the console checks before saving a list (the matcher's size and build time stay bounded). */
export const sensitiveWordLimits = { maxWords: 20_000, maxLength: 100 } as const;

/** Why a list cannot be saved: too many words, or one too long (the first such word is named); null when it can. */
export type SensitiveWordsProblem = { problem: 'too_many'; count: number } | { problem: 'too_long'; word: string };

/** Checks a `SensitiveWords` text against the limits. */
export function checkSensitiveWords(text: string): SensitiveWordsProblem | null {
  const words = parseSensitiveWords(text);
  if (words.length > sensitiveWordLimits.maxWords) return { problem: 'too_many', count: words.length };
  const long = words.find((word) => word.length > sensitiveWordLimits.maxLength);
  return long === undefined ? null : { problem: 'too_long', word: long };
}
