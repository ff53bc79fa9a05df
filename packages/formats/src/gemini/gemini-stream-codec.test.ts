import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalStreamPart } from '../canonical-model';
import { parseSseChunks } from '../sse-parser';
import { GeminiStreamDecoder, GeminiStreamEncoder } from './gemini-stream-codec';

const { fixture } = fixturesBeside(import.meta.url);

function decodeAll(chunks: Uint8Array[]): { parts: CanonicalStreamPart[]; decoder: GeminiStreamDecoder } {
  const decoder = new GeminiStreamDecoder();
  const parts: CanonicalStreamPart[] = [];
  for (const chunk of chunks) parts.push(...decoder.push(chunk));
  parts.push(...decoder.end());
  return { parts, decoder };
}

const textParts: CanonicalStreamPart[] = [
  { type: 'reasoning-delta', text: '**Greeting**\nA short hello in two languages.' },
  { type: 'text-delta', text: 'Bonjour' },
  { type: 'text-delta', text: ', 世界 👋' },
  { type: 'reasoning-delta', text: '', signature: 'AY89a18iOcFus5wr5bW5xN6z' },
  { type: 'finish', reason: 'stop' },
  { type: 'usage', usage: { inputTokens: 9, outputTokens: 22, cacheReadTokens: 3, cacheWriteTokens: 0, reasoningTokens: 18 } },
];

const toolParts: CanonicalStreamPart[] = [
  { type: 'text-delta', text: 'Let me check.' },
  { type: 'tool-call-start', index: 0, id: 'gemini-call-x1jHaMvCBe2Qz7IP-0', name: 'get_weather', signature: 'CiIBVKhc7l5mzkoZSRQ=' },
  { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Paris"}' },
  { type: 'tool-call-end', index: 0 },
  { type: 'tool-call-start', index: 1, id: 'gemini-call-x1jHaMvCBe2Qz7IP-1', name: 'get_time' },
  { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
  { type: 'tool-call-end', index: 1 },
  { type: 'finish', reason: 'tool-calls' },
  { type: 'usage', usage: { inputTokens: 64, outputTokens: 67, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 47 } },
];

describe('GeminiStreamDecoder', () => {
  it('decodes an alt=sse CRLF stream with thoughts, a signed empty part and usage on the last chunk, split at every byte', () => {
    const bytes = fixture('stream-text-thoughts.sse');
    for (let at = 0; at <= bytes.length; at += 1) {
      expect(decodeAll([bytes.subarray(0, at), bytes.subarray(at)]).parts).toEqual(textParts);
    }
    expect(decodeAll([bytes]).decoder.metadata).toMatchObject({ id: 'tTCwacuEBMvnitYP06qsgQY', model: 'gemini-2.5-flash' });
  });

  it('decodes the JSON-array framing (no alt=sse) to the same parts, split at every byte', () => {
    const bytes = fixture('stream-json-array.json');
    expect(JSON.parse(bytes.toString('utf8'))).toHaveLength(4);
    for (let at = 0; at <= bytes.length; at += 1) {
      expect(decodeAll([bytes.subarray(0, at), bytes.subarray(at)]).parts).toEqual(textParts);
    }
  });

  it('turns whole function calls into start, delta and end, with STOP after calls as tool-calls', () => {
    expect(decodeAll([fixture('stream-function-call.sse')]).parts).toEqual(toolParts);
  });

  it('keeps a call id the model sent, reports in-stream errors and skips malformed data', () => {
    const decoder = new GeminiStreamDecoder();
    const parts = decoder.push(
      Buffer.from(
        'data: not json\n\n' +
          'data: {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":"fc_9","name":"f","args":{"a":[1,2]}}}]},"index":0}],"responseId":"r"}\n\n' +
          'data: {"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}\n\n',
      ),
    );
    expect(parts).toEqual([
      { type: 'tool-call-start', index: 0, id: 'fc_9', name: 'f' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"a":[1,2]}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'error', error: { message: 'The model is overloaded.', type: 'UNAVAILABLE', code: '503', httpStatus: 503 } },
    ]);
    expect(decoder.malformedChunkCount).toBe(1);
    expect(decoder.end()).toEqual([]);
  });

  it('ends a stream whose prompt was blocked as content-filter', () => {
    const decoder = new GeminiStreamDecoder();
    expect(decoder.decodeChunk({ promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 } })).toEqual([
      { type: 'finish', reason: 'content-filter' },
    ]);
    expect(decoder.end()).toEqual([{ type: 'usage', usage: { inputTokens: 4, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 } }]);
  });
});

describe('GeminiStreamEncoder', () => {
  const metadata = { id: 'resp-out', model: 'gemini-2.5-flash', created: 1_735_689_600 };
  const identity = '"modelVersion":"gemini-2.5-flash","responseId":"resp-out","createTime":"2025-01-01T00:00:00.000Z"';

  it('writes text and thoughts at once, and finishReason with usageMetadata in the last chunk', () => {
    const encoder = new GeminiStreamEncoder({ metadata });
    const frames = [
      encoder.encode({ type: 'reasoning-delta', text: 'hmm', signature: 's1' }),
      encoder.encode({ type: 'text-delta', text: 'Hi' }),
      encoder.encode({ type: 'finish', reason: 'stop' }),
      encoder.encode({ type: 'usage', usage: { inputTokens: 7, outputTokens: 5, cacheReadTokens: 2, cacheWriteTokens: 0, reasoningTokens: 3 } }),
      encoder.end(),
    ];
    expect(frames[2]).toBe('');
    expect(frames[3]).toBe('');
    expect(frames.join('')).toBe(
      `data: {"candidates":[{"content":{"role":"model","parts":[{"text":"hmm","thought":true,"thoughtSignature":"s1"}]},"index":0}],${identity}}\n\n` +
        `data: {"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"}]},"index":0}],${identity}}\n\n` +
        `data: {"candidates":[{"content":{"role":"model","parts":[{"text":""}]},"finishReason":"STOP","index":0}],${identity},` +
        '"usageMetadata":{"promptTokenCount":7,"candidatesTokenCount":2,"totalTokenCount":12,"cachedContentTokenCount":2,"thoughtsTokenCount":3}}\n\n',
    );
  });

  it('sends each function call whole when it ends and round-trips a tool stream through the decoder', () => {
    const encoder = new GeminiStreamEncoder({ metadata });
    const source: CanonicalStreamPart[] = [
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 3, id: 'toolu_1', name: 'search', signature: 'sig' },
      { type: 'tool-call-delta', index: 3, argumentsDelta: '{"q":' },
      { type: 'tool-call-delta', index: 3, argumentsDelta: '"x"}' },
      { type: 'tool-call-end', index: 3 },
      { type: 'tool-call-start', index: 5, id: 'toolu_2', name: 'fetch' },
      { type: 'tool-call-delta', index: 5, argumentsDelta: '{}' },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: { inputTokens: 11, outputTokens: 22, cacheReadTokens: 3, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ];
    const text = source.map((part) => encoder.encode(part)).join('') + encoder.end();
    const events = parseSseChunks([Buffer.from(text)]);
    expect(events.map((event) => (JSON.parse(event.data) as { candidates?: { content: { parts: unknown[] } }[] }).candidates?.[0]?.content.parts)).toEqual([
      [{ text: 'Checking.' }],
      [{ functionCall: { id: 'toolu_1', name: 'search', args: { q: 'x' } }, thoughtSignature: 'sig' }],
      [{ functionCall: { id: 'toolu_2', name: 'fetch', args: {} } }],
      [{ text: '' }],
    ]);
    expect(decodeAll([Buffer.from(text)]).parts).toEqual([
      { type: 'text-delta', text: 'Checking.' },
      { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'search', signature: 'sig' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"q":"x"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'tool-call-start', index: 1, id: 'toolu_2', name: 'fetch' },
      { type: 'tool-call-delta', index: 1, argumentsDelta: '{}' },
      { type: 'tool-call-end', index: 1 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage: { inputTokens: 11, outputTokens: 22, cacheReadTokens: 3, cacheWriteTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it('writes a JSON array without alt=sse, parseable whole and by the decoder', () => {
    const encoder = new GeminiStreamEncoder({ metadata, framing: 'json-array' });
    const text =
      encoder.encode({ type: 'text-delta', text: 'a' }) +
      encoder.encode({ type: 'text-delta', text: 'b' }) +
      encoder.encode({ type: 'finish', reason: 'length' }) +
      encoder.end();
    const chunks = JSON.parse(text) as { candidates: { finishReason?: string }[] }[];
    expect(chunks).toHaveLength(3);
    expect(chunks[2]?.candidates[0]?.finishReason).toBe('MAX_TOKENS');
    expect(decodeAll([Buffer.from(text)]).parts).toEqual([
      { type: 'text-delta', text: 'a' },
      { type: 'text-delta', text: 'b' },
      { type: 'finish', reason: 'length' },
    ]);
    expect(new GeminiStreamEncoder({ metadata, framing: 'json-array' }).end()).toBe('[]');
  });

  it('encodes errors as Google error events', () => {
    const encoder = new GeminiStreamEncoder({ metadata });
    expect(encoder.encode({ type: 'error', error: { message: 'boom', httpStatus: 500 } })).toBe('data: {"error":{"code":500,"message":"boom","status":"INTERNAL"}}\n\n');
  });
});
