// GET /metrics after real relay calls (whole, streamed, retried, failed): the counts, token and quota sums match the
// log rows; the endpoint is off by default and guarded by a token or an address list when on.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

const token = 'metrics-token-0123456789';
const messages = [{ role: 'user' as const, content: 'hi' }];

/** The value of one series line (`name{labels} value`) whose labels include every pair of `labels`; 0 when absent. */
function seriesValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

describe('metrics', () => {
  let upstream: MockUpstream;
  let server: TestServer;
  let base: string;

  beforeAll(async () => {
    upstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 3 } });
    // Loopback is not on the allow list here: only the token opens the endpoint.
    server = await startTestServer({ METRICS_ENABLED: 'true', METRICS_TOKEN: token, METRICS_ALLOW: '10.9.8.7' });
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    await server.context.options.set('RetryTimes', 1);
    base = await server.listen();
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${token}` }) => fetch(`${base}/metrics`, { headers });

  it('counts whole, streamed, retried and failed calls, with tokens and quota equal to the log rows', async () => {
    const caller = await server.createUser({ username: 'metered', quota: 10_000_000 });
    const good = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'good', priority: 0 });
    // The higher tier fails first on every call that reaches it: one failed attempt and one retry each time.
    const bad = await addChannel(server, { baseUrl: upstream.url, models: 'test-model', key: 'bad', priority: 10 });
    upstream.setKeyBehaviour('bad', { fault: { type: 'status', status: 500, message: 'upstream broke' } });
    const { key } = await addApiKey(server, caller);
    const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });

    await client.chat.completions.create({ model: 'test-model', messages });
    const stream = await client.chat.completions.create({ model: 'test-model', messages, stream: true, stream_options: { include_usage: true } });
    for await (const chunk of stream) void chunk;
    // An unknown model: refused before any channel (no facts, status 503 model_not_found or 403 unpriced).
    await expect(client.chat.completions.create({ model: 'no-such-model', messages })).rejects.toBeInstanceOf(OpenAI.APIError);
    await server.settle();

    const text = await (await scrape()).text();
    const logs = await server.context.db.selectFrom('logs').select(['prompt_tokens', 'completion_tokens', 'quota', 'is_stream']).where('user_id', '=', caller.user.id).where('type', '=', 2).execute();
    expect(logs).toHaveLength(2);
    const ok = { inbound_format: 'openai-chat', model: 'test-model', channel_id: String(good), channel_type: '1', status_class: '2xx' };
    expect(seriesValue(text, 'turnpike_relay_requests_total', ok)).toBe(2);
    expect(seriesValue(text, 'turnpike_relay_errors_total', { inbound_format: 'openai-chat', status_class: '4xx' }) + seriesValue(text, 'turnpike_relay_errors_total', { inbound_format: 'openai-chat', status_class: '5xx' })).toBe(1);
    expect(seriesValue(text, 'turnpike_upstream_attempts_total', { channel_id: String(bad), outcome: 'failed' })).toBe(2);
    expect(seriesValue(text, 'turnpike_upstream_attempts_total', { channel_id: String(good), outcome: 'ok' })).toBe(2);
    expect(seriesValue(text, 'turnpike_upstream_retries_total')).toBe(2);
    expect(seriesValue(text, 'turnpike_tokens_total', { model: 'test-model', direction: 'input' })).toBe(logs.reduce((sum, row) => sum + row.prompt_tokens, 0));
    expect(seriesValue(text, 'turnpike_tokens_total', { model: 'test-model', direction: 'output' })).toBe(logs.reduce((sum, row) => sum + row.completion_tokens, 0));
    expect(seriesValue(text, 'turnpike_quota_spent_total', { model: 'test-model', group: 'default' })).toBe(logs.reduce((sum, row) => sum + row.quota, 0));
    expect(seriesValue(text, 'turnpike_relay_time_to_first_token_seconds_count', { inbound_format: 'openai-chat' })).toBe(1);
    expect(seriesValue(text, 'turnpike_relay_request_duration_seconds_count', { inbound_format: 'openai-chat' })).toBe(3);
    expect(seriesValue(text, 'turnpike_active_streams')).toBe(0);
    expect(seriesValue(text, 'turnpike_reservations_held')).toBe(0);
    expect(seriesValue(text, 'turnpike_settlement_queue_depth')).toBe(0);
    expect(seriesValue(text, 'turnpike_settlement_batch_size_sum')).toBe(2);
    expect(seriesValue(text, 'turnpike_database_up')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
    // Never a user or a token in a label.
    expect(text).not.toMatch(/user_id=|token_id=|username=/);
    expect(text).not.toContain(key.slice(3));
  });

  it('is served only to the token or an allowed address', async () => {
    expect((await scrape({})).status).toBe(403);
    expect((await scrape({ authorization: 'Bearer wrong-token-0123456789' })).status).toBe(403);
    // A forwarded address is not the socket's: it cannot open the endpoint.
    expect((await scrape({ 'x-forwarded-for': '10.9.8.7' })).status).toBe(403);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
  });

  it('is off by default', async () => {
    const plain = await startTestServer();
    try {
      const answer = await plain.call('GET', '/metrics');
      expect(answer.statusCode).toBe(404);
      expect(plain.context.metrics).toBeNull();
    } finally {
      await plain.stop();
    }
  });
});
