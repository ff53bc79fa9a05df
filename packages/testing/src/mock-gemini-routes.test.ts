import { ApiError, GoogleGenAI, Type } from '@google/genai';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countMockGeminiPromptTokens } from './mock-gemini-routes';
import { startMockUpstream, type MockUpstream } from './mock-upstream';

let mock: MockUpstream;
let ai: GoogleGenAI;
const dispatcher = new Agent({ keepAliveTimeout: 10 });

beforeAll(async () => {
  mock = await startMockUpstream();
  ai = new GoogleGenAI({ apiKey: 'gemini-key-1', httpOptions: { baseUrl: mock.url } });
});
afterAll(async () => {
  await mock.close();
  await dispatcher.close();
});
beforeEach(() => mock.reset());

const weatherTool = {
  functionDeclarations: [{ name: 'get_weather', description: 'Weather by city', parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] } }],
};

function postRaw(path: string, body: unknown, headers: Record<string, string> = {}) {
  return request(`${mock.url}${path}`, { method: 'POST', dispatcher, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

describe('mock upstream: Gemini generateContent with the @google/genai SDK', () => {
  it('answers generateContent with deterministic text and exact usage, reading the x-goog-api-key header', async () => {
    mock.setBehaviour({ cachedTokens: 2, reasoningTokens: 5 });
    const response = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: 'hello there mock',
      config: { systemInstruction: 'be brief' },
    });
    expect(response.text).toBe('w1 w2 w3');
    expect(response.candidates?.[0]?.finishReason).toBe('STOP');
    expect(response.responseId).toBe('gemini-mock-1');
    expect(response.modelVersion).toBe('gemini-2.5-flash');
    expect(response.usageMetadata).toMatchObject({ promptTokenCount: 5, candidatesTokenCount: 3, totalTokenCount: 13, cachedContentTokenCount: 2, thoughtsTokenCount: 5 });
    const recorded = mock.requests[0];
    expect(recorded?.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(recorded?.apiKey).toBe('gemini-key-1');
    expect(recorded?.body).toMatchObject({ contents: [{ role: 'user', parts: [{ text: 'hello there mock' }] }], systemInstruction: { parts: [{ text: 'be brief' }] } });
  });

  it('streams with alt=sse: the configured pieces, finishReason and usage on the last chunk only', async () => {
    mock.setBehaviour({ chunkCount: 4, promptTokens: 42, reasoningTokens: 2 });
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-pro', contents: 'stream please' })) chunks.push(chunk);
    expect(mock.requests[0]?.path).toBe('/v1beta/models/gemini-2.5-pro:streamGenerateContent');
    expect(mock.requests[0]?.query).toMatchObject({ alt: 'sse' });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['w1', ' w2', ' w3', ' w4']);
    expect(chunks.slice(0, 3).every((chunk) => chunk.usageMetadata === undefined && chunk.candidates?.[0]?.finishReason === undefined)).toBe(true);
    expect(chunks[3]?.candidates?.[0]?.finishReason).toBe('STOP');
    expect(chunks[3]?.usageMetadata).toMatchObject({ promptTokenCount: 42, candidatesTokenCount: 4, thoughtsTokenCount: 2, totalTokenCount: 48 });
  });

  it('answers a request with tools by a function call, then answers its result with text', async () => {
    mock.setBehaviour({ replyToolCall: { arguments: { city: 'Paris' } } });
    const first = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'weather in Paris?', config: { tools: [weatherTool] } });
    expect(first.functionCalls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }]);
    expect(first.usageMetadata).toMatchObject({ promptTokenCount: 3, candidatesTokenCount: 1 });
    const second = await ai.models.generateContent({
      model: 'gemini-2.5-flash',
      contents: [
        { role: 'user', parts: [{ text: 'weather in Paris?' }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: 'sunny and warm' } } }] },
      ],
      config: { tools: [weatherTool] },
    });
    expect(second.functionCalls).toBeUndefined();
    expect(second.text).toBe('w1 w2 w3');
    expect(second.usageMetadata?.promptTokenCount).toBe(6);
  });

  it('streams a function call whole in one chunk', async () => {
    mock.setBehaviour({ replyToolCall: { name: 'lookup', arguments: { q: 'x' } } });
    const chunks = [];
    for await (const chunk of await ai.models.generateContentStream({ model: 'gemini-2.5-flash', contents: 'go', config: { tools: [weatherTool] } })) chunks.push(chunk);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.functionCalls).toEqual([{ name: 'lookup', args: { q: 'x' } }]);
    expect(chunks[0]?.candidates?.[0]?.finishReason).toBe('STOP');
  });

  it('lists models', async () => {
    mock.setBehaviour({ models: ['gemini-2.5-flash', 'gemini-2.5-pro'] });
    const names: string[] = [];
    for await (const model of await ai.models.list()) names.push(model.name ?? '');
    expect(names).toEqual(['models/gemini-2.5-flash', 'models/gemini-2.5-pro']);
    expect(mock.requests[0]?.path).toBe('/v1beta/models');
    const model = await ai.models.get({ model: 'gemini-2.5-pro' });
    expect(model.displayName).toBe('gemini-2.5-pro');
  });

  it('renders injected faults in Google error shape, which the SDK raises as ApiError', async () => {
    mock.setKeyBehaviour('gemini-key-1', { fault: { type: 'status', status: 429 } });
    const failure = await ai.models.generateContent({ model: 'gemini-2.5-flash', contents: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(429);
    expect((failure as ApiError).message).toContain('RESOURCE_EXHAUSTED');
    const raw = await postRaw('/v1beta/models/gemini-2.5-flash:generateContent?key=gemini-key-1', { contents: [{ parts: [{ text: 'x' }] }] });
    expect(raw.statusCode).toBe(429);
    expect(await raw.body.json()).toEqual({ error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } });
    expect(mock.requests[1]?.apiKey).toBe('gemini-key-1');
  });
});

describe('mock upstream: Gemini wire details', () => {
  it('streams one JSON array without alt=sse, usage on every chunk when asked', async () => {
    mock.setBehaviour({ chunkCount: 3, usage: 'every-chunk', promptTokens: 10 });
    const response = await postRaw('/v1beta/models/gemini-2.0-flash:streamGenerateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, { 'x-goog-api-key': 'k' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=UTF-8');
    const text = await response.body.text();
    expect(text).toContain('\n,\r\n');
    const chunks = JSON.parse(text) as { candidates: { content: { parts: { text: string }[] }; finishReason?: string }[]; usageMetadata: { candidatesTokenCount: number } }[];
    expect(chunks.map((chunk) => chunk.candidates[0]?.content.parts[0]?.text)).toEqual(['w1', ' w2', ' w3']);
    expect(chunks.map((chunk) => chunk.usageMetadata.candidatesTokenCount)).toEqual([1, 2, 3]);
    expect(chunks.map((chunk) => chunk.candidates[0]?.finishReason)).toEqual([undefined, undefined, 'STOP']);
  });

  it('omits usage when told to, and uses CRLF SSE frames', async () => {
    mock.setBehaviour({ usage: 'omitted', replyChunks: ['Bonjour', ' 世界'] });
    const response = await postRaw('/v1beta/models/gemini-2.0-flash:streamGenerateContent?alt=sse', { contents: [{ parts: [{ text: 'hi' }] }] });
    expect(response.headers['content-type']).toBe('text/event-stream');
    const text = await response.body.text();
    expect(text.split('\r\n\r\n').filter((frame) => frame.length > 0)).toHaveLength(2);
    expect(text).not.toContain('usageMetadata');
    const json = await (await postRaw('/v1beta/models/gemini-2.0-flash:generateContent', { contents: [{ parts: [{ text: 'hi' }] }] })).body.json();
    expect(json).toMatchObject({ candidates: [{ content: { parts: [{ text: 'Bonjour 世界' }] } }] });
    expect(json).not.toHaveProperty('usageMetadata');
  });

  it('cuts a stream after the configured chunks and rejects bodies without contents', async () => {
    mock.queueBehaviour({ chunkCount: 5, fault: { type: 'drop', afterChunks: 2 } });
    const response = await postRaw('/v1beta/models/m:streamGenerateContent?alt=sse', { contents: [{ parts: [{ text: 'hi' }] }] });
    expect(response.statusCode).toBe(200);
    const received: Buffer[] = [];
    await expect(
      (async () => {
        for await (const chunk of response.body) received.push(chunk as Buffer);
      })(),
    ).rejects.toThrow();
    const frames = Buffer.concat(received).toString().split('\r\n\r\n').filter((frame) => frame.length > 0);
    expect(frames.map((frame) => (JSON.parse(frame.slice(6)) as { candidates: { content: { parts: { text: string }[] } }[] }).candidates[0]?.content.parts[0]?.text)).toEqual(['w1', ' w2']);
    const invalid = await postRaw('/v1beta/models/m:generateContent', { contents: [] });
    expect(invalid.statusCode).toBe(400);
    expect(await invalid.body.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('counts prompt tokens from text, system instruction and function results, never thoughts', () => {
    expect(
      countMockGeminiPromptTokens({
        systemInstruction: { parts: [{ text: 'be brief' }] },
        contents: [
          { role: 'user', parts: [{ text: 'one two' }, { inlineData: { mimeType: 'image/png', data: 'AA==' } }] },
          { role: 'model', parts: [{ text: 'secret plan', thought: true }, { functionCall: { name: 'f', args: {} } }] },
          { role: 'user', parts: [{ functionResponse: { name: 'f', response: { output: 'a b c' } } }, { functionResponse: { name: 'f', response: { t: 1 } } }] },
        ],
      }),
    ).toBe(8);
  });
});
