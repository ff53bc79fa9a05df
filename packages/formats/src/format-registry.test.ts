import { describe, expect, it } from 'vitest';
import type { CanonicalRequest, CanonicalResponse } from './canonical-model';
import { findFormat, formatRegistry } from './format-registry';

const request: CanonicalRequest = {
  model: 'test-model',
  messages: [
    { role: 'system', parts: [{ type: 'text', text: 'sys' }] },
    { role: 'user', parts: [{ type: 'text', text: 'hello' }] },
  ],
  stream: true,
  includeUsage: true,
  maxTokens: 32,
};

const response: CanonicalResponse = {
  id: 'r1',
  model: 'test-model',
  created: 1,
  parts: [{ type: 'text', text: 'hi there' }],
  finishReason: 'stop',
  usage: { inputTokens: 5, outputTokens: 2, cacheReadTokens: 1, cacheWriteTokens: 0, reasoningTokens: 0 },
};

describe('format registry', () => {
  it('has unique ids and finds each format by id', () => {
    const ids = formatRegistry.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('openai-chat');
    expect(ids).toContain('gemini');
    for (const format of formatRegistry) expect(findFormat(format.id)).toBe(format);
    expect(findFormat('no-such-format')).toBeUndefined();
  });

  describe.each(formatRegistry.map((format) => [format.id, format] as const))('%s conformance', (_id, format) => {
    it('encodes a request its own schema accepts and decodes it back', () => {
      const encoded = format.encodeRequest(request);
      const parsed = format.requestSchema.parse(encoded);
      // The URL carries model and streaming for some dialects (Gemini); the relay passes them as context.
      expect(format.decodeRequest(parsed, { model: request.model, stream: request.stream })).toEqual(request);
    });

    it('round-trips a response and reads its usage', () => {
      const encoded = format.encodeResponse(response);
      // Dialects without a timestamp (Anthropic) stamp the decoding time; the per-format tests check exact values.
      expect(format.decodeResponse(format.responseSchema.parse(encoded))).toEqual({ ...response, created: expect.any(Number) });
      expect(format.readUsage(encoded)).toEqual(response.usage);
    });

    it('round-trips a stream through its encoder, decoder and usage reader', () => {
      const encoder = format.createStreamEncoder({ metadata: { id: 's1', model: 'test-model', created: 2 }, includeUsage: true });
      const usage = { inputTokens: 9, outputTokens: 3, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
      const text =
        encoder.encode({ type: 'text-delta', text: 'a' }) +
        encoder.encode({ type: 'finish', reason: 'stop' }) +
        encoder.encode({ type: 'usage', usage }) +
        encoder.end();
      const decoder = format.createStreamDecoder();
      const parts = [...decoder.push(Buffer.from(text)), ...decoder.end()];
      expect(parts).toEqual([{ type: 'text-delta', text: 'a' }, { type: 'finish', reason: 'stop' }, { type: 'usage', usage }]);
      expect(decoder.metadata).toEqual({ id: 's1', model: 'test-model', created: expect.any(Number) });
      const reader = format.createStreamUsageReader();
      reader.push(Buffer.from(text));
      reader.end();
      expect(reader.usage).toEqual(usage);
    });

    it('encodes errors its own error reader understands', () => {
      expect(format.decodeError(format.encodeError({ message: 'nope', type: 'invalid_request_error' }))).toMatchObject({ message: 'nope' });
    });
  });
});
