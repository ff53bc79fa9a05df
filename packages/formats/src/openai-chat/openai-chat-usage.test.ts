import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { OpenAiChatStreamUsageReader, mayContainUsageObject, readOpenAiChatUsage, usageToOpenAi } from './openai-chat-usage';

const { fixture } = fixturesBeside(import.meta.url);

function readStream(chunks: Buffer[], collectText = false): OpenAiChatStreamUsageReader {
  const reader = new OpenAiChatStreamUsageReader({ collectText });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return reader;
}

describe('openai chat usage', () => {
  it('reads prompt, completion, cached and reasoning tokens from a JSON answer', () => {
    const body: unknown = JSON.parse(fixture('chat-response.json').toString('utf8'));
    expect(readOpenAiChatUsage(body)).toEqual({
      inputTokens: 120,
      outputTokens: 35,
      cacheReadTokens: 64,
      cacheWriteTokens: 0,
      reasoningTokens: 10,
    });
  });

  it('reads OpenRouter cache writes and ignores bodies without usage', () => {
    const body = { usage: { prompt_tokens: 194, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 100 } } };
    expect(readOpenAiChatUsage(body)?.cacheWriteTokens).toBe(100);
    expect(readOpenAiChatUsage({ usage: null })).toBeUndefined();
    expect(readOpenAiChatUsage('text')).toBeUndefined();
    expect(readOpenAiChatUsage({ usage: { prompt_tokens: -3, completion_tokens: 'x' } })).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    });
  });

  it('writes usage back in OpenAI shape with details only when nonzero', () => {
    expect(usageToOpenAi({ inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
    });
    expect(usageToOpenAi({ inputTokens: 10, outputTokens: 5, cacheReadTokens: 4, cacheWriteTokens: 0, reasoningTokens: 2 })).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 2 },
    });
  });

  it('finds usage objects cheaply and skips usage:null', () => {
    expect(mayContainUsageObject('{"choices":[],"usage":{"prompt_tokens":1}}')).toBe(true);
    expect(mayContainUsageObject('{"choices":[], "usage" : {"prompt_tokens":1}}')).toBe(true);
    expect(mayContainUsageObject('{"choices":[{"delta":{"content":"\\"usage\\""}}],"usage":null}')).toBe(false);
    expect(mayContainUsageObject('{"choices":[]}')).toBe(false);
  });

  it('reads the usage chunk from pass-through stream bytes, however they are split', () => {
    const bytes = fixture('chat-stream-text-usage.sse');
    const expected = { inputTokens: 19, outputTokens: 4, cacheReadTokens: 6, cacheWriteTokens: 0, reasoningTokens: 0 };
    for (let at = 0; at <= bytes.length; at += 1) {
      const reader = readStream([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(reader.usage).toEqual(expected);
      expect(reader.done).toBe(true);
    }
  });

  it('collects generated text when asked, for estimating usage when none arrives', () => {
    const reader = readStream([fixture('chat-stream-tool-calls.sse')], true);
    expect(reader.text).toBe('Need weather.get_weather{"city":"Paris"}get_time{}');
    expect(reader.finishReason).toBe('tool_calls');
    expect(reader.usage).toEqual({ inputTokens: 40, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 12 });
    const withoutText = readStream([fixture('chat-stream-tool-calls.sse')]);
    expect(withoutText.text).toBe('');
  });

  it('reports no usage for a stream that was cut before the usage chunk', () => {
    const bytes = fixture('chat-stream-text-usage.sse');
    const cut = bytes.indexOf(Buffer.from('"finish_reason":"stop"'));
    const reader = readStream([bytes.subarray(0, cut)], true);
    expect(reader.usage).toBeUndefined();
    expect(reader.done).toBe(false);
    expect(reader.text).toBe('Bonjour, 世界 👋');
  });

  it('keeps the last usage when a server repeats a growing usage on every chunk', () => {
    const frames = [1, 2, 3].map((count) => `data: {"id":"x","choices":[],"usage":{"prompt_tokens":5,"completion_tokens":${count}}}\n\n`);
    expect(readStream([Buffer.from(frames.join(''))]).usage?.outputTokens).toBe(3);
  });
});
