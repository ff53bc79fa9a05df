// The Gemini codecs against the real @google/genai SDK: the bodies it sends decode, and the answers
// and streams our encoders write are what it parses. The mock upstream serves both directions.
import { ApiError, GoogleGenAI, Type } from '@google/genai';
import { startMockUpstream, type MockExchange, type MockUpstream } from '@turnpike/testing';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CanonicalStreamPart } from '../canonical-model';
import { decodeGeminiRequest } from './gemini-request-codec';
import { encodeGeminiError, encodeGeminiResponse } from './gemini-response-codec';
import { geminiRequestSchema } from './gemini-schema';
import { GeminiStreamDecoder, GeminiStreamEncoder } from './gemini-stream-codec';

const weatherTool = {
  functionDeclarations: [{ name: 'get_weather', parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] } }],
};

describe('gemini codecs with the SDK as the client of the mock upstream', () => {
  let mock: MockUpstream;
  let ai: GoogleGenAI;
  beforeAll(async () => {
    mock = await startMockUpstream();
    ai = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: mock.url } });
  });
  afterAll(() => mock.close());
  beforeEach(() => mock.reset());

  it('decodes the bodies the SDK sends, model and streaming taken from the path', async () => {
    await ai.models.generateContentStream({
      model: 'gemini-2.5-flash',
      contents: [
        { role: 'user', parts: [{ text: 'weather?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'c2ln' }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny' } } }] },
      ],
      config: { systemInstruction: 'be brief', tools: [weatherTool], maxOutputTokens: 50, thinkingConfig: { thinkingBudget: 128, includeThoughts: true } },
    });
    const recorded = mock.requests[0];
    const match = /^\/v1beta\/models\/([^/:]+):(\w+)$/.exec(recorded?.path ?? '');
    const decoded = decodeGeminiRequest(geminiRequestSchema.parse(recorded?.body), { model: match?.[1], stream: match?.[2] === 'streamGenerateContent' });
    expect(decoded).toEqual({
      model: 'gemini-2.5-flash',
      stream: true,
      includeUsage: true,
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'be brief' }] },
        { role: 'user', parts: [{ type: 'text', text: 'weather?' }] },
        { role: 'assistant', parts: [{ type: 'tool-call', id: 'gemini-call-1-0', name: 'get_weather', arguments: '{"city":"Paris"}', signature: 'c2ln' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'gemini-call-1-0', content: 'sunny' }] },
      ],
      maxTokens: 50,
      reasoning: { budgetTokens: 128, includeThoughts: true },
      tools: [{ name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }],
    });
  });

  it('decodes the mock stream bytes, SSE and JSON array alike', async () => {
    mock.setBehaviour({ chunkCount: 2, promptTokens: 4, cachedTokens: 1, reasoningTokens: 3 });
    const expected: CanonicalStreamPart[] = [
      { type: 'text-delta', text: 'w1' },
      { type: 'text-delta', text: ' w2' },
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { inputTokens: 4, outputTokens: 5, cacheReadTokens: 1, cacheWriteTokens: 0, reasoningTokens: 3 } },
    ];
    for (const query of ['?alt=sse', '']) {
      const response = await request(`${mock.url}/v1beta/models/gemini-2.5-flash:streamGenerateContent${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-goog-api-key': 'k' },
        body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
      });
      const decoder = new GeminiStreamDecoder();
      const parts: CanonicalStreamPart[] = [];
      for await (const chunk of response.body) parts.push(...decoder.push(chunk as Buffer));
      parts.push(...decoder.end());
      expect(parts).toEqual(expected);
    }
  });
});

describe('gemini encoders with the SDK parsing what they write', () => {
  let server: MockUpstream;
  let ai: GoogleGenAI;
  const metadata = { id: 'resp-9', model: 'gemini-2.5-pro', created: 1_735_689_600 };
  const usage = { inputTokens: 12, outputTokens: 9, cacheReadTokens: 4, cacheWriteTokens: 0, reasoningTokens: 6 };

  async function answer(exchange: MockExchange): Promise<void> {
    if (exchange.request.path.endsWith(':generateContent')) {
      return exchange.sendJson(
        200,
        encodeGeminiResponse({
          ...metadata,
          parts: [
            { type: 'reasoning', text: 'thinking…' },
            { type: 'text', text: 'Calling.' },
            { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', signature: 'c2ln' },
          ],
          finishReason: 'tool-calls',
          usage,
        }),
      );
    }
    const encoder = new GeminiStreamEncoder({ metadata, framing: exchange.request.query.alt === 'sse' ? 'sse' : 'json-array' });
    const parts: CanonicalStreamPart[] = [
      { type: 'reasoning-delta', text: 'hmm' },
      { type: 'text-delta', text: 'Hello' },
      { type: 'text-delta', text: ' there' },
      { type: 'tool-call-start', index: 0, id: 'call_2', name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: '{"city":"Lyon"}' },
      { type: 'tool-call-end', index: 0 },
      { type: 'finish', reason: 'tool-calls' },
      { type: 'usage', usage },
    ];
    const frames = [...parts.map((part) => encoder.encode(part)), encoder.end()].filter((frame) => frame.length > 0);
    return exchange.request.query.alt === 'sse' ? exchange.sendSse(frames) : exchange.sendStream(frames, 'application/json');
  }

  beforeAll(async () => {
    server = await startMockUpstream({
      routes: [
        { method: 'POST', path: /^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/, handle: answer },
        { method: 'POST', path: /^\/v1beta\/models\/[^/:]+:countTokens$/, handle: (exchange) => exchange.sendJson(429, encodeGeminiError({ message: 'slow down', httpStatus: 429 })) },
      ],
    });
    ai = new GoogleGenAI({ apiKey: 'k', httpOptions: { baseUrl: server.url } });
  });
  afterAll(() => server.close());

  it('writes a JSON answer the SDK reads: text, thoughts, calls and usage', async () => {
    const response = await ai.models.generateContent({ model: 'gemini-2.5-pro', contents: 'x' });
    expect(response.candidates?.[0]?.content?.parts?.[1]).toEqual({ text: 'Calling.' });
    expect(response.functionCalls).toEqual([{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }]);
    expect(response.candidates?.[0]?.content?.parts?.[0]).toEqual({ text: 'thinking…', thought: true });
    expect(response.responseId).toBe('resp-9');
    expect(response.usageMetadata).toEqual({ promptTokenCount: 12, candidatesTokenCount: 3, totalTokenCount: 21, cachedContentTokenCount: 4, thoughtsTokenCount: 6 });
  });

  it('writes an SSE stream the SDK reads chunk by chunk', async () => {
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-pro', contents: 'x' })) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.candidates?.[0]?.content?.parts)).toEqual([
      [{ text: 'hmm', thought: true }],
      [{ text: 'Hello' }],
      [{ text: ' there' }],
      [{ functionCall: { id: 'call_2', name: 'get_weather', args: { city: 'Lyon' } } }],
      [{ text: '' }],
    ]);
    expect(chunks[3]?.functionCalls).toEqual([{ id: 'call_2', name: 'get_weather', args: { city: 'Lyon' } }]);
    expect(chunks.at(-1)?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks.at(-1)?.usageMetadata?.totalTokenCount).toBe(21);
  });

  it('writes errors the SDK raises with their status', async () => {
    const failure = await ai.models.countTokens({ model: 'gemini-2.5-pro', contents: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
    expect((failure as ApiError).message).toContain('slow down');
  });
});
