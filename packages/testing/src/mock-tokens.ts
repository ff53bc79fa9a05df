// Deterministic token counting for the mock upstream, so tests can compute exact usage and billing.

/** Counts "tokens" as whitespace-separated words: "hello  big world" is 3. */
export function countMockTokens(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null && 'text' in part && typeof part.text === 'string' ? part.text : ''))
    .join(' ');
}

/** Prompt tokens of an OpenAI chat body: the words of every message's text content. */
export function countMockChatPromptTokens(body: unknown): number {
  if (typeof body !== 'object' || body === null || !('messages' in body) || !Array.isArray(body.messages)) return 0;
  return body.messages.reduce((total: number, message: unknown) => {
    const content = typeof message === 'object' && message !== null && 'content' in message ? message.content : undefined;
    return total + countMockTokens(textOfContent(content));
  }, 0);
}

/** Tokens of a prompt/input that may be text, a list of texts, or pre-tokenised integer arrays. */
export function countMockInputTokens(input: unknown): number {
  if (typeof input === 'string') return countMockTokens(input);
  if (!Array.isArray(input)) return 0;
  if (input.every((item) => typeof item === 'number')) return input.length;
  return input.reduce((total: number, item: unknown) => total + countMockInputTokens(item), 0);
}

/** The text of each input of an embeddings/moderations-style `input` field. */
export function listMockInputs(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [];
  if (input.every((item) => typeof item === 'number')) return [input.join(' ')];
  return input.map((item) => (typeof item === 'string' ? item : Array.isArray(item) ? item.join(' ') : textOfContent([item])));
}
