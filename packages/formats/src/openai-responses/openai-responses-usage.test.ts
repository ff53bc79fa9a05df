import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { OpenAiResponsesStreamUsageReader, readOpenAiResponsesUsage, usageFromOpenAiResponses, usageToOpenAiResponses } from './openai-responses-usage';

const { fixture } = fixturesBeside(import.meta.url);

function readStream(chunks: Buffer[], collectText = false): OpenAiResponsesStreamUsageReader {
  const reader = new OpenAiResponsesStreamUsageReader({ collectText });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return reader;
}

describe('openai responses usage', () => {
  it('converts usage both ways, cached and reasoning tokens included', () => {
    const wire = { input_tokens: 100, input_tokens_details: { cached_tokens: 60 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 25 }, total_tokens: 140 };
    const canonical = { inputTokens: 100, outputTokens: 40, cacheReadTokens: 60, cacheWriteTokens: 0, reasoningTokens: 25 };
    expect(usageFromOpenAiResponses(wire)).toEqual(canonical);
    // Written back with `cache_write_tokens: 0`, which the current specification requires.
    expect(usageToOpenAiResponses(canonical)).toEqual({ ...wire, input_tokens_details: { cached_tokens: 60, cache_write_tokens: 0 } });
    expect(usageFromOpenAiResponses({ input_tokens: 5, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 3 } })?.cacheWriteTokens).toBe(3);
    expect(readOpenAiResponsesUsage({ id: 'r', usage: null })).toBeUndefined();
    expect(readOpenAiResponsesUsage(['not', 'an', 'answer'])).toBeUndefined();
  });

  it('reads the usage of response.completed from pass-through bytes, however they are split', () => {
    const bytes = fixture('responses-stream-text.sse');
    const expected = { inputTokens: 1290, outputTokens: 4, cacheReadTokens: 1152, cacheWriteTokens: 0, reasoningTokens: 0 };
    for (let at = 0; at <= bytes.length; at += 5) {
      const reader = readStream([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(reader.usage).toEqual(expected);
      expect(reader.done).toBe(true);
      expect(reader.terminalEvent).toBe('response.completed');
    }
  });

  it('collects generated text when asked, for estimating usage when none arrives', () => {
    const reader = readStream([fixture('responses-stream-reasoning-tool.sse')], true);
    expect(reader.text).toBe('**Checking the weather**\n\nThe user wants Paris.I should call get_weather.get_weather{"city":"Paris"}');
    expect(reader.usage).toEqual({ inputTokens: 64, outputTokens: 150, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 128 });
    expect(readStream([fixture('responses-stream-reasoning-tool.sse')]).text).toBe('');
  });

  it('reports no usage and no terminal event for a stream cut before response.completed', () => {
    const bytes = fixture('responses-stream-text.sse');
    const reader = readStream([bytes.subarray(0, bytes.indexOf(Buffer.from('event: response.completed')))], true);
    expect(reader.usage).toBeUndefined();
    expect(reader.done).toBe(false);
    expect(reader.text).toBe('Bonjour, 世界 👋');
  });

  it('finds the terminal event of data-only streams and ignores usage:null on lifecycle events', () => {
    const frames = [
      'data: {"type":"response.created","response":{"id":"r","usage":null}}\n\n',
      'data: {"type":"response.output_text.delta","delta":"\\"usage\\": {\\"input_tokens\\": 9}"}\n\n',
      'data: {"type":"response.completed","response":{"id":"r","usage":{"input_tokens":7,"output_tokens":2}}}\n\n',
    ];
    const reader = readStream([Buffer.from(frames.join(''))]);
    expect(reader.usage).toEqual({ inputTokens: 7, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(reader.terminalEvent).toBe('response.completed');
  });
});
