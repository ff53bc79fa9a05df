// Billing units beyond tokens, end to end: an Anthropic upstream (the mock) reports the web searches it ran in
// `usage.server_tool_use.web_search_requests`; the relay bills them at $10 per 1K calls beside the tokens, the balance
// moves by exactly that, and the log row keeps the legacy fields plus a breakdown that adds up to its quota.
import Anthropic from '@anthropic-ai/sdk';
import { renderBillingFormula, readBillingBreakdown } from '@turnpike/contract';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const model = 'claude-searching';
const startingQuota = 1_000_000;
/** 10 prompt tokens × 1.5 + 5 completion tokens × 1.5 × 5 + 2 searches × $0.01 × 500000 = 10052.5, rounded half up. */
const expectedCost = 10_053;

describe('web-search calls billed per call through the relay', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let base: string;
  let user: Actor;
  let key: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { [model]: 1.5 });
    await server.context.options.set('CompletionRatio', { [model]: 5 });
    base = await server.listen();
    user = await server.createUser({ username: 'searcher', quota: startingQuota });
    await addChannel(server, { baseUrl: upstream.url, models: model, type: 14, key: 'anthropic-key' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => {
    upstream.reset();
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5, usageFields: { server_tool_use: { web_search_requests: 2 } } });
  });

  async function balance(): Promise<number> {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
  }

  async function lastConsumeOther(): Promise<{ quota: number; other: Record<string, unknown> }> {
    const row = await server.context.db.selectFrom('logs').select(['quota', 'other']).where('user_id', '=', user.user.id).where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { quota: row.quota, other: JSON.parse(row.other) as Record<string, unknown> };
  }

  const calls: Array<[string, () => Promise<string>]> = [
    [
      'an Anthropic client, whole answer',
      async () => {
        const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
        const message = await client.messages.create({ model, max_tokens: 100, messages: [{ role: 'user', content: 'Search.' }] });
        return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      },
    ],
    [
      'an Anthropic client, streamed',
      async () => {
        const client = new Anthropic({ apiKey: key, baseURL: base, maxRetries: 0 });
        let text = '';
        for await (const event of await client.messages.create({ model, max_tokens: 100, stream: true, messages: [{ role: 'user', content: 'Search.' }] })) {
          if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
        }
        return text;
      },
    ],
    [
      'an OpenAI chat client converted to Anthropic, streamed',
      async () => {
        const client = new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0 });
        let text = '';
        for await (const chunk of await client.chat.completions.create({ model, stream: true, messages: [{ role: 'user', content: 'Search.' }] })) text += chunk.choices[0]?.delta?.content ?? '';
        return text;
      },
    ],
  ];

  it.each(calls)('bills the searches of %s to the unit', async (_name, call) => {
    const before = await balance();
    expect(await call()).toBe('w1 w2 w3 w4 w5');
    expect(before - (await balance())).toBe(expectedCost);

    const { quota, other } = await lastConsumeOther();
    expect(quota).toBe(expectedCost);
    // Every legacy field stays, with the web-search fields new-api logs.
    expect(other).toMatchObject({
      model_ratio: 1.5,
      model_price: -1,
      completion_ratio: 5,
      group_ratio: 1,
      user_group_ratio: -1,
      cache_tokens: 0,
      cache_ratio: 1,
      cache_creation_tokens: 0,
      cache_creation_ratio: 1.25,
      web_search: true,
      web_search_call_count: 2,
      web_search_price: 10,
    });
    const breakdown = readBillingBreakdown(other.billing_breakdown);
    expect(breakdown).toEqual([
      { unit: 'prompt', quantity: 10, rate: 1.5, quota: 15 },
      { unit: 'completion', quantity: 5, rate: 7.5, quota: 38 },
      { unit: 'web_search', quantity: 2, rate: 5000, quota: 10_000 },
    ]);
    expect(renderBillingFormula(breakdown ?? [], 1, 'en').numbers).toBe('(10 × 1.5 + 5 × 7.5 + 2 × 5000) × 1 = 10053');
  });

  it('bills tokens only when the upstream ran no search', async () => {
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5 });
    const before = await balance();
    await calls[0][1]();
    // 15 + 37.5 = 52.5 → 53
    expect(before - (await balance())).toBe(53);
    const { other } = await lastConsumeOther();
    expect(other.web_search).toBeUndefined();
    expect(readBillingBreakdown(other.billing_breakdown)?.map((row) => row.unit)).toEqual(['prompt', 'completion']);
  });
});
