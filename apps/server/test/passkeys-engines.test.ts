import { passkeyMessages } from '@turnpike/contract';
import { SoftwareAuthenticator } from '@turnpike/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server';
import { leaseMariadbDatabase, leasePostgresDatabase, type ServiceLease } from './helpers/test-services';

const origin = 'http://localhost:3000';
const cookieValue = (response: LightMyRequestResponse, name: string): string => response.cookies.find((cookie) => cookie.name === name)?.value ?? '';

// The passkey tables on real PostgreSQL and MariaDB: credentials, one-use ceremony rows, sign counts (bigint columns),
// and a ceremony begun on one instance finished on another (the state is in the shared database).
describe.each([
  ['postgres', leasePostgresDatabase],
  ['mariadb', leaseMariadbDatabase],
] as const)('passkeys on %s', (_engine, lease) => {
  let database: ServiceLease;
  let server: TestServer;
  let other: TestServer;

  beforeAll(async () => {
    database = await lease();
    server = await startTestServer({ SQL_DSN: database.url, CRITICAL_RATE_LIMIT: '100000' });
    other = await startTestServer({ SQL_DSN: database.url, CRITICAL_RATE_LIMIT: '100000', NODE_NAME: 'node-b' });
    for (const instance of [server, other]) {
      await instance.context.options.set('passkey.enabled', true);
      await instance.context.options.set('ServerAddress', origin);
    }
    await server.createUser({ username: 'alice' });
  });
  afterAll(async () => {
    await server?.stop();
    await other?.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database?.release();
  });

  it('registers, signs in twice (the sign count rises, across instances), verifies for a proof and refuses a used flow', async () => {
    const login = await server.call('POST', '/api/user/login', { body: { username: 'alice', password: 'password123' } });
    const userId = login.json().data.id as number;
    const headers = { cookie: `turnpike_session=${cookieValue(login, 'turnpike_session')}`, 'new-api-user': String(userId) };
    const begin = (await server.call('POST', '/api/user/passkey/register/begin', { headers, body: {} })).json().data;
    const authenticator = new SoftwareAuthenticator();
    const finish = await server.call('POST', '/api/user/passkey/register/finish', { headers, body: { flow_token: begin.flow_token, credential: authenticator.register(begin.options.publicKey, origin) } });
    expect(finish.json()).toMatchObject({ success: true, message: passkeyMessages.registered });
    const rotated = { ...headers, cookie: `turnpike_session=${cookieValue(finish, 'turnpike_session')}` };

    // The second sign-in begins on this instance and finishes on the other; the used flow is refused on both.
    for (const [expected, finisher] of [
      [1, server],
      [2, other],
    ] as const) {
      const loginBegin = (await server.call('POST', '/api/user/passkey/login/begin', { body: {} })).json().data;
      const credential = authenticator.assert(loginBegin.options.publicKey, origin);
      const signedIn = await finisher.call('POST', '/api/user/passkey/login/finish', { body: { flow_token: loginBegin.flow_token, credential } });
      expect(signedIn.json().data).toMatchObject({ username: 'alice', session: { login_method: 'passkey' } });
      const again = await server.call('POST', '/api/user/passkey/login/finish', { body: { flow_token: loginBegin.flow_token, credential } });
      expect(again.json().message).toBe(passkeyMessages.flowExpired);
      const row = await server.context.db.selectFrom('passkey_credentials').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(Number(row.sign_count)).toBe(expected);
    }

    const verifyBegin = (await server.call('POST', '/api/user/passkey/verify/begin', { headers: rotated, body: { scope: 'passkey.delete' } })).json().data;
    const verified = await server.call('POST', '/api/user/passkey/verify/finish', { headers: rotated, body: { flow_token: verifyBegin.flow_token, credential: authenticator.assert(verifyBegin.options.publicKey, origin) } });
    expect(verified.json().data).toMatchObject({ method: 'passkey', scope: 'passkey.delete' });
    const removed = await server.call('DELETE', '/api/user/passkey', { headers: { ...rotated, 'x-security-proof': verified.json().data.proof_token } });
    expect(removed.json().message).toBe(passkeyMessages.removed);
    expect(await server.context.db.selectFrom('passkey_credentials').selectAll().where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();
  });
});
