import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaseRedis, type ServiceLease } from './helpers/test-services';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

/** Polls `read` until it returns `expected`; answers the elapsed milliseconds (or Infinity after 2 s). */
async function millisecondsUntil(read: () => Promise<unknown>, expected: unknown): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 2000) {
    if ((await read()) === expected) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return Number.POSITIVE_INFINITY;
}

describe('option changes across two instances (one SQLite file, real Redis)', () => {
  let redis: ServiceLease;
  let first: TestServer;
  let second: TestServer;
  let rootOnFirst: Actor;
  let rootOnSecond: Actor;
  let sharedDir: string;

  beforeAll(async () => {
    redis = await leaseRedis();
    sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-cluster-'));
    const shared = { SQLITE_PATH: path.join(sharedDir, 'turnpike.db'), REDIS_CONN_STRING: redis.url };
    first = await startTestServer({ ...shared, NODE_NAME: 'node-a' });
    second = await startTestServer({ ...shared, NODE_NAME: 'node-b' });
    rootOnFirst = await first.createUser({ username: 'root', role: 100 });
    rootOnSecond = second.actorFor(rootOnFirst.user);
    // Both instances must have subscribed before a change can reach them.
    const probe = new Redis(redis.url);
    try {
      const subscribers = async (): Promise<number> => Number(((await probe.pubsub('NUMSUB', 'turnpike:changes')) as [string, number])[1]);
      expect(await millisecondsUntil(subscribers, 2)).toBeLessThan(2000);
    } finally {
      probe.disconnect();
    }
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await redis?.release();
    fs.rmSync(sharedDir, { recursive: true, force: true });
  });

  it('a PUT on one instance is visible on the other within 1 s', async () => {
    const systemNameOnSecond = async (): Promise<unknown> => (await second.call('GET', '/api/status')).json().data.system_name;
    expect(await systemNameOnSecond()).toBe('Turnpike');
    const response = await first.call('PUT', '/api/option/', { as: rootOnFirst, body: { key: 'SystemName', value: 'Changed on A' } });
    expect(response.statusCode).toBe(200);
    const elapsed = await millisecondsUntil(systemNameOnSecond, 'Changed on A');
    expect(elapsed).toBeLessThan(1000);
  });

  it('propagates the other way and for typed values too', async () => {
    const response = await second.call('PUT', '/api/option/', { as: rootOnSecond, body: { key: 'QuotaPerUnit', value: 250000 } });
    expect(response.statusCode).toBe(200);
    const elapsed = await millisecondsUntil(async () => first.context.options.number('QuotaPerUnit'), 250000);
    expect(elapsed).toBeLessThan(1000);
  });

  it('propagates the model ratio reset', async () => {
    await first.call('PUT', '/api/option/', { as: rootOnFirst, body: { key: 'ModelRatio', value: '{"only-model":9}' } });
    expect(await millisecondsUntil(async () => second.context.options.text('ModelRatio'), '{"only-model":9}')).toBeLessThan(1000);
    await second.call('POST', '/api/option/rest_model_ratio', { as: rootOnSecond });
    const elapsed = await millisecondsUntil(async () => first.context.options.json<Record<string, number>>('ModelRatio')['only-model'], undefined);
    expect(elapsed).toBeLessThan(1000);
  });
});
