import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { countTokens } from 'gpt-tokenizer';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateChatPromptTokens } from '../src/relay/token-counter';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// test-model costs ratio 2, completion ratio 3: a call of 10 prompt + 5 completion tokens bills 2 × (10 + 5 × 3) = 50.
const messages = [{ role: 'user' as const, content: 'Say hello' }];

describe('OpenAI chat relay with the openai SDK', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let baseURL: string;
  let user: Actor;
  let client: OpenAI;
  let apiKeyId: number;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'test-model': 2 });
    await server.context.options.set('CompletionRatio', { 'test-model': 3 });
    baseURL = (await server.listen()) + '/v1';
    user = await server.createUser({ username: 'caller', quota: 1_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', name: 'primary' });
    const apiKey = await addApiKey(server, user);
    apiKeyId = apiKey.id;
    client = new OpenAI({ apiKey: apiKey.key, baseURL, maxRetries: 0 });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.reset();
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5 });
  });

  const balance = async () => {
    await server.settle();
    const row = await server.context.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    return row;
  };
  const lastLog = async () => server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('relays a non-streamed chat and bills exactly the reported usage', async () => {
    const before = await balance();
    const completion = await client.chat.completions.create({ model: 'test-model', messages });
    expect(completion.choices[0].message.content).toBe('w1 w2 w3 w4 w5');
    expect(completion.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 5 });
    const after = await balance();
    expect(before.quota - after.quota).toBe(50);
    expect(after.used_quota - before.used_quota).toBe(50);
    expect(after.request_count - before.request_count).toBe(1);
    const log = await lastLog();
    expect(log).toMatchObject({ type: 2, quota: 50, prompt_tokens: 10, completion_tokens: 5, model_name: 'test-model', is_stream: 0, channel_name: 'primary', token_id: apiKeyId });
    expect(JSON.parse(log.other)).toMatchObject({ model_ratio: 2, completion_ratio: 3, group_ratio: 1, admin_info: { use_channel: [expect.any(Number)] } });
    const token = await server.context.db.selectFrom('tokens').select('used_quota').where('id', '=', apiKeyId).executeTakeFirstOrThrow();
    expect(token.used_quota).toBeGreaterThanOrEqual(50);
    expect(upstream.requests[0].headers.authorization).toBe('Bearer upstream-key');
  });

  it('streams chunk by chunk, forces include_usage upstream, and bills the usage chunk', async () => {
    const before = await balance();
    const stream = await client.chat.completions.create({ model: 'test-model', messages, stream: true });
    const pieces: string[] = [];
    for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta?.content ?? '');
    expect(pieces.join('')).toBe('w1 w2 w3 w4 w5');
    expect((upstream.requests[0].body as { stream_options: unknown }).stream_options).toEqual({ include_usage: true });
    expect(before.quota - (await balance()).quota).toBe(50);
    expect(await lastLog()).toMatchObject({ quota: 50, is_stream: 1, prompt_tokens: 10, completion_tokens: 5 });
  });

  it('counts tokens with the tokenizer when a stream carries no usage', async () => {
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5, usage: 'omitted' });
    const before = await balance();
    const stream = await client.chat.completions.create({ model: 'test-model', messages, stream: true });
    for await (const _chunk of stream) void _chunk;
    const prompt = estimateChatPromptTokens({ messages }, countTokens);
    const completionTokens = countTokens('w1 w2 w3 w4 w5');
    expect(before.quota - (await balance()).quota).toBe(2 * (prompt + completionTokens * 3));
    const log = await lastLog();
    expect(log).toMatchObject({ prompt_tokens: prompt, completion_tokens: completionTokens });
    expect(JSON.parse(log.other).warnings).toContain('the upstream reported no usage: tokens counted locally');
  });

  it('counts a long stream without usage exactly, collecting its text as it goes past the retained-bytes cap', async () => {
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 3000, usage: 'omitted' });
    const before = await balance();
    const stream = await client.chat.completions.create({ model: 'test-model', messages, stream: true });
    const pieces: string[] = [];
    for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta?.content ?? '');
    const text = pieces.join('');
    expect(text.split(' ')).toHaveLength(3000);
    const completionTokens = countTokens(text);
    const prompt = estimateChatPromptTokens({ messages }, countTokens);
    await expect.poll(async () => before.quota - (await balance()).quota).toBe(2 * (prompt + completionTokens * 3));
    expect(await lastLog()).toMatchObject({ prompt_tokens: prompt, completion_tokens: completionTokens });
  });

  it('answers errors in the OpenAI shape and bills nothing', async () => {
    const before = await balance();
    upstream.setBehaviour({ fault: { type: 'status', status: 400, message: 'bad things' } });
    const error = await client.chat.completions.create({ model: 'test-model', messages }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).message).toContain('bad things');
    expect((await balance()).quota).toBe(before.quota);
    expect(await lastLog()).toMatchObject({ type: 5, quota: 0, content: 'bad things' });
  });

  it('refuses unknown keys, unpriced models and models without a channel', async () => {
    const stranger = new OpenAI({ apiKey: 'sk-doesnotexist', baseURL, maxRetries: 0 });
    await expect(stranger.chat.completions.create({ model: 'test-model', messages })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const unpriced = await client.chat.completions.create({ model: 'nobody-prices-me', messages }).catch((caught: unknown) => caught);
    expect(unpriced).toBeInstanceOf(OpenAI.PermissionDeniedError);
    expect((unpriced as Error).message).toContain('nobody-prices-me');
    await server.context.options.set('ModelRatio', { 'test-model': 2, orphan: 1 });
    const orphan = await client.chat.completions.create({ model: 'orphan', messages }).catch((caught: unknown) => caught);
    expect(orphan).toBeInstanceOf(OpenAI.InternalServerError);
    expect((orphan as InstanceType<typeof OpenAI.APIError>).status).toBe(503);
  });

  it('accepts unpriced models in self-use mode or with the user setting, billing them at the default ratio', async () => {
    await addChannel(server, { baseUrl: upstream.url, models: 'free-for-all' });
    await expect(client.chat.completions.create({ model: 'free-for-all', messages })).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
    await server.context.options.set('SelfUseModeEnabled', true);
    const before = await balance();
    await client.chat.completions.create({ model: 'free-for-all', messages });
    // Unset models bill at ratio 37.5 with completion ratio 1: (10 + 5) × 37.5 = 562.5 → 563.
    expect(before.quota - (await balance()).quota).toBe(563);
    await server.context.options.set('SelfUseModeEnabled', false);
    await server.context.db.updateTable('users').set({ setting: JSON.stringify({ accept_unset_model_ratio_model: true }) }).where('id', '=', user.user.id).execute();
    server.context.caches.users.invalidate(user.user.id);
    await client.chat.completions.create({ model: 'free-for-all', messages });
    await server.context.db.updateTable('users').set({ setting: '{}' }).where('id', '=', user.user.id).execute();
    server.context.caches.users.invalidate(user.user.id);
  });

  it('lists only the models the key may use', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(['free-for-all', 'test-model']);
    expect((await client.models.retrieve('test-model')).id).toBe('test-model');
    await expect(client.models.retrieve('gpt-4o')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });
});
