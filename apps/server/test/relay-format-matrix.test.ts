// Every inbound SDK against every upstream format, streamed and not: the answer text, where the system prompt
// landed upstream, and the bill (ratio 1, completion ratio 2: 10 prompt + 5 completion tokens = 20 units).
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { startMockUpstream, type MockUpstream, type RecordedRequest } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const system = 'You are terse.';
const question = 'Say the words.';
const expectedText = 'w1 w2 w3 w4 w5';
const expectedCost = 10 + 5 * 2;

type Inbound = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';
type Upstream = 'openai' | 'anthropic' | 'gemini';

/** Where each upstream dialect must receive the system prompt. */
function systemPromptOf(recorded: RecordedRequest, upstream: Upstream): unknown {
  const body = recorded.body as Record<string, unknown>;
  if (upstream === 'openai') {
    // A Responses call to an OpenAI channel goes through as a Responses call: the prompt is its `instructions`.
    if (recorded.path === '/v1/responses') return body.instructions;
    const messages = body.messages as Array<{ role: string; content: unknown }>;
    return messages.find((message) => message.role === 'system' || message.role === 'developer')?.content;
  }
  if (upstream === 'anthropic') {
    const value = body.system;
    return Array.isArray(value) ? (value as Array<{ text: string }>).map((block) => block.text).join('') : value;
  }
  const instruction = (body.systemInstruction ?? body.system_instruction) as { parts: Array<{ text: string }> } | undefined;
  return instruction?.parts.map((part) => part.text).join('');
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : Array.isArray(value) ? value.map((part) => (part as { text?: string }).text ?? '').join('') : '';
}

describe('format matrix through the relay', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    const models = { 'up-openai': 1, 'up-anthropic': 1, 'up-gemini': 1 };
    await server.context.options.set('ModelRatio', models);
    await server.context.options.set('CompletionRatio', { 'up-openai': 2, 'up-anthropic': 2, 'up-gemini': 2 });
    base = await server.listen();
    user = await server.createUser({ username: 'matrix', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-openai', type: 1, key: 'openai-key' });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-anthropic', type: 14, key: 'anthropic-key' });
    await addChannel(server, { baseUrl: upstream.url, models: 'up-gemini', type: 24, key: 'gemini-key' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.reset();
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5 });
  });

  async function ask(inbound: Inbound, model: string, stream: boolean): Promise<string> {
    if (inbound === 'openai-chat') {
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      const messages = [{ role: 'system' as const, content: system }, { role: 'user' as const, content: question }];
      if (!stream) return (await client.chat.completions.create({ model, messages })).choices[0].message.content ?? '';
      let text = '';
      for await (const chunk of await client.chat.completions.create({ model, messages, stream: true })) text += chunk.choices[0]?.delta?.content ?? '';
      return text;
    }
    if (inbound === 'openai-responses') {
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      if (!stream) return (await client.responses.create({ model, instructions: system, input: question })).output_text;
      let text = '';
      for await (const event of await client.responses.create({ model, instructions: system, input: question, stream: true })) {
        if (event.type === 'response.output_text.delta') text += event.delta;
      }
      return text;
    }
    if (inbound === 'anthropic') {
      const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
      const params = { model, max_tokens: 256, system, messages: [{ role: 'user' as const, content: question }] };
      if (!stream) return textOf((await client.messages.create(params)).content);
      let text = '';
      for await (const event of await client.messages.create({ ...params, stream: true })) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      }
      return text;
    }
    const client = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } });
    const request = { model, contents: question, config: { systemInstruction: system } };
    if (!stream) return (await client.models.generateContent(request)).text ?? '';
    let text = '';
    for await (const chunk of await client.models.generateContentStream(request)) text += chunk.text ?? '';
    return text;
  }

  const inbounds: Inbound[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini'];
  const upstreams: Upstream[] = ['openai', 'anthropic', 'gemini'];
  for (const inbound of inbounds) {
    for (const target of upstreams) {
      for (const stream of [false, true]) {
        it(`${inbound} → ${target}${stream ? ' (stream)' : ''}`, async () => {
          await server.settle();
          const before = (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
          const text = await ask(inbound, `up-${target}`, stream);
          expect(text).toBe(expectedText);
          const recorded = upstream.requests.at(-1)!;
          expect(textOf(systemPromptOf(recorded, target))).toBe(system);
          await server.settle();
          const after = (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
          expect(before - after).toBe(expectedCost);
          const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
          expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 5, quota: expectedCost, model_name: `up-${target}`, is_stream: stream ? 1 : 0 });
        });
      }
    }
  }
});
