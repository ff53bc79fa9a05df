import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalStreamPart } from '../canonical-model';
import { parseSseChunks } from '../sse-parser';
import { OpenAiChatStreamDecoder, OpenAiChatStreamEncoder } from './openai-chat-stream-codec';

const { fixture } = fixturesBeside(import.meta.url);

function decodeAll(chunks: Uint8Array[]): { parts: CanonicalStreamPart[]; decoder: OpenAiChatStreamDecoder } {
  const decoder = new OpenAiChatStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  for (const chunk of chunks) parts.push(...decoder.push(chunk));
  parts.push(...decoder.end());
  return { parts, decoder };
}

const textParts: CanonicalStreamPart[] = [
  { type: 'text-delta', text: 'Bonjour' },
  { type: 'text-delta', text: ', 世界' },
  { type: 'text-delta', text: ' 👋' },
  { type: 'finish', reason: 'stop' },
  { type: 'usage', usage: { inputTokens: 19, outputTokens: 4, cacheReadTokens: 6, cacheWriteTokens: 0, reasoningTokens: 0 } },
];

const toolParts: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: 'Need ' },
  { type: 'reasoning-delta', text: 'weather.' },
  { type: 'tool-call-start', index: 0, id: 'call_a', name: 'get_weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
  { type: 'tool-call-start', index: 1, id: 'call_b', name: 'get_time' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: 'tool-calls' },
  { type: 'usage', usage: { inputTokens: 40, outputTokens: 30, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 12 } },
];

describe('OpenAiChatStreamDecoder', () => {
  it('decodes a text stream with a ping, usage:null chunks and a trailing usage chunk', () => {
    const { parts, decoder } = decodeAll([fixture('chat-stream-text-usage.sse')]);
    expect(parts).toEqual(textParts);
    expect(decoder.metadata).toEqual({ id: 'chatcmpl-fixture1', model: 'gpt-4o-mini-2024-07-18', created: 1735689600 });
    expect(decoder.done).toBe(true);
  });

  it('decodes reasoning and parallel tool calls from a CRLF stream, split at every byte', () => {
    const bytes = fixture('chat-stream-tool-calls.sse');
    for (let at = 0; at <= bytes.length; at += 1) {
      expect(decodeAll([bytes.subarray(0, at), bytes.subarray(at)]).parts).toEqual(toolParts);
    }
  });

  it('buffers tool arguments that arrive before the name, and closes open calls at end()', () => {
    const decoder = new OpenAiChatStreamDecoder();
    expect(decoder.decodeChunk({ id: 'c', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'call_1', function: { arguments: '{"a"' } }] } }] })).toEqual([]);
    expect(decoder.decodeChunk({ id: 'c', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'f', arguments: ':1}' } }] } }] })).toEqual([
      { type: 'tool-call-start', index: 0, id: 'call_1', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":1}' },
    ]);
    expect(decoder.end()).toEqual([{ type: 'tool-call-end', index: 0 }]);
  });

  it('reports in-stream error objects, ignores other choices and skips non-JSON data', () => {
    const decoder = new OpenAiChatStreamDecoder();
    const parts = decoder.push(
      Buffer.from(
        'data: keep-alive\n\n' +
          'data: {"id":"c","choices":[{"index":1,"delta":{"content":"other"}},{"index":0,"delta":{"content":"mine"}}]}\n\n' +
          'data: {"error":{"message":"overloaded","type":"server_error","code":"529"}}\n\n',
      ),
    );
    expect(parts).toEqual([
      { type: 'text-delta', text: 'mine' },
      { type: 'error', error: { message: 'overloaded', type: 'server_error', code: '529' } },
    ]);
    expect(decoder.malformedChunkCount).toBe(1);
  });
});

describe('OpenAiChatStreamEncoder', () => {
  const metadata = { id: 'chatcmpl-out', model: 'gpt-4o', created: 1700000000 };

  it('writes the role once, holds usage back until end, then [DONE]', () => {
    const encoder = new OpenAiChatStreamEncoder({ metadata, includeUsage: true });
    const usage = { inputTokens: 7, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
    const frames = [
      encoder.encode({ type: 'text-delta', text: 'Hi' }),
      encoder.encode({ type: 'usage', usage }),
      encoder.encode({ type: 'text-delta', text: '!' }),
      encoder.encode({ type: 'finish', reason: 'stop' }),
      encoder.end(),
    ];
    expect(frames[1]).toBe('');
    expect(frames.join('')).toBe(
      'data: {"id":"chatcmpl-out","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","choices":[{"index":0,"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n' +
        'data: {"id":"chatcmpl-out","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","choices":[{"index":0,"delta":{"content":"!"},"finish_reason":null}]}\n\n' +
        'data: {"id":"chatcmpl-out","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n' +
        'data: {"id":"chatcmpl-out","object":"chat.completion.chunk","created":1700000000,"model":"gpt-4o","choices":[],"usage":{"prompt_tokens":7,"completion_tokens":2,"total_tokens":9}}\n\n' +
        'data: [DONE]\n\n',
    );
  });

  it('omits the usage chunk when the caller did not ask for it', () => {
    const encoder = new OpenAiChatStreamEncoder({ metadata, includeUsage: false });
    encoder.encode({ type: 'usage', usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } });
    expect(encoder.end()).toBe('data: [DONE]\n\n');
  });

  it('renumbers tool calls densely and round-trips through the decoder', () => {
    const encoder = new OpenAiChatStreamEncoder({ metadata, includeUsage: true });
    const source: CanonicalStreamPart[] = [
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 3, id: 'toolu_1', name: 'search' },
      { type: 'tool-call-delta', index: 3, argumentsDelta: '{"q":"x"}' },
      { type: 'tool-call-end', index: 3 },
      { type: 'tool-call-start', index: 5, id: 'toolu_2', name: 'fetch' },
      { type: 'tool-call-delta', index: 5, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 5 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: { inputTokens: 11, outputTokens: 22, cacheReadTokens: 3, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ];
    const text = source.map((part) => encoder.encode(part)).join('') + encoder.end();
    const toolIndexes = parseSseChunks([Buffer.from(text)])
      .filter((event) => event.data.includes('"tool_calls":['))
      .map((event) => (JSON.parse(event.data) as { choices: { delta: { tool_calls: { index: number }[] } }[] }).choices[0]?.delta.tool_calls[0]?.index);
    expect(toolIndexes).toEqual([0, 0, 1, 1]);
    expect(decodeAll([Buffer.from(text)]).parts).toEqual([
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'search' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":"x"}' },
      { type: 'tool-call-start', index: 1, id: 'toolu_2', name: 'fetch' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: { inputTokens: 11, outputTokens: 22, cacheReadTokens: 3, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it('encodes error parts as OpenAI error data events', () => {
    const encoder = new OpenAiChatStreamEncoder({ metadata, includeUsage: false });
    expect(encoder.encode({ type: 'error', error: { message: 'boom', type: 'upstream_error' } })).toBe(
      'data: {"error":{"message":"boom","type":"upstream_error","param":null,"code":null}}\n\n',
    );
  });
});
