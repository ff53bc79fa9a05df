import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

const messages = [{ role: 'user' as const, content: 'hi' }];

describe('model request rate limits', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let baseURL: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer();
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    baseURL = (await server.listen()) + '/v1';
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', group: 'default,vip' });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  const clientFor = async (username: string, group = 'default') => {
    const user = await server.createUser({ username, quota: 10_000_000, group });
    return new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL, maxRetries: 0 });
  };
  const outcomes = async (client: OpenAI, count: number) => {
    const statuses: number[] = [];
    for (let index = 0; index < count; index += 1) {
      statuses.push(await client.chat.completions.create({ model: 'test-model', messages }).then(() => 200, (error: InstanceType<typeof OpenAI.APIError>) => error.status ?? 0));
    }
    return statuses;
  };

  it('limits successful requests per user and window, counting only successes', async () => {
    await server.context.options.set('ModelRequestRateLimitEnabled', true);
    await server.context.options.set('ModelRequestRateLimitSuccessCount', 2);
    const client = await clientFor('success-limited');
    upstream.queueBehaviour({ fault: { type: 'status', status: 400 } });
    expect(await outcomes(client, 4)).toEqual([400, 200, 200, 429]);
    const other = await clientFor('someone-else');
    expect(await outcomes(other, 1)).toEqual([200]);
  });

  it('limits total requests, and a group override replaces the global limits', async () => {
    await server.context.options.set('ModelRequestRateLimitCount', 3);
    await server.context.options.set('ModelRequestRateLimitSuccessCount', 100);
    await server.context.options.set('ModelRequestRateLimitGroup', { vip: [0, 5] });
    expect(await outcomes(await clientFor('total-limited'), 4)).toEqual([200, 200, 200, 429]);
    expect(await outcomes(await clientFor('vip-user', 'vip'), 6)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('does nothing when switched off', async () => {
    await server.context.options.set('ModelRequestRateLimitEnabled', false);
    expect(await outcomes(await clientFor('free-user'), 5)).toEqual([200, 200, 200, 200, 200]);
  });
});
