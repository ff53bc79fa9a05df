import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type CatalogRoute } from '../src/http/route-catalog';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// Walks every `/api` route the app registers (through the route catalog), so a new route is covered the day it lands.
describe('authorization of every /api route', () => {
  let server: TestServer;
  let user: Actor;
  let admin: Actor;
  let routes: CatalogRoute[];

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '100000' });
    user = await server.createUser({ username: 'ordinary' });
    admin = await server.createUser({ username: 'admin', role: 10 });
    routes = registeredRoutes(server.app).filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.method !== 'OPTIONS');
  });
  afterAll(() => server.stop());

  /** A concrete URL for a route pattern: every `:param` becomes 1, a trailing wildcard becomes `x`. */
  const concrete = (url: string): string => url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
  const send = (route: CatalogRoute, as?: Actor) =>
    server.call(route.method as 'GET', concrete(route.url), { as, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
  const label = (route: CatalogRoute) => `${route.method} ${route.url}`;

  it('finds the routes of this issue in the catalog', () => {
    const names = routes.map(label);
    for (const expected of ['POST /api/user/login', 'GET /api/user/self', 'POST /api/user/manage', 'GET /api/group/', 'DELETE /api/user/:id']) {
      expect(names).toContain(expected);
    }
  });

  it('every /api route declares its access level', () => {
    expect(routes.filter((route) => route.access === undefined).map(label)).toEqual([]);
  });

  it('every user, admin and root route refuses a visitor with 401', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.access !== 'public' && entry.access !== undefined)) {
      const response = await send(route);
      if (response.statusCode !== 401 || response.json().success !== false) failures.push(`${label(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('every admin and root route refuses an ordinary user with 403', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.access === 'admin' || entry.access === 'root')) {
      const response = await send(route, user);
      if (response.statusCode !== 403 || response.json().success !== false) failures.push(`${label(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('every root route refuses an admin with 403', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((entry) => entry.access === 'root')) {
      const response = await send(route, admin);
      if (response.statusCode !== 403) failures.push(`${label(route)} → ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('declares the expected level for the account and user routes', () => {
    const levels = Object.fromEntries(routes.map((route) => [label(route), route.access]));
    expect(levels).toMatchObject({
      'POST /api/user/register': 'public',
      'POST /api/user/login': 'public',
      'GET /api/user/logout': 'public',
      'POST /api/user/auth/refresh': 'public',
      'POST /api/user/auth/logout': 'public',
      'GET /api/user/sessions': 'user',
      'DELETE /api/user/sessions/:sid': 'user',
      'POST /api/user/sessions/revoke-others': 'user',
      'POST /api/user/login/2fa': 'public',
      'GET /api/user/2fa/status': 'user',
      'POST /api/user/2fa/setup': 'user',
      'POST /api/user/2fa/enable': 'user',
      'POST /api/user/2fa/disable': 'user',
      'POST /api/user/2fa/backup_codes': 'user',
      'GET /api/user/2fa/stats': 'admin',
      'DELETE /api/user/:id/2fa': 'admin',
      'GET /api/user/passkey': 'user',
      'DELETE /api/user/passkey': 'user',
      'POST /api/user/passkey/register/begin': 'user',
      'POST /api/user/passkey/register/finish': 'user',
      'POST /api/user/passkey/verify/begin': 'user',
      'POST /api/user/passkey/verify/finish': 'user',
      'POST /api/user/passkey/login/begin': 'public',
      'POST /api/user/passkey/login/finish': 'public',
      'DELETE /api/user/:id/reset_passkey': 'admin',
      'POST /api/verify': 'user',
      'POST /api/channel/:id/key': 'root',
      'GET /api/user/oauth/bindings': 'user',
      'GET /api/verification': 'public',
      'GET /api/reset_password': 'public',
      'POST /api/user/reset': 'public',
      'GET /api/oauth/email/bind': 'user',
      'GET /api/user/self': 'user',
      'PUT /api/user/self': 'user',
      'DELETE /api/user/self': 'user',
      'GET /api/user/self/groups': 'user',
      'GET /api/user/token': 'user',
      'GET /api/user/aff': 'user',
      'POST /api/user/aff_transfer': 'user',
      'PUT /api/user/setting': 'user',
      'GET /api/user/models': 'user',
      'GET /api/user/': 'admin',
      'GET /api/user/search': 'admin',
      'POST /api/user/': 'admin',
      'GET /api/user/:id': 'admin',
      'PUT /api/user/': 'admin',
      'DELETE /api/user/:id': 'admin',
      'POST /api/user/manage': 'admin',
      'GET /api/group/': 'admin',
    });
  });
});
