import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { CanonicalStreamPart } from '../canonical-model';
import { parseSseChunks } from '../sse-parser';
import { anthropicStreamEventSchema } from './anthropic-messages-schema';
import { AnthropicMessagesStreamDecoder } from './anthropic-messages-stream-decoder';
import { AnthropicMessagesStreamEncoder } from './anthropic-messages-stream-encoder';

const metadata = { id: 'msg_gateway_1', model: 'claude-sonnet-4-5', created: 1_700_000_000 };
const usage = { inputTokens: 120, outputTokens: 45, cacheReadTokens: 100, cacheWriteTokens: 0, reasoningTokens: 9 };

function encodeAll(parts: CanonicalStreamPart[], inputTokens?: number): string {
  const encoder = new AnthropicMessagesStreamEncoder({ metadata, includeUsage: false, ...(inputTokens === undefined ? {} : { inputTokens }) });
  return parts.map((part) => encoder.encode(part)).join('') + encoder.end();
}

/** A stream as an OpenAI upstream produces it: reasoning without signature, text, parallel tool calls, finish, then usage. */
const openAiShaped: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: 'Think ' },
  { type: 'reasoning-delta', text: 'first.' },
  { type: 'text-delta', text: 'Checking ' },
  { type: 'text-delta', text: 'both.' },
  { type: 'tool-call-start', index: 0, id: 'call_a', name: 'get_weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":' },
  { type: 'tool-call-start', index: 1, id: 'call_b', name: 'get_time' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '"Paris"}' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: 'tool-calls' },
  { type: 'usage', usage },
];

function sdkWithBody(body: string): Anthropic {
  return new Anthropic({
    apiKey: 'sk-ant-test',
    maxRetries: 0,
    fetch: () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } })),
  });
}

describe('AnthropicMessagesStreamEncoder', () => {
  it('writes message_start with the prompt estimate, one text block, then message_delta with usage and message_stop', () => {
    const text = encodeAll(
      [
        { type: 'text-delta', text: 'Hi' },
        { type: 'text-delta', text: '' },
        { type: 'finish', reason: 'stop' },
        { type: 'usage', usage: { inputTokens: 7, outputTokens: 2, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
      ],
      6,
    );
    expect(text).toBe(
      'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_gateway_1","type":"message","role":"assistant","model":"claude-sonnet-4-5","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":6,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":0}}}\n\n' +
        'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n' +
        'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}\n\n' +
        'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n' +
        'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"input_tokens":7,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":2}}\n\n' +
        'event: message_stop\ndata: {"type":"message_stop"}\n\n',
    );
  });

  it('emits schema-valid events with matching event lines and dense, properly nested block indexes', () => {
    const events = parseSseChunks([Buffer.from(encodeAll(openAiShaped))]);
    const open: number[] = [];
    const started: number[] = [];
    for (const event of events) {
      const payload = anthropicStreamEventSchema.parse(JSON.parse(event.data));
      expect(event.event).toBe(payload.type);
      if (payload.type === 'content_block_start') {
        expect(open).toEqual([]);
        open.push(payload.index);
        started.push(payload.index);
      } else if (payload.type === 'content_block_stop') {
        expect(open.pop()).toBe(payload.index);
      } else if (payload.type === 'content_block_delta') {
        expect(started).toContain(payload.index);
      }
    }
    expect(started).toEqual([0, 1, 2, 3]);
    expect(events.map((event) => event.event).at(-1)).toBe('message_stop');
  });

  it('round-trips through the decoder: tool calls keyed by block index, reasoning kept, usage normalised back', () => {
    const decoder = new AnthropicMessagesStreamDecoder();
    const parts = [...decoder.push(Buffer.from(encodeAll(openAiShaped))), ...decoder.end()];
    expect(parts).toEqual([
      { type: 'reasoning-delta', text: 'Think ' },
      { type: 'reasoning-delta', text: 'first.' },
      { type: 'text-delta', text: 'Checking ' },
      { type: 'text-delta', text: 'both.' },
      { type: 'tool-call-start', index: 2, id: 'call_a', name: 'get_weather' },
      { type: 'tool-call-delta', index: 2, argumentsDelta: '{"city":' },
      { type: 'tool-call-end', index: 2 },
      { type: 'tool-call-start', index: 3, id: 'call_b', name: 'get_time' },
      // A late delta of an already closed call still names its own block, which the SDK accumulates by index.
      { type: 'tool-call-delta', index: 2, argumentsDelta: '"Paris"}' },
      { type: 'tool-call-delta', index: 3, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 3 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage },
    ]);
  });

  it('is accumulated by the real Anthropic SDK into the expected final message', async () => {
    const parts: CanonicalStreamPart[] = [
      { type: 'reasoning-delta', text: 'Let me think.' },
      { type: 'reasoning-delta', text: '', signature: 'sig-abc' },
      { type: 'reasoning-delta', text: '', signature: 'EmwKAhgB', redacted: true },
      ...openAiShaped.slice(2),
    ];
    const message = await sdkWithBody(encodeAll(parts, 120))
      .messages.stream({ model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] })
      .finalMessage();
    expect(message.id).toBe('msg_gateway_1');
    expect(message.content).toEqual([
      { type: 'thinking', thinking: 'Let me think.', signature: 'sig-abc' },
      { type: 'redacted_thinking', data: 'EmwKAhgB' },
      { type: 'text', text: 'Checking both.' },
      { type: 'tool_use', id: 'call_a', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'call_b', name: 'get_time', input: {} },
    ]);
    expect(message.stop_reason).toBe('tool_use');
    expect(message.usage).toMatchObject({ input_tokens: 20, cache_read_input_tokens: 100, cache_creation_input_tokens: 0, output_tokens: 45, output_tokens_details: { thinking_tokens: 9 } });
  });

  it('writes an error event that the SDK raises with its type, and nothing after it', async () => {
    const encoder = new AnthropicMessagesStreamEncoder({ metadata, includeUsage: true });
    const text = encoder.encode({ type: 'text-delta', text: 'Par' }) + encoder.encode({ type: 'error', error: { message: 'Overloaded', type: 'overloaded_error' } });
    expect(encoder.encode({ type: 'text-delta', text: 'tial' })).toBe('');
    expect(encoder.end()).toBe('');
    expect(text.endsWith('event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\nevent: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n')).toBe(true);
    const stream = await sdkWithBody(text).messages.create({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: 'x' }], stream: true });
    const received: string[] = [];
    await expect(
      (async () => {
        for await (const event of stream) received.push(event.type);
      })(),
    ).rejects.toMatchObject({ type: 'overloaded_error' });
    expect(received).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop']);
  });

  it('ends an empty answer validly and reports zero output when no usage arrived', () => {
    const events = parseSseChunks([Buffer.from(encodeAll([]))]).map((event) => JSON.parse(event.data) as Record<string, unknown>);
    expect(events.map((event) => event.type)).toEqual(['message_start', 'message_delta', 'message_stop']);
    expect(events[1]).toEqual({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 0 } });
  });
});
