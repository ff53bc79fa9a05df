import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connect';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';
import path from 'node:path';
import fs from 'node:fs';

describe('graceful shutdown of the relay', () => {
  let upstream: MockUpstream;
  let server: TestServer;

  beforeAll(async () => {
    upstream = await startMockUpstream({ behaviour: { promptTokens: 10, chunkCount: 5 } });
    server = await startTestServer();
  });
  afterAll(async () => {
    await upstream.close();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('writes every queued settlement and log row before it exits', async () => {
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    const user = await server.createUser({ username: 'closer', quota: 1_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model' });
    const client = new OpenAI({ apiKey: (await addApiKey(server, user)).key, baseURL: (await server.listen()) + '/v1', maxRetries: 0 });
    await Promise.all(Array.from({ length: 5 }, () => client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'x' }] })));
    await server.close();
    const reopened = openDatabase({ kind: 'sqlite', sqlitePath: path.join(server.dataDir, 'turnpike.db') });
    const logs = await reopened.db.selectFrom('logs').select('quota').where('user_id', '=', user.user.id).where('type', '=', 2).execute();
    const balance = await reopened.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', user.user.id).executeTakeFirstOrThrow();
    const reservations = await reopened.db.selectFrom('reservations').selectAll().execute();
    await reopened.db.destroy();
    expect(logs).toHaveLength(5);
    expect(logs.every((row) => row.quota === 15)).toBe(true);
    expect(balance).toEqual({ quota: 1_000_000 - 75, used_quota: 75 });
    expect(reservations).toEqual([]);
  });
});
