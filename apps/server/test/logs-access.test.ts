import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/route-catalog';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const levels = {
  'GET /api/log/': 'admin',
  'GET /api/log/stat': 'admin',
  'DELETE /api/log/': 'admin',
  'GET /api/data/': 'admin',
  'GET /api/log/self': 'user',
  'GET /api/log/self/stat': 'user',
  'GET /api/data/self': 'user',
  'GET /api/pricing': 'public',
} as const;

describe('who may call the log, dashboard and pricing routes', () => {
  let server: TestServer;
  let user: Actor;
  let admin: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    user = await server.createUser({ username: 'user' });
    admin = await server.createUser({ username: 'admin', role: 10 });
  });
  afterAll(() => server.stop());

  it('declares the expected access level for each route', () => {
    const declared = Object.fromEntries(registeredRoutes(server.app).map((route) => [`${route.method} ${route.url}`, route.access]));
    expect(Object.fromEntries(Object.keys(levels).map((name) => [name, declared[name]]))).toEqual(levels);
  });

  it('answers visitors 401, ordinary users 403 on admin routes, and each allowed caller 200', async () => {
    const target = `?target_timestamp=${1_600_000_000}`;
    for (const [name, level] of Object.entries(levels)) {
      const [method, path] = name.split(' ') as ['GET' | 'DELETE', string];
      const url = method === 'DELETE' ? path + target : path;
      const visitor = await server.call(method, url);
      const asUser = await server.call(method, url, { as: user });
      const asAdmin = await server.call(method, url, { as: admin });
      expect([name, visitor.statusCode, asUser.statusCode, asAdmin.statusCode]).toEqual([
        name,
        level === 'public' ? 200 : 401,
        level === 'admin' ? 403 : 200,
        200,
      ]);
      for (const response of [visitor, asUser, asAdmin]) expect(response.json().success).toBe(response.statusCode === 200);
    }
  });
});
