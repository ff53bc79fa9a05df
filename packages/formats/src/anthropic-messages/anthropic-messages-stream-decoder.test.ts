import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalStreamPart } from '../canonical-model';
import { AnthropicMessagesStreamDecoder } from './anthropic-messages-stream-decoder';

const { fixture } = fixturesBeside(import.meta.url);

function decodeAll(chunks: Uint8Array[]): { parts: CanonicalStreamPart[]; decoder: AnthropicMessagesStreamDecoder } {
  const decoder = new AnthropicMessagesStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  for (const chunk of chunks) parts.push(...decoder.push(chunk));
  parts.push(...decoder.end());
  return { parts, decoder };
}

function chunksOf(bytes: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

const textParts: CanonicalStreamPart[] = [
  { type: 'text-delta', text: 'Bonjour' },
  { type: 'text-delta', text: ', 世界' },
  { type: 'text-delta', text: ' 👋' },
  { type: 'finish', reason: 'stop' },
  { type: 'usage', usage: { inputTokens: 1821, outputTokens: 12, cacheReadTokens: 1800, cacheWriteTokens: 0, reasoningTokens: 0 } },
];

const thinkingToolParts: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: 'The user wants weather ' },
  { type: 'reasoning-delta', text: 'and the time in Paris.' },
  { type: 'reasoning-delta', text: '', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds7Ayq0Ty8qZnK0jYdTe6xH9b=' },
  { type: 'text-delta', text: 'Let me check both.' },
  { type: 'tool-call-start', index: 2, id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather' },
  { type: 'tool-call-delta', index: 2, argumentsDelta: '{"city": "Pa' },
  { type: 'tool-call-delta', index: 2, argumentsDelta: 'ris"}' },
  { type: 'tool-call-end', index: 2 },
  { type: 'tool-call-start', index: 3, id: 'toolu_01VHn2YRnAHm3pGd3U7GQkRs', name: 'get_time' },
  { type: 'tool-call-delta', index: 3, argumentsDelta: '{}' },
  { type: 'tool-call-end', index: 3 },
  { type: 'finish', reason: 'tool-calls' },
  { type: 'usage', usage: { inputTokens: 728, outputTokens: 131, cacheReadTokens: 0, cacheWriteTokens: 256, reasoningTokens: 40 } },
];

describe('AnthropicMessagesStreamDecoder', () => {
  it('decodes a CRLF text stream with pings, split at every byte', () => {
    const bytes = fixture('messages-stream-text.sse');
    for (let at = 0; at <= bytes.length; at += 1) {
      expect(decodeAll([bytes.subarray(0, at), bytes.subarray(at)]).parts).toEqual(textParts);
    }
    const { decoder } = decodeAll([bytes]);
    expect(decoder.metadata).toMatchObject({ id: 'msg_01LmqB8qsJrEQkz7vrXy6Xo3', model: 'claude-haiku-4-5-20251001' });
    expect(decoder.metadata?.created).toBeGreaterThan(1_700_000_000);
    expect(decoder.done).toBe(true);
  });

  it('decodes thinking with its signature, text and tool calls; a call without input gets {}', () => {
    const bytes = fixture('messages-stream-thinking-tools.sse');
    for (let at = 0; at <= bytes.length; at += 1) {
      expect(decodeAll([bytes.subarray(0, at), bytes.subarray(at)]).parts).toEqual(thinkingToolParts);
    }
    expect(decodeAll(chunksOf(bytes, 7)).parts).toEqual(thinkingToolParts);
  });

  it('reports an in-stream error and the usage known so far when the stream was cut', () => {
    const { parts, decoder } = decodeAll([fixture('messages-stream-error.sse')]);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Partial' },
      { type: 'error', error: { message: 'Overloaded', type: 'overloaded_error' } },
      { type: 'usage', usage: { inputTokens: 9, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
    expect(decoder.done).toBe(false);
  });

  it('handles data-only events, redacted thinking, a server tool with streamed input, whole tool input at start, unknown blocks and bad JSON', () => {
    const decoder = new AnthropicMessagesStreamDecoder();
    const parts = decoder.push(
      Buffer.from(
        'data: {"type":"message_start","message":{"id":"msg_x","model":"glm-4.6","content":[]}}\n\n' +
          'data: {"type":"content_block_start","index":0,"content_block":{"type":"redacted_thinking","data":"EmwKAhgB"}}\n\n' +
          'data: {"type":"content_block_stop","index":0}\n\n' +
          'data: {"type":"content_block_start","index":1,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}\n\n' +
          'data: {"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"query\\":1}"}}\n\n' +
          'data: {"type":"content_block_stop","index":1}\n\n' +
          'data: not json\n\n' +
          'data: {"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"call_9","name":"f","input":{"a":1}}}\n\n' +
          'data: {"type":"content_block_delta","index":3,"delta":{"type":"citations_delta","citation":{}}}\n\n',
      ),
    );
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: '', signature: 'EmwKAhgB', redacted: true },
      {
        type: 'server-tool',
        part: { type: 'server-tool', kind: 'call', name: 'web_search', id: 'srvtoolu_1', input: '{"query":1}', raw: { format: 'anthropic-messages', block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 1 } } } },
      },
      { type: 'tool-call-start', index: 2, id: 'call_9', name: 'f' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{"a":1}' },
    ]);
    expect(decoder.malformedEventCount).toBe(1);
    expect(decoder.metadata).toMatchObject({ id: 'msg_x', model: 'glm-4.6' });
    expect(decoder.end()).toEqual([{ type: 'tool-call-end', index: 2 }]);
  });

  it('reports usage on every message_delta of servers that repeat it, and finish only once a stop reason comes', () => {
    const decoder = new AnthropicMessagesStreamDecoder();
    expect(decoder.decodeEvent({ type: 'message_start', message: { id: 'm', model: 'x', usage: { input_tokens: 3, output_tokens: 0 } } })).toEqual([]);
    expect(decoder.decodeEvent({ type: 'message_delta', delta: { stop_reason: null }, usage: { output_tokens: 1 } })).toEqual([
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
    expect(decoder.decodeEvent({ type: 'message_delta', delta: { stop_reason: 'max_tokens' }, usage: { output_tokens: 2 } })).toEqual([
      { type: 'finish', reason: 'length' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
    expect(decoder.end()).toEqual([]);
  });
});
