import { countTokens } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { estimateChatPromptTokens, exactCounter, roughCounter } from './token-counter';

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
});
