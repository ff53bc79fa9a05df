import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// test-model costs ratio 2, completion ratio 3: a call of 10 prompt + 5 completion tokens bills 2 × (10 + 5 × 3) = 50.
const messages = [{ role: 'user' as const, content: 'Say hello' }];

describe('usage logs, statistics and dashboard data of real relay calls', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let caller: Actor;
  let stranger: Actor;
  let admin: Actor;
  let channelId: number;
  let client: OpenAI;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'test-model': 2 });
    await server.context.options.set('CompletionRatio', { 'test-model': 3 });
    const baseURL = (await server.listen()) + '/v1';
    caller = await server.createUser({ username: 'caller', quota: 1_000_000 });
    stranger = await server.createUser({ username: 'stranger' });
    admin = await server.createUser({ username: 'admin', role: 10 });
    channelId = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', name: 'primary' });
    client = new OpenAI({ apiKey: (await addApiKey(server, caller, { name: 'caller-key' })).key, baseURL, maxRetries: 0 });
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5 });
    await client.chat.completions.create({ model: 'test-model', messages });
    await server.settle();
    const stream = await client.chat.completions.create({ model: 'test-model', messages, stream: true });
    for await (const chunk of stream) void chunk;
    await server.settle();
    upstream.setBehaviour({ fault: { type: 'status', status: 400, message: 'bad things' } });
    await client.chat.completions.create({ model: 'test-model', messages }).catch(() => undefined);
    await server.settle();
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  const data = async (url: string, as: Actor) => {
    const response = await server.call('GET', url, { as });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('lists the caller’s consumption and error rows, newest first, without channel details', async () => {
    const page = await data('/api/log/self/', caller);
    expect(page.total).toBe(3);
    const [failed, streamed, plain] = page.items;
    expect(failed).toMatchObject({ type: 5, content: 'bad things', quota: 0, channel: 0, channel_name: '', username: 'caller' });
    const consumed = { type: 2, quota: 50, prompt_tokens: 10, completion_tokens: 5, model_name: 'test-model', token_name: 'caller-key', username: 'caller', group: 'default', channel: 0, channel_name: '' };
    expect(streamed).toMatchObject({ ...consumed, is_stream: true });
    expect(plain).toMatchObject({ ...consumed, is_stream: false });
    const other = JSON.parse(plain.other);
    expect(other).toMatchObject({ model_ratio: 2, completion_ratio: 3, group_ratio: 1, upstream_model_name: 'test-model' });
    expect(other).not.toHaveProperty('admin_info');
    expect(JSON.parse(failed.other)).toEqual({});
    expect((await data('/api/log/self/?type=2', caller)).total).toBe(2);
    expect(await data('/api/log/self/', stranger)).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
  });

  it('shows admins the channel and the channels tried', async () => {
    const page = await data(`/api/log/?username=caller&type=2&channel=${channelId}`, admin);
    expect(page.total).toBe(2);
    for (const item of page.items) {
      expect(item).toMatchObject({ channel: channelId, channel_name: 'primary', quota: 50 });
      expect(JSON.parse(item.other).admin_info).toEqual({ use_channel: [channelId] });
    }
    const failed = await data('/api/log/?type=5', admin);
    expect(failed.items.map((item: { channel: number; channel_name: string }) => [item.channel, item.channel_name])).toEqual([[channelId, 'primary']]);
  });

  it('counts quota, requests and tokens exactly', async () => {
    const expected = { quota: 100, rpm: 2, tpm: 30 };
    expect(await data('/api/log/self/stat', caller)).toEqual(expected);
    expect(await data('/api/log/stat?username=caller&model_name=test-model', admin)).toEqual(expected);
    expect(await data(`/api/log/stat?channel=${channelId}`, admin)).toEqual(expected);
    expect(await data('/api/log/self/stat', stranger)).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });

  it('puts the successful calls into hourly dashboard buckets', async () => {
    const sum = (rows: Array<{ token_used: number; count: number; quota: number }>) =>
      rows.reduce((total, row) => ({ token_used: total.token_used + row.token_used, count: total.count + row.count, quota: total.quota + row.quota }), { token_used: 0, count: 0, quota: 0 });
    const own = await data('/api/data/self/', caller);
    expect(sum(own)).toEqual({ token_used: 30, count: 2, quota: 100 });
    for (const row of own) expect(row).toMatchObject({ model_name: 'test-model', username: 'caller', user_id: caller.user.id, created_at: expect.any(Number) });
    expect(own.every((row: { created_at: number }) => row.created_at % 3600 === 0)).toBe(true);
    const everyone = await data('/api/data/', admin);
    expect(sum(everyone)).toEqual({ token_used: 30, count: 2, quota: 100 });
    expect(everyone.every((row: Record<string, unknown>) => !('username' in row))).toBe(true);
    expect(await data('/api/data/self', stranger)).toEqual([]);
  });

  it('cleans up every row before the target and reports the count', async () => {
    const response = await server.call('DELETE', `/api/log/?target_timestamp=${Math.floor(Date.now() / 1000) + 10}`, { as: admin });
    expect(response.json()).toEqual({ success: true, message: '', data: 3 });
    expect((await data('/api/log/', admin)).total).toBe(0);
    expect(await data('/api/log/self/stat', caller)).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });
});
