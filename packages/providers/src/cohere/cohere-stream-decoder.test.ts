import { collectStreamParts, type CanonicalStreamPart } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { byteByByte, decodeChunks, fixturesBeside, splitsInTwo } from '@turnpike/testing';
import { cohereDialect } from './cohere-dialect';
import { CohereStreamDecoder } from './cohere-stream-decoder';

const { fixture } = fixturesBeside(import.meta.url);
const decodeAll = (chunks: Uint8Array[]) => decodeChunks(new CohereStreamDecoder(), chunks);

const textParts: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: 'The user greets in French' },
  { type: 'reasoning-delta', text: '; answer briefly.' },
  { type: 'text-delta', text: 'Bonjour' },
  { type: 'text-delta', text: ', 世界' },
  { type: 'text-delta', text: ' 👋' },
  { type: 'usage', usage: { inputTokens: 9, outputTokens: 21, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
  { type: 'finish', reason: 'stop' },
];

const toolParts: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: 'I will check the weather' },
  { type: 'reasoning-delta', text: ' in Toronto and Paris.' },
  { type: 'tool-call-start', index: 0, id: 'get_weather_1byjy32y4hvq', name: 'get_weather' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"location":' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: ' "Toronto"' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-start', index: 1, id: 'get_weather_x9f3m7k2p0qd', name: 'get_weather' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{"location": "Paris"}' },
  { type: 'tool-call-end', index: 1 },
  { type: 'usage', usage: { inputTokens: 37, outputTokens: 41, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
  { type: 'finish', reason: 'tool-calls' },
];

const sse = (...events: object[]): Buffer => Buffer.from(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''));

describe('CohereStreamDecoder', () => {
  it('decodes a thinking-then-text stream, its id and the [DONE] sentinel, split at every byte', () => {
    const bytes = fixture('chat-stream-text.sse');
    for (const chunks of splitsInTwo(bytes)) {
      const { parts, decoder } = decodeAll(chunks);
      expect(parts).toEqual(textParts);
      expect(decoder.metadata?.id).toBe('d2f1c8a4-5b7e-4f0a-9c3d-1e6b2a7f4c90');
      expect(decoder.done).toBe(true);
    }
  });

  it('decodes a CRLF tool-plan and two-tool-call stream, split at every byte and fed byte by byte', () => {
    const bytes = fixture('chat-stream-tool-call.sse');
    for (const chunks of splitsInTwo(bytes)) expect(decodeAll(chunks).parts).toEqual(toolParts);
    const { parts, decoder } = decodeAll(byteByByte(bytes));
    expect(parts).toEqual(toolParts);
    expect(decoder.metadata).toMatchObject({ id: '7b9e2c41-0d3a-4e8f-b5a6-c1f0e9d82a37', model: '' });
    expect(decoder.malformedEventCount).toBe(0);
  });

  it('collects to the same answer a whole response would give', () => {
    const { parts, decoder } = decodeAll([fixture('chat-stream-tool-call.sse')]);
    const collected = collectStreamParts(parts, decoder.metadata ?? { id: '', model: '', created: 0 });
    expect(collected.parts).toEqual([
      { type: 'reasoning', text: 'I will check the weather in Toronto and Paris.' },
      { type: 'tool-call', id: 'get_weather_1byjy32y4hvq', name: 'get_weather', arguments: '{"location": "Toronto"}' },
      { type: 'tool-call', id: 'get_weather_x9f3m7k2p0qd', name: 'get_weather', arguments: '{"location": "Paris"}' },
    ]);
    expect(collected.finishReason).toBe('tool-calls');
  });

  it('follows tool-call events that carry no index, and reports COMPLETE with tool calls as tool-calls', () => {
    const parts = decodeAll([
      sse(
        { type: 'message-start', id: 'm1' },
        { type: 'tool-call-start', delta: { message: { tool_calls: { id: 'test-id-1', type: 'function', function: { name: 'lookup', arguments: '' } } } } },
        { type: 'tool-call-delta', delta: { message: { tool_calls: { function: { arguments: '{"q":1}' } } } } },
        { type: 'tool-call-end' },
        { type: 'message-end', delta: { finish_reason: 'COMPLETE', usage: { tokens: { input_tokens: 10, output_tokens: 5 } } } },
      ),
    ]).parts;
    expect(parts).toEqual([
      { type: 'tool-call-start', index: 0, id: 'test-id-1', name: 'lookup' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":1}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'usage', usage: { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } },
      { type: 'finish', reason: 'tool-calls' },
    ]);
  });

  it('reports in-stream errors, ignores citations and skips non-JSON data', () => {
    const { parts, decoder } = decodeAll([
      Buffer.from('data: keep-alive\n\n'),
      sse(
        { type: 'content-delta', index: 0, delta: { message: { content: { text: 'Partial' } } } },
        { type: 'citation-start', index: 0, delta: { message: { citations: { start: 0, end: 7, text: 'Partial', sources: [] } } } },
        { type: 'citation-end', index: 0 },
        { type: 'message-end', delta: { finish_reason: 'ERROR', error: 'internal server error' } },
      ),
    ]);
    expect(parts).toEqual([
      { type: 'text-delta', text: 'Partial' },
      { type: 'error', error: { message: 'internal server error' } },
      { type: 'finish', reason: 'error' },
    ]);
    expect(decoder.malformedEventCount).toBe(1);
    expect(decoder.metadata).toBeUndefined();
  });

  it('reports an error body sent as an event, and closes a tool call the stream left open', () => {
    expect(decodeAll([sse({ id: 'e1', message: 'too many tokens' })]).parts).toEqual([{ type: 'error', error: { message: 'too many tokens' } }]);
    const cut = decodeAll([sse({ type: 'tool-call-start', index: 0, delta: { message: { tool_calls: { id: 'c1', type: 'function', function: { name: 'f', arguments: '{' } } } } })]);
    expect(cut.parts).toEqual([
      { type: 'tool-call-start', index: 0, id: 'c1', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{' },
      { type: 'tool-call-end', index: 0 },
    ]);
  });

  it('is the decoder the dialect creates', () => {
    const decoder = cohereDialect.createStreamDecoder();
    expect([...decoder.push(fixture('chat-stream-text.sse')), ...decoder.end()]).toEqual(textParts);
  });
});
