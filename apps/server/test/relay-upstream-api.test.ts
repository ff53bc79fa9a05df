// The per-channel choice of upstream API on OpenAI channels (`setting.upstream_api`): a Responses-only model reaches
// every inbound format through the Responses encoders and decoders (automatically by model, or because the channel
// says so), and a channel set to chat completions sends even Responses callers there. The real SDKs are the clients.
import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

type Inbound = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini';

const expectedText = 'w1 w2 w3 w4 w5';
/** Ratio 1, completion ratio 2: 10 prompt + 5 completion tokens. */
const expectedCost = 10 + 5 * 2;

describe('upstream API per OpenAI channel', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    const models = ['gpt-5-codex', 'o3-pro', 'forced-responses', 'forced-chat', 'gpt-4o'];
    await server.context.options.set('ModelRatio', Object.fromEntries(models.map((model) => [model, 1])));
    await server.context.options.set('CompletionRatio', Object.fromEntries(models.map((model) => [model, 2])));
    base = await server.listen();
    user = await server.createUser({ username: 'upstream-api', quota: 10_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'gpt-5-codex,o3-pro,gpt-4o', type: 1 });
    const forcedResponses = await addChannel(server, { baseUrl: upstream.url, models: 'forced-responses', type: 1 });
    const forcedChat = await addChannel(server, { baseUrl: upstream.url, models: 'forced-chat', type: 1 });
    await server.context.db.updateTable('channels').set({ setting: JSON.stringify({ upstream_api: 'responses' }) }).where('id', '=', forcedResponses).execute();
    await server.context.db.updateTable('channels').set({ setting: JSON.stringify({ upstream_api: 'chat-completions' }) }).where('id', '=', forcedChat).execute();
    await server.context.relay.routing.reload();
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
    const question = 'Say the words.';
    if (inbound === 'openai-chat') {
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      const messages = [{ role: 'user' as const, content: question }];
      if (!stream) return (await client.chat.completions.create({ model, messages })).choices[0].message.content ?? '';
      let text = '';
      for await (const chunk of await client.chat.completions.create({ model, messages, stream: true })) text += chunk.choices[0]?.delta?.content ?? '';
      return text;
    }
    if (inbound === 'openai-responses') {
      const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
      if (!stream) return (await client.responses.create({ model, input: question })).output_text;
      let text = '';
      for await (const event of await client.responses.create({ model, input: question, stream: true })) {
        if (event.type === 'response.output_text.delta') text += event.delta;
      }
      return text;
    }
    if (inbound === 'anthropic') {
      const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
      const params = { model, max_tokens: 256, messages: [{ role: 'user' as const, content: question }] };
      if (!stream) {
        const answer = await client.messages.create(params);
        return answer.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      }
      let text = '';
      for await (const event of await client.messages.create({ ...params, stream: true })) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      }
      return text;
    }
    const client = new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: base } });
    if (!stream) return (await client.models.generateContent({ model, contents: question })).text ?? '';
    let text = '';
    for await (const chunk of await client.models.generateContentStream({ model, contents: question })) text += chunk.text ?? '';
    return text;
  }

  async function spentAndLog(run: () => Promise<string>): Promise<{ text: string; spent: number; log: { prompt_tokens: number; completion_tokens: number; other: string } }> {
    await server.settle();
    const quotaOf = async (): Promise<number> => (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
    const before = await quotaOf();
    const text = await run();
    await server.settle();
    const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { text, spent: before - (await quotaOf()), log };
  }

  const cases: Array<{ model: string; wire: '/v1/responses' | '/v1/chat/completions'; why: string }> = [
    { model: 'gpt-5-codex', wire: '/v1/responses', why: 'a codex model goes to Responses automatically' },
    { model: 'o3-pro', wire: '/v1/responses', why: 'a -pro model goes to Responses automatically' },
    { model: 'forced-responses', wire: '/v1/responses', why: 'the channel chose Responses' },
    { model: 'forced-chat', wire: '/v1/chat/completions', why: 'the channel chose chat completions' },
  ];
  for (const { model, wire, why } of cases) {
    for (const inbound of ['openai-chat', 'openai-responses', 'anthropic', 'gemini'] as Inbound[]) {
      for (const stream of [false, true]) {
        it(`${inbound} → ${model}${stream ? ' (stream)' : ''}: ${why}`, async () => {
          const { text, spent, log } = await spentAndLog(() => ask(inbound, model, stream));
          expect(text).toBe(expectedText);
          expect(upstream.requests.at(-1)?.path).toBe(wire);
          expect(spent).toBe(expectedCost);
          expect(log).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
        });
      }
    }
  }

  it('auto keeps an ordinary model on chat completions for chat callers and on Responses for Responses callers', async () => {
    expect(await ask('openai-chat', 'gpt-4o', false)).toBe(expectedText);
    expect(upstream.requests.at(-1)?.path).toBe('/v1/chat/completions');
    expect(await ask('openai-responses', 'gpt-4o', false)).toBe(expectedText);
    expect(upstream.requests.at(-1)?.path).toBe('/v1/responses');
  });
});
