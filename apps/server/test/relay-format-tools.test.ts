// Tool calls across formats (arguments string ⇄ input object, results routed back) and errors in each caller's own shape.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe('tool calls and errors across formats', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 3 } });
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'up-anthropic': 1, 'up-gemini': 1 });
    base = await server.listen();
    const user = await server.createUser({ username: 'tools', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-anthropic', type: 14 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-gemini', type: 24 });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  for (const target of ['anthropic', 'gemini'] as const) {
    it(`OpenAI tools → ${target}: the call comes back as OpenAI tool_calls and the result goes back in ${target}'s shape`, async () => {
      upstream.setBehaviour({ promptTokens: 10, chunkCount: 3, replyToolCall: { arguments: { city: 'Paris' } } });
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      const first = await client.chat.completions.create({ model: `up-${target}`, messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [weatherTool] });
      const call = first.choices[0].message.tool_calls?.[0];
      expect(first.choices[0].finish_reason).toBe('tool_calls');
      expect(call?.type === 'function' ? call.function : undefined).toMatchObject({ name: 'get_weather' });
      expect(JSON.parse(call?.type === 'function' ? call.function.arguments : '{}')).toEqual({ city: 'Paris' });
      const declared = upstream.requests.at(-1)!.body as Record<string, unknown>;
      if (target === 'anthropic') expect((declared.tools as Array<{ name: string; input_schema: unknown }>)[0]).toMatchObject({ name: 'get_weather', input_schema: weatherTool.function.parameters });
      else expect(JSON.stringify(declared.tools)).toContain('get_weather');

      upstream.setBehaviour({ promptTokens: 10, chunkCount: 3 });
      const second = await client.chat.completions.create({
        model: `up-${target}`,
        tools: [weatherTool],
        messages: [
          { role: 'user', content: 'Weather in Paris?' },
          { role: 'assistant', content: null, tool_calls: first.choices[0].message.tool_calls },
          { role: 'tool', tool_call_id: call!.id, content: 'Sunny, 21°C' },
        ],
      });
      expect(second.choices[0].message.content).toBe('w1 w2 w3');
      const replayed = JSON.stringify(upstream.requests.at(-1)!.body);
      expect(replayed).toContain('Sunny, 21°C');
      if (target === 'anthropic') {
        expect(replayed).toContain('"type":"tool_result"');
        expect(replayed).toContain('"input":{"city":"Paris"}');
      } else {
        expect(replayed).toMatch(/"functionResponse"/);
        expect(replayed).toMatch(/"functionCall":\{[^}]*"name":"get_weather"/);
      }
    });
  }

  it('applies the Claude thinking adapter and Gemini safety settings on the way upstream', async () => {
    await server.context.options.set('ModelRatio', { 'up-anthropic': 1, 'up-gemini': 1, 'up-anthropic-thinking': 1 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-anthropic-thinking', type: 14 });
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 3 });
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
    await client.chat.completions.create({ model: 'up-anthropic-thinking', max_tokens: 4000, messages: [{ role: 'user', content: 'think' }] });
    const sent = upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent.model).toBe('up-anthropic');
    expect(sent.thinking).toEqual({ type: 'enabled', budget_tokens: 3200 });
    await client.chat.completions.create({ model: 'up-gemini', messages: [{ role: 'user', content: 'safe' }] });
    const geminiBody = upstream.requests.at(-1)!.body as { safetySettings: Array<{ threshold: string }> };
    expect(geminiBody.safetySettings.every((setting) => setting.threshold === 'OFF')).toBe(true);
  });

  it('Anthropic tools → Gemini: tool_use with an input object reaches the Anthropic caller', async () => {
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 3, replyToolCall: { arguments: { city: 'Oslo' } } });
    const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    const answer = await client.messages.create({
      model: 'up-gemini',
      max_tokens: 100,
      tools: [{ name: 'get_weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      messages: [{ role: 'user', content: 'Weather in Oslo?' }],
    });
    expect(answer.stop_reason).toBe('tool_use');
    const block = answer.content.find((item) => item.type === 'tool_use');
    expect(block).toMatchObject({ type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' } });
  });

  it('answers errors in each caller’s own shape', async () => {
    const anthropic = new Anthropic({ apiKey: 'sk-wrong', baseURL: base, maxRetries: 0 });
    const anthropicError = await anthropic.messages.create({ model: 'up-anthropic', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] }).catch((error: unknown) => error);
    expect(anthropicError).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((anthropicError as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ type: 'error', error: { type: 'authentication_error', message: 'invalid token' } });

    const raw = await fetch(`${base}/v1beta/models/up-gemini:generateContent`, { method: 'POST', headers: { 'x-goog-api-key': 'sk-wrong', 'content-type': 'application/json' }, body: '{}' });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({ error: { code: 401, message: 'invalid token', status: 'UNAUTHENTICATED' } });

    const gemini = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } });
    const unpriced = await gemini.models.generateContent({ model: 'nobody-prices-me', contents: 'x' }).catch((error: unknown) => error);
    expect(String(unpriced)).toMatch(/PERMISSION_DENIED|403/);

    const bad = await fetch(`${base}/v1/messages`, { method: 'POST', headers: { 'x-api-key': key, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }, body: JSON.stringify({ model: 'up-anthropic', messages: 'nope' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });
});

describe('model lists in the caller’s shape', () => {
  let server: TestServer;
  let base: string;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer();
    base = await server.listen();
    const user = await server.createUser({ username: 'lister', quota: 1 });
    await addChannel(server, { baseUrl: 'http://127.0.0.1:9', models: 'm-b,m-a' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(() => server.stop());

  it('answers OpenAI, Anthropic and Gemini shapes as the SDKs expect', async () => {
    const openai = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
    expect((await openai.models.list()).data.map((model) => model.id)).toEqual(['m-a', 'm-b']);
    const anthropic = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
    const page = await anthropic.models.list();
    expect(page.data.map((model) => model.id)).toEqual(['m-a', 'm-b']);
    expect(page.data[0].type).toBe('model');
    const gemini = await fetch(`${base}/v1beta/models?key=${key}`);
    expect(((await gemini.json()) as { models: Array<{ name: string }> }).models.map((model) => model.name)).toEqual(['models/m-a', 'models/m-b']);
    const geminiViaV1 = await fetch(`${base}/v1/models`, { headers: { 'x-goog-api-key': key } });
    expect(((await geminiViaV1.json()) as { models: unknown[] }).models).toHaveLength(2);
    const refused = await fetch(`${base}/v1beta/models?key=sk-wrong`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });
});

describe('GET /api/channel/test_upstream/{id}', () => {
  it('lists the groups and client types that used the channel', async () => {
    const upstream = await startMockUpstream({ behaviour: { promptTokens: 3, chunkCount: 2 } });
    const server = await startTestServer();
    try {
      await server.context.options.set('ModelRatio', { 'm-1': 1 });
      const base = await server.listen();
      const admin = await server.createUser({ username: 'root', role: 100, quota: 1_000_000 });
      const channel = await addChannel(server, { baseUrl: upstream.url, models: 'm-1', group: 'default,vip' });
      const key = (await addApiKey(server, admin)).key;
      const vipKey = (await addApiKey(server, admin, { group: 'vip' })).key;
      await new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }).chat.completions.create({ model: 'm-1', messages: [{ role: 'user', content: 'a' }] });
      await new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 }).chat.completions.create({ model: 'm-1', messages: [{ role: 'user', content: 'b' }] });
      await new Anthropic({ apiKey: vipKey, baseURL: base, maxRetries: 0 }).messages.create({ model: 'm-1', max_tokens: 10, messages: [{ role: 'user', content: 'c' }] });
      await server.settle();
      const body = (await server.call('GET', `/api/channel/test_upstream/${channel}`, { as: admin })).json();
      const groups = body.data.groups as Array<{ group: string; client_types: Array<{ client_type: string; count: number }> }>;
      expect(groups.find((entry) => entry.group === 'default')?.client_types).toEqual([expect.objectContaining({ client_type: 'openai-chat', count: 2 })]);
      expect(groups.find((entry) => entry.group === 'vip')?.client_types).toEqual([expect.objectContaining({ client_type: 'anthropic-messages', count: 1 })]);
      const user = await server.createUser({ username: 'plain' });
      expect((await server.call('GET', `/api/channel/test_upstream/${channel}`, { as: user })).statusCode).toBe(403);
    } finally {
      await server.stop();
      await upstream.close();
    }
  });
});
