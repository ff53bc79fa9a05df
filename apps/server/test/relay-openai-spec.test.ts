// Every OpenAI-format answer the relay sends, checked against the component schemas of OpenAI's OpenAPI
// specification (stored with its commit in @turnpike/testing): chat completions and Responses, whole and streamed,
// passed through from an OpenAI channel or converted from Anthropic and Gemini channels, text and tool calls.
import { checkOpenAiSpec, startMockUpstream, type MockUpstream, type SpecException } from '@turnpike/testing';
import { SseParser } from '@turnpike/formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

/**
 * Where the API (and so the mock that emulates it) is laxer than the specification; the relay passes such answers
 * on as they came, and writes the same where it builds the answer itself.
 */
const apiExceptions: readonly SpecException[] = [
  {
    name: 'responses-user-null',
    schema: 'ModelResponseProperties',
    property: 'user',
    relax: 'any',
    reason: 'the API echoes the deprecated `user` as null when the request set none; the specification types it as a string',
  },
  {
    name: 'responses-usage-null-before-completion',
    schema: 'Response',
    property: 'usage',
    relax: 'any',
    reason: 'the API sends `usage: null` in the response object of `response.created` and `response.in_progress`; the specification types it as an object',
  },
];

type Upstream = 'openai' | 'anthropic' | 'gemini';

function sseData(text: string): unknown[] {
  const events: unknown[] = [];
  const parser = new SseParser({ onEvent: (event) => (event.data === '[DONE]' ? undefined : events.push(JSON.parse(event.data))) });
  parser.push(Buffer.from(text, 'utf8'));
  parser.end();
  return events;
}

describe('OpenAI-format answers through the relay against the OpenAPI specification', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'up-openai': 1, 'up-anthropic': 1, 'up-gemini': 1, 'text-embedding-3-small': 1 });
    base = await server.listen();
    const user = await server.createUser({ username: 'spec', quota: 100_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-openai,text-embedding-3-small', type: 1 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-anthropic', type: 14 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-gemini', type: 24 });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  async function post(path: string, body: Record<string, unknown>): Promise<{ status: number; text: string }> {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: response.status, text: await response.text() };
  }

  const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
  const responsesTools = [{ type: 'function', name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } }];

  for (const target of ['openai', 'anthropic', 'gemini'] as Upstream[]) {
    for (const toolCall of [false, true]) {
      const label = `${target}${toolCall ? ', tool call' : ''}`;
      it(`chat completions from ${label}, whole and streamed`, async () => {
        if (toolCall) upstream.setBehaviour({ replyToolCall: { arguments: { city: 'Paris' } } });
        const body = { model: `up-${target}`, messages: [{ role: 'user', content: 'Weather in Paris?' }], ...(toolCall ? { tools } : {}) };
        const whole = await post('/v1/chat/completions', body);
        expect(whole.status).toBe(200);
        expect(checkOpenAiSpec('CreateChatCompletionResponse', JSON.parse(whole.text), apiExceptions)).toEqual([]);
        const streamed = await post('/v1/chat/completions', { ...body, stream: true, stream_options: { include_usage: true } });
        expect(streamed.status).toBe(200);
        const chunks = sseData(streamed.text);
        expect(chunks.length).toBeGreaterThan(2);
        for (const chunk of chunks) expect(checkOpenAiSpec('CreateChatCompletionStreamResponse', chunk, apiExceptions)).toEqual([]);
      });

      it(`Responses from ${label}, whole and streamed`, async () => {
        if (toolCall) upstream.setBehaviour({ replyToolCall: { arguments: { city: 'Paris' } } });
        const body = { model: `up-${target}`, input: 'Weather in Paris?', ...(toolCall ? { tools: responsesTools } : {}) };
        const whole = await post('/v1/responses', body);
        expect(whole.status).toBe(200);
        expect(checkOpenAiSpec('Response', JSON.parse(whole.text), apiExceptions)).toEqual([]);
        const streamed = await post('/v1/responses', { ...body, stream: true });
        expect(streamed.status).toBe(200);
        const events = sseData(streamed.text);
        expect(events.length).toBeGreaterThan(2);
        for (const event of events) expect(checkOpenAiSpec('ResponseStreamEvent', event, apiExceptions)).toEqual([]);
      });
    }
  }

  it('embeddings passed through from an OpenAI channel', async () => {
    const answer = await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['a', 'b'] });
    expect(answer.status).toBe(200);
    expect(checkOpenAiSpec('CreateEmbeddingResponse', JSON.parse(answer.text), apiExceptions)).toEqual([]);
  });
});
