import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const messages = [{ role: 'user' as const, content: 'hi' }];

describe('relay failover, channel health and limits', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let baseURL: string;
  let admin: Actor;

  beforeAll(async () => {
    upstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 5 } });
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'test-model': 2, 'other-model': 1 });
    await server.context.options.set('CompletionRatio', { 'test-model': 3 });
    baseURL = (await server.listen()) + '/v1';
    admin = await server.createUser({ username: 'root', role: 100, quota: 10_000_000 });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  const quotaOf = async (id: number) => {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirstOrThrow()).quota;
  };
  const statusOf = async (id: number) => (await server.context.db.selectFrom('channels').select(['status', 'other_info']).where('id', '=', id).executeTakeFirstOrThrow());

  it('retries on the next priority tier, never re-picks the failed channel, and bills only the success', async () => {
    await server.context.options.set('RetryTimes', 2);
    const user = await server.createUser({ username: 'failover', quota: 100_000 });
    const failing = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'bad-key', priority: 10, group: 'failover' });
    const healthy = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'good-key', priority: 0, group: 'failover' });
    await server.context.db.updateTable('users').set({ group: 'failover' }).where('id', '=', user.user.id).execute();
    server.context.caches.users.invalidate(user.user.id);
    upstream.setKeyBehaviour('bad-key', { fault: { type: 'status', status: 500 } });
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    const answer = await client.chat.completions.create({ model: 'test-model', messages });
    expect(answer.choices[0].message.content).toBe('w1 w2 w3 w4 w5');
    expect(100_000 - (await quotaOf(user.user.id))).toBe(50);
    const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(log.channel_id).toBe(healthy);
    expect(JSON.parse(log.other).admin_info.use_channel).toEqual([failing, healthy]);
    expect((await statusOf(failing)).status).toBe(1);
  });

  it('does not retry a client error (400) and returns it with the mapped status', async () => {
    const user = await server.createUser({ username: 'mapped', quota: 100_000, group: 'mapped' });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'k400', priority: 5, group: 'mapped', statusCodeMapping: '{"400":"422"}' });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'k-other', priority: 0, group: 'mapped' });
    upstream.setKeyBehaviour('k400', { fault: { type: 'status', status: 400, message: 'context too long' } });
    const before = upstream.requests.length;
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    const error = (await client.chat.completions.create({ model: 'test-model', messages }).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(error.status).toBe(422);
    expect(error.message).toContain('context too long');
    expect(upstream.requests.length - before).toBe(1);
    expect(await quotaOf(user.user.id)).toBe(100_000);
  });

  it('disables a channel automatically on 401 when enabled, with reason and time', async () => {
    await server.context.options.set('AutomaticDisableChannelEnabled', true);
    const user = await server.createUser({ username: 'autoban', quota: 100_000, group: 'autoban' });
    const revoked = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'revoked', priority: 1, group: 'autoban' });
    const manual = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'quota-gone', priority: 0, group: 'autoban', autoBan: 0 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'fine', priority: -1, group: 'autoban' });
    upstream.setKeyBehaviour('revoked', { fault: { type: 'status', status: 401 } });
    upstream.setKeyBehaviour('quota-gone', { fault: { type: 'status', status: 429, message: 'You exceeded your current quota' } });
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    await client.chat.completions.create({ model: 'test-model', messages });
    const disabled = await statusOf(revoked);
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info)).toMatchObject({ status_reason: 'Incorrect API key provided.', status_time: expect.any(Number) });
    expect((await statusOf(manual)).status).toBe(1);
    await server.context.relay.routing.reload();
    expect(server.context.relay.routing.candidates('autoban', 'test-model').map((channel) => channel.id)).not.toContain(revoked);
    await server.context.options.set('AutomaticDisableChannelEnabled', false);
  });

  it("answers a refused channel key as the gateway's fault (502 upstream_auth_failed, never 401), unless the channel maps the status", async () => {
    const user = await server.createUser({ username: 'refused', quota: 100_000, group: 'refused' });
    const channel = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'refused-key-0123', group: 'refused' });
    upstream.setKeyBehaviour('refused-key-0123', { fault: { type: 'status', status: 401 } });
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    const error = (await client.chat.completions.create({ model: 'test-model', messages }).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    // The caller's SDK sees a server error (which it may retry), not an AuthenticationError about its own key.
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect({ status: error.status, type: error.type, code: error.code, param: error.param }).toEqual({ status: 502, type: 'upstream_error', code: 'upstream_auth_failed', param: null });
    expect(error.message).toMatch(/the upstream refused the channel's credentials; your API key is not at fault \(request id: [\w-]+\)/);
    expect(error.message).not.toContain('Incorrect API key');
    const anthropic = new Anthropic({ apiKey: (await addApiKey(server, user)).key, baseURL: baseURL.replace(/\/v1$/, ''), maxRetries: 0 });
    const refused = (await anthropic.messages.create({ model: 'test-model', max_tokens: 5, messages }).catch((caught: unknown) => caught)) as InstanceType<typeof Anthropic.APIError>;
    expect(refused).toBeInstanceOf(Anthropic.InternalServerError);
    expect(refused.error).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    // The admins read the upstream's own words in the log row.
    await server.settle();
    const log = await server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).where('type', '=', 5).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(log.other).admin_info.detail).toBe("the channel's credentials were refused (401): Incorrect API key provided.");
    // The operator's status code mapping is the last word (new-api's ResetStatusCode): here it keeps the 401.
    await server.context.db.updateTable('channels').set({ status_code_mapping: '{"401":"401"}' }).where('id', '=', channel).execute();
    await server.context.relay.routing.reload();
    const mapped = (await client.chat.completions.create({ model: 'test-model', messages }).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(mapped).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(mapped.message).toContain('Incorrect API key provided.');
  });

  it("passes the upstream's own code to an OpenAI caller of an endpoint without a chat format (embeddings)", async () => {
    const user = await server.createUser({ username: 'embedder', quota: 100_000, group: 'embedder' });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'embed-busy', group: 'embedder' });
    upstream.setKeyBehaviour('embed-busy', { fault: { type: 'status', status: 429, message: 'Rate limit reached for requests', code: 'rate_limit_exceeded' } });
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    const error = (await client.embeddings.create({ model: 'test-model', input: 'hi' }).catch((caught: unknown) => caught)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect({ status: error.status, type: error.type, code: error.code, param: error.param, message: error.message }).toEqual({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null, message: '429 Rate limit reached for requests' });
  });

  it('bills what was streamed when the client disconnects mid-stream, and stops the upstream', async () => {
    const user = await server.createUser({ username: 'leaver', quota: 100_000, group: 'leaver' });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'slow', group: 'leaver' });
    upstream.setKeyBehaviour('slow', { promptTokens: 10, chunkCount: 40, chunkDelayMs: 30 });
    const controller = new AbortController();
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    const stream = await client.chat.completions.create({ model: 'test-model', messages, stream: true }, { signal: controller.signal });
    let received = 0;
    await (async () => {
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta?.content) received += 1;
        if (received === 4) controller.abort();
      }
    })().catch(() => undefined);
    // The call settles once the relay notices the disconnect and counts what was streamed (the first count loads the tokenizer).
    const logOf = () => server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).executeTakeFirst();
    await expect.poll(async () => (await server.settle(), await logOf()) !== undefined, { timeout: 5000 }).toBe(true);
    const log = (await logOf())!;
    expect(log.completion_tokens).toBeGreaterThanOrEqual(4);
    expect(log.completion_tokens).toBeLessThan(40);
    expect(JSON.parse(log.other).warnings).toContain('the client disconnected: billed what was streamed');
    expect(100_000 - (await quotaOf(user.user.id))).toBe(log.quota);
    expect(log.quota).toBe(2 * (log.prompt_tokens + log.completion_tokens * 3));
  });

  it('ends a stream the upstream broke off with the format\'s error signal, which each SDK raises, and bills what was streamed once', async () => {
    const user = await server.createUser({ username: 'broken', quota: 1_000_000, group: 'broken' });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'breaks', group: 'broken' });
    upstream.setKeyBehaviour('breaks', { promptTokens: 10, chunkCount: 10, fault: { type: 'drop', afterChunks: 4 } });
    const key = (await addApiKey(server, user)).key;
    const origin = baseURL.slice(0, -'/v1'.length);
    const logsOf = () => server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'asc').execute();
    const brokenMessage = 'the upstream connection broke off before the answer was complete';

    // OpenAI in, OpenAI out: the bytes pass through, then an `error` event the official SDK raises mid-iteration.
    const openai = new OpenAI({ apiKey: key, baseURL, maxRetries: 0 });
    let openaiText = '';
    const openaiRun = (async () => {
      const stream = await openai.chat.completions.create({ model: 'test-model', messages, stream: true });
      for await (const chunk of stream) openaiText += chunk.choices[0]?.delta?.content ?? '';
    })();
    await expect(openaiRun).rejects.toThrow(brokenMessage);
    expect(openaiText).toContain('w4');
    expect(openaiText).not.toContain('w5');

    // Anthropic in, OpenAI out: converted; the stream ends with `event: error` (no message_stop), which the SDK raises.
    const anthropic = new Anthropic({ apiKey: key, baseURL: origin, maxRetries: 0 });
    let anthropicText = '';
    const anthropicRun = (async () => {
      const stream = await anthropic.messages.create({ model: 'test-model', max_tokens: 50, messages, stream: true });
      for await (const event of stream) if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') anthropicText += event.delta.text;
    })();
    await expect(anthropicRun).rejects.toThrow(brokenMessage);
    expect(anthropicText).toContain('w4');

    // Responses in: an `error` event then `response.failed` (the SDK hands both over as events).
    const responses = await openai.responses.create({ model: 'test-model', input: 'hi', stream: true });
    const events: ResponseStreamEvent[] = [];
    for await (const event of responses) events.push(event);
    expect(events[0]?.type).toBe('response.created');
    expect(events.slice(-2).map((event) => event.type)).toEqual(['error', 'response.failed']);
    const failed = events.at(-1);
    expect(failed?.type === 'response.failed' && failed.response.error?.message).toBe(brokenMessage);

    // Gemini in: the stream's last chunk is an error object.
    const geminiAnswer = await fetch(`${origin}/v1beta/models/test-model:streamGenerateContent?alt=sse&key=${key}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }) });
    expect(geminiAnswer.status).toBe(200);
    const geminiFrames = (await geminiAnswer.text()).split('\n\n').filter((frame) => frame.startsWith('data: ')).map((frame) => JSON.parse(frame.slice('data: '.length)) as { error?: { code: number; message: string } });
    expect(geminiFrames.at(-1)?.error).toMatchObject({ code: 502, message: brokenMessage });
    expect(JSON.stringify(geminiFrames.slice(0, -1))).toContain('w4');

    await expect.poll(async () => (await server.settle(), (await logsOf()).length), { timeout: 5000 }).toBe(4);
    const logs = await logsOf();
    for (const log of logs) {
      expect(log.type).toBe(2);
      expect(JSON.parse(log.other).warnings).toContain('the upstream stream broke off');
      expect(log.completion_tokens).toBeLessThan(10);
      expect(log.quota).toBe(2 * (log.prompt_tokens + log.completion_tokens * 3));
    }
    // Four pieces of text were streamed ("w1 " … "w4") in chat, messages and Gemini: counted, since no usage arrived.
    // The Responses stream broke off inside its opening events: no text, only the prompt is billed.
    expect(logs.map((log) => log.completion_tokens >= 4)).toEqual([true, true, false, true]);
    expect(logs[2].completion_tokens).toBe(0);
    expect(1_000_000 - (await quotaOf(user.user.id))).toBe(logs.reduce((sum, log) => sum + log.quota, 0));
    expect(await server.context.db.selectFrom('reservations').selectAll().where('user_id', '=', user.user.id).execute()).toEqual([]);
  });

  it('never overdraws: quota for 10 calls, 100 concurrent calls', async () => {
    await server.context.options.set('PreConsumedQuota', 10);
    // Reserve = (max(prompt estimate, 10) + 5 max tokens × 3) × 2 = 50, exactly what each call settles at: 500 quota covers 10 calls.
    const user = await server.createUser({ username: 'crowd', quota: 500, group: 'crowd' });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'crowd', group: 'crowd' });
    upstream.setKeyBehaviour('crowd', { promptTokens: 10, chunkCount: 5, firstByteDelayMs: 20 });
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => client.chat.completions.create({ model: 'test-model', messages, max_tokens: 5 })));
    const accepted = results.filter((result) => result.status === 'fulfilled').length;
    const refused = results.filter((result) => result.status === 'rejected');
    expect(accepted).toBe(10);
    for (const result of refused) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(OpenAI.PermissionDeniedError);
    const quota = await quotaOf(user.user.id);
    expect(quota).toBe(0);
    const logs = await server.context.db.selectFrom('logs').select('quota').where('user_id', '=', user.user.id).where('type', '=', 2).execute();
    expect(logs).toHaveLength(accepted);
    expect(logs.reduce((sum, row) => sum + row.quota, 0)).toBe(500 - quota);
    expect(await server.context.db.selectFrom('reservations').selectAll().execute()).toEqual([]);
    await server.context.options.set('PreConsumedQuota', 500);
  });

  it('lets an admin pin a channel with sk-KEY-<id> and refuses it to ordinary users', async () => {
    const pinned = await addChannel(server, { baseUrl: upstream.url, models: 'other-model', key: 'pinned', group: 'nobody' });
    const adminKey = await addApiKey(server, admin);
    const adminClient = new OpenAI({ apiKey: `${adminKey.key}-${pinned}`, baseURL, maxRetries: 0 });
    await adminClient.chat.completions.create({ model: 'other-model', messages });
    expect(upstream.requests.at(-1)?.apiKey).toBe('pinned');
    const user = await server.createUser({ username: 'pinner', quota: 100_000 });
    const userClient = new OpenAI({ apiKey: `${(await addApiKey(server, user)).key}-${pinned}`, baseURL, maxRetries: 0 });
    await expect(userClient.chat.completions.create({ model: 'other-model', messages })).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
  });

  it('enforces model limits, the IP allow-list, expiry and the token quota', async () => {
    const user = await server.createUser({ username: 'limited', quota: 1_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model,other-model', key: 'lim' });
    const limited = new OpenAI({ apiKey: (await addApiKey(server, user, { model_limits_enabled: true, model_limits: 'other-model' })).key, baseURL, maxRetries: 0 });
    await expect(limited.chat.completions.create({ model: 'test-model', messages })).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
    await limited.chat.completions.create({ model: 'other-model', messages });
    const fenced = new OpenAI({ apiKey: (await addApiKey(server, user, { allow_ips: '10.9.9.9' })).key, baseURL, maxRetries: 0 });
    await expect(fenced.chat.completions.create({ model: 'test-model', messages })).rejects.toBeInstanceOf(OpenAI.PermissionDeniedError);
    const local = new OpenAI({ apiKey: (await addApiKey(server, user, { allow_ips: '127.0.0.0/8' })).key, baseURL, maxRetries: 0 });
    await local.chat.completions.create({ model: 'test-model', messages });
    const expiring = await addApiKey(server, user, { expired_time: Math.floor(Date.now() / 1000) + 3600 });
    await server.context.db.updateTable('tokens').set({ expired_time: 1 }).where('id', '=', expiring.id).execute();
    server.context.caches.apiKeys.invalidate(expiring.key.slice(3));
    const expired = new OpenAI({ apiKey: expiring.key, baseURL, maxRetries: 0 });
    await expect(expired.chat.completions.create({ model: 'test-model', messages })).rejects.toThrow(/expired/);
    expect((await server.context.db.selectFrom('tokens').select('status').where('id', '=', expiring.id).executeTakeFirstOrThrow()).status).toBe(3);
    const small = new OpenAI({ apiKey: (await addApiKey(server, user, { unlimited_quota: false, remain_quota: 100 })).key, baseURL, maxRetries: 0 });
    await expect(small.chat.completions.create({ model: 'test-model', messages })).rejects.toThrow(/token quota is not enough/);
  });
});
