// The hostile-input suite, driven from the route catalog: every registered route gets malformed, hostile and oversized
// bodies and absurd query values, as a visitor, an ordinary user and root. Whatever a caller sends is the caller's 4xx:
// the 500 handler is reached only by real bugs (and logs them, so the log file must hold no error line), no balance
// moves, and no secret reaches the log file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredRoutes, type CatalogRoute } from '../src/http/route-catalog';
import { addApiKey } from './helpers/relay-fixtures';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

/** Bodies no route should choke on (raw JSON text, so non-finite numbers and poisoned prototypes can be sent). */
const hostileBodies: Array<[string, string]> = [
  ['empty object', '{}'],
  ['array', '[]'],
  ['null', 'null'],
  ['string', '"x"'],
  ['number', '42'],
  ['broken JSON', '{"a":'],
  ['deep nesting', deep(5000)],
  ['prototype poisoning', '{"__proto__":{"role":100},"constructor":{"prototype":{"x":1}}}'],
  ['absurd numbers', '{"id":1e400,"quota":-1e308,"user_id":99999999999999999999,"remain_quota":-1,"count":1e9,"status":"NaN","p":-5,"page_size":1e12}'],
  ['wrong types', '{"id":"abc","name":{"x":1},"key":[1,2],"models":42,"group":true,"username":[],"password":{},"email":123}'],
  ['control characters', '{"name":"a\\u0000b\\r\\nc","username":"x\\u202Ey","keyword":"%00\\u0000","key":"\\u0000"}'],
  ['long strings', `{"name":"${'n'.repeat(20_000)}","username":"${'u'.repeat(5_000)}","content":"${'c'.repeat(100_000)}"}`],
];

const hostileQuery = '?p=99999999999999999999&page_size=-1&size=1e400&id=abc&keyword=%00%25_&token=sk-query-secret&start_timestamp=-1&end_timestamp=1e400&type=NaN&group=%ff';

/** Concrete URLs for a route pattern: params as 1, as text and as a number beyond every integer type. */
function concreteUrls(url: string): string[] {
  const fill = (value: string): string => url.replace(/:[^/]+/g, value).replace(/\*$/, 'x');
  return url.includes(':') ? [fill('1'), fill('abc'), fill('99999999999999999999')] : [fill('1')];
}

describe('hostile input on every route of the catalog', { timeout: 600_000 }, () => {
  let server: TestServer;
  let user: Actor;
  let root: Actor;
  let key: string;
  let routes: CatalogRoute[];
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'turnpike-hostile-')), 'server.log');
  const failures: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({ CRITICAL_RATE_LIMIT: '1000000', LOG_LEVEL: 'info', LOG_FILE: logFile, API_BODY_LIMIT_KB: '256', MAX_REQUEST_BODY_MB: '1' });
    user = await server.createUser({ username: 'hostile', quota: 1_000_000 });
    root = await server.createUser({ username: 'root', role: 100, quota: 1_000_000 });
    key = (await addApiKey(server, user)).key;
    // Routes that end the actor's account or session would only make the rest of the walk anonymous.
    const skipped = new Set(['DELETE /api/user/self', 'GET /api/user/logout']);
    routes = registeredRoutes(server.app).filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS' && !skipped.has(`${route.method} ${route.url}`));
  });
  afterAll(() => server.stop());

  const send = async (route: CatalogRoute, url: string, headers: Record<string, string>, payload?: string): Promise<LightMyRequestResponse> =>
    server.app.inject({ method: route.method as 'POST', url, headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' }, payload });

  const check = (label: string, response: LightMyRequestResponse): void => {
    if (response.statusCode === 500) failures.push(`${label} → 500 ${response.body.slice(0, 200)}`);
  };

  it('walks a catalog that holds the /api and relay routes', () => {
    const labels = routes.map((route) => `${route.method} ${route.url}`);
    expect(labels).toContain('POST /api/token/');
    expect(labels).toContain('GET /api/user/search');
    expect(labels).toContain('POST /v1/chat/completions');
    expect(routes.length).toBeGreaterThan(100);
  });

  it('answers no hostile body or query with 500, as anyone', async () => {
    const actors: Array<[string, Record<string, string>]> = [
      ['visitor', {}],
      ['user', { ...user.headers, authorization: `Bearer ${key}` }],
      ['root', root.headers],
    ];
    for (const route of routes) {
      for (const url of concreteUrls(route.url)) {
        for (const [who, headers] of actors) {
          check(`${who} ${route.method} ${url}${hostileQuery}`, await send(route, url + hostileQuery, headers));
          if (route.method === 'GET' || route.method === 'DELETE') continue;
          for (const [name, body] of hostileBodies) check(`${who} ${route.method} ${url} (${name})`, await send(route, url, headers, body));
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses bodies over the route family limit with 413, in the envelope on /api and in the format on the relay', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(300 * 1024) });
    const api = await server.app.inject({ method: 'POST', url: '/api/token/', headers: { ...user.headers, 'content-type': 'application/json' }, payload: big });
    expect(api.statusCode).toBe(413);
    expect(api.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    const relayBody = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(2 * 1024 * 1024) }] });
    const relay = await server.app.inject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, payload: relayBody });
    expect(relay.statusCode).toBe(413);
    expect(relay.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('moved no balance, logged no error (the 500 handler was never reached) and no secret', async () => {
    await server.settle();
    const balances = await server.context.db.selectFrom('users').select(['username', 'quota']).where('username', 'in', ['hostile', 'root']).execute();
    expect(Object.fromEntries(balances.map((row) => [row.username, row.quota]))).toEqual({ hostile: 1_000_000, root: 1_000_000 });
    const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50).map((line) => line.slice(0, 300))).toEqual([]);
    const text = lines.join('\n');
    expect(text).not.toContain(key.slice(3));
    expect(text).not.toContain('sk-query-secret');
    expect(text).not.toContain(root.headers.cookie.split('=')[1]);
  });
});
