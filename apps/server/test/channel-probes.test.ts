import { mockRoutes, startMockUpstream, type MockUpstream } from '@turnpike/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannel } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('channel probes: test, fetch models, balance', () => {
  let server: TestServer;
  let upstream: MockUpstream;
  let admin: Actor;

  beforeAll(async () => {
    upstream = await startMockUpstream({
      routes: [
        ...mockRoutes,
        { method: 'GET', path: '/user/balance', handle: (exchange) => exchange.sendJson(200, { is_available: true, balance_infos: [{ currency: 'USD', total_balance: '42.50' }] }) },
      ],
    });
    server = await startTestServer();
    admin = await server.createUser({ username: 'admin', role: 10 });
  });
  afterAll(async () => {
    await server.stop();
    await upstream.close();
  });

  const row = (id: number) => server.context.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('tests a channel with the chosen model, storing response and test time, and bills nothing', async () => {
    const id = await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini,gpt-4o' });
    upstream.reset();
    upstream.setBehaviour({ firstByteDelayMs: 30 });
    const response = await server.call('GET', `/api/channel/test/${id}?model=gpt-4o`, { as: admin });
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.time).toBeGreaterThanOrEqual(0.03);
    expect((upstream.requests[0].body as { model: string }).model).toBe('gpt-4o');
    const stored = await row(id);
    expect(stored.response_time).toBeGreaterThanOrEqual(30);
    expect(stored.test_time).toBeGreaterThan(0);
    expect(await server.context.db.selectFrom('logs').selectAll().execute()).toEqual([]);
    upstream.setBehaviour({});
  });

  it('reports a failing test and auto-disables on a refused key when enabled', async () => {
    await server.context.options.set('AutomaticDisableChannelEnabled', true);
    const id = await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini', key: 'revoked-key' });
    upstream.setKeyBehaviour('revoked-key', { fault: { type: 'status', status: 401 } });
    const body = (await server.call('GET', `/api/channel/test/${id}`, { as: admin })).json();
    expect(body).toMatchObject({ success: false, message: 'Incorrect API key provided.' });
    expect((await row(id)).status).toBe(3);
    await server.context.options.set('AutomaticEnableChannelEnabled', true);
    upstream.setKeyBehaviour('revoked-key', undefined);
    expect((await server.call('GET', `/api/channel/test/${id}`, { as: admin })).json().success).toBe(true);
    expect((await row(id)).status).toBe(1);
  });

  it('disables a channel slower than ChannelDisableThreshold and never touches a manually disabled one', async () => {
    await server.context.options.set('ChannelDisableThreshold', 0.05);
    const slow = await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini', key: 'slow-key' });
    const manual = await addChannel(server, { baseUrl: upstream.url, models: 'gpt-4o-mini', key: 'slow-key', status: 2 });
    upstream.setKeyBehaviour('slow-key', { firstByteDelayMs: 120 });
    await server.call('GET', `/api/channel/test/${slow}`, { as: admin });
    await server.call('GET', `/api/channel/test/${manual}`, { as: admin });
    const disabled = await row(slow);
    expect(disabled.status).toBe(3);
    expect(JSON.parse(disabled.other_info).status_reason).toMatch(/exceeds the threshold of 0.05 s/);
    expect((await row(manual)).status).toBe(2);
    await server.context.options.set('ChannelDisableThreshold', 5);
  });

  it('fetches models for a saved channel and for an unsaved form', async () => {
    upstream.setBehaviour({ models: ['b-model', 'a-model'] });
    const id = await addChannel(server, { baseUrl: upstream.url, models: 'a-model' });
    expect((await server.call('GET', `/api/channel/fetch_models/${id}`, { as: admin })).json().data).toEqual(['a-model', 'b-model']);
    const unsaved = await server.call('POST', '/api/channel/fetch_models', { as: admin, body: { type: 1, key: 'k', base_url: upstream.url } });
    expect(unsaved.json().data).toEqual(['a-model', 'b-model']);
    const missingKey = await server.call('POST', '/api/channel/fetch_models', { as: admin, body: { type: 1, key: '', base_url: upstream.url } });
    expect(missingKey.json()).toEqual({ success: false, message: 'key: please enter the key', code: 'bad_request' });
    const unsupported = await server.call('POST', '/api/channel/fetch_models', { as: admin, body: { type: 2, key: 'k' } });
    expect(unsupported.json().message).toBe('channel type 2 does not support fetching models');
    upstream.setBehaviour({});
  });

  it('reads and stores a provider balance', async () => {
    const id = await addChannel(server, { baseUrl: upstream.url, models: 'deepseek-chat', type: 43 });
    const body = (await server.call('GET', `/api/channel/update_balance/${id}/`, { as: admin })).json();
    expect(body).toEqual({ success: true, message: '', balance: 42.5 });
    const stored = await row(id);
    expect(stored.balance).toBe(42.5);
    expect(stored.balance_updated_time).toBeGreaterThan(0);
    const noApi = await addChannel(server, { baseUrl: upstream.url, models: 'x', type: 42 });
    expect((await server.call('GET', `/api/channel/update_balance/${noApi}`, { as: admin })).json().message).toBe('channel type 42 has no balance API');
  });

  it('refuses ordinary users and visitors', async () => {
    const user = await server.createUser({ username: 'plain' });
    for (const url of ['/api/channel/test/1', '/api/channel/test', '/api/channel/fetch_models/1', '/api/channel/update_balance/1', '/api/channel/update_balance']) {
      expect((await server.call('GET', url, { as: user })).statusCode, url).toBe(403);
      expect((await server.call('GET', url)).statusCode, url).toBe(401);
    }
  });
});
