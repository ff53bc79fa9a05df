import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLogs, logRow } from './helpers/log-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// Consumption of the last minute counts in rpm/tpm; quota sums every consumption row in the window.
describe('GET /api/log/stat and /api/log/self/stat', () => {
  let server: TestServer;
  let admin: Actor;
  let alice: Actor;
  let bob: Actor;
  let now: number;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
    alice = await server.createUser({ username: 'alice' });
    bob = await server.createUser({ username: 'bob' });
    now = Math.floor(Date.now() / 1000);
    const a = { user_id: alice.user.id, username: 'alice' };
    await insertLogs(server.context.db, [
      logRow({ ...a, created_at: now - 10, model_name: 'm1', quota: 30, prompt_tokens: 5, completion_tokens: 7 }),
      logRow({ ...a, created_at: now - 30, model_name: 'm2', token_name: 'k2', quota: 20, prompt_tokens: 1, completion_tokens: 2 }),
      logRow({ ...a, created_at: now - 3600, quota: 100, prompt_tokens: 50, completion_tokens: 50 }),
      logRow({ user_id: bob.user.id, username: 'bob', created_at: now - 20, quota: 9, prompt_tokens: 3, completion_tokens: 3, channel_id: 5, group: 'vip' }),
      logRow({ ...a, created_at: now - 5, type: 5, quota: 0, prompt_tokens: 40, completion_tokens: 40 }),
      logRow({ ...a, created_at: now - 5, type: 1, quota: 1000 }),
    ]);
  });
  afterAll(() => server.stop());

  const stat = async (url: string, as: Actor) => {
    const response = await server.call('GET', url, { as });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    return response.json().data;
  };

  it('sums consumed quota and counts the last minute for everyone', async () => {
    expect(await stat('/api/log/stat', admin)).toEqual({ quota: 159, rpm: 3, tpm: 21 });
    expect(await stat(`/api/log/stat?start_timestamp=${now - 60}&end_timestamp=${now + 3600}`, admin)).toEqual({ quota: 59, rpm: 3, tpm: 21 });
    expect(await stat(`/api/log/stat?start_timestamp=${now - 7200}&end_timestamp=${now - 1800}`, admin)).toEqual({ quota: 100, rpm: 3, tpm: 21 });
  });

  it('applies the admin filters to both figures', async () => {
    expect(await stat('/api/log/stat?username=alice', admin)).toEqual({ quota: 150, rpm: 2, tpm: 15 });
    expect(await stat('/api/log/stat?channel=5', admin)).toEqual({ quota: 9, rpm: 1, tpm: 6 });
    expect(await stat('/api/log/stat?group=vip', admin)).toEqual({ quota: 9, rpm: 1, tpm: 6 });
    expect(await stat('/api/log/stat?model_name=m1', admin)).toEqual({ quota: 30, rpm: 1, tpm: 12 });
    expect(await stat('/api/log/stat?token_name=k2', admin)).toEqual({ quota: 20, rpm: 1, tpm: 3 });
    expect(await stat('/api/log/stat?model_name=nothing', admin)).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });

  it('always counts consumption, whatever type is asked for', async () => {
    expect(await stat('/api/log/stat?type=1', admin)).toEqual({ quota: 159, rpm: 3, tpm: 21 });
  });

  it('gives users the figures of their own rows only', async () => {
    expect(await stat('/api/log/self/stat', alice)).toEqual({ quota: 150, rpm: 2, tpm: 15 });
    expect(await stat('/api/log/self/stat?username=bob&channel=5', alice)).toEqual({ quota: 150, rpm: 2, tpm: 15 });
    expect(await stat('/api/log/self/stat?token_name=k2', alice)).toEqual({ quota: 20, rpm: 1, tpm: 3 });
    expect(await stat(`/api/log/self/stat?start_timestamp=${now - 60}`, alice)).toEqual({ quota: 50, rpm: 2, tpm: 15 });
    expect(await stat('/api/log/self/stat', bob)).toEqual({ quota: 9, rpm: 1, tpm: 6 });
    expect(await stat('/api/log/self/stat', admin)).toEqual({ quota: 0, rpm: 0, tpm: 0 });
  });

  it('refuses visitors (401) and keeps the whole-system figures from ordinary users (403)', async () => {
    expect((await server.call('GET', '/api/log/self/stat')).statusCode).toBe(401);
    expect((await server.call('GET', '/api/log/stat')).statusCode).toBe(401);
    const refused = await server.call('GET', '/api/log/stat', { as: alice });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().success).toBe(false);
  });
});
