import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import {
  AnthropicMessagesStreamUsageReader,
  AnthropicUsageAccumulator,
  readAnthropicMessagesUsage,
  usageFromAnthropic,
  usageToAnthropic,
} from './anthropic-messages-usage';

const { fixture } = fixturesBeside(import.meta.url);

function readStream(chunks: Buffer[], collectText = false): AnthropicMessagesStreamUsageReader {
  const reader = new AnthropicMessagesStreamUsageReader({ collectText });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return reader;
}

describe('anthropic messages usage', () => {
  it('adds cache reads and writes to input tokens when decoding, and takes them out when encoding', () => {
    const anthropic = { input_tokens: 50, cache_creation_input_tokens: 20, cache_read_input_tokens: 30, output_tokens: 40, output_tokens_details: { thinking_tokens: 12 } };
    const canonical = { inputTokens: 100, outputTokens: 40, cacheReadTokens: 30, cacheWriteTokens: 20, reasoningTokens: 12 };
    expect(usageFromAnthropic(anthropic)).toEqual(canonical);
    expect(usageToAnthropic(canonical)).toEqual(anthropic);
    expect(usageToAnthropic({ inputTokens: 7, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 })).toEqual({
      input_tokens: 7,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      output_tokens: 1,
    });
    // An upstream reporting more cache tokens than input cannot yield a negative count.
    expect(usageToAnthropic({ inputTokens: 5, outputTokens: 1, cacheReadTokens: 9, cacheWriteTokens: 0, reasoningTokens: 0 }).input_tokens).toBe(0);
  });

  it('reads a JSON answer, tolerating nulls and missing usage', () => {
    const body: unknown = JSON.parse(fixture('messages-response.json').toString('utf8'));
    expect(readAnthropicMessagesUsage(body)).toEqual({ inputTokens: 3544, outputTokens: 89, cacheReadTokens: 2048, cacheWriteTokens: 1024, reasoningTokens: 0 });
    expect(readAnthropicMessagesUsage({ usage: { input_tokens: 3, output_tokens: 2, cache_read_input_tokens: null } })).toEqual({
      inputTokens: 3,
      outputTokens: 2,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
    });
    expect(readAnthropicMessagesUsage({ id: 'msg_1' })).toBeUndefined();
    expect(readAnthropicMessagesUsage(null)).toBeUndefined();
  });

  it('merges stream usage: later present counters overwrite, nulls do not', () => {
    const accumulator = new AnthropicUsageAccumulator();
    expect(accumulator.usage).toBeUndefined();
    expect(accumulator.merge(undefined)).toBe(false);
    accumulator.merge({ input_tokens: 10, cache_read_input_tokens: 5, output_tokens: 1 });
    accumulator.merge({ input_tokens: null, output_tokens: 30 });
    expect(accumulator.usage).toEqual({ inputTokens: 15, outputTokens: 30, cacheReadTokens: 5, cacheWriteTokens: 0, reasoningTokens: 0 });
  });

  it('reads usage from pass-through CRLF stream bytes with pings, however they are split', () => {
    const bytes = fixture('messages-stream-text.sse');
    for (let at = 0; at <= bytes.length; at += 1) {
      const reader = readStream([bytes.subarray(0, at), bytes.subarray(at)]);
      expect(reader.usage).toEqual({ inputTokens: 1821, outputTokens: 12, cacheReadTokens: 1800, cacheWriteTokens: 0, reasoningTokens: 0 });
      expect(reader.done).toBe(true);
      expect(reader.finishReason).toBe('end_turn');
    }
  });

  it('takes cumulative message_delta totals over message_start and collects text when asked', () => {
    const reader = readStream([fixture('messages-stream-thinking-tools.sse')], true);
    expect(reader.usage).toEqual({ inputTokens: 728, outputTokens: 131, cacheReadTokens: 0, cacheWriteTokens: 256, reasoningTokens: 40 });
    expect(reader.text).toBe('The user wants weather and the time in Paris.Let me check both.get_weather{"city": "Paris"}get_time');
    expect(reader.finishReason).toBe('tool_use');
    expect(readStream([fixture('messages-stream-thinking-tools.sse')]).text).toBe('');
  });

  it('keeps message_start usage for a stream cut before message_delta', () => {
    const bytes = fixture('messages-stream-error.sse');
    const reader = readStream([bytes], true);
    expect(reader.usage).toEqual({ inputTokens: 9, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(reader.done).toBe(false);
    expect(reader.text).toBe('Partial');
  });

  it('tells a stream that reported an error event from one that finished', () => {
    expect(readStream([fixture('messages-stream-error.sse')]).errored).toBe(true);
    const finished = ['event: message_start\ndata: {"type":"message_start","message":{"usage":{"input_tokens":4,"output_tokens":1}}}\n\n', 'event: message_stop\ndata: {"type":"message_stop"}\n\n'];
    expect(readStream(finished.map((text) => Buffer.from(text))).errored).toBe(false);
  });

  it('reads data-only events from servers that omit event lines, and reports nothing when no usage was sent', () => {
    const dataOnly = [
      'data: {"type":"message_start","message":{"id":"m","usage":{"input_tokens":4,"output_tokens":1}}}\n\n',
      'data: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"\\"message_start\\""}}\n\n',
      'data: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":6}}\n\n',
      'data: {"type":"message_stop"}\n\n',
    ].join('');
    const reader = readStream([Buffer.from(dataOnly)]);
    expect(reader.usage).toEqual({ inputTokens: 4, outputTokens: 6, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 });
    expect(reader.done).toBe(true);
    const withoutUsage = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m"}}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"}}\n\n';
    expect(readStream([Buffer.from(withoutUsage)]).usage).toBeUndefined();
  });
});
