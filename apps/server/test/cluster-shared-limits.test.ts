import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { leaseRedis, type ServiceLease } from './helpers/test-services';
import { startTestServer, type TestServer } from './helpers/test-server';

const messages = [{ role: 'user' as const, content: 'hi' }];

describe('model request limits shared through Redis by two instances', () => {
  let redis: ServiceLease;
  let upstream: MockUpstream;
  let first: TestServer;
  let second: TestServer;
  let sharedDir: string;

  beforeAll(async () => {
    redis = await leaseRedis();
    upstream = await startMockUpstream();
    sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-limits-'));
    const shared = { SQLITE_PATH: path.join(sharedDir, 'turnpike.db'), REDIS_CONN_STRING: redis.url, REDIS_KEY_PREFIX: `t${crypto.randomBytes(4).toString('hex')}` };
    first = await startTestServer({ ...shared, NODE_NAME: 'limits-a' });
    second = await startTestServer({ ...shared, NODE_NAME: 'limits-b' });
  });
  afterAll(async () => {
    await first.stop();
    await second.stop();
    await upstream.close();
    await redis.release();
    fs.rmSync(sharedDir, { recursive: true, force: true });
  });

  it('counts calls spread over both instances against one limit', async () => {
    for (const [key, value] of [['ModelRatio', { 'test-model': 1 }], ['ModelRequestRateLimitEnabled', true], ['ModelRequestRateLimitCount', 4], ['ModelRequestRateLimitSuccessCount', 100]] as const) {
      await first.context.options.set(key, value);
    }
    await second.context.options.reloadAll();
    await addChannel(first, { baseUrl: upstream.url, models: 'test-model' });
    await second.context.relay.routing.reload();
    const user = await first.createUser({ username: 'spread', quota: 1_000_000 });
    const key = (await addApiKey(first, user)).key;
    const clients = [new OpenAI({ apiKey: key, baseURL: (await first.listen()) + '/v1', maxRetries: 0 }), new OpenAI({ apiKey: key, baseURL: (await second.listen()) + '/v1', maxRetries: 0 })];
    const statuses: number[] = [];
    for (let call = 0; call < 6; call += 1) {
      statuses.push(await clients[call % 2].chat.completions.create({ model: 'test-model', messages }).then(() => 200, (error: InstanceType<typeof OpenAI.APIError>) => error.status ?? 0));
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
