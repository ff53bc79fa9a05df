import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { budgetedCounter, cappedCounter, estimateChatPromptTokens, exactCounter, maxBpePieceChars, maxExactChars, roughCounter } from './token-counter';

describe('token counters', () => {
  it('the exact counter is the o200k tokenizer, loaded once', async () => {
    const first = await exactCounter();
    expect(first('Hello, world! This is a test.')).toBe(countTokens('Hello, world! This is a test.'));
    expect(first('')).toBe(0);
    expect(await exactCounter()).toBe(first);
  });

  it('the rough counter errs high for English and code, and counts CJK per character', async () => {
    const exact = await exactCounter();
    const english = 'The quick brown fox jumps over the lazy dog. '.repeat(20);
    const code = 'function add(a: number, b: number): number { return a + b; }\n'.repeat(10);
    expect(roughCounter(english)).toBeGreaterThanOrEqual(exact(english));
    expect(roughCounter(code)).toBeGreaterThanOrEqual(exact(code));
    expect(roughCounter('你好世界')).toBe(4);
    expect(roughCounter('abcdef')).toBe(2);
  });

  it('chat prompt estimates follow new-api: 3 per message plus text, 3 for the reply', () => {
    const count = (text: string): number => text.length;
    expect(estimateChatPromptTokens({ messages: [{ role: 'user', content: 'abcd' }, { role: 'system', content: [{ type: 'text', text: 'xy' }] }] }, count)).toBe(3 + 3 + 4 + 3 + 2);
  });

  it('a 250 KB space-less word reaches the BPE in pieces of at most 256 characters, with a bounded count', () => {
    const word = 'x7Qz'.repeat(62_500);
    const pieces: number[] = [];
    const counted = cappedCounter((text) => {
      pieces.push(text.length);
      return countTokens(text);
    })(word);
    expect(Math.max(...pieces)).toBe(maxBpePieceChars);
    // The first 32,000 characters are tokenized, the rest estimated.
    expect(pieces.reduce((sum, length) => sum + length, 0)).toBe(maxExactChars);
    // At least a token per 8 characters, never more than one per character (each cut costs a token at most).
    expect(counted).toBeGreaterThan(word.length / 8);
    expect(counted).toBeLessThanOrEqual(word.length);
  });

  it('ordinary text goes to the BPE whole; long runs inside it are cut, and nothing is lost around them', () => {
    const seen: string[] = [];
    const count = cappedCounter((text) => {
      seen.push(text);
      return text.length;
    });
    expect(count('Hello, world!')).toBe(13);
    expect(seen).toEqual(['Hello, world!']);
    seen.length = 0;
    const run = 'a'.repeat(600);
    expect(count(`head ${run} tail`)).toBe(610);
    expect(seen).toEqual(['head ', 'a'.repeat(256), 'a'.repeat(256), 'a'.repeat(88), ' tail']);
  });

  it('never splits a surrogate pair, and estimates what lies past the exact limit', () => {
    const seen: string[] = [];
    const count = cappedCounter((text) => {
      seen.push(text);
      return 1;
    });
    count('a'.repeat(255) + '😀'.repeat(10));
    expect(seen[0]).toBe('a'.repeat(255));
    const lengths: number[] = [];
    const long = `${'word '.repeat(maxExactChars / 5)}${'b'.repeat(3000)}`;
    const total = cappedCounter((text) => {
      lengths.push(text.length);
      return 0;
    })(long);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBe(maxExactChars);
    // Nothing was counted in the exact part (the stub says 0): the rest is estimated at that rate.
    expect(total).toBe(0);
    const rated = cappedCounter((text) => Math.ceil(text.length / 4))(`${'abcd'.repeat(maxExactChars / 4)}${'e'.repeat(4000)}你好`);
    expect(rated).toBe(maxExactChars / 4 + Math.ceil((4002 * (maxExactChars / 4)) / maxExactChars));
    expect(cappedCounter(() => 0)(`${'a'.repeat(maxExactChars)}${'你'.repeat(50)}`)).toBe(50);
  });

  it("a prompt's counter tokenizes at most its budget over all its messages, and estimates the rest", () => {
    let seen = 0;
    const count = budgetedCounter((text) => {
      seen += text.length;
      return text.length;
    }, 100);
    expect(count('a'.repeat(60))).toBe(60);
    // Past the budget, at the rate counted so far (one token per character here).
    expect(count('b'.repeat(60))).toBe(40 + 20);
    expect(count('c'.repeat(60))).toBe(60);
    expect(seen).toBe(100);
  });

  it('a prompt of many large messages passes the BPE no more than the exact limit', async () => {
    let seen = 0;
    const exact = await exactCounter();
    const count = budgetedCounter((text) => {
      seen += text.length;
      return exact(text);
    });
    const message = 'word '.repeat(5000);
    const tokens = estimateChatPromptTokens({ messages: Array.from({ length: 20 }, () => ({ role: 'user', content: message })) }, count);
    expect(seen).toBe(maxExactChars);
    // Within 2% of the exact count, which the first message alone shows.
    const exactTotal = estimateChatPromptTokens({ messages: Array.from({ length: 20 }, () => ({ role: 'user', content: message })) }, exact);
    expect(Math.abs(tokens - exactTotal) / exactTotal).toBeLessThan(0.02);
  });
});
