import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

describe('/api/token', () => {
  let server: TestServer;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    alice = await server.createUser({ username: 'alice' });
    bob = await server.createUser({ username: 'bob' });
  });
  afterAll(() => server.stop());

  const create = (as: Actor, body: Record<string, unknown>) => server.call('POST', '/api/token/', { as, body });

  it('creates a token with a 48-character CSPRNG key', async () => {
    const response = await create(alice, { name: 'first', remain_quota: 500000, expired_time: -1 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'token created' });
    expect(body.data.key).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(body.data).toMatchObject({ name: 'first', remain_quota: 500000, status: 1, unlimited_quota: false, user_id: alice.user.id });
  });

  it('creates a batch: extra tokens are named name-XXXXXX with distinct keys', async () => {
    const body = (await create(alice, { name: 'batch', count: 3, unlimited_quota: true })).json();
    expect(body.data).toHaveLength(3);
    expect(body.data[0].name).toBe('batch');
    expect(body.data[1].name).toMatch(/^batch-[A-Za-z0-9]{6}$/);
    expect(new Set(body.data.map((token: { key: string }) => token.key)).size).toBe(3);
  });

  it('refuses bad input with clear messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '' }, 'name: please enter a token name', 'token_name_required'],
      [{ name: 'x'.repeat(31) }, 'name: token name is too long (at most 30 characters)', 'token_name_too_long'],
      [{ name: 'x', remain_quota: -1 }, 'remain_quota: remain_quota must not be negative', 'token_quota_negative'],
      [{ name: 'x', remain_quota: 1.5 }, 'remain_quota: must be an integer', 'token_quota_not_integer'],
      [{ name: 'x', allow_ips: '10.0.0.0/8\nnot-an-ip' }, 'allow_ips: allow_ips: each line must be an IP address or a CIDR block', 'token_allow_ips_invalid'],
      [{ name: 'x', expired_time: 1000 }, 'the expiry time must be in the future', 'bad_request'],
      [{ name: 'x', group: 'secret-group' }, 'group secret-group is not available to this user', 'bad_request'],
      [{ name: 'x', count: 0 }, 'count: the batch count must be a positive integer', 'token_count_invalid'],
    ];
    for (const [body, message, code] of cases) {
      const response = await create(alice, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json(), message).toEqual({ success: false, message, code });
    }
  });

  it('accepts IPv4, IPv6 and CIDR allow-lists and a usable group', async () => {
    const body = (await create(alice, { name: 'ips', allow_ips: '127.0.0.1\n10.0.0.0/8\n::1\n2001:db8::/32', group: 'vip' })).json();
    expect(body.success).toBe(true);
    expect(body.data.group).toBe('vip');
  });

  it('lists only the owner tokens, newest first, with paging', async () => {
    await create(bob, { name: 'bobs' });
    const page = (await server.call('GET', '/api/token/?p=1&size=2', { as: alice })).json();
    expect(page.data.total).toBe(5);
    expect(page.data.items).toHaveLength(2);
    expect(page.data.items[0].id).toBeGreaterThan(page.data.items[1].id);
    const bobs = (await server.call('GET', '/api/token/?p=1&size=10', { as: bob })).json();
    expect(bobs.data.items.map((token: { name: string }) => token.name)).toEqual(['bobs']);
  });

  it('searches by name and by key (with or without sk-)', async () => {
    const first = (await server.call('GET', '/api/token/search?keyword=fir', { as: alice })).json();
    expect(first.data.items.map((token: { name: string }) => token.name)).toEqual(['first']);
    const key = first.data.items[0].key;
    const byKey = (await server.call('GET', `/api/token/search?token=sk-${key}`, { as: alice })).json();
    expect(byKey.data.items).toHaveLength(1);
    const wildcard = (await server.call('GET', '/api/token/search?keyword=%25', { as: alice })).json();
    expect(wildcard.data.items).toHaveLength(0);
  });

  it('never shows or changes another user’s token', async () => {
    const bobsToken = (await server.call('GET', '/api/token/', { as: bob })).json().data.items[0];
    expect((await server.call('GET', `/api/token/${bobsToken.id}`, { as: alice })).statusCode).toBe(404);
    expect((await server.call('PUT', '/api/token/', { as: alice, body: { id: bobsToken.id, name: 'stolen' } })).statusCode).toBe(404);
    expect((await server.call('DELETE', `/api/token/${bobsToken.id}/`, { as: alice })).statusCode).toBe(404);
    expect((await server.call('GET', `/api/token/${bobsToken.id}`, { as: bob })).json().data.name).toBe('bobs');
  });

  it('toggles status with status_only and refuses enabling an exhausted token', async () => {
    const token = (await create(alice, { name: 'empty', remain_quota: 0 })).json().data;
    expect(token.status).toBe(4);
    const disable = await server.call('PUT', '/api/token/?status_only=true', { as: alice, body: { id: token.id, status: 2 } });
    expect(disable.json().data.status).toBe(2);
    const enable = await server.call('PUT', '/api/token/?status_only=true', { as: alice, body: { id: token.id, status: 1 } });
    expect(enable.statusCode).toBe(400);
    expect(enable.json().message).toContain('quota is used up');
    await server.call('PUT', '/api/token/', { as: alice, body: { id: token.id, unlimited_quota: true } });
    const again = await server.call('PUT', '/api/token/?status_only=true', { as: alice, body: { id: token.id, status: 1 } });
    expect(again.json().data.status).toBe(1);
  });

  it('reports an expired token as status 3 and revives it when the expiry moves', async () => {
    const token = (await create(alice, { name: 'soon', remain_quota: 10, expired_time: Math.floor(Date.now() / 1000) + 3600 })).json().data;
    await server.context.db.updateTable('tokens').set({ expired_time: 1000 }).where('id', '=', token.id).execute();
    expect((await server.call('GET', `/api/token/${token.id}`, { as: alice })).json().data.status).toBe(3);
    const updated = await server.call('PUT', '/api/token/', { as: alice, body: { id: token.id, expired_time: -1 } });
    expect(updated.json().data.status).toBe(1);
  });

  it('updates fields and deletes', async () => {
    const token = (await create(alice, { name: 'edit-me' })).json().data;
    const updated = (await server.call('PUT', '/api/token/', { as: alice, body: { id: token.id, name: 'edited', model_limits_enabled: true, model_limits: 'gpt-4o, gpt-4o ,o1' } })).json();
    expect(updated.data).toMatchObject({ name: 'edited', model_limits_enabled: true, model_limits: 'gpt-4o,o1' });
    const deleted = await server.call('DELETE', `/api/token/${token.id}/`, { as: alice });
    expect(deleted.json()).toEqual({ success: true, message: 'token deleted' });
    expect((await server.call('GET', `/api/token/${token.id}`, { as: alice })).statusCode).toBe(404);
  });

  it('refuses visitors', async () => {
    expect((await server.call('GET', '/api/token/')).statusCode).toBe(401);
    expect((await server.call('POST', '/api/token/', { body: { name: 'x' } })).statusCode).toBe(401);
  });
});
