// A broken or malicious upstream never holds a call (and its reservation) open for long, never costs the caller more
// than the call reserved, and never shows the caller internal addresses.
import { dribblingStreamAnswer, endlessStreamAnswer, errorWith200Answer, hugeAnswer, silentStreamAnswer, startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const startingQuota = 1_000_000;

describe('a broken upstream', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let user: Actor;
  let key: string;
  let base: string;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    // One second of silence ends a stream; three seconds end any call.
    server = await startTestServer({ STREAMING_TIMEOUT: '1', RELAY_TIMEOUT: '3', CRITICAL_RATE_LIMIT: '100000' });
    user = await server.createUser({ username: 'victim', quota: startingQuota });
    await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini', autoBan: 0 });
    key = (await addApiKey(server, user)).key;
    base = await server.listen();
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  const chat = (stream: boolean) =>
    fetch(`${base}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream, max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] }),
    });
  const balance = async (): Promise<number> => {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
  };

  /** Waits until the call has given back or settled its reservation: that happens after the answer's last byte
   * reached the caller (a cut stream's text is counted first), so the caller seeing the end is not enough. */
  const reservationsSettled = async (): Promise<void> => {
    await vi.waitFor(() => expect(server.context.relay.ledger.held).toBe(0), { timeout: 10_000, interval: 20 });
  };

  /** Reads a whole streamed answer; resolves when the gateway ends it. */
  const streamText = async (response: Response): Promise<string> => await response.text();

  it('ends a stream that goes silent mid-answer (STREAMING_TIMEOUT) and settles what was streamed', async () => {
    const before = await balance();
    upstream.answer(silentStreamAnswer());
    const response = await chat(true);
    expect(response.status).toBe(200);
    const text = await streamText(response);
    expect(text).toContain('hello');
    await reservationsSettled();
    const after = await balance();
    expect(after).toBeLessThanOrEqual(before);
    expect(before - after).toBeLessThan(1000);
  });

  it('ends a stream that only dribbles keep-alive comments (they are not data)', async () => {
    upstream.answer(dribblingStreamAnswer(200));
    const response = await chat(true);
    const text = await streamText(response);
    expect(text).toContain('hello');
    await reservationsSettled();
  });

  it('ends a stream that never stops at the overall deadline (RELAY_TIMEOUT)', async () => {
    upstream.answer(endlessStreamAnswer(200));
    const response = await chat(true);
    const text = await streamText(response);
    expect(text).toContain(' w');
    await reservationsSettled();
  });

  it('releases the reservation of a whole answer that never comes, and answers 502 without internal detail', async () => {
    const before = await balance();
    upstream.answer(silentStreamAnswer());
    const response = await chat(false);
    const body = (await response.json()) as { error: { message: string } };
    expect(response.status, JSON.stringify(body)).toBe(502);
    expect(body.error.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
    await reservationsSettled();
    expect(await balance()).toBe(before);
  });

  it('refuses an error body sent with status 200 without billing it', async () => {
    const before = await balance();
    upstream.answer(errorWith200Answer());
    const response = await chat(false);
    const body = await response.text();
    // The error inside the 200 fails the attempt like an error status would: nothing was answered, nothing is billed.
    expect(response.status, body).toBe(502);
    await reservationsSettled();
    expect(await balance()).toBe(before);
  });

  it('survives a 100 MB answer without holding the reservation', async () => {
    upstream.answer(hugeAnswer(100 * 1024 * 1024));
    const response = await chat(false);
    await response.arrayBuffer();
    await reservationsSettled();
  });

  it('tells an ordinary caller "upstream unavailable" with the request id, and keeps the detail for admins', async () => {
    const refusing = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    try {
      const caller = await refusing.createUser({ username: 'caller', quota: startingQuota });
      const admin = await refusing.createUser({ username: 'admin', role: 10 });
      // Nothing listens on port 9 of loopback: the connection is refused.
      await addChannel(refusing, { baseUrl: 'http://127.0.0.1:9', models: 'gpt-4o-mini', autoBan: 0 });
      const callerKey = (await addApiKey(refusing, caller)).key;
      const response = await refusing.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${callerKey}`, 'content-type': 'application/json' }, payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] } });
      expect(response.statusCode).toBe(502);
      const requestId = String(response.headers['x-request-id'] ?? '');
      expect(response.json()).toMatchObject({ error: { message: `upstream unavailable (request id: ${requestId})`, code: 'upstream_unreachable' } });
      await refusing.settle();
      const own = await refusing.call('GET', '/api/log/self?type=5', { as: caller });
      expect(own.body).toContain('upstream unavailable');
      expect(own.body, own.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1:9/);
      const all = await refusing.call('GET', '/api/log/?type=5', { as: admin });
      expect(all.body).toMatch(/ECONNREFUSED/);
    } finally {
      await refusing.stop();
    }
  });
});
