// Request ids: a time-ordered UUIDv7 per call on both fronts (the fast lane and Fastify), in the response header, on
// the log row and in the upstream request; a trusted proxy's well-formed X-Request-Id is kept, anyone else's is not.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type TestServer } from './helpers/test-server';

const uuidV7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const body = JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });

describe('request ids', () => {
  let upstream: MockUpstream;
  const servers: TestServer[] = [];

  /** A server with a channel and a key; `environment` configures it (TRUSTED_PROXIES). */
  async function serverWithKey(environment: Record<string, string> = {}): Promise<{ server: TestServer; base: string; key: string }> {
    const server = await startTestServer(environment);
    servers.push(server);
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    const base = await server.listen();
    const caller = await server.createUser({ username: 'caller', quota: 1_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model' });
    const { key } = await addApiKey(server, caller);
    return { server, base, key };
  }

  const chat = (base: string, key: string, path = '/v1/chat/completions', headers: Record<string, string> = {}, payload = body) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers }, body: payload });

  const loggedIds = async (server: TestServer): Promise<string[]> => {
    await server.settle();
    const rows = await server.context.db.selectFrom('logs').select('request_id').where('type', '=', 2).orderBy('id').execute();
    return rows.map((row) => row.request_id);
  };

  beforeAll(async () => {
    upstream = await startMockUpstream();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await upstream.close();
  });

  it('gives every call its own UUIDv7 on both fronts, in the header, on its log row and in the upstream request', async () => {
    const { server, base, key } = await serverWithKey();
    upstream.requests.length = 0;
    // The fast lane takes the plain path; a trailing slash goes through Fastify's route.
    const streamed = JSON.stringify({ ...JSON.parse(body), stream: true });
    const answers = [await chat(base, key), await chat(base, key, '/v1/chat/completions/'), await chat(base, key, '/v1/chat/completions', {}, streamed)];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      await answer.text();
    }
    const ids = answers.map((answer) => answer.headers.get('x-request-id') ?? '');
    for (const id of ids) expect(id).toMatch(uuidV7);
    expect(new Set(ids).size).toBe(3);
    expect(answers[2].headers.get('content-type')).toContain('text/event-stream');
    // Time-ordered: later calls sort after earlier ones (their millisecond prefix never goes back).
    expect(ids.map((id) => id.slice(0, 13))).toEqual([...ids].map((id) => id.slice(0, 13)).sort());
    expect(await loggedIds(server)).toEqual(ids);
    expect(upstream.requests.map((request) => request.headers['x-request-id'])).toEqual(ids);
    const api = await fetch(`${base}/api/status`);
    expect(api.headers.get('x-request-id')).toMatch(uuidV7);
    expect(ids).not.toContain(api.headers.get('x-request-id'));
  });

  it('keeps the well-formed X-Request-Id of a trusted proxy, and replaces a malformed one', async () => {
    const { server, base, key } = await serverWithKey();
    const kept = await chat(base, key, '/v1/chat/completions', { 'x-request-id': 'edge-7f3a.42:9' });
    await kept.text();
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.42:9');
    const malformed = await chat(base, key, '/v1/chat/completions', { 'x-request-id': 'x'.repeat(65) });
    await malformed.text();
    expect(malformed.headers.get('x-request-id')).toMatch(uuidV7);
    expect(await loggedIds(server)).toEqual(['edge-7f3a.42:9', malformed.headers.get('x-request-id')]);
  });

  it('ignores X-Request-Id from a caller that is not a trusted proxy', async () => {
    const { server, base, key } = await serverWithKey({ TRUSTED_PROXIES: '10.1.2.3' });
    const answer = await chat(base, key, '/v1/chat/completions', { 'x-request-id': 'chosen-by-the-caller' });
    await answer.text();
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(uuidV7);
    expect(await loggedIds(server)).toEqual([id]);
  });
});
