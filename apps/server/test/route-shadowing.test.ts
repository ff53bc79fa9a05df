import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes } from '../src/http/route-catalog';
import { startTestServer, type TestServer } from './helpers/test-server';

/** Static `/api` paths new-api's consoles call (new-api-behaviour.md §1.1-1.5); none may land on a parameter route. */
const newApiStaticPaths: ReadonlyArray<readonly [HTTPMethod, string]> = [
  ['GET', '/api/user/passkey'],
  ['GET', '/api/user/sessions'],
  ['POST', '/api/user/sessions/revoke-others'],
  ['POST', '/api/user/auth/refresh'],
  ['POST', '/api/user/auth/logout'],
  ['GET', '/api/user/2fa/status'],
  ['GET', '/api/user/2fa/stats'],
  ['GET', '/api/user/self'],
  ['GET', '/api/user/models'],
  ['GET', '/api/user/token'],
  ['GET', '/api/user/aff'],
  ['GET', '/api/user/topup/info'],
  ['GET', '/api/user/topup/self'],
  ['GET', '/api/user/topup'],
  ['GET', '/api/user/oauth/bindings'],
  ['GET', '/api/user/search'],
  ['GET', '/api/token/search'],
  ['GET', '/api/channel/search'],
  ['GET', '/api/channel/models'],
  ['GET', '/api/channel/models_enabled'],
  ['GET', '/api/channel/test'],
  ['GET', '/api/channel/update_balance'],
  ['GET', '/api/channel/tag/models'],
  ['DELETE', '/api/channel/disabled'],
  ['GET', '/api/redemption/search'],
  ['GET', '/api/log/search'],
  ['GET', '/api/log/self/search'],
  ['GET', '/api/mj/self'],
  ['GET', '/api/task/self'],
  ['GET', '/api/subscription/plans'],
  ['GET', '/api/subscription/self'],
  ['GET', '/api/models/missing'],
];

// Fastify routes with find-my-way; the same router built from the route catalog tells which pattern answers a path.
describe('static routes are never shadowed by parameter routes', () => {
  let server: TestServer;
  let router: FindMyWay.Instance<FindMyWay.HTTPVersion.V1>;
  let patterns: string[];

  beforeAll(async () => {
    server = await startTestServer();
    router = FindMyWay({ ignoreTrailingSlash: true });
    patterns = [];
    for (const route of registeredRoutes(server.app)) {
      if (route.method === 'HEAD' || !route.url.startsWith('/api/')) continue;
      const key = `${route.method} ${route.url}`;
      if (patterns.includes(key)) continue;
      patterns.push(key);
      router.on(route.method as HTTPMethod, route.url, () => undefined, { pattern: route.url });
    }
  });
  afterAll(() => server.stop());

  const answeringPattern = (method: HTTPMethod, path: string): string | null => {
    const found = router.find(method, path);
    return found ? (found.store as { pattern: string }).pattern : null;
  };

  it('a new-api static path is either served by its own route or absent, never by a parameter route', () => {
    const shadowed = newApiStaticPaths
      .map(([method, path]) => [method, path, answeringPattern(method, path)] as const)
      .filter(([, path, pattern]) => pattern !== null && pattern.replace(/\/$/, '') !== path.replace(/\/$/, ''))
      .map(([method, path, pattern]) => `${method} ${path} → ${pattern}`);
    expect(shadowed).toEqual([]);
  });

  it('every static path the server registers is served by itself', () => {
    const wrong = registeredRoutes(server.app)
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !/[:*]/.test(route.url))
      .filter((route) => answeringPattern(route.method as HTTPMethod, route.url) !== route.url)
      .map((route) => `${route.method} ${route.url}`);
    expect(wrong).toEqual([]);
  });

  it('finds a parameter route for a concrete id, so the walk can fail', () => {
    expect(answeringPattern('GET', '/api/user/42')).toBe('/api/user/:id');
  });
});
