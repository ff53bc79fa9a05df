// A caller's hostile input is the caller's 4xx, in the caller's shape: oversized and deeply nested bodies, absurd page
// numbers, the playground without a session. None of it reaches a channel or counts against one.
import { startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addApiKey, addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const deepJson = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

describe('hostile input', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let user: Actor;
  let key: string;
  let channelId: number;

  beforeAll(async () => {
    upstream = await startMockUpstream();
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000', API_BODY_LIMIT_KB: '64', MAX_REQUEST_BODY_MB: '2' });
    user = await server.createUser({ username: 'hostile', quota: 1_000_000 });
    channelId = await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini' });
    key = (await addApiKey(server, user)).key;
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  const relayCall = (payload: string, path = '/v1/chat/completions') =>
    server.app.inject({ method: 'POST', url: path, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-api-key': key }, payload });

  it('refuses an /api body over API_BODY_LIMIT_KB with 413 in the envelope, and creates nothing', async () => {
    const before = await server.context.db.selectFrom('tokens').select('id').execute();
    const response = await server.call('POST', '/api/token/', { as: user, body: { name: 'big', unlimited_quota: true, padding: 'x'.repeat(100 * 1024) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(await server.context.db.selectFrom('tokens').select('id').execute()).toHaveLength(before.length);
  });

  it('lets a relay body larger than the /api limit through, and refuses one over MAX_REQUEST_BODY_MB with 413 in the format', async () => {
    const prompt = 'word '.repeat(30 * 1024);
    const accepted = await relayCall(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: prompt }] }));
    expect(accepted.statusCode).toBe(200);
    const refused = await relayCall(JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x'.repeat(3 * 1024 * 1024) }] }));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const anthropic = await relayCall(JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 5, messages: [{ role: 'user', content: 'x'.repeat(3 * 1024 * 1024) }] }), '/v1/messages');
    expect(anthropic.statusCode).toBe(413);
    // Anthropic names a 413 by its own documented type.
    expect(anthropic.json()).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
  });

  it('answers a 100,000-level nested relay body 400 in the caller format, without calling or blaming the channel', async () => {
    const calls = upstream.requests.length;
    const chat = await relayCall(`{"model":"gpt-4o-mini","messages":${deepJson(100_000)}}`);
    expect(chat.statusCode).toBe(400);
    expect(chat.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const anthropic = await relayCall(`{"model":"gpt-4o-mini","max_tokens":5,"messages":${deepJson(100_000)}}`, '/v1/messages');
    expect(anthropic.statusCode).toBe(400);
    expect(anthropic.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
    const gemini = await relayCall(`{"contents":${deepJson(100_000)}}`, '/v1beta/models/gpt-4o-mini:generateContent');
    expect(gemini.statusCode).toBe(400);
    expect(gemini.json()).toMatchObject({ error: { code: 400 } });
    expect(upstream.requests.length).toBe(calls);
    const channel = await server.context.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow();
    expect(channel.status).toBe(1);
  });

  it('answers a deeply nested /api body 400 in the envelope', async () => {
    const response = await server.app.inject({ method: 'PUT', url: '/api/user/self', headers: { ...user.headers, 'content-type': 'application/json' }, payload: `{"display_name":${deepJson(10_000)}}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'bad_request' });
  });

  it('answers the playground without a session, or without New-Api-User, 401', async () => {
    const body = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
    const anonymous = await server.call('POST', '/pg/chat/completions', { body });
    expect(anonymous.statusCode).toBe(401);
    const noUserHeader = await server.call('POST', '/pg/chat/completions', { body, headers: { cookie: user.headers.cookie } });
    expect(noUserHeader.statusCode).toBe(401);
    expect(noUserHeader.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });
});

describe('usernames', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
  });
  afterAll(() => server.stop());

  const register = (username: string) => server.call('POST', '/api/user/register', { body: { username, password: 'password123', password2: 'password123' } });

  it.each(['evil\u0000', 'evil\r\nroot', 'ev\til', 'admin\u202Etxt', 'ad\u200Bmin'])('refuses to register %j', async (username) => {
    const response = await register(username);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'username_characters', message: 'the username may contain only letters, digits, _ - and .' });
  });

  it('stores a name NFC-normalized and signs it in typed either way', async () => {
    expect((await register('Jose\u0301')).statusCode).toBe(200);
    const row = await server.context.db.selectFrom('users').select('username').where('username', '=', 'José').executeTakeFirst();
    expect(row?.username).toBe('José');
    expect((await register('José')).statusCode).toBe(409);
    const login = await server.call('POST', '/api/user/login', { body: { username: 'Jose\u0301', password: 'password123' } });
    expect(login.statusCode).toBe(200);
  });

  it('applies the rule to admin create and self update too', async () => {
    const admin = await server.createUser({ username: 'boss', role: 10 });
    const created = await server.call('POST', '/api/user/', { as: admin, body: { username: 'x\u202Ey', password: 'password123', display_name: 'x' } });
    expect(created.json()).toMatchObject({ success: false, code: 'username_characters' });
    const renamed = await server.call('PUT', '/api/user/self', { as: admin, body: { username: 'bo\u200Bss' } });
    expect(renamed.json()).toMatchObject({ success: false, code: 'username_characters' });
  });
});
