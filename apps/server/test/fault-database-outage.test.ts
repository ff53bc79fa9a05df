// Fault injection: PostgreSQL stops (fast shutdown) under a call in flight and starts again. The server keeps running,
// refuses new calls fast with 503 + Retry-After in each caller's format and /api in the envelope, writes the bill of
// the call that was in flight once the database is back, and serves again by itself; the money adds up to the unit.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, startPostgres, type RestartablePostgres, type TestDatabase } from '../../../scripts/services';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const startQuota = 1_000_000;
const chatBody = (stream = false) => JSON.stringify({ model: 'test-model', stream, messages: [{ role: 'user', content: 'hi' }] });

describe('a PostgreSQL outage', { timeout: 120_000 }, () => {
  let postgres: RestartablePostgres;
  let database: TestDatabase;
  let upstream: MockUpstream;
  let server: TestServer;
  let base: string;
  let key: string;
  let caller: Actor;

  const chat = (body: string, path = '/v1/chat/completions', headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'x-api-key': key, ...headers }, body });

  beforeAll(async () => {
    postgres = await startPostgres();
    database = await createPostgresDatabase(postgres.url);
    upstream = await startMockUpstream();
    server = await startTestServer({ SQL_DSN: database.url });
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    base = await server.listen();
    caller = await server.createUser({ username: 'caller', quota: startQuota });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model' });
    key = (await addApiKey(server, caller)).key;
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.close();
    await database?.drop().catch(() => undefined);
    await postgres?.stop();
  });

  it('keeps serving what it can, refuses the rest fast and clearly, bills the call in flight once, and recovers by itself', async () => {
    const before = await chat(chatBody());
    expect(before.status).toBe(200);
    await before.text();

    // A stream that is still being answered when the database goes away.
    upstream.setBehaviour({ chunkCount: 6, chunkDelayMs: 150 });
    const inFlight = await chat(chatBody(true));
    expect(inFlight.status).toBe(200);
    await postgres.pause();
    const streamed = await inFlight.text();
    expect(streamed).toContain('data: [DONE]');
    upstream.setBehaviour({});

    // New calls cannot reserve: 503 with Retry-After, in the caller's own error shape.
    const refused = await chat(chatBody());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()).error).toMatchObject({ type: 'server_error', code: 'database_unavailable' });
    const refusedAnthropic = await chat(JSON.stringify({ model: 'test-model', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }), '/v1/messages', { 'anthropic-version': '2023-06-01' });
    expect(refusedAnthropic.status).toBe(503);
    expect(await refusedAnthropic.json()).toMatchObject({ type: 'error', error: { type: 'api_error' } });
    // The admin API answers in its envelope.
    const api = await fetch(`${base}/api/log/self`, { headers: caller.headers });
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('1');
    expect(await api.json()).toMatchObject({ success: false, message: expect.stringContaining('temporarily unavailable') });
    // Load balancers see it: not ready (the process itself is up).
    const notReady = await fetch(`${base}/readyz`);
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'not ready', database: 'unreachable', redis: 'not configured', draining: false });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);

    await postgres.resume();
    // Ready again by itself, within a second of the database accepting connections.
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 1_000, interval: 50 }).toBe(200);
    // The refused bill is written by the batcher's retry, without a restart; then calls are served again.
    await server.settle();
    const after = await chat(chatBody());
    expect(after.status).toBe(200);
    await after.text();
    await server.settle();

    const rows = await server.context.db.selectFrom('logs').select(['quota', 'is_stream']).where('user_id', '=', caller.user.id).where('type', '=', 2).execute();
    expect(rows.map((row) => row.is_stream).sort()).toEqual([0, 0, 1]);
    const billed = rows.reduce((sum, row) => sum + row.quota, 0);
    expect(billed).toBeGreaterThan(0);
    const user = await server.context.db.selectFrom('users').select(['quota', 'used_quota', 'request_count']).where('id', '=', caller.user.id).executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: startQuota - billed, used_quota: billed, request_count: 3 });
    expect(await server.context.db.selectFrom('reservations').select('id').execute()).toEqual([]);
  });
});
