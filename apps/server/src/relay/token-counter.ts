// Token counting: a rough, allocation-free estimate for reserves, and a real BPE tokenizer (o200k) for answers
// that report no usage. The tokenizer's tables take about 70 MB, so they load on first need, not at start.
import { roughTokenWeight, type CanonicalRequest } from '@turnpike/formats';

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

/** A cheap estimate that errs high (`roughTokenWeight`: a token per 3 ASCII characters, one per other character). Used for reserves and stream guards. */
export const roughCounter: TokenCounter = (text) => Math.ceil(roughTokenWeight(text) / 3);

/**
 * The longest run of non-space characters handed to the BPE in one piece. BPE merging costs about the square of a
 * piece's length, so one 250 KB word would hold the event loop for seconds; in pieces of this size it is linear.
 */
export const maxBpePieceChars = 256;
/**
 * Beyond this many characters a text's remainder is estimated (`roughCounter`, which errs high), not tokenized: the
 * BPE takes about a microsecond per character, so one count holds the event loop for a few tens of milliseconds at most.
 */
export const maxExactChars = 32_000;

const longRun = new RegExp(`\\S{${maxBpePieceChars},}`, 'g');

/** Counts a run of non-space characters in pieces of at most `maxBpePieceChars`, never splitting a surrogate pair. */
function countLongRun(run: string, bpe: TokenCounter): number {
  let tokens = 0;
  for (let start = 0; start < run.length; ) {
    let end = Math.min(run.length, start + maxBpePieceChars);
    const last = run.charCodeAt(end - 1);
    if (end < run.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    tokens += bpe(run.slice(start, end));
    start = end;
  }
  return tokens;
}

/**
 * The tokens of text past the exact limit, from the rate of the text counted exactly before it (`counted` tokens over
 * `countedChars` characters), and never fewer than one per non-ASCII character (where that rate would undercount CJK).
 */
function estimateRest(rest: string, counted: number, countedChars: number): number {
  if (countedChars === 0) return roughCounter(rest);
  let nonAscii = 0;
  for (let index = 0; index < rest.length; index += 1) if (rest.charCodeAt(index) >= 128) nonAscii += 1;
  return Math.max(Math.ceil((rest.length * counted) / countedChars), nonAscii);
}

/**
 * The cost cap of exact counting: `bpe` sees no piece with a run of non-space characters longer than
 * `maxBpePieceChars` (long runs are cut; a cut costs at most a token or two), and text past `maxExactChars` is
 * estimated, so no single count holds the event loop for more than a few tens of milliseconds.
 */
export function cappedCounter(bpe: TokenCounter): TokenCounter {
  return (text) => {
    if (!text) return 0;
    const exactText = text.length > maxExactChars ? text.slice(0, maxExactChars) : text;
    let tokens = 0;
    let from = 0;
    longRun.lastIndex = 0;
    for (let match = longRun.exec(exactText); match !== null; match = longRun.exec(exactText)) {
      if (match.index > from) tokens += bpe(exactText.slice(from, match.index));
      tokens += countLongRun(match[0], bpe);
      from = match.index + match[0].length;
    }
    if (from === 0) tokens = bpe(exactText);
    else if (from < exactText.length) tokens += bpe(exactText.slice(from));
    return exactText.length === text.length ? tokens : tokens + estimateRest(text.slice(maxExactChars), tokens, exactText.length);
  };
}

/**
 * A counter for one call's prompt, which counts text by text (a message at a time): `counter` sees at most
 * `budgetChars` characters over all its calls, and what comes after is estimated at the rate counted so far, so a prompt of many large messages
 * costs no more event-loop time than one.
 */
export function budgetedCounter(counter: TokenCounter, budgetChars = maxExactChars): TokenCounter {
  let left = budgetChars;
  let counted = 0;
  return (text) => {
    if (text.length <= left) {
      left -= text.length;
      const tokens = counter(text);
      counted += tokens;
      return tokens;
    }
    const head = text.slice(0, left);
    left = 0;
    const tokens = head.length > 0 ? counter(head) : 0;
    counted += tokens;
    return tokens + estimateRest(text.slice(head.length), counted, budgetChars);
  };
}

let exact: Promise<TokenCounter> | null = null;
let loaded: TokenCounter | null = null;

/** The exact o200k counter (under the cost cap of `cappedCounter`), loading the tokenizer the first time it is asked for. */
export function exactCounter(): Promise<TokenCounter> {
  exact ??= import('gpt-tokenizer').then(({ countTokens }) => {
    loaded = cappedCounter((text: string) => (text ? countTokens(text) : 0));
    return loaded;
  });
  return exact;
}

/** The exact counter when the tokenizer has loaded already, else null (and the load is started). */
export function exactCounterIfLoaded(): TokenCounter | null {
  if (!loaded) void exactCounter();
  return loaded;
}

/** Collects the text of any JSON value (strings only), for prompt estimates of arbitrary bodies. */
function collectStrings(value: unknown, into: string[], depth = 0): void {
  if (depth > 8) return;
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into, depth + 1);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
}

/**
 * Prompt tokens of an OpenAI chat request the way new-api estimates them: 3 per message, 1 per name,
 * the content text, 3 for the reply priming; tools add their JSON. Images are not counted.
 */
export function estimateChatPromptTokens(body: Record<string, unknown>, countTextTokens: TokenCounter): number {
  let tokens = 3;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  for (const message of messages) {
    if (!message || typeof message !== 'object') continue;
    const record = message as Record<string, unknown>;
    tokens += 3;
    if (typeof record.name === 'string') tokens += 1 + countTextTokens(record.name);
    const texts: string[] = [];
    if (typeof record.content === 'string') texts.push(record.content);
    else if (Array.isArray(record.content)) {
      for (const part of record.content) {
        if (part && typeof part === 'object' && typeof (part as Record<string, unknown>).text === 'string') texts.push((part as Record<string, string>).text);
      }
    }
    if (Array.isArray(record.tool_calls)) texts.push(JSON.stringify(record.tool_calls));
    tokens += countTextTokens(texts.join('\n'));
  }
  if (Array.isArray(body.tools)) tokens += 8 * body.tools.length + countTextTokens(JSON.stringify(body.tools));
  return tokens;
}

/** Prompt tokens of any other request: the tokens of every string in the named fields. */
export function estimateFieldTokens(body: Record<string, unknown>, fields: readonly string[], countTextTokens: TokenCounter): number {
  const texts: string[] = [];
  for (const field of fields) collectStrings(body[field], texts);
  return countTextTokens(texts.join('\n'));
}

/** Prompt tokens of a canonical request: 3 per message plus its text, tool calls and results, and the tools. */
export function estimateCanonicalPromptTokens(request: CanonicalRequest, countTextTokens: TokenCounter): number {
  let tokens = 3;
  const texts: string[] = [];
  for (const message of request.messages) {
    tokens += 3;
    for (const part of message.parts) {
      if (part.type === 'text' || part.type === 'reasoning') texts.push(part.text);
      else if (part.type === 'tool-call') texts.push(part.name, part.arguments);
      else if (part.type === 'tool-result') texts.push(part.content);
    }
  }
  tokens += countTextTokens(texts.join('\n'));
  if (request.tools?.length) tokens += 8 * request.tools.length + countTextTokens(JSON.stringify(request.tools));
  return tokens;
}
