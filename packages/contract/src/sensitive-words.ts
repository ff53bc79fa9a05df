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
