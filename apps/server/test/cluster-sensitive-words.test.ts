// Sensitive words across two instances (one SQLite file, real Redis): a word list saved on one instance is in force
// on both within a second, because each rebuilds its automaton when the change bus reports the option.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey } from './helpers/relay-fixtures';
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

describe('sensitive words across two instances', () => {
  let redis: ServiceLease;
  let first: TestServer;
  let second: TestServer;
  let root: Actor;
  let key: string;
  let sharedDir: string;

  beforeAll(async () => {
    redis = await leaseRedis();
    sharedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-cluster-'));
    const shared = { SQLITE_PATH: path.join(sharedDir, 'turnpike.db'), REDIS_CONN_STRING: redis.url };
    first = await startTestServer({ ...shared, NODE_NAME: 'node-a' });
    second = await startTestServer({ ...shared, NODE_NAME: 'node-b' });
    root = await first.createUser({ username: 'root', role: 100, quota: 1_000_000 });
    key = (await addApiKey(first, root)).key;
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

  /** The status a chat call saying `text` gets from `server` (no channel exists: a clean prompt is not 400). */
  const statusOn = (server: TestServer, text: string) => async (): Promise<number> =>
    (await server.call('POST', '/v1/chat/completions', { headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] } })).statusCode;

  it('a list saved on one instance refuses prompts on both within 1 s, and a later change too', async () => {
    for (const [name, value] of [['CheckSensitiveEnabled', 'true'], ['CheckSensitiveOnPromptEnabled', 'true'], ['SensitiveWords', 'firstword']] as const) {
      expect((await first.call('PUT', '/api/option/', { as: root, body: { key: name, value } })).statusCode).toBe(200);
    }
    expect(await statusOn(first, 'say firstword')()).toBe(400);
    expect(await millisecondsUntil(statusOn(second, 'say firstword'), 400)).toBeLessThan(1000);

    expect((await second.call('PUT', '/api/option/', { as: second.actorFor(root.user), body: { key: 'SensitiveWords', value: 'secondword' } })).statusCode).toBe(200);
    expect(await statusOn(second, 'say ＳＥＣＯＮＤword')()).toBe(400);
    expect(await millisecondsUntil(statusOn(first, 'say secondword'), 400)).toBeLessThan(1000);
    expect(await statusOn(first, 'say firstword')()).not.toBe(400);
  });
});
