import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalFinishReason, CanonicalResponse } from '../canonical-model';
import {
  decodeAnthropicMessagesResponse,
  encodeAnthropicMessagesResponse,
  finishReasonFromAnthropic,
  finishReasonToAnthropic,
} from './anthropic-messages-response-codec';
import { anthropicMessagesResponseSchema } from './anthropic-messages-schema';

const fixtureResponse = anthropicMessagesResponseSchema.parse(
  fixturesBeside(import.meta.url).fixtureJson('messages-response.json'),
);

describe('anthropic messages response codec', () => {
  it('decodes thinking, text, tool use, stop reason and cache-normalised usage', () => {
    const before = Math.floor(Date.now() / 1000);
    const decoded = decodeAnthropicMessagesResponse(fixtureResponse);
    expect(decoded).toEqual({
      id: 'msg_01XFDUDYJgAACzvnptvVoYEL',
      model: 'claude-sonnet-4-5-20250929',
      created: decoded.created,
      parts: [
        { type: 'reasoning', text: 'Paris weather needs a tool call.', signature: 'ErUBCkYIBRgCIkDRgZo2rQ5XtJ9Kq1xqV0cUe4Mh9k3pQz4dYl8L7nWf2pDcbsWvJr5sE2A4fBRo6zC=' },
        { type: 'text', text: "I'll look up the current weather in Paris." },
        { type: 'tool-call', id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', arguments: '{"city":"Paris"}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 472 + 1024 + 2048, outputTokens: 89, cacheReadTokens: 2048, cacheWriteTokens: 1024, reasoningTokens: 0 },
    });
    expect(decoded.created).toBeGreaterThanOrEqual(before);
  });

  it('encodes a canonical response and decodes it back, redacted thinking and thinking tokens included', () => {
    const canonical: CanonicalResponse = {
      id: 'msg_roundtrip',
      model: 'claude-opus-4-1',
      created: 0,
      parts: [
        { type: 'reasoning', text: 'hmm', signature: 'sig-1' },
        { type: 'reasoning', text: '', signature: 'opaque', redacted: true },
        { type: 'text', text: 'Calling.' },
        { type: 'tool-call', id: 'toolu_1', name: 'lookup', arguments: '{"q":"x","n":2}' },
      ],
      finishReason: 'tool-calls',
      usage: { inputTokens: 100, outputTokens: 40, cacheReadTokens: 30, cacheWriteTokens: 20, reasoningTokens: 12 },
    };
    const encoded = encodeAnthropicMessagesResponse(canonical);
    expect(encoded).toEqual({
      id: 'msg_roundtrip',
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-4-1',
      content: [
        { type: 'thinking', thinking: 'hmm', signature: 'sig-1' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'text', text: 'Calling.' },
        { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { q: 'x', n: 2 } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 50, cache_creation_input_tokens: 20, cache_read_input_tokens: 30, output_tokens: 40, output_tokens_details: { thinking_tokens: 12 } },
    });
    const decoded = decodeAnthropicMessagesResponse(anthropicMessagesResponseSchema.parse(encoded));
    expect(decoded).toEqual({ ...canonical, created: decoded.created });
  });

  it('gives unsigned reasoning an empty signature, keeps unparseable tool arguments, and reports zero usage when unknown', () => {
    const encoded = encodeAnthropicMessagesResponse({
      id: 'chatcmpl-1',
      model: 'deepseek-reasoner',
      created: 1,
      parts: [
        { type: 'reasoning', text: 'think' },
        { type: 'tool-call', id: 'call_1', name: 'f', arguments: '{"broken"' },
        { type: 'tool-call', id: 'call_2', name: 'g', arguments: '' },
      ],
      finishReason: 'length',
    });
    expect(encoded.content).toEqual([
      { type: 'thinking', thinking: 'think', signature: '' },
      { type: 'tool_use', id: 'call_1', name: 'f', input: { arguments: '{"broken"' } },
      { type: 'tool_use', id: 'call_2', name: 'g', input: {} },
    ]);
    expect(encoded.stop_reason).toBe('max_tokens');
    expect(encoded.usage).toEqual({ input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 });
  });

  it('decodes server-tool blocks (kept as received) and treats a missing stop reason as a normal stop', () => {
    const decoded = decodeAnthropicMessagesResponse(
      anthropicMessagesResponseSchema.parse({
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [
          { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'paris' } },
          { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
          { type: 'text', text: 'Found it.' },
        ],
        stop_reason: null,
      }),
    );
    expect(decoded.parts).toEqual([
      { type: 'server-tool', kind: 'call', name: 'web_search', id: 'srvtoolu_1', input: '{"query":"paris"}', raw: { format: 'anthropic-messages', block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'paris' } } } },
      { type: 'server-tool', kind: 'result', name: 'web_search', id: 'srvtoolu_1', raw: { format: 'anthropic-messages', block: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] } } },
      { type: 'text', text: 'Found it.' },
    ]);
    expect(decoded.finishReason).toBe('stop');
    expect(decoded.usage).toBeUndefined();
    expect(anthropicMessagesResponseSchema.safeParse({ id: 'x', type: 'message', role: 'assistant', model: 'm', content: [{ type: 'text' }] }).success).toBe(false);
  });

  it('maps every stop reason both ways', () => {
    const fromAnthropic: Record<string, CanonicalFinishReason> = {
      end_turn: 'stop',
      stop_sequence: 'stop',
      max_tokens: 'length',
      model_context_window_exceeded: 'length',
      tool_use: 'tool-calls',
      refusal: 'content-filter',
      pause_turn: 'other',
      something_new: 'other',
    };
    for (const [reason, canonical] of Object.entries(fromAnthropic)) expect(finishReasonFromAnthropic(reason)).toBe(canonical);
    const toAnthropic: Record<CanonicalFinishReason, string> = {
      stop: 'end_turn',
      length: 'max_tokens',
      'tool-calls': 'tool_use',
      'content-filter': 'refusal',
      error: 'end_turn',
      other: 'end_turn',
    };
    for (const [canonical, reason] of Object.entries(toAnthropic)) expect(finishReasonToAnthropic(canonical as CanonicalFinishReason)).toBe(reason);
  });
});
