import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CanonicalStreamDecoder } from './format-contract';
import { AnthropicMessagesStreamDecoder } from './anthropic-messages/anthropic-messages-stream-decoder';
import { AnthropicMessagesStreamEncoder } from './anthropic-messages/anthropic-messages-stream-encoder';
import { GeminiStreamDecoder } from './gemini/gemini-stream-codec';
import { OpenAiChatStreamDecoder } from './openai-chat/openai-chat-stream-codec';

const fixture = (path: string): Buffer => readFileSync(new URL(path, import.meta.url));
const metadata = { id: 'msg_1', model: 'm', created: 1 };

/** The `input_tokens` of the `message_start` an Anthropic encoder writes for its first part. */
function announcedInput(inputTokens: number | (() => number) | undefined): number {
  const text = new AnthropicMessagesStreamEncoder({ metadata, includeUsage: true, inputTokens }).encode({ type: 'text-delta', text: 'hi' });
  const start = /data: (\{"type":"message_start".*\})\n/.exec(text);
  return (JSON.parse(start?.[1] ?? '{}') as { message: { usage: { input_tokens: number } } }).message.usage.input_tokens;
}

describe('prompt tokens announced before the answer', () => {
  it('reads them from an Anthropic message_start, cache reads included', () => {
    const decoder = new AnthropicMessagesStreamDecoder();
    expect(decoder.promptTokens).toBeUndefined();
    const bytes = fixture('./anthropic-messages/__fixtures__/messages-stream-text.sse');
    decoder.push(bytes.subarray(0, bytes.indexOf('content_block_start')));
    expect(decoder.promptTokens).toBe(1821);
  });

  it('reads them from the first Gemini chunk', () => {
    const decoder = new GeminiStreamDecoder();
    const bytes = fixture('./gemini/__fixtures__/stream-function-call.sse');
    // The first event only (the fixture's events are CRLF-separated).
    decoder.push(bytes.subarray(0, bytes.indexOf('data:', 1)));
    expect(decoder.promptTokens).toBe(64);
  });

  it('has none for an OpenAI chat stream, which reports usage only at the end', () => {
    const decoder: CanonicalStreamDecoder = new OpenAiChatStreamDecoder();
    decoder.push(fixture('./openai-chat/__fixtures__/chat-stream-text-usage.sse'));
    expect(decoder.promptTokens).toBeUndefined();
  });

  it('writes a given count, or calls the function once, into message_start', () => {
    expect(announcedInput(1044)).toBe(1044);
    let calls = 0;
    expect(
      announcedInput(() => {
        calls += 1;
        return 987;
      }),
    ).toBe(987);
    expect(calls).toBe(1);
    expect(announcedInput(undefined)).toBe(0);
  });
});
