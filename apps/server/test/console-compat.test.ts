import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Actor, type TestServer } from './helpers/test-server';

// Calls new-api's consoles make that Turnpike answers with a truthful empty result instead of a 404 or a wrong route.
describe("new-api console calls answered empty", () => {
  let server: TestServer;
  let user: Actor;

  beforeAll(async () => {
    server = await startTestServer();
    user = await server.createUser({ username: 'alice' });
  });
  afterAll(() => server.stop());

  it('GET /api/user/passkey says no passkey (it used to answer as GET /api/user/:id)', async () => {
    const response = await server.call('GET', '/api/user/passkey', { as: user });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: '', data: { enabled: false } });
    expect((await server.call('GET', '/api/user/passkey')).statusCode).toBe(401);
  });

  it('GET /api/user/oauth/bindings lists no custom-provider bindings', async () => {
    expect((await server.call('GET', '/api/user/oauth/bindings', { as: user })).json()).toEqual({ success: true, message: '', data: [] });
  });
});
