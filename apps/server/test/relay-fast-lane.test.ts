import { Readable } from 'node:stream';
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// test-model costs ratio 1, completion ratio 1: 10 prompt + 5 completion tokens bill 15.
const chatBody = JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }] });

describe('the relay fast lane (plain node:http in front of Fastify)', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let origin: string;
  let user: Actor;
  let key: string;
  /** Requests the lane declined, so Fastify answered them. */
  const fastifySaw: string[] = [];

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer({ TRUSTED_PROXIES: '127.0.0.1' });
    const lane = server.context.front.fastLane;
    if (!lane) throw new Error('the relay registered no fast lane');
    server.context.front.fastLane = (incoming, response) => {
      const taken = lane(incoming, response);
      if (!taken) fastifySaw.push(`${incoming.method} ${incoming.url}`);
      return taken;
    };
    await server.context.options.set('ModelRatio', { 'test-model': 1 });
    await server.context.options.set('CompletionRatio', { 'test-model': 1 });
    origin = await server.listen();
    user = await server.createUser({ username: 'lane', quota: 1_000_000 });
    await addChannel(server, { baseUrl: upstream.url, models: 'test-model', name: 'lane-channel' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });
  beforeEach(() => {
    fastifySaw.length = 0;
    upstream.reset();
    upstream.setBehaviour({ promptTokens: 10, chunkCount: 5 });
  });

  /** A chunked body (no content-length): the lane leaves such calls to Fastify. */
  const chunked = (text: string): Readable => Readable.from([Buffer.from(text.slice(0, 5)), Buffer.from(text.slice(5))]);
  const post = async (path: string, body: string | Readable, headers: Record<string, string> = {}) => {
    const answer = await request(origin + path, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers }, body });
    const text = await answer.body.text();
    return { status: answer.statusCode, headers: answer.headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  const quota = async () => {
    await server.settle();
    return (await server.context.db.selectFrom('users').select('quota').where('id', '=', user.user.id).executeTakeFirstOrThrow()).quota;
  };
  const lastLog = async () => {
    await server.settle();
    return server.context.db.selectFrom('logs').selectAll().where('user_id', '=', user.user.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
  };

  it('answers a JSON chat call without Fastify, bills it and logs the forwarded client address and a request id', async () => {
    const before = await quota();
    const answer = await post('/v1/chat/completions', chatBody, { 'x-forwarded-for': '203.0.113.9' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('application/json');
    expect(answer.json()).toMatchObject({ choices: [{ message: { content: 'w1 w2 w3 w4 w5' } }], usage: { prompt_tokens: 10, completion_tokens: 5 } });
    expect(fastifySaw).toEqual([]);
    expect(before - (await quota())).toBe(15);
    const log = await lastLog();
    expect(log).toMatchObject({ type: 2, quota: 15, ip: '203.0.113.9', channel_name: 'lane-channel' });
    expect(log.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('streams through the lane and bills the stream once', async () => {
    const before = await quota();
    const answer = await post('/v1/chat/completions', JSON.stringify({ model: 'test-model', messages: [{ role: 'user', content: 'hi' }], stream: true }));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('text/event-stream');
    expect(answer.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(fastifySaw).toEqual([]);
    expect(before - (await quota())).toBe(15);
  });

  it('gives request ids that never repeat across the lane and Fastify', async () => {
    await post('/v1/chat/completions', chatBody);
    const first = (await lastLog()).request_id;
    await post('/v1/chat/completions/', chatBody);
    expect(fastifySaw).toEqual(['POST /v1/chat/completions/']);
    const second = (await lastLog()).request_id;
    await post('/v1/chat/completions', chatBody);
    const third = (await lastLog()).request_id;
    expect(new Set([first, second, third]).size).toBe(3);
  });

  /** The same call through the lane and through Fastify (a chunked body sends it there): status and body agree. */
  const bothFronts = async (path: string, body: string, headers: Record<string, string> = {}) => {
    fastifySaw.length = 0;
    const lane = await post(path, body, headers);
    const viaFastify = await post(path, chunked(body), headers);
    expect(fastifySaw).toEqual([`POST ${path}`]);
    expect({ status: lane.status, body: lane.json() }).toEqual({ status: viaFastify.status, body: viaFastify.json() });
    return lane;
  };

  it('refuses a body that is not JSON with a 400 in the OpenAI shape, as Fastify does', async () => {
    const answer = await bothFronts('/v1/chat/completions', '{"model": ');
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({ error: { message: "Body is not valid JSON but content-type is set to 'application/json'", type: 'invalid_request_error', param: null, code: 'FST_ERR_CTP_INVALID_JSON_BODY' } });
  });

  it('refuses an empty JSON body and a prototype-poisoning body with a 400', async () => {
    const empty = await post('/v1/chat/completions', '');
    expect(fastifySaw).toEqual([]);
    expect(empty.status).toBe(400);
    expect(empty.json()).toMatchObject({ error: { code: 'FST_ERR_CTP_EMPTY_JSON_BODY' } });
    const injected = await server.call('POST', '/v1/chat/completions', { body: '', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } });
    expect({ status: injected.statusCode, body: injected.json() as unknown }).toEqual({ status: 400, body: empty.json() });
    const poisoned = await bothFronts('/v1/chat/completions', '{"model":"test-model","__proto__":{"admin":true}}');
    expect(poisoned.status).toBe(400);
    expect(poisoned.json()).toMatchObject({ error: { code: 'FST_ERR_CTP_INVALID_JSON_BODY' } });
  });

  it('renders a bad body on the Anthropic and Gemini endpoints in their own error shapes', async () => {
    const anthropic = await bothFronts('/v1/messages', '{', { 'anthropic-version': '2023-06-01' });
    expect(anthropic.status).toBe(400);
    expect(anthropic.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const gemini = await bothFronts('/v1beta/models/test-model:generateContent', '{');
    expect(gemini.status).toBe(400);
    expect(gemini.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('answers key, model and body errors the same on both fronts', async () => {
    const noKey = await bothFronts('/v1/chat/completions', chatBody, { authorization: '' });
    expect(noKey.status).toBe(401);
    const badKey = await bothFronts('/v1/chat/completions', chatBody, { authorization: 'Bearer sk-nope' });
    expect(badKey.status).toBe(401);
    const noModel = await bothFronts('/v1/chat/completions', '{"messages":[]}');
    expect(noModel.status).toBe(400);
    const array = await bothFronts('/v1/chat/completions', '[1,2]');
    expect(array.json()).toMatchObject({ error: { message: 'the request body must be a JSON object' } });
    const unknownModel = await bothFronts('/v1/chat/completions', JSON.stringify({ model: 'no-such-model', messages: [] }));
    expect(unknownModel.status).toBeGreaterThanOrEqual(400);
  });

  it('relays a Gemini call with the key in the query string', async () => {
    const answer = await post(`/v1beta/models/test-model:generateContent?key=${key}`, JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }), { authorization: '' });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ candidates: [{ content: { parts: [{ text: 'w1 w2 w3 w4 w5' }] } }] });
    expect(fastifySaw).toEqual([]);
  });

  it('leaves other methods, content types and chunked bodies to Fastify', async () => {
    const get = await request(origin + '/v1/chat/completions', { headers: { authorization: `Bearer ${key}` } });
    await get.body.text();
    expect(get.statusCode).toBe(404);
    const form = await post('/v1/chat/completions', 'model=test-model', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const streamedBody = await post('/v1/chat/completions', chunked(chatBody));
    expect(streamedBody.status).toBe(200);
    expect(fastifySaw).toEqual(['GET /v1/chat/completions', 'POST /v1/chat/completions', 'POST /v1/chat/completions']);
  });
});
