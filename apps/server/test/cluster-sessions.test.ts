import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leasePostgresDatabase, leaseRedis, type ServiceLease } from './helpers/test-services';
import { startTestServer, type TestServer } from './helpers/test-server';

const cookieValue = (response: LightMyRequestResponse, name: string): string => response.cookies.find((cookie) => cookie.name === name)?.value ?? '';

// Two instances on one PostgreSQL database and one Redis: a session ended on one is refused on the other at once.
describe('dashboard sessions across two instances (PostgreSQL + Redis)', () => {
  let postgres: ServiceLease;
  let redis: ServiceLease;
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    postgres = await leasePostgresDatabase();
    redis = await leaseRedis();
    const shared = { SQL_DSN: postgres.url, REDIS_CONN_STRING: redis.url, CRITICAL_RATE_LIMIT: '100000' };
    first = await startTestServer({ ...shared, NODE_NAME: 'node-a' });
    second = await startTestServer({ ...shared, NODE_NAME: 'node-b' });
    await first.createUser({ username: 'alice', password: 'password123' });
  });
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await redis?.release();
    await postgres?.release();
  });

  async function signIn(on: TestServer) {
    const response = await on.call('POST', '/api/user/login', { body: { username: 'alice', password: 'password123' } });
    const data = response.json().data;
    return {
      cookie: { cookie: `turnpike_session=${cookieValue(response, 'turnpike_session')}`, 'new-api-user': String(data.id) },
      token: { authorization: `Bearer ${data.access_token}` },
      refresh: `new_api_refresh=${cookieValue(response, 'new_api_refresh')}`,
      sid: data.session.sid as string,
    };
  }
  const selfStatus = async (on: TestServer, headers: Record<string, string>) => (await on.call('GET', '/api/user/self', { headers })).statusCode;

  it('a logout on one instance is refused on the other at once (cookie and access token)', async () => {
    const browser = await signIn(first);
    expect(await selfStatus(second, browser.cookie)).toBe(200);
    expect(await selfStatus(second, browser.token)).toBe(200);
    await first.call('GET', '/api/user/logout', { headers: browser.cookie });
    expect(await selfStatus(second, browser.cookie)).toBe(401);
    expect(await selfStatus(second, browser.token)).toBe(401);
  });

  it('a revoke on the second instance is refused on the first at once', async () => {
    const phone = await signIn(first);
    const laptop = await signIn(second);
    const response = await second.call('DELETE', `/api/user/sessions/${phone.sid}`, { headers: laptop.cookie });
    expect(response.statusCode).toBe(200);
    expect(await selfStatus(first, phone.token)).toBe(401);
    expect(await selfStatus(first, phone.cookie)).toBe(401);
    expect(await selfStatus(first, laptop.cookie)).toBe(200);
  });

  it('two tabs refreshing through different instances together get one rotated secret', async () => {
    const browser = await signIn(first);
    const [a, b] = await Promise.all([
      first.call('POST', '/api/user/auth/refresh', { headers: { cookie: browser.refresh } }),
      second.call('POST', '/api/user/auth/refresh', { headers: { cookie: browser.refresh } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieValue(a, 'new_api_refresh')).toBe(cookieValue(b, 'new_api_refresh'));
  });

  it('a password change on one instance ends the other sessions on the other instance', async () => {
    const kept = await signIn(first);
    const elsewhere = await signIn(second);
    const response = await first.call('PUT', '/api/user/self', { headers: kept.cookie, body: { password: 'password456', original_password: 'password123' } });
    expect(response.statusCode).toBe(200);
    expect(await selfStatus(second, elsewhere.cookie)).toBe(401);
    expect(await selfStatus(second, elsewhere.token)).toBe(401);
    expect(await selfStatus(second, kept.token)).toBe(401);
    expect(await selfStatus(second, { authorization: `Bearer ${response.json().data.access_token}` })).toBe(200);
  });
});
